"""Weigh a price someone asks for a GPU against the market: "used 3090 for $650 a good deal?",
"guy wants 500 for a 3080, fair?", "二手4090现在一万三能收吗".

Contract: `respond(query, env)` answers a VerdictQuery of kind "deal" (`query.offer` in
`query.money_currency`, for all `gpus[0].count` cards together). The headline leads with the verdict
(a good deal / a fair price / high) and the percentage against the street price of the same condition
in the snapshot in force, dated and cited: used when the question says used or names a second-hand
marketplace, new when it says new, else used when the card has used quotes and the offer is below
its new price. The bands are assumptions shown in the answer. Faster cards with at least as much
memory that sell for no more than the offer (same condition) follow as alternatives. A card without
a price in the condition asked is weighed against its other condition, said (a used offer against the
new price is at best fair); against a price converted from another market, a low offer gets a caveat
instead of the "check the card" alarm. A card without any price says so and shows a priced variant,
never a verdict on another card's price; a faster version without a price (RTX 3090 Ti) is set against
its plain card's price as a floor ("below the plain 3090's price: cheap, check the card").
`figures["deal"]`: verdict (good | fair | high), offer_usd, market_usd, condition, diff_pct, observed,
alternatives; `figures["verdict"]`: answer (yes | yes_if | no), kind "deal", gpu.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import memory
from assistant.models.cost import PriceLookup, is_list_price
from assistant.queries import VerdictQuery
from assistant.respond import box_offer, card_risks, deal_use, grades, platform_note, vendor_practice
from assistant.respond.env import Env
from assistant.respond.mining import condition_named, mining_notes, mining_price
from assistant.respond.pricing import (
    is_converted,
    market_quotes,
    perf_workload,
    price_of,
    price_text,
    score,
    sibling_price,
    sibling_price_note,
    stale_home_notes,
    stale_home_quote,
    workload_title,
)
from assistant.respond.unpriced import reason as unpriced_reason
from assistant.respond.variants import difference_note, market_variant
from assistant.respond.verdict_reply import verdict_answer
from assistant.respond.wording import counted, spec_source
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
_ANSWER = {"good": "yes", "fair": "yes_if", "high": "no"}
_DEAL_PICK = frozenset({"yes"})  # a fair offer is no pick


def respond(query: VerdictQuery, env: Env) -> Answer:
    env = env.for_query(query)
    ref = next(r for r in query.gpus if r.name)
    gpu = env.reader.known_gpu(ref.name or "")
    n = max(ref.count, 1)
    offer_usd = env.to_usd(query.offer, query.money_currency) or 0.0
    box = box_offer.cards_share(
        query, n, offer_usd, env, query.offer, counted(env, gpu, n)
    )  # "整机8万": the machine around the cards off
    if box is not None:
        offer_usd = box[0]
    # "那二手的呢" after the offer: the condition set since; "京东看了一台...": a shop sells new cards
    asked = ref.condition or env.assumptions.condition or _shop_new(query.text, env)
    condition, market = _market(gpu.name, offer_usd / n, asked, env)
    banded = mining_price(gpu.name, query.text, env) if condition == "used" else None
    if banded is not None:  # "闲鱼3090 4800 矿卡": weighed against what ex-mining cards sell for, not ordinary ones
        market = banded
    stated = asked if asked in ("new", "used") else condition
    if market is None and stated in ("new", "used"):  # no quote in the condition asked: weigh against the other
        condition = "new" if stated == "used" else "used"
        market = price_of(gpu.name, env, condition)
    what = counted(env, gpu, n)
    offer = env.money(offer_usd)
    # "两张4090 1.6万一张": the set named with each card's price, as the user said it
    what_each, offer_each = what, offer
    if n > 1:  # the set and its offer, with each card's price where the language says it
        what_each, offer_each = env.t("deal.set_offer", gpu=what, offer=offer, each=env.money(offer_usd / n)).split("|")
    if market is None:
        bare = ""
        steps, sources = sibling_price_note(gpu.name, env)
        head = env.t("deal.no_price", offer=offer, gpu=what, snapshot=env.snapshot_label())
        answer = "unknown"
        lesser = _lesser_priced(gpu, stated, env)
        if lesser is not None:  # "3090ti 5800": the plain 3090's price is a floor for the Ti
            step, below = _against_lesser(gpu, lesser, offer_usd / n, env)
            if below:
                head, answer = step, "yes"
                steps = [env.t("deal.check_low_lesser"), *steps]
            else:
                steps = [step, *steps]
            sources = [*sources, *env.cite(lesser[1].source)]
        else:  # "v100 sxm2 for 500": more than the same chip in another form sells for is no deal
            above = _dearer_than_variant(gpu, stated, offer_usd / n, env)
            if above:
                head, answer = above, "no"
        if price_of(gpu.name, env, "new") is None and price_of(gpu.name, env, "used") is None:
            why, cited = unpriced_reason(gpu, env)  # "h800 报价20万": why no price, a whole server's when on record
            steps, sources = [*steps, *why], [*sources, *env.cite(*cited)]
        gone, state, gone_sources = vendor_practice.cuda_ended(gpu, env)
        pair = deal_use.pair_instead(query, gpu, offer_usd, env) if n == 1 and answer == "unknown" else ""
        if state == "gone":  # "tesla k80 for $40, any use or ewaste": no current software runs it, whatever it costs
            head, answer, pair = gone + i18n.gap(env.lang) + head, "no", ""
            sources = [*sources, *gone_sources]
        elif pair:  # "quadro rtx 8000 48gb for $1800 for 70b": two used 3090s hold as much for less, and run faster
            answer = "no"
        elif answer == "unknown":  # "v100 sxm2 for $150, good idea for llms?": what that money buys, vs the market
            bare = head
            what_buys, answer = _value_at_offer(query, gpu, offer_usd / n, stated, env)
            parts = (what_buys, head) if answer == "no" else (head, what_buys)  # "not worth it: ..." leads
            head = i18n.gap(env.lang).join(parts)
        if query.model is not None or query.params_b:  # "mi50 32g 闲鱼800 能跑qwen2.5 32b吗": whether it runs too
            fit_head = _runs(query, ref, _offered(env, gpu.name, offer_usd / n)).headline
            head = fit_head[:1].upper() + fit_head[1:] + i18n.gap(env.lang) + head
        modified = market_variant(gpu.name)
        if modified is not None:  # "魔改3070 16g 一千五": no price, but the modified card's caveats
            steps = [difference_note([gpu], env), *steps]
            sources = [*sources, *env.cite(modified["source"])]
        if pair:  # the verdict first, then how the model runs and the missing price
            head = pair + i18n.gap(env.lang) + head
        head, steps, sources = _with_risks(query, gpu, head, list(steps), list(sources), env)
        unpriced = {"answer": answer, "kind": "deal", "gpu": gpu.name}
        if (
            bare and bare != head
        ):  # the missing price alone, for a verdict that already said the card does not do the job
            unpriced["price_only"] = bare
        head = box[1] + i18n.gap(env.lang) + head if box is not None else head
        return verdict_answer(
            query, env, gpu, head, unpriced, _DEAL_PICK, {"deal": {}}, steps=list(steps), sources=list(sources)
        )
    diff = offer_usd / (market.usd * n) - 1
    banded_diff = round(diff, 6)  # 4500 against 5000 is 10 % under, not 9.9999 % (a float)
    verdict = "good" if banded_diff <= GOOD_BELOW else "high" if banded_diff > HIGH_ABOVE else "fair"
    if (
        stated != condition
    ):  # a used offer against a new price cannot be called good, nor a new one against a used price high
        verdict = {("used", "good"): "fair", ("new", "high"): "fair"}.get((stated, verdict), verdict)
    pct = f"{abs(diff) * 100:.0f}"
    other = price_of(gpu.name, env, "new" if condition == "used" else "used")
    between = _between(asked, offer_usd / n, market, other)
    if between and other is not None:  # "b580 一千九" without new or used: fair either way, what each makes of it said
        verdict = "fair"
        head = _between_head(what_each, offer_usd / n, market, other, env, offer_each)
    alarm = _low_alarm(gpu, offer_usd / n, diff, condition, market, env)
    suspect = bool(alarm) and verdict == "good" and diff < 0  # "good deal" would contradict the caution after it
    unsure_new = _maybe_new(asked, condition, verdict, other, gpu.name) and banded is None and is_converted(market, env)
    new_unpriced = stated == "new" and condition == "used" and diff > 0  # "京东上4070ti super 6499": no new price
    if unsure_new or new_unpriced:  # "4070ti super 6299入了 亏不亏": high only if used; nothing to weigh a new card by
        key = "deal.new_no_new" if new_unpriced else "deal.high_no_new"
        head = env.t(key, offer=offer_each, gpu=gpu.short_name, pct=pct, market=price_text(market, env))
    elif not (between and other is not None):
        head = env.t(
            "deal.suspect_below" if suspect else f"deal.{verdict}_{'below' if diff < 0 else 'above'}",
            offer=offer_each,
            gpu=what_each,
            pct=pct,
            cond=env.t("cond.mining" if banded is not None else f"cond.{condition}"),
            market=price_text(market, env) if n == 1 else env.t("deal.each", price=price_text(market, env)),
        )
    steps = [env.t("deal.bands", good=f"{-GOOD_BELOW * 100:.0f}", high=f"{HIGH_ABOVE * 100:.0f}")]
    if stated != condition:
        steps.insert(0, env.t(f"deal.against_{condition}", cond=env.t(f"cond.{stated}")))
    if banded is not None and (plain := price_of(gpu.name, env, "used")) is not None:
        steps.append(env.t("deal.mining_band", price=price_text(plain, env)))
    if other is not None and not between:
        steps.append(env.t("deal.other_condition", cond=env.t(f"cond.{other.condition}"), price=price_text(other, env)))
    if alarm:  # far under the market: the caution comes with the verdict, not after it
        head = head + i18n.gap(env.lang) + alarm
    home_sources: list[str] = []
    if is_converted(market, env):
        steps.append(env.t("deal.converted_reference"))
        home_steps, home_sources = stale_home_notes(gpu.name, env)  # "p40 五六百块": the older 闲鱼 ¥700 beside it
        steps += home_steps
    mining_steps, mining_sources = mining_notes(query.text, env)  # "闲鱼3090矿卡6500": the ex-mining checks
    if mining_steps:
        steps += mining_steps
    elif stated == "used":
        steps.append(env.t("deal.used_checks"))
    variant = market_variant(gpu.name)
    if variant is not None:  # "2080ti 22g魔改 闲鱼2500": the modified card's caveats (warranty, driver, seller)
        steps.append(difference_note([gpu], env))
        mining_sources = [*mining_sources, variant["source"]]
    if query.model is not None or query.params_b:  # "... worth it for llama 3.3 70b?": how it runs on them, in the
        # headline after the verdict on the price; before it when the model does not fit ("enough for 72b?": no)
        runs = _runs(query, ref, _offered(env, gpu.name, offer_usd / n))
        said = runs.headline[:1].upper() + runs.headline[1:]
        # a "no" leads, and so does the use when the question asks only the use ("两万出头 跑70b q4 够不够", "is
        # qwen2.5 14b speed usable on it"): the price verdict follows it
        use_first = not runs.figures.get("fits") or use_only(query, env)
        head = i18n.gap(env.lang).join((said, head) if use_first else (head, said))
    elif query.workload == "llm_inference" and (quant := _asked_quant(query.text)):  # "good deal for 4-bit llms"
        holds = _largest_at(env, (gpu.memory_gb or 0.0) * n, quant)
        if holds:
            head += i18n.gap(env.lang) + env.t(
                "deal.holds_at", quant=quant, what=what, gb=f"{(gpu.memory_gb or 0) * n:g}", model=holds
            )
    platform_sources: list[str] = []
    if n >= 2 and platform_note.asked(query.text, env):  # "3 used 3090s ..., what cpu + mobo for 3 cards"
        head += i18n.gap(env.lang) + platform_note.line(gpu, n, env)
        platform_sources = platform_note.sources(n, env)
    key = perf_workload(query.workload, None)
    better = _better(gpu, offer_usd / n, "new" if new_unpriced else condition, key, env)  # a new card: new ones
    if better:
        listed = "; ".join(f"{env.reader.known_gpu(r.gpu).short_name} ({env.money(r.price_usd)})" for r in better)
        steps.append(env.t("deal.alternatives", workload=workload_title(env, key), gpus=listed))
    judged_answer = (
        "yes_if" if suspect or unsure_new or new_unpriced else _ANSWER[verdict]
    )  # a suspect offer: worth it if it checks out
    gone, state, gone_sources = vendor_practice.cuda_ended(gpu, env)
    if state == "gone":
        head, judged_answer = gone + i18n.gap(env.lang) + head, "no"
        steps.append(env.t("deal.bands_gone"))
    poor = deal_use.much_better(query, gpu, better, env) if verdict != "high" and state != "gone" else ""
    pair = deal_use.pair_instead(query, gpu, offer_usd, env) if n == 1 and not poor else ""
    if poor or pair:  # "l4 for $1,900 for a home server": a fair price for that card, a poor buy for the use
        head, judged_answer = (poor or pair) + i18n.gap(env.lang) + head, "no"
    figures = {
        "verdict": verdict,
        "offer_usd": round(offer_usd, 2),
        "market_usd": round(market.usd * n, 2),
        "condition": condition,
        "diff_pct": round(diff * 100, 1),
        "observed": market.observed,
        "alternatives": [r.gpu for r in better],
        "alarmed": bool(alarm),  # far under the market: that caution leads (respond/deal_trust.py)
    }
    cited = [*mining_sources, *home_sources]
    sources_gone = gone_sources
    sources = [spec_source(gpu, env), *env.cite(market.source), *env.rate_sources(), *env.cite(*cited), *sources_gone]
    if other is not None:
        sources += [s for s in env.cite(other.source) if s not in sources]
    sources += [s for s in platform_sources if s not in sources]
    head, steps, sources = _with_risks(query, gpu, head, list(steps), sources, env, alarmed=bool(alarm))
    judged = {"answer": judged_answer, "kind": "deal", "gpu": gpu.name}
    if box is not None:  # the whole machine's price said first, then the verdict on the cards' share
        head, figures["box_usd"] = box[1] + i18n.gap(env.lang) + head, round(offer_usd + env.platform_usd(n), 2)
    return verdict_answer(
        query, env, gpu, head, judged, _DEAL_PICK, {"deal": figures}, steps=list(steps), sources=list(sources)
    )


def _with_risks(
    query: VerdictQuery, gpu: GpuSpec, head: str, steps: list, sources: list, env: Env, alarmed: bool = False
):
    """The catches of the card's form (an SXM module on an adapter, passive cooling): after the verdict when asked
    ("坑在哪"), else among the steps. When the question itself raises the card's condition ("矿卡 能买吗", "会不会是
    翻新卡") the condition's checks lead and the price follows, unless the price is `alarmed` (far too low: that
    warning is the strongest sign and stays first)."""
    notes, cited = card_risks.risk_notes(gpu, env)
    sources = [*sources, *(s for s in cited if s not in sources)]
    if not query.risks:
        return head, [*steps, *notes], sources
    # the checks of a used, ex-mining or modified card answer "坑在哪" too: they move up from the steps
    movable = {env.t("deal.used_checks"), *mining_notes(query.text, env)[0]}
    if market_variant(gpu.name) is not None:
        movable.add(difference_note([gpu], env))
    moved = [s for s in steps if s in movable]
    notes = [*notes, *moved]
    if not notes:
        return head, steps, sources
    lead = env.t("deal.risks_lead", notes=i18n.gap(env.lang).join(notes))
    rest = [s for s in steps if s not in moved]
    # "矿卡 能买吗", "会不会是翻新卡": the checks answer it, first (not when it asks what the card does); so does
    # whether a modified card can be trusted ("魔改2080ti 22g靠谱吗，闲鱼1800左右"), its verdict on trust first
    modified = (market_variant(gpu.name) or {}).get("kind") == "modified"
    if moved and not alarmed and (condition_named(query.text, env) or modified) and not _use_asked(query, env):
        if modified and not _CATCHES.search(query.text.lower()):
            lead = env.t("card_risks.modified_lead") + i18n.gap(env.lang) + lead
        return lead + i18n.gap(env.lang) + env.t("deal.price_then", head=head), rest, sources
    return head + i18n.gap(env.lang) + lead, rest, sources


_CATCHES = re.compile(r"坑|catch|gotcha|problem|issue|downside")  # the catches asked alone (as verdict.py)


def _use_asked(query: VerdictQuery, env: Env) -> bool:
    """The question asks what the card does ("能拿来干啥", "给孩子入门ai值吗", a model or work named): that answer
    keeps its place before the condition's checks."""
    from assistant.nlu.lexicon import lexicon

    lex, text = lexicon(env.lang), f" {query.text.lower()} "
    uses = ("what_for_words", "verdict_good")
    return bool(query.workload or query.model or query.params_b or any(lex.words_in(k, text) for k in uses))


def use_only(query: VerdictQuery, env: Env) -> bool:
    """The question asks how the card does the use ("够不够", "速度能看吗", "fast enough", "能跑qwen2.5 32b吗",
    "还能用吗") and not about the price itself ("划算吗", "能收吗", "worth it", "good deal", "should i buy"): lexicon
    [lists] asks_enough / asked_speed / fit_run_words / still_usable_words against deal_words / verdict_worth /
    verdict_buy_this."""
    from assistant.nlu.lexicon import lexicon

    lex, text = lexicon(env.lang), f" {query.text.lower()} "
    if any(lex.words_in(k, text) for k in ("deal_words", "verdict_worth", "verdict_buy_this")):
        return False
    return any(lex.words_in(k, text) for k in ("asks_enough", "asked_speed", "fit_run_words", "still_usable_words"))


_QUANT_WORDS = (  # a precision named beside "llms" in a deal question, as the llama.cpp quant it is run at
    (re.compile(r"(?<![\d.])4[- ]?bits?(?![a-z])|int4|\bq4_?\w*|awq|gptq", re.I), "q4_k_m"),
    (re.compile(r"(?<![\d.])8[- ]?bits?(?![a-z])|int8|\bq8_?\w*", re.I), "q8_0"),
    (re.compile(r"(?<![\d.])16[- ]?bits?(?![a-z])|fp16|bf16", re.I), "fp16"),
)


def _asked_quant(text: str) -> str | None:
    return next((quant for pattern, quant in _QUANT_WORDS if pattern.search(text)), None)


def _largest_at(env: Env, memory_gb: float, quant: str) -> str | None:
    """The largest dense KB LLM whose `quant` weights and a 4k context fit `memory_gb` (§mem)."""
    fits = [
        m
        for m in env.reader.models
        if m.kind == "llm"
        and not m.experts
        and m.params_b
        and memory.inference_memory(m, quant, context=4096).total_gb <= memory_gb
    ]
    return max(fits, key=lambda m: m.params_b).name if fits else None


_LESSER_SUFFIXES = ("SUPER", "Ti", "XTX", "XT")  # a suffix naming the faster card of the same number


def _dearer_than_variant(gpu: GpuSpec, condition: str, per_card_usd: float, env: Env) -> str:
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


def _lesser_priced(gpu: GpuSpec, condition: str, env: Env) -> tuple[GpuSpec, PriceLookup] | None:
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


def _against_lesser(
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


def _offered(env: Env, gpu: str, each_usd: float) -> Env:
    """The env in which the card costs the offer ("p40s for $180 each, how many for 70b and total cost"): the cards a
    model needs are priced at it, for this answer only (no price setting changes)."""
    if each_usd <= 0:
        return env
    prices = env.assumptions.prices | {(gpu, c): each_usd for c in ("new", "used")}
    return dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, prices=prices))


def _runs(query: VerdictQuery, ref, env: Env) -> Answer:
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


def _market(gpu: str, offer_usd: float, stated: str | None, env: Env) -> tuple[str, PriceLookup | None]:
    """(condition, street price) the offer is weighed against: the stated condition, else used when the
    card has used quotes and the offer is below its new price (a private sale), else new."""
    if stated in ("new", "used"):
        return stated, price_of(gpu, env, stated)
    used, new = price_of(gpu, env, "used"), price_of(gpu, env, "new")
    if used is not None and (new is None or offer_usd < new.usd):
        return "used", used
    return ("new", new) if new is not None else ("used", used)


def _low_alarm(gpu: GpuSpec, per_card_usd: float, diff: float, condition: str, market: PriceLookup, env: Env) -> str:
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


def _maybe_new(asked: str | None, condition: str, verdict: str, other: PriceLookup | None, gpu: str) -> bool:
    """True when the question does not say new or used, the offer is high against the used price and no new price is
    known: the offer may well be a shop's new price, which nothing here can weigh (not for a modified card: no shop
    sells those new at a list price). The caller asks it only of a used price converted from the other market (a
    yuan answer has no 京东 price for the card, only a US used one)."""
    unsaid = asked not in ("new", "used") and condition == "used" and other is None
    return unsaid and verdict == "high" and market_variant(gpu) is None


def _shop_new(text: str, env: Env) -> str | None:
    """ "new" when the question names a shop that sells new cards (respond/grades.shop_named)."""
    return "new" if grades.shop_named(text, env) else None


def _between(asked: str | None, per_card_usd: float, market: PriceLookup, other: PriceLookup | None) -> bool:
    """True when the question does not say new or used and the offer lies between the used and the new street
    price: good if the card is new, high if it is used, so no single verdict fits."""
    if asked in ("new", "used") or other is None or market.condition != "used" or other.condition != "new":
        return False
    return market.usd < per_card_usd < other.usd


def _between_head(
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


def _value_at_offer(query: VerdictQuery, gpu: GpuSpec, per_card_usd: float, stated: str | None, env: Env):
    """(sentence, verdict answer) for a card without a street price: what it does for the offer (memory, bandwidth,
    the largest LLM at 4-bit and Llama 3 8B's single-user speed when the work is LLMs or unsaid) and whether a priced
    card at or under the offer is faster with as much memory (then no; else yes if the card is sound)."""
    from assistant.respond.fit_sizing import largest_llm
    from assistant.respond.pricing import CHAT_MODEL, chat_tokens_per_s

    key = perf_workload(query.workload, None)
    better = _better(gpu, per_card_usd, stated if stated in ("new", "used") else "used", key, env)
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
    peers = _better(gpu, per_card_usd, stated if stated in ("new", "used") else "used", key, env, PEER)
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
    parts.insert(0, env.t("deal.offer_unbeaten", offer=env.money(per_card_usd), workload=workload_title(env, key)))
    return i18n.gap(env.lang).join(parts), "yes_if"


def _better(gpu: GpuSpec, per_card_usd: float, condition: str, key: str, env: Env, faster_by: float = 0.0) -> list:
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
