"""Follow-ups that ask about the last answer's pick: "why?", "anything cheaper?", "more vram?", "with amd too",
"is the upgrade worth it?".

Contract: `about_last(dialogue, base, follow)` returns the query that answers the follow-up:
"why?" is the last question again (the engine leads with the reasons); "will it fit" the last fit or the
thread's model on the GPUs talked about; "cheaper" / "more
memory" / a vendor are a recommendation below / above / besides the GPU the last answer
favoured (after cloud rates, cheaper rentals with that memory); "worth it?" is a verdict on
the favoured GPU or the comparison with its verdict; rent and cloud asks go to `cloud`.
Raises `NothingToReferTo` when there is nothing to ask about.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from assistant.dialogue import cloud, measures, shown, subject, thread, video_thread
from assistant.dialogue.references import NothingToReferTo, refer
from assistant.queries import GpuRef, Query
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def about_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "why?" (the last question again; the engine leads with the reasons), "anything
    cheaper?" (a recommendation below the GPU the last answer favoured), "with amd too" (the
    last recommendation with that vendor added, or a recommendation for it)."""
    from assistant.queries import CompareQuery, RecommendQuery, RigQuery

    ctx = dlg.context
    if follow.ask == "why":
        if base is None:
            raise NothingToReferTo(follow.text)
        listed = shown.why_of_listed(dlg, base)  # "why?" after "the second one": why the list's pick over it
        if listed is not None:
            return listed
        other = _why_not_other(dlg, base, follow)  # "why not the other one?" after "cheaper?": the card left
        other = other or video_thread.why_of_two(dlg, base)  # "为啥差这么多" after two cards' clip times: both
        if other is not None:
            return other
        # its own text (some answers read which side the user meant from it: "renting x or buying y"); its settings
        # were kept for the conversation when it was asked: stating them again would "change" them
        return dataclasses.replace(base, settings=(), per_card_of=None)
    if follow.ask == "precisions":  # "fp8 or q4 on it?": the thread's model on its card at both formats
        from assistant.dialogue.references import focus_refs
        from assistant.queries import FitQuery

        if isinstance(base, FitQuery) and (base.model is not None or base.params_b):
            return dataclasses.replace(
                base, text=follow.text, settings=follow.settings, precisions=follow.precisions, precision=None
            )
        card = focus_refs(dlg)
        if dlg.context.setup.model is None or not card:
            raise NothingToReferTo(follow.text)
        return FitQuery(
            text=follow.text, model=dlg.context.setup.model, gpus=card, want_speed=True, precisions=follow.precisions
        )
    if follow.ask == "risks":  # "有啥风险" after a card or an offer for one: that verdict, its catches asked
        from assistant.dialogue.references import focus_refs
        from assistant.queries import VerdictQuery

        if isinstance(base, VerdictQuery):
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, risks=True)
        picked = focus_refs(dlg)
        if not picked:
            raise NothingToReferTo(follow.text)
        return VerdictQuery(text=follow.text, gpus=picked[:1], settings=follow.settings, risks=True)
    if follow.ask == "headroom":  # "how much vram is left" after a fit: that fit, the memory left leading
        if base is None or base.intent != "fit":
            raise NothingToReferTo(follow.text)
        return dataclasses.replace(base, text=follow.text, settings=follow.settings, asked_figure="headroom")
    if follow.ask == "token_cost":  # "cost per million tokens?" after a model served or run: that question, priced
        if base is None or getattr(base, "model", None) is None:  # per token by its words (respond/token_cost)
            raise NothingToReferTo(follow.text)
        return dataclasses.replace(base, text=follow.text, settings=follow.settings)
    if follow.ask == "mix":
        return mixed_with_thread(dlg, follow)
    if follow.ask == "break_even_use":  # "how many hours a month before buying wins": the rent or buy again
        return _rent_or_buy_of_thread(dlg, base, follow)
    one_card = isinstance(base, CompareQuery) and len({g.name for g in base.gpus}) == 1  # "2 x 3080 vs 1 x 3080"
    if follow.ask == "upgrade" and isinstance(base, CompareQuery) and not one_card and not follow.budget_usd:
        return worth_of_last(dlg, base, follow)  # "should i upgrade" after "3060 vs 4070"
    if follow.ask == "upgrade":
        from assistant.dialogue.thread_edits import upgrade_of_thread

        return upgrade_of_thread(dlg, follow)
    if follow.ask and follow.ask.startswith("per_card_"):
        return per_card_of_last(base, follow)
    if follow.ask == "fit":
        return measures.fit_of_last(dlg, base, follow)
    if follow.ask in ("rates", "rent_or_buy", "rent_pick"):
        return cloud.cloud_of_last(dlg, base, follow)
    if follow.ask == "worth":
        return worth_of_last(dlg, base, follow)
    if follow.vendor and not follow.ask and isinstance(base, CompareQuery):
        return _maker_added(base, follow)
    if follow.ask == "peer" and follow.vendor and ctx.focus_or_first():
        # "同价位的N卡呢", "nvidia card at the same price?" after one card: it against that maker's card at its price
        mine = GpuRef(mention=ctx.focus_or_first() or "", name=ctx.focus_or_first())
        peer = GpuRef(mention=follow.vendor, pronoun="vendor_peer")
        compared = CompareQuery(text=follow.text, gpus=(mine, peer), settings=follow.settings)
        return thread.inherit(ctx.setup, compared)
    built = isinstance(base, RigQuery) and not base.asks_power  # a PSU asked of cards is followed by cheaper cards
    built = built or (isinstance(base, RecommendQuery) and bool(base.budget_usd))  # a lab's budget got a build
    if follow.ask == "cheaper" and built and ctx.build_total_usd:
        # "cheaper?" after a build: a whole build below that one's total (in dollars), not a ranking of cards
        below = {"cheaper_than_usd": ctx.build_total_usd} if isinstance(base, RigQuery) else {}
        priced: Any = base  # a build or a recommendation (both have the budget slots)
        return dataclasses.replace(
            priced,
            text=follow.text,
            settings=follow.settings,
            budget_usd=ctx.build_total_usd * _CHEAPER_BUILD,
            budget_currency=None,
            **below,
        )
    rental = cheaper_rental(dlg, base, follow)
    if rental is not None:
        return rental
    if follow.ask == "cheaper" and (video := video_thread.cheaper_video(dlg, base, follow)) is not None:
        return video  # "too expensive, cheaper option?" after a card for wan 2.2: that model's pick below it
    if follow.ask == "video_time":  # "how long would a 5s 720p clip take on that": the thread's video model
        cards = [g for ref in follow.gpus for g in (refer(dlg, ref) if ref.pronoun else [ref])]
        timed = video_thread.video_time(dlg, follow, cards or _favoured(dlg))
        if timed is None:
            raise NothingToReferTo(follow.text)
        return timed
    rec = base if isinstance(base, RecommendQuery) else None
    if rec is None:
        own = follow.workload is not None  # "anything cheaper for training?": a pick for that work, not the model
        rec = RecommendQuery(
            text=follow.text,
            # "那n卡呢" after "a卡能跑sd吗" (a concept answer): the work of the thread
            workload=follow.workload or ctx.workload or ctx.setup.workload,
            precision=follow.precision or (None if ctx.setup.named() and not own else ctx.precision),
            gpu_count=follow.gpu_count or 1,
            settings=follow.settings,
        )
        if not own:
            # "anything cheaper?" after the power draw of the 70B pick, "anything cheaper that still works?" after a
            # LoRA fit: still that model (or size), method, precision and context, so the cards still hold the job
            rec = thread.inherit(ctx.setup, rec)
    changes: dict = {"text": follow.text, "settings": follow.settings, "per_card_of": None}
    for key in ("workload", "precision", "budget_usd", "budget_currency", "min_memory_gb", "organization"):
        if getattr(follow, key) is not None:
            changes[key] = getattr(follow, key)
    if follow.ask == "more_memory":
        changes["min_memory_gb"] = _more_memory_than(dlg, ctx.focus_or_first())
    if follow.ask == "cheaper":
        focus = ctx.focus_or_first()
        if focus is None:  # "cheaper gpu for stable diffusion" with nothing before, "cheaper option?" after a fit
            changes["sort"] = "price"  # of a model on no card: the cheapest that hold it first
        pick = ctx.compare_pick or ctx.compare_choice if base is not None and base.intent == "compare" else None
        held = _held_against(base)
        if held is not None:  # "cheaper?" after "why not the 5080?" (the 5070 Ti talked about): below the 5070 Ti
            changes["cheaper_than"] = held.name
            changes["cheaper_than_count"] = held.count
        elif pick in ctx.gpus:  # "anything cheaper?" after "Get the RTX 3090" (4090 vs 3090): below the card picked
            changes["cheaper_than"] = pick
            changes["cheaper_than_count"] = ctx.counts.get(pick, 1)
        else:
            changes["cheaper_than"] = focus
            changes["cheaper_than_count"] = ctx.focus_count if focus == ctx.focus else 1
        changes = subject.cheaper_than_offer(dlg, changes)  # a card offered in the thread: cheaper than that offer
        if follow.budget_share and rec.budget_usd and "budget_usd" not in changes:  # "like half that": of the budget
            changes["budget_usd"] = round(rec.budget_usd * follow.budget_share, 2)
    if follow.ask == "other":  # "what else?", "second choice?": the best option besides the cards picked before
        changes["other_than"] = _picked_before(dlg, rec)
    if follow.vendor:
        before = (rec.vendor or "nvidia").split(",") if follow.also else []
        changes["vendor"] = ",".join(dict.fromkeys([*before, follow.vendor]))
    return dataclasses.replace(rec, **changes)


def cheaper_than_pick(dlg: Dialogue, query: Query) -> Query:
    """ "便宜点的呢，5k左右", "cheaper? my parents said $350 max": a recommendation with its own budget that asks for
    cheaper, after the thread picked a card: below that card as well (else the same card, still within the new
    budget, comes back)."""
    from assistant.queries import RecommendQuery

    pick = dlg.context.pick
    if not (isinstance(query, RecommendQuery) and query.cheaper_asked) or pick is None or query.cheaper_than:
        return query
    return dataclasses.replace(query, cheaper_than=pick[0], cheaper_than_count=pick[1])


def which_of_last(dlg: Dialogue, query: Query) -> Query:
    """ "ok which card", "so which one should i get" (a pick asked with nothing of its own: no budget, model, size,
    vendor or condition) right after a ranking for a budget: that ranking again, whose first row is the pick (a
    ranking without the budget picked a card above it)."""
    from assistant.queries import RecommendQuery

    last = dlg.context.last_query
    if not (isinstance(query, RecommendQuery) and isinstance(last, RecommendQuery) and last.budget_usd):
        return query
    own = (query.budget_usd, query.model, query.params_b, query.min_memory_gb, query.vendor, query.condition)
    if any(v is not None for v in own) or query.cheaper_asked or query.workload not in (None, last.workload):
        return query
    return dataclasses.replace(last, text=query.text, settings=(*last.settings, *query.settings))


def laptops_instead(dlg: Dialogue, query: Query) -> Query:
    """ "what about a laptop instead", "笔记本呢" after a pick or a build for a budget: the laptops for that work within
    that budget (respond/laptops), not a laptop version of the card picked; the query unchanged otherwise."""
    from assistant.queries import RecommendQuery, RigQuery

    last = dlg.context.last_query
    if not (isinstance(query, FollowUpQuery) and query.laptop) or any(g.name for g in query.gpus):
        return query
    if isinstance(last, RigQuery):
        last = RecommendQuery(
            text=last.text,
            workload=last.workload,
            model=last.model,
            budget_usd=last.budget_usd,
            budget_currency=last.budget_currency,
            condition=last.condition,
        )
    if not isinstance(last, RecommendQuery) or last.vendor in ("apple", "unified"):
        return query
    if query.budget_usd:  # "a laptop for 1200 instead?": within that budget
        last = dataclasses.replace(last, budget_usd=query.budget_usd, budget_currency=query.budget_currency)
    return dataclasses.replace(  # a cheaper pick asked before is of desktop cards: not below one of them now
        last,
        text=query.text,
        settings=query.settings,
        laptop=True,
        form_choice=False,
        mac_or_pc=False,
        cheaper_than=None,
        cheaper_asked=False,
    )


def rig_at_new_budget(dlg: Dialogue, query: Query) -> Query:
    """ "cheaper? like 1000", "cheaper, around 1000" after a whole build (the thread's last build or pick, questions
    asked of it between: "can it run llama 3.3 70b?"): the build again within the new budget (a recommendation of
    cards would drop the machine around them); the query unchanged otherwise (a question of its own, "gpu for
    training sd loras, budget 800", names its use)."""
    from assistant.queries import RecommendQuery, RigQuery

    # the last build or pick of the thread: "cheaper version at 1.5k?" after a build and a fit asked of it
    recent = [dlg.context.last_query, *reversed(dlg.context.history)]
    last = next((q for q in recent if isinstance(q, (RigQuery, RecommendQuery))), None)
    if not (isinstance(query, RecommendQuery) and isinstance(last, RigQuery) and query.budget_usd):
        return query
    if last.asks_power or query.workload or query.model or query.vendor or not query.cheaper_asked:
        return query
    return dataclasses.replace(
        last,
        text=query.text,
        settings=query.settings,
        budget_usd=query.budget_usd,
        budget_currency=query.budget_currency,
        condition=query.condition or last.condition,
        cheaper_than_usd=None,
    )


def _picked_before(dlg: Dialogue, rec) -> tuple[str, ...]:
    """The cards "what else?" leaves out: those left out before it in the thread and the card the thread picked
    (else the cards the last answer talked about: "4090 vs 3090" then "any alternatives")."""
    ctx = dlg.context
    now = [ctx.pick[0]] if ctx.pick else [g for g in ctx.gpus if g]
    if not now:
        raise NothingToReferTo(rec.text)
    return tuple(dict.fromkeys([*rec.other_than, *now]))


# "why not the other one?", "为啥不选另一个"
_OTHER_ONE = re.compile(r"\bthe other\b|\bthat other\b|另一|另外(?:那|一)")


def _why_not_other(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "why not the other one?": the other card against the one the last answer picked, as "why not X" is answered
    (premise on the other card); after "cheaper?" the other one is the card the cheaper ones were sought below. None
    when the question names no other one or there is none."""
    from assistant.queries import CompareQuery

    ctx = dlg.context
    if not _OTHER_ONE.search(follow.text.lower()) or not ctx.pick or not ctx.gpus:
        return None
    pick = ctx.pick[0]
    other = refer(dlg, GpuRef(mention=follow.text, pronoun="other"))[0].name  # the thread's "other" (references)
    if not other or other == pick:
        return None
    return CompareQuery(
        text=follow.text,
        gpus=(GpuRef(mention=other, name=other), GpuRef(mention=pick, name=pick)),
        workload=getattr(base, "workload", None),
        model=getattr(base, "model", None),
        premise="first",
        asked_figure="why",
        settings=follow.settings,
    )


_CHEAPER_BUILD = 0.9  # "cheaper?" after a build: at least a tenth less, else the same build comes back [A]


def _maker_added(base, follow: FollowUpQuery):
    """ "with amd too" after a comparison: the same cards and that maker's card at about their price beside them
    (respond/vendor_peer fills it); the comparison again when one such card is already there."""
    if any(g.pronoun == "vendor_peer" for g in base.gpus):
        return dataclasses.replace(base, text=follow.text, settings=follow.settings)
    peer = GpuRef(mention=follow.vendor or "", pronoun="vendor_peer")
    return dataclasses.replace(base, text=follow.text, settings=follow.settings, gpus=(*base.gpus, peer))


def _held_against(base: Query | None) -> GpuRef | None:
    """The card a "why not the 5080?" was asked against (the one the thread was about), when `base` is such a
    question: "cheaper?" next is below that card, not below the one suggested. None otherwise."""
    from assistant.queries import CompareQuery

    if not isinstance(base, CompareQuery) or not base.why_not() or len(base.gpus) != 2:
        return None
    held = base.gpus[1]
    return held if held.name and held.name != base.gpus[0].name else None


def cheaper_rental(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "便宜点的？" / "anything cheaper?" after cloud rates: the cheapest rentals with at least the memory of
    the GPU just priced (cheaper cards to rent, not a purchase ranking); after a job rented on named cards, the
    cheapest ways to rent that job (every card that holds it); None otherwise."""
    from assistant.queries import FitQuery, RatesQuery

    if follow.ask == "cheaper" and isinstance(base, FitQuery) and _rented_training(dlg, base):
        # "cheaper?" after the hours of a QLoRA on the A100 the thread rents: the job's cheapest ways to rent
        from assistant.dialogue.rent_context import job_rates

        return dataclasses.replace(job_rates(follow, (), None, base), asked_figure="price")
    if follow.ask != "cheaper" or not isinstance(base, RatesQuery):
        return None
    if base.mode == "job" and base.gpus:  # "cheaper?" after a QLoRA of a 70B rented on an H100: the job's cheapest ways
        return dataclasses.replace(base, text=follow.text, gpus=(), asked_figure="price", settings=follow.settings)
    if base.mode not in ("rates", "rent"):
        return None
    focus = dlg.context.focus_or_first()
    memory = dlg.memory_of(focus) if focus and dlg.memory_of else None
    if not memory:
        return None
    count = max((r.count for r in base.gpus if r.name == focus), default=1)
    return RatesQuery(  # the set and the time rented kept: "cheaper?" after 8 x B200 for a month prices 8 for a month
        text=follow.text,
        provider=base.provider,
        mode="by_memory",
        min_memory_gb=memory,
        settings=follow.settings,
        set_count=count,
        hours=base.hours,
        period=base.period,
    )


def _rented_training(dlg: Dialogue, fit) -> bool:
    """A training job timed (its hours asked) in a thread that rents: the fit was rented, or cloud rates were asked
    in the last turns."""
    from assistant.queries import RatesQuery

    if fit.mode not in ("lora", "qlora", "full_finetune") or not (fit.want_time or fit.rented):
        return False
    return fit.rented or any(isinstance(q, RatesQuery) for q in dlg.context.history[-3:])


def worth_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "is the upgrade worth it?", "worth the extra?": after a comparison, yes / no on the dearer of the
    two; after an answer about one GPU, whether that GPU is worth it."""
    from assistant.queries import CompareQuery, VerdictQuery

    workload = follow.workload or getattr(base, "workload", None) or dlg.context.workload
    if isinstance(base, CompareQuery):
        settings = (*follow.settings, *_upgrade_priced(dlg, base, follow))  # "worth upgrading for like 250?"
        return dataclasses.replace(base, text=follow.text, settings=settings, worth=True, workload=workload)
    turns = [[g for g in getattr(q, "gpus", ()) if g.name] for q in dlg.context.history[-2:]]
    if len(turns) == 2 and all(len(t) == 1 for t in turns) and turns[0][0].name != turns[1][0].name:
        # "is the extra worth it" after "sdxl on a 4070 ti super?" then "what about a 4080 super": those two
        model = getattr(base, "model", None)
        pair = (turns[0][0], turns[1][0])
        return CompareQuery(
            text=follow.text, gpus=pair, worth=True, workload=workload, model=model, settings=follow.settings
        )
    focus = dlg.context.focus_or_first()
    if focus is None:
        raise NothingToReferTo(follow.text)
    gpu = GpuRef(mention=focus, name=focus)
    return VerdictQuery(text=follow.text, gpus=(gpu,), kind="worth", workload=workload, settings=follow.settings)


_LEAST_PRICE = 50  # [A] a bare number below this is a count ("worth it for 2 of them?"), not what a card costs


def _upgrade_priced(dlg: Dialogue, base, follow: FollowUpQuery) -> tuple:
    """The price an upgrade is said to cost ("worth upgrading for like 250?" after a comparison): the price of the card
    upgraded to (the one the user does not own, else the first compared), in the currency said; () when no amount."""
    from assistant.query_base import Setting

    amount = follow.budget_usd or (follow.amount if (follow.amount or 0) >= _LEAST_PRICE else None)
    if not amount or any(s.key in ("price_override", "budget_usd") for s in follow.settings):
        return ()
    owned = {name for name, _ in dlg.context.owned}
    cards = [g.name for g in base.gpus if g.name]
    target = next((c for c in cards if c not in owned), None) if owned else (cards[0] if cards else None)
    if target is None:
        return ()
    return (Setting(key="price_override", value=float(amount), gpu=target, currency=follow.budget_currency),)


def _more_memory_than(dlg: Dialogue, gpu: str | None) -> float | None:
    """The next memory size up from the GPU the last answer favoured (None: nothing to compare with)."""
    from assistant.specs import next_memory_size

    return next_memory_size(dlg.memory_of(gpu) if gpu and dlg.memory_of else None)


def gap_of_last(dlg: Dialogue, follow: FollowUpQuery) -> Query:
    """ "差价多少", "how much more is it", "how much cheaper is the 3090": the two cards talked about (the last
    comparison's, else the last two asked about one after the other; a card named is set against the one talked
    about) compared, in the follow-up's words, so the comparison leads with their difference in money. Raises
    `NothingToReferTo` when the conversation has not had two cards."""
    from assistant.dialogue.references import SETS_SAID, NoSecondGpu, fill
    from assistant.queries import CompareQuery

    ctx = dlg.context
    named = fill(dlg, follow.gpus)
    last = tuple(g for g in getattr(ctx.last_query, "gpus", ()) if g.name)
    talked = [g.name for g in last] if len({g.name for g in last}) > 1 else list(ctx.recent)
    # "how much cheaper is the 3090" after the 4090 was favoured: against it, else the last other card talked about
    others = [
        n for n in dict.fromkeys([ctx.focus, *reversed(talked), *ctx.gpus]) if n and n not in {g.name for g in named}
    ]
    if named:
        gpus = (*named, *(GpuRef(mention=n, name=n) for n in others[:1]))
    elif len(last) > 1:
        gpus = last  # the two compared ("2 x RTX 3080 Ti vs 1 x RTX 3080 Ti" too: the sets' prices)
    else:
        gpus = tuple(GpuRef(mention=n, name=n) for n in talked[-2:])
    if not named and SETS_SAID.search(follow.text):  # "这两套哪个便宜": the sets talked about, as many of each
        gpus = tuple(dataclasses.replace(g, count=ctx.seen_counts.get(g.name or "", g.count)) for g in gpus)
    offers = _offers_of(ctx.history, {g.name for g in gpus})
    if len(gpus) < 2 and (gpus or ctx.focus):
        raise NoSecondGpu(
            (gpus[0].name if gpus else ctx.focus) or ""
        )  # "how much more is it" after one card: than what
    if len(gpus) < 2:
        raise NothingToReferTo(follow.text)
    mode = ctx.setup.mode if ctx.setup.trains() else None  # the thread's LoRA, not a full fine-tune of its model
    return CompareQuery(text=follow.text, gpus=gpus, settings=follow.settings, offers=offers, mode=mode)


def _offers_of(history, names: set) -> tuple:
    """The last offer weighed for each of `names` in the conversation's recent questions (deal verdicts), when
    every one of them had one; () otherwise."""
    found: dict = {}
    for q in history:
        if getattr(q, "kind", None) == "deal" and getattr(q, "offer", None) and q.gpus and q.gpus[0].name in names:
            found[q.gpus[0].name] = (q.gpus[0].name, float(q.offer), q.money_currency)
    return tuple(found.values()) if names and set(found) == names else ()


def per_card_of_last(base: Query | None, follow: FollowUpQuery) -> Query:
    """ "is that per card?", "是一张的价格吗": the last question for one card of its set, with how many the last
    answer counted (the engine says first whether that figure was for all of them or for one)."""
    from assistant.dialogue.references import gpus_of

    cards = gpus_of(base) if base is not None else ()
    if base is None or not cards:
        raise NothingToReferTo(follow.text)
    count = max(g.count for g in cards)
    asked = follow.ask.removeprefix("per_card_") if follow.ask else "either"  # each | total | either
    changes: dict = {"gpus": tuple(dataclasses.replace(g, count=1) for g in cards), "per_card_of": (count, asked)}
    if getattr(base, "gpu_count", None):
        changes["gpu_count"] = 1
    return dataclasses.replace(base, settings=(), **changes)


def mixed_with_thread(dlg: Dialogue, follow: FollowUpQuery) -> Query:
    """ "第二张买4090混着用行不行" after two 3090s: one 3090 and the 4090 in one machine ("second": one card of the
    thread's set replaced), the thread's model on them (else what that set runs)."""
    from assistant.dialogue.references import focus_refs
    from assistant.queries import FitQuery

    own = [g for g in focus_refs(dlg) if g.name not in {n.name for n in follow.gpus}]
    if not own:
        raise NothingToReferTo(follow.text)
    kept = own[0].count - 1 if follow.removes and own[0].count > 1 else own[0].count
    cards = (dataclasses.replace(own[0], count=kept), *follow.gpus)
    plain = dataclasses.replace(follow, gpus=cards, removes=False)
    return measures.on_the_thread(dlg, plain, want_speed=True, want_time=False) or FitQuery(
        text=follow.text, model=None, gpus=cards, workload="llm_inference", settings=follow.settings
    )


def why_of_pick(parsed, dlg: Dialogue):
    """ "为什么是这个配置", "why this one over the rest" right after a pick of one build or card (a recommendation, a
    build for a budget): a "why?" about that pick, not a comparison of "this" with a second card nobody named (there
    is none to ask about). Other questions pass unchanged."""
    from assistant.queries import CompareQuery
    from assistant.query_talk import ExplainQuery

    last = dlg.context.last_query
    if isinstance(parsed, ExplainQuery) and parsed.asked == "why_vendor":  # "why nvidia?" after a pick between makers
        picked = last is not None and last.intent in ("compare", "recommend", "rig") and dlg.context.focus
        return FollowUpQuery(text=parsed.text, ask="why", asked_figure="why") if picked else parsed
    if _why_of_last(parsed, last):  # "why? renting seems more flexible to me" after a rent-or-buy: its reasons
        return FollowUpQuery(text=parsed.text, ask="why", asked_figure="why")
    if _pick_asked(parsed, dlg):  # "which one would you get", "你会选哪个" right after a pick: that pick, and why
        return FollowUpQuery(text=parsed.text, ask="why", asked_figure="pick")
    if (two := _two_options(parsed, dlg)) is not None:  # "你会选哪个" after 8 x 4090 then 4 x H20: those two sets
        return two
    if not isinstance(parsed, CompareQuery) or parsed.asked_figure != "why" or last is None:
        return parsed
    if last.intent not in ("rig", "recommend") or any(g.name or not g.pronoun for g in parsed.gpus):
        return parsed
    return FollowUpQuery(text=parsed.text, ask="why", asked_figure="why")


def _pick_asked(parsed, dlg: Dialogue) -> bool:
    """ "which one would you get", "which would you pick", "你会选哪个" right after a recommendation or a build that
    picked one: no card, model or work of its own, only "which" (a comparison of the thread's cards would rank the
    list again by another measure and could name another card than the one just recommended)."""
    from assistant.queries import CompareQuery, RecommendQuery, RigQuery

    last = dlg.context.last_query
    if last is None or last.intent not in ("recommend", "rig") or not dlg.context.pick:
        return False
    if isinstance(last, RigQuery) and last.asks_power:  # a power supply asked: no pick of cards was made
        return False
    if isinstance(parsed, RecommendQuery):  # "which one would u pick": read as a pick among cards, nothing else said
        plain = RecommendQuery(text=parsed.text, which_one=True, asked_figure=parsed.asked_figure)
        return parsed.which_one and dataclasses.replace(parsed, stated=(), said=()) == plain
    if not isinstance(parsed, CompareQuery) or len(parsed.gpus) != 1 or parsed.gpus[0].pronoun != "implicit":
        return False
    if parsed.model is not None or parsed.workload or parsed.settings:
        return False
    return parsed.asked_figure == "which" or parsed.worth


def _two_options(parsed, dlg: Dialogue):
    """ "which would you pick", "你会选哪个" when the thread talked about one set and then another ("8 卡 4090 的服务器"
    then "换成 4 张 H20 呢"): those two, as many of each as were talked about; None otherwise."""
    from assistant.queries import CompareQuery

    ctx = dlg.context
    if not isinstance(parsed, CompareQuery) or len(parsed.gpus) != 1 or parsed.gpus[0].pronoun != "implicit":
        return None
    if len(ctx.gpus) != 1 or len(ctx.recent) < 2 or not (parsed.asked_figure == "which" or parsed.worth):
        return None
    names = list(dict.fromkeys(reversed(ctx.recent)))[:2][::-1]
    if len(names) < 2:
        return None
    gpus = tuple(GpuRef(mention=n, name=n, count=ctx.seen_counts.get(n, ctx.counts.get(n, 1))) for n in names)
    return dataclasses.replace(parsed, gpus=gpus, workload=parsed.workload or ctx.setup.workload or ctx.workload)


def _why_of_last(parsed, last) -> bool:
    """A "why?" read as a money question of its own that names nothing of its own (no card, model, work, budget):
    the last answer's reasons, when that answer was the same kind of question."""
    from assistant.queries import RentOrBuyQuery

    if not isinstance(parsed, RentOrBuyQuery) or parsed.asked_figure != "why" or not isinstance(last, RentOrBuyQuery):
        return False
    return not (parsed.gpus or parsed.model or parsed.params_b or parsed.workload or parsed.settings)


def _rent_or_buy_of_thread(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """The thread's last rent-or-buy question, asked again as it was (the engine leads with its break-even use per
    period); without one, the follow-up is about nothing yet."""
    recent = [q for q in (*dlg.context.history, base) if q is not None]
    weighed = next((q for q in reversed(recent) if q.intent == "rent_or_buy"), None)
    if weighed is None:
        raise NothingToReferTo(follow.text)
    return dataclasses.replace(weighed, settings=(), per_card_of=None)


def _favoured(dlg: Dialogue) -> list[GpuRef]:
    """The card the last answer favoured, as a reference ([] when none)."""
    focus = dlg.context.focus
    return [GpuRef(mention=focus, name=focus, count=dlg.context.focus_count)] if focus else []
