"""One unified-memory machine beside a set of cards: "what do i need to run deepseek r1 671b at home" picks 4 x RTX
PRO 6000 ($34,400); a Mac Studio with 512 GB holds the model whole for far less, so the answer says so.

Contract: `note(query, env, best)` -> one sentence (with its leading gap) naming the cheapest priced Apple machine
that holds the model the NVIDIA ranking picked a set for (LLM inference, no vendor named), its price, its single-user
speed against the set's (§llm.decode, the Mac caveat of respond/macs) and that it is no longer sold new when so; ""
when the question named a vendor, the pick is one card, no model is named, or no priced Mac holding it costs less
than the set's cards. Only a pointer: the ranking stays NVIDIA's ("mac" ranks the Macs).
"""

from __future__ import annotations

from assistant import i18n
from assistant.queries import RecommendQuery
from assistant.respond import macs
from assistant.respond.env import Env
from assistant.respond.pricing import CHAT_CONTEXT, chat_tokens_per_s
from assistant.respond.wording import gb


def note(query: RecommendQuery, env: Env, best) -> str:
    if query.vendor or best.n_gpus <= 1 or query.workload not in (None, "llm_inference") or query.model is None:
        return ""
    model = env.reader.model(query.model.key)
    if model is None or getattr(model, "kind", "llm") != "llm":
        return ""
    quant = query.precision or "q4_k_m"
    rows = [r for r in macs._rows(env, model, quant, macs.macs(env)) if r.fits and r.price_usd and not r.converted]
    cards = best.price_usd * best.n_gpus
    cheaper = [r for r in rows if (r.price_usd or 0) < cards]
    if not cheaper:
        return ""
    mac = min(cheaper, key=lambda r: r.price_usd or 0)
    gpu = env.reader.known_gpu(best.gpu)
    set_tps = chat_tokens_per_s(model, quant, gpu, best.n_gpus) if gpu else 0.0
    gone = macs.WITHDRAWN.get(mac.gpu.name)
    said = env.t(
        "mac_beside.holds",
        mac=mac.gpu.short_name,
        memory=gb(mac.usable_gb),
        price=env.money(mac.price_usd or 0),
        tps=f"{mac.tokens_per_s or 0:.0f}",
        set_tps=f"{set_tps:.0f}",
        cards=env.money(cards),
        context=f"{CHAT_CONTEXT // 1024}k",
    )
    if gone:
        said += i18n.gap(env.lang) + env.t("mac_beside.withdrawn", since=gone[0])
    return i18n.gap(env.lang) + said
