"""Running a model on one's own card against paying an API per token ("is running llama locally cheaper than the
openai api", "how long until a 4090 pays for itself vs claude api", "本地部署大模型比调用api便宜吗"): the knowledge base
holds no API prices, so the answer says so and gives what a million tokens costs on the card: its electricity at
board power while generating for one user, and its price spread over the ownership period at the usage assumed
(docs/model.md §cost.tokens_local). The user compares that with the API's price per million output tokens.

Contract: `respond(query, env)` -> the answer, or None when the question names no API word of lexicon api_words and
no money word of api_cost_words.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.models import llm
from assistant.respond.env import Env
from assistant.respond.pricing import CHAT_MODEL, purchase_price
from assistant.respond.use_case import said
from assistant.respond.wording import spec_source

HOURS_PER_YEAR = 8766.0
DEFAULT_CARD = "GeForce RTX 3090"  # the reference card of the speed tables when no card is named


def respond(query, env: Env) -> Answer | None:
    if not (said("api_words", query.text, env) and said("api_cost_words", query.text, env)):
        return None
    named = [g for g in getattr(query, "gpus", ()) if g.name and not g.pronoun]
    gpu = env.reader.gpu(named[0].name if named else DEFAULT_CARD)
    key = getattr(getattr(query, "model", None), "key", None) or _family_member(query, env) or CHAT_MODEL[0]
    model = env.reader.model(key) if key else None
    if gpu is None or model is None or model.kind != "llm" or not gpu.tdp_w:
        return None
    tps = llm.decode_speed(gpu, model, CHAT_MODEL[1], context=4096).tokens_per_s
    price = purchase_price(gpu.name, env)
    if not tps or price is None:
        return None
    hours_per_million = 1e6 / tps / 3600.0
    power = gpu.tdp_w / 1000.0 * hours_per_million * env.assumptions.electricity_usd_per_kwh
    use = env.assumptions.years * HOURS_PER_YEAR * env.assumptions.utilization
    card = price.usd / (use * tps * 3600.0) * 1e6 if use else 0.0
    head = env.t(
        "api_local.head",
        gpu=gpu.short_name,
        model=model.name,
        tps=f"{tps:,.0f}",
        power=env.money(power, 2),
        card=env.money(card, 2),
        total=env.money(power + card, 2),
        util=f"{env.assumptions.utilization * 100:.0f}",
        years=f"{env.assumptions.years:g}",
    )
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        gpus=[gpu.name],
        steps=[env.t("api_local.step", watts=gpu.tdp_w, kwh=env.money(env.assumptions.electricity_usd_per_kwh, 3))],
        figures={"local_usd_per_million": round(power + card, 3), "electricity_usd_per_million": round(power, 3)},
        assumptions=env.assumption_dict(),
        sources=[spec_source(gpu, env), *env.cite(model.source), "method: docs/model.md §cost.tokens_local"],
        lang=env.lang,
    )


def _family_member(query, env: Env) -> str | None:
    """A family named with no size ("run qwen locally"): its LLM closest in size to the reference chat model."""
    ref = env.reader.model(CHAT_MODEL[0])
    members = [m for m in map(env.reader.model, getattr(query, "unsized_models", ()) or ()) if m and m.kind == "llm"]
    if ref is None or not members:
        return None
    return min(members, key=lambda m: (abs((m.params_b or 0) - (ref.params_b or 0)), m.key)).key
