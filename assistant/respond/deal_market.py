"""The market a GPU offer is weighed against and what the money buys instead: the street price of the condition
asked (or of the other condition, said), the bands of a good / fair / high price and of a price low enough to check
the card (GOOD_BELOW, HIGH_ABOVE, CHECK_BELOW*, assumptions shown in the answer), a faster version set against its
plain card's price, the largest model the card runs at the quant asked, and the faster cards with at least as much
memory at or under the offer (FASTER, PEER).

Contract: the functions read the offer, the KB and the snapshot in force and return a price lookup, text, a flag or
alternatives for `deal.respond` to show; none changes the snapshot (`env_at_offer` returns a new Env with the offer as
the card's price).
"""

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import memory
from assistant.models.cost import PriceLookup, is_list_price
from assistant.queries import VerdictQuery
from assistant.respond import grades
from assistant.respond.env import Env
from assistant.respond.pricing import (
    is_converted,
    market_quotes,
    perf_workload,
    price_of,
    price_text,
    score,
    sibling_price,
    stale_home_quote,
    workload_title,
)
from assistant.respond.variants import market_variant
from assistant.specs import GpuSpec

GOOD_BELOW = -0.10  # 10 % or more under the street price: a good deal [A]
HIGH_ABOVE = 0.05  # more than 5 % over it: high [A]
CHECK_BELOW = -0.40  # 40 % or more under: check the card before paying (damage, scam, another model) [A]
CHECK_BELOW_CONVERTED = -0.60  # under a price converted from another market: beyond the usual gap between markets [A]
CHECK_BELOW_USED = -0.25  # a used offer this far under the used street price: the used price already carries the
# second-hand discount, and used listings of one card spread far less (闲鱼 3090: 7,000-8,000 yuan) [A]
FASTER = 1.05  # an alternative is at least 5 % faster on the workload [A]
PEER = 0.97  # a card at most 3 % slower counts as about as fast (an offer for an unpriced card weighed against it) [A]
PEER_CHEAPER = 0.97  # ... when it costs at least 3 % less than the offer [A]
_QUANT_WORDS = (  # a precision named beside "llms" in a deal question, as the llama.cpp quant it is run at
    (re.compile(r"(?<![\d.])4[- ]?bits?(?![a-z])|int4|\bq4_?\w*|awq|gptq", re.I), "q4_k_m"),
    (re.compile(r"(?<![\d.])8[- ]?bits?(?![a-z])|int8|\bq8_?\w*", re.I), "q8_0"),
    (re.compile(r"(?<![\d.])16[- ]?bits?(?![a-z])|fp16|bf16", re.I), "fp16"),
)


def asked_quant(text: str) -> str | None:
    return next((quant for pattern, quant in _QUANT_WORDS if pattern.search(text)), None)


def largest_at(env: Env, memory_gb: float, quant: str) -> str | None:
    """The largest dense KB LLM whose `quant` weights and a 4k context fit `memory_gb` (§mem), the newest of its size
    class (§mem.largest)."""
    fits = [
        m
        for m in env.reader.models
        if m.kind == "llm"
        and not m.experts
        and m.params_b
        and memory.inference_memory(m, quant, context=4096).total_gb <= memory_gb
    ]
    from assistant.respond.model_pick import named_largest  # the newest of the size class (§mem.largest)

    best = named_largest(fits, env)
    return best.name if best else None


_LESSER_SUFFIXES = ("SUPER", "Ti", "XTX", "XT")  # a suffix naming the faster card of the same number


def dearer_than_variant(gpu: GpuSpec, condition: str, per_card_usd: float, env: Env) -> str:
    """For a card without a price: the verdict "no" when the offer is more than HIGH_ABOVE over what the same
    product in another form or memory size sells for (a V100 SXM2 offered above the V100 PCIe's street price);
    "" when no variant is priced or the offer is not above it (then no verdict: the variant is only a guide)."""
    found = sibling_price(gpu.name, env, condition) or sibling_price(gpu.name, env)
    if found is None:
        return ""
    name, price = found
    other = env.reader.known_gpu(name)
    if (other.memory_gb or 0) < (gpu.memory_gb or 0) or per_card_usd <= price.usd * (1 + HIGH_ABOVE):
        return ""
    pct = f"{(per_card_usd / price.usd - 1) * 100:.0f}"
    return env.t(
        "deal.above_variant",
        offer=env.money(per_card_usd),
        gpu=gpu.short_name,
        other=other.short_name,
        price=price_text(price, env),
        pct=pct,
    )


def lesser_priced(gpu: GpuSpec, condition: str, env: Env) -> tuple[GpuSpec, PriceLookup] | None:
    """For a card without a price whose name ends in a suffix of a faster version (RTX 3090 Ti, RTX 4070 Ti
    SUPER, RX 7900 XTX): the card without it (RTX 3090, RTX 4070 Ti, RX 7900 XT) when it has a price in
    `condition` (else in any). The faster card usually costs at least as much, so its price is a floor."""
    words = gpu.name.split()
    if len(words) < 3 or words[-1] not in _LESSER_SUFFIXES:
        return None
    lesser = env.reader.gpu(" ".join(words[:-1]).replace(" XT XT", " XT"))
    if lesser is None and words[-1] == "XTX":
        lesser = env.reader.gpu(" ".join([*words[:-1], "XT"]))
    if lesser is None or (lesser.memory_gb or 0) > (gpu.memory_gb or 0):
        return None
    price = price_of(lesser.name, env, condition) or price_of(lesser.name, env)
    return (lesser, price) if price is not None else None


def against_lesser(
    gpu: GpuSpec, lesser: tuple[GpuSpec, PriceLookup], per_card_usd: float, env: Env
) -> tuple[str, bool]:
    """(sentence, below): the offer per card against the lesser card's price."""
    card, price = lesser
    values = {
        "gpu": gpu.short_name,
        "lesser": card.short_name,
        "offer": env.money(per_card_usd),
        "price": price_text(price, env),
        "pct": f"{abs(per_card_usd / price.usd - 1) * 100:.0f}",
    }
    below = per_card_usd <= price.usd
    return env.t("deal.below_lesser" if below else "deal.above_lesser", **values), below


def env_at_offer(env: Env, gpu: str, each_usd: float) -> Env:
    """The env in which the card costs the offer ("p40s for $180 each, how many for 70b and total cost"): the cards a
    model needs are priced at it, for this answer only (no price setting changes)."""
    if each_usd <= 0:
        return env
    prices = env.assumptions.prices | {(gpu, c): each_usd for c in ("new", "used")}
    return dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, prices=prices))


def runs_at_offer(query: VerdictQuery, ref, env: Env) -> Answer:
    """The fit answer for the model named on the offered cards (memory, and the speed when it fits)."""
    from assistant.queries import FitQuery
    from assistant.respond import fit

    asked = FitQuery(
        text=query.text,
        model=query.model,
        params_b=query.params_b,
        gpus=(ref,),
        gpu_count=ref.count,
        want_speed=True,
        workload="llm_inference" if query.model is None else None,
    )
    if query.workload == "llm_finetune":  # "a6000 at 3000 worth it for fine tuning 70b": the fine-tuning fit
        asked = dataclasses.replace(asked, mode="full_finetune", workload="llm_finetune", want_speed=False)
    return fit.respond(asked, env)


def street_market(gpu: str, offer_usd: float, stated: str | None, env: Env) -> tuple[str, PriceLookup | None]:
    """(condition, street price) the offer is weighed against: the stated condition, else used when the
    card has used quotes and the offer is below its new price (a private sale), else new."""
    if stated in ("new", "used"):
        return stated, price_of(gpu, env, stated)
    used, new = price_of(gpu, env, "used"), price_of(gpu, env, "new")
    if used is not None and (new is None or offer_usd < new.usd):
        return "used", used
    return ("new", new) if new is not None else ("used", used)


def low_alarm(gpu: GpuSpec, per_card_usd: float, diff: float, condition: str, market: PriceLookup, env: Env) -> str:
    """The caution for an offer far under the market, "" when none: under a price converted from another market
    only beyond the usual gap between markets (and not when an older local quote says the offer is normal: "p40
    五六百块" against the 2023 闲鱼 ¥700); under a local used price from CHECK_BELOW_USED when the offer is also below
    the cheapest used quote on record (a used price is already discounted; where used quotes spread wide, as US
    3090s from $599 to $1,049, an offer inside the spread is no alarm); under a new one from CHECK_BELOW, or when a
    new offer is under the cheapest used quote of the answer's own market by GOOD_BELOW (refurbished or fake)."""
    pct = f"{abs(diff) * 100:.0f}"
    if is_converted(market, env):
        older = stale_home_quote(gpu.name, env, condition)
        near_home = older is not None and per_card_usd > older.usd * (1 + CHECK_BELOW)
        return env.t("deal.check_low_converted", pct=pct) if diff <= CHECK_BELOW_CONVERTED and not near_home else ""
    floor = _cheapest(gpu.name, condition, env)
    if condition == "used" and diff <= CHECK_BELOW_USED and floor is not None and per_card_usd < floor:
        # "闲鱼3090 4800 说非矿": 36 % under the used price and under every used quote on record
        return env.t("deal.check_low_used", pct=pct, floor=env.money(floor))
    used_floor = _cheapest(gpu.name, "used", env, home=True) if condition == "new" else None
    if diff > CHECK_BELOW and used_floor is not None and per_card_usd < used_floor * (1 + GOOD_BELOW):
        # "拼多多4090 百亿补贴13999": new, yet under every used quote on record
        return env.t("deal.check_low_new", floor=env.money(used_floor))
    return env.t("deal.check_low", pct=pct) if diff <= CHECK_BELOW else ""


def _cheapest(gpu: str, condition: str, env: Env, home: bool = False) -> float | None:
    """The lowest street quote in `condition` the answer's market may use for `gpu` (USD), None without one; `home`:
    only quotes observed in the answer's own market (not a price converted from the other one)."""
    market = env.price_market()
    quotes = [
        q.usd
        for q in market_quotes(env, gpu)
        if q.condition == condition and not is_list_price(q) and (not home or q.market == market)
    ]
    return min(quotes) if quotes else None


def maybe_new(asked: str | None, condition: str, verdict: str, other: PriceLookup | None, gpu: str) -> bool:
    """True when the question does not say new or used, the offer is high against the used price and no new price is
    known: the offer may well be a shop's new price, which nothing here can weigh (not for a modified card: no shop
    sells those new at a list price). The caller asks it only of a used price converted from the other market (a
    yuan answer has no 京东 price for the card, only a US used one)."""
    unsaid = asked not in ("new", "used") and condition == "used" and other is None
    return unsaid and verdict == "high" and market_variant(gpu) is None


def shop_new(text: str, env: Env) -> str | None:
    """ "new" when the question names a shop that sells new cards (respond/grades.shop_named)."""
    return "new" if grades.shop_named(text, env) else None


def offer_between_markets(
    asked: str | None, per_card_usd: float, market: PriceLookup, other: PriceLookup | None
) -> bool:
    """True when the question does not say new or used and the offer lies between the used and the new street
    price: good if the card is new, high if it is used, so no single verdict fits."""
    if asked in ("new", "used") or other is None or market.condition != "used" or other.condition != "new":
        return False
    return market.usd < per_card_usd < other.usd


def between_head(
    what: str, per_card_usd: float, used: PriceLookup, new: PriceLookup, env: Env, offer: str | None = None
) -> str:
    def side(market: PriceLookup) -> str:
        diff = per_card_usd / market.usd - 1
        banded_diff = round(diff, 6)  # 4500 against 5000 is 10 % under, not 9.9999 % (a float)
        verdict = "good" if banded_diff <= GOOD_BELOW else "high" if banded_diff > HIGH_ABOVE else "fair"
        return env.t(
            f"deal.side_{'below' if diff < 0 else 'above'}",
            pct=f"{abs(diff) * 100:.0f}",
            cond=env.t(f"cond.{market.condition}"),
            verdict=env.t(f"deal.word_{verdict}"),
        )

    shown = offer or env.money(per_card_usd)  # a set's offer as said, with each card's share
    values = {"gpu": what, "offer": shown, "used": price_text(used, env), "new": price_text(new, env)}
    return env.t("deal.between", **values, if_new=side(new), if_used=side(used))


def value_at_offer(query: VerdictQuery, gpu: GpuSpec, per_card_usd: float, stated: str | None, env: Env):
    """(sentence, verdict answer) for a card without a street price: what it does for the offer (memory, bandwidth,
    the largest LLM at 4-bit and Llama 3 8B's single-user speed when the work is LLMs or unsaid) and whether a priced
    card at or under the offer is faster with as much memory (then no; else yes if the card is sound)."""
    from assistant.respond.fit_sizing import largest_llm
    from assistant.respond.pricing import CHAT_MODEL, chat_tokens_per_s

    key = perf_workload(query.workload, None)
    better = better_alternatives(gpu, per_card_usd, stated if stated in ("new", "used") else "used", key, env)
    parts = []
    llm = (query.workload or "llm_inference").startswith("llm")
    chat = env.reader.model(CHAT_MODEL[0])
    if llm and chat is not None and gpu.memory_gb:
        biggest = largest_llm(env, gpu.memory_gb) or "—"
        tps = chat_tokens_per_s(chat, CHAT_MODEL[1], gpu)
        parts.append(
            env.t(
                "deal.offer_llm_speed" if query.workload else "deal.offer_llm",  # a verdict on the work said the fit
                offer=env.money(per_card_usd),
                memory=f"{gpu.memory_gb:g}",
                bw=f"{gpu.memory_bandwidth_gb_s or 0:,.0f}",
                model=biggest,
                chat=chat.name,
                tps=f"{tps:,.0f}",
            )
        )
    if better and gpu.unified_memory:  # a whole computer (Jetson, Mac): a faster bare card needs a PC around it
        alt = better[0]
        parts.append(
            env.t(
                "deal.offer_system",
                tdp=f"{gpu.tdp_w or 0:g}",
                alt=env.reader.known_gpu(alt.gpu).short_name,
                price=env.money(alt.price_usd),
                pc=env.money(env.platform_usd(1)),
            )
        )
        return i18n.gap(env.lang).join(parts), "yes_if"
    if better:
        listed = i18n.sep(env.lang).join(
            f"{env.reader.known_gpu(r.gpu).short_name} ({env.money(r.price_usd)})" for r in better
        )
        parts.append(env.t("deal.offer_beaten", workload=workload_title(env, key), gpus=listed))
        return i18n.gap(env.lang).join(parts), "no"
    peers = better_alternatives(gpu, per_card_usd, stated if stated in ("new", "used") else "used", key, env, PEER)
    peers = [r for r in peers if r.price_usd < per_card_usd * PEER_CHEAPER]
    if peers:  # "is $450 fair for a used 3080 12gb": a used 3080 Ti, as fast with as much memory, is $432
        peer = peers[0]
        parts.append(
            env.t(
                "deal.offer_peer",
                gpu=env.reader.known_gpu(peer.gpu).short_name,
                price=env.money(peer.price_usd),
                offer=env.money(per_card_usd),
                workload=workload_title(env, key),
            )
        )
        return i18n.gap(env.lang).join(parts), "no"
    # the verdict right after the missing price ("tesla v100 32gb sxm2 ... good deal at $300": worth it if sound), then
    # what the money buys
    unbeaten = "deal.offer_unbeaten_system" if gpu.unified_memory else "deal.offer_unbeaten"  # a Mac: no card to test
    parts.insert(0, env.t(unbeaten, offer=env.money(per_card_usd), workload=workload_title(env, key)))
    return i18n.gap(env.lang).join(parts), "yes_if"


def better_alternatives(
    gpu: GpuSpec, per_card_usd: float, condition: str, key: str, env: Env, faster_by: float = 0.0
) -> list:
    """Up to two cards of the same vendor, faster on `key` by FASTER (or `faster_by`) or more, with at least as much
    memory, whose street price in `condition` is within the offer per card; fastest first."""
    from assistant.respond.ranking import rank_inputs, rank_snapshot

    inputs = rank_inputs(
        env, key, need=gpu.memory_gb, budget=per_card_usd, condition=condition, vendors=(gpu.vendor,), passive=False
    )
    ranking = rank_snapshot(env.reader, inputs)
    mine = score(gpu, key).score
    faster = [
        r for r in ranking.rows if r.gpu != gpu.name and r.n_gpus == 1 and r.score >= mine * (faster_by or FASTER)
    ]
    return sorted(faster, key=lambda r: -r.score)[:2]
