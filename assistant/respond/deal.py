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

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import VerdictQuery
from assistant.respond import box_offer, card_risks, deal_use, platform_note, vendor_practice
from assistant.respond.deal_market import (
    GOOD_BELOW,
    HIGH_ABOVE,
    against_lesser,
    asked_quant,
    better_alternatives,
    between_head,
    dearer_than_variant,
    env_at_offer,
    largest_at,
    lesser_priced,
    low_alarm,
    maybe_new,
    offer_between_markets,
    runs_at_offer,
    shop_new,
    street_market,
    value_at_offer,
)
from assistant.respond.env import Env
from assistant.respond.mining import condition_named, mining_notes, mining_price
from assistant.respond.pricing import (
    is_converted,
    perf_workload,
    price_of,
    price_text,
    sibling_price_note,
    stale_home_notes,
    workload_title,
)
from assistant.respond.unpriced import reason as unpriced_reason
from assistant.respond.variants import difference_note, market_variant
from assistant.respond.verdict_reply import verdict_answer
from assistant.respond.wording import counted, spec_source
from assistant.specs import GpuSpec

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
    asked = ref.condition or env.assumptions.condition or shop_new(query.text, env)
    condition, market = street_market(gpu.name, offer_usd / n, asked, env)
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
        lesser = lesser_priced(gpu, stated, env)
        if lesser is not None:  # "3090ti 5800": the plain 3090's price is a floor for the Ti
            step, below = against_lesser(gpu, lesser, offer_usd / n, env)
            if below:
                head, answer = step, "yes"
                steps = [env.t("deal.check_low_lesser"), *steps]
            else:
                steps = [step, *steps]
            sources = [*sources, *env.cite(lesser[1].source)]
        else:  # "v100 sxm2 for 500": more than the same chip in another form sells for is no deal
            above = dearer_than_variant(gpu, stated, offer_usd / n, env)
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
            what_buys, answer = value_at_offer(query, gpu, offer_usd / n, stated, env)
            parts = (what_buys, head) if answer == "no" else (head, what_buys)  # "not worth it: ..." leads
            head = i18n.gap(env.lang).join(parts)
        if query.model is not None or query.params_b:  # "mi50 32g 闲鱼800 能跑qwen2.5 32b吗": whether it runs too
            fit_head = runs_at_offer(query, ref, env_at_offer(env, gpu.name, offer_usd / n)).headline
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
    between = offer_between_markets(asked, offer_usd / n, market, other)
    if between and other is not None:  # "b580 一千九" without new or used: fair either way, what each makes of it said
        verdict = "fair"
        head = between_head(what_each, offer_usd / n, market, other, env, offer_each)
    alarm = low_alarm(gpu, offer_usd / n, diff, condition, market, env)
    suspect = bool(alarm) and verdict == "good" and diff < 0  # "good deal" would contradict the caution after it
    unsure_new = maybe_new(asked, condition, verdict, other, gpu.name) and banded is None and is_converted(market, env)
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
        runs = runs_at_offer(query, ref, env_at_offer(env, gpu.name, offer_usd / n))
        said = runs.headline[:1].upper() + runs.headline[1:]
        # a "no" leads, and so does the use when the question asks only the use ("两万出头 跑70b q4 够不够", "is
        # qwen2.5 14b speed usable on it"): the price verdict follows it
        use_first = not runs.figures.get("fits") or use_only(query, env)
        head = i18n.gap(env.lang).join((said, head) if use_first else (head, said))
    elif query.workload == "llm_inference" and (quant := asked_quant(query.text)):  # "good deal for 4-bit llms"
        holds = largest_at(env, (gpu.memory_gb or 0.0) * n, quant)
        if holds:
            head += i18n.gap(env.lang) + env.t(
                "deal.holds_at", quant=quant, what=what, gb=f"{(gpu.memory_gb or 0) * n:g}", model=holds
            )
    elif not query.workload and _use_asked(query, env):  # "arc b580 for ai, any good? 12gb for 250": the maker's
        practice = vendor_practice.verdict_lead(gpu, None, "", env)  # software caveat (AI in general) after the price
        if practice:  # before it when only the use is asked ("能用来跑AI吗，12G显存2000块出头")
            head = i18n.gap(env.lang).join((practice, head) if use_only(query, env) else (head, practice))
    platform_sources: list[str] = []
    if n >= 2 and platform_note.asked(query.text, env):  # "3 used 3090s ..., what cpu + mobo for 3 cards"
        head += i18n.gap(env.lang) + platform_note.line(gpu, n, env)
        platform_sources = platform_note.sources(n, env)
    key = perf_workload(query.workload, None)
    better = better_alternatives(
        gpu, offer_usd / n, "new" if new_unpriced else condition, key, env
    )  # a new card: new ones
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
    uses = ("what_for_words", "verdict_good", "card_topic_ai_use")  # "能用来跑AI吗，2000块出头": AI in general
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
    uses = ("asks_enough", "asked_speed", "fit_run_words", "still_usable_words", "ai_run_asks")
    return any(lex.words_in(k, text) for k in uses)
