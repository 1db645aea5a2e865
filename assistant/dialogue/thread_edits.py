"""Whole questions a reader took as something else that are, in a thread, an edit of its last question.

Contract: each function takes the dialogue and the parsed query and returns the query the thread means, or the
query unchanged. A short question whose only content is one slot of the last question (a budget, one more card to
weigh against the set billed, a use) keeps every other slot of that question:
- `budget_of_pick`: "ok and if i stretch to 1500?" after a pick for a budget (an amount alone, read as an offer for
  "it") is the same pick at that budget, not a verdict on $1,500 for the card picked.
- `card_against_bill`: "vs one 5090" after the power bill of 2 x RTX 3090 at weekends in euros is the same bill for
  both sets, not a value comparison that drops the schedule and the money asked.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import CompareQuery, CostQuery, Query, RecommendQuery, RigQuery, VerdictQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_BILLS = ("running", "tco")  # the cost kinds a card weighed against the set is billed alongside
_LEAST_BUDGET = 50  # [A] a bare amount below this is a count or a rate, not money to spend (as ellipsis reads it)
_PICK_BACK = 3  # the last questions a budget edit looks back through for the pick it changes


def _recent(dlg: Dialogue) -> list[Query]:
    """The thread's last questions, the newest last."""
    return [q for q in (*dlg.context.history, dlg.context.last_query) if q is not None][-_PICK_BACK:]


def _pick_before(recent: list[Query]) -> RecommendQuery | RigQuery | None:
    """The pick for a budget among `recent` ("how big a model can that get me" on it in between), else None."""
    picked = None
    for q in reversed(recent):
        if not isinstance(q, (RecommendQuery, RigQuery)):
            continue
        picked = q
        # "the first one. what psu do i need for that": a build of the card picked, no search of its own: the pick's
        # budget before it still holds
        if q.budget_usd is not None or not any(g.name for g in getattr(q, "gpus", ())):
            break
    return picked


def budget_of_pick(dlg: Dialogue, query: Query) -> Query:
    amount = _amount_alone(dlg, query)
    if amount is None:
        return query
    # the pick for a budget among the thread's last questions ("how big a model can that get me" on it in between)
    recent = _recent(dlg)
    picked = _pick_before(recent)
    if picked is None or picked.budget_usd is None:
        return query  # no budget in the pick before: an amount for "it" is an offer for the card
    if any(isinstance(q, VerdictQuery) and q.kind == "deal" for q in recent):
        return query  # an offer weighed in the thread: the amount is another offer
    return dataclasses.replace(picked, text=query.text, budget_usd=amount, settings=query.settings)


def _amount_alone(dlg: Dialogue, query: Query) -> float | None:
    """The amount of a question that says an amount and nothing else, which the thread's last question has no budget
    to take ("and if i could stretch it to 1300?" after a fit of the pick); None otherwise (an offer for the card,
    "found one for 650, good deal?", is the deal reader's)."""
    from assistant.query_talk import FollowUpQuery

    if not isinstance(query, FollowUpQuery) or query.amount is None or query.amount < _LEAST_BUDGET:
        return None
    named = [g for g in query.gpus if g.name or not g.pronoun]  # "stretch it to 1300": "it" is the budget, no card
    said = (named, query.model, query.workload, query.fields, query.period, query.ask, query.settings)
    last = dlg.context.last_query
    if any(said) or last is None or "budget_usd" in {f.name for f in dataclasses.fields(last)}:
        return None  # a question with a budget of its own takes the amount itself (ellipsis_kinds.amount_as_field)
    return float(query.amount)


def card_against_bill(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    if not isinstance(query, CompareQuery) or not isinstance(last, CostQuery) or last.kind not in _BILLS:
        return query
    named = [g for g in query.gpus if g.name and not g.pronoun]
    billed = [g for g in last.gpus if g.name]
    if len(named) != 1 or not billed or named[0].name in {g.name for g in billed}:
        return query
    if query.model is not None or query.params_b or query.workload or query.premise or query.asked_figure == "why":
        return query  # "vs a 5090 for 70b": a comparison for that work; "为啥不推荐4070": why not that card
    if dlg.context.setup.named():
        return query  # a thread about a model ("2x 3090 for 70b ... vs a mac studio"): the cards for that model
    return dataclasses.replace(last, text=query.text, gpus=(*billed, named[0]), settings=query.settings)


_TRAINING = ("training", "llm_finetune")  # a follow-up's use that trains the model of the fit


def use_of_fit(dlg: Dialogue, follow: Query, merged: Query) -> Query:
    """ "and for training?", "那训练呢", "and inference?" after a fit: the same model on the same cards, trained (the
    fit's training method weighed: full fine-tune, LoRA, QLoRA) or run, not the last fit again under another label."""
    from assistant.queries import FitQuery
    from assistant.query_talk import FollowUpQuery

    if not isinstance(follow, FollowUpQuery) or not isinstance(merged, FitQuery) or follow.mode or follow.gpus:
        return merged
    llm = (dlg.context.workload or "").startswith("llm") or bool(merged.params_b)  # the work the fit was answered as
    if follow.workload in _TRAINING and merged.mode in (None, "inference"):
        return dataclasses.replace(merged, mode="full_finetune", workload="llm_finetune" if llm else "training")
    if follow.workload == "inference" and merged.mode not in (None, "inference"):
        return dataclasses.replace(merged, mode="inference", workload=None)
    return merged


def upgrade_of_thread(dlg: Dialogue, follow: Query) -> Query:
    """ "to what", "换成啥" after a question about the card talked about (the user's own: "4060 8gb rn, worth
    upgrading?"): the pick among the cards that are an upgrade over it, for the thread's model and work."""
    from assistant.dialogue import thread
    from assistant.dialogue.references import NothingToReferTo

    ctx = dlg.context
    budget = getattr(follow, "budget_usd", None)  # "to what, budget 600": the upgrades within it
    money = {"budget_usd": budget, "budget_currency": getattr(follow, "budget_currency", None)} if budget else {}
    if wanted := getattr(follow, "min_memory_gb", None):  # "what would it cost to get to 24gb": with that memory
        money["min_memory_gb"] = wanted
    if isinstance(ctx.last_query, RecommendQuery) and ctx.last_query.upgrade_from:  # the upgrades again
        return dataclasses.replace(ctx.last_query, text=follow.text, settings=follow.settings, **money)
    owned = ctx.focus_or_first()
    if isinstance(ctx.last_query, RecommendQuery) and owned not in {name for name, _ in ctx.owned}:
        # "which card then" after a pick: the card talked about is the answer's own pick, not one the user has
        return dataclasses.replace(ctx.last_query, text=follow.text, settings=follow.settings, **money)
    if owned is None:
        raise NothingToReferTo(follow.text)
    work = ctx.workload or ctx.setup.workload
    pick = RecommendQuery(text=follow.text, upgrade_from=owned, workload=work, settings=follow.settings, **money)
    return thread.inherit(ctx.setup, pick)  # the thread's model (FLUX.1 [dev]), its method and precision


def against_owned(dlg: Dialogue, query: Query) -> Query:
    """ "the first one, how much faster per image" after the upgrades over the user's card: that card against the one
    the user has (the card the upgrade is over), not against the next card of the list."""
    from assistant.queries import GpuRef

    last = dlg.context.last_query
    if not isinstance(query, CompareQuery) or not isinstance(last, RecommendQuery) or not last.upgrade_from:
        return query
    if query.asked_figure == "why":
        return query  # "why not a 4070 ti super" after the upgrades: that card against the pick, not the card owned
    other = [g for g in query.gpus if g.pronoun == "context"]
    asked = [g for g in query.gpus if g.pronoun != "context"]
    if len(other) != 1 or len(asked) != 1:
        return query
    owned = GpuRef(mention=last.upgrade_from, name=last.upgrade_from)
    return dataclasses.replace(
        query, gpus=(*asked, owned), model=query.model or last.model, workload=query.workload or last.workload
    )


_DEEP = ("iq", "q3", "q2")  # quants below 4 bits: what fit one card when q4 did not


def quant_for_more_cards(follow: Query, merged: Query) -> Query:
    """ "and if i add a second one" after the speed at iq3_xxs, the quant that fit one card: with more cards every
    quant is weighed again (q4_k_m now fits on two), not the deep quant kept for the comparison of speeds."""
    from assistant.queries import FitQuery
    from assistant.query_talk import FollowUpQuery

    if not isinstance(follow, FollowUpQuery) or not isinstance(merged, FitQuery) or follow.precision:
        return merged
    more = follow.adds or (follow.gpu_count or 0) > 1
    if not more or not (merged.precision or "").startswith(_DEEP):
        return merged
    return dataclasses.replace(merged, precision=None, kept_precision=None)


def resale_of_rent(dlg: Dialogue, follow: Query) -> Query | None:
    """ "and if i sell it after 2 years", "要是两年后卖掉呢", "sell it after 3 years for $400", "what if i sell it after
    3 years for half" after renting weighed against buying: the same weighing with the card sold again after those
    years (the years are the follow-up's setting; an amount said is what it sells for, a share said (FollowUpQuery.sale
    as a float) that share of the price); None when the thread's question is no rent-or-buy."""
    from assistant.queries import CostQuery, RentOrBuyQuery
    from assistant.query_talk import FollowUpQuery

    last = dlg.context.last_query
    if not isinstance(follow, FollowUpQuery) or not follow.sale or not isinstance(last, (RentOrBuyQuery, CostQuery)):
        return None
    if any(g.name for g in follow.gpus):
        return None  # "what if i sell the 3090 and get a 4090": another question
    amount = follow.amount if follow.amount is not None else follow.budget_usd
    currency = follow.budget_currency or (dlg.context.currency if dlg.context.currency != "USD" else None)
    share = follow.sale if amount is None and not isinstance(follow.sale, bool) else None  # "... for half"
    if isinstance(last, CostQuery):  # "what if i sell it for 500 at the end" after a total cost: owning net of it
        if last.kind not in ("tco", "running") or not last.gpus:
            return None
        return dataclasses.replace(
            last,
            text=follow.text,
            settings=follow.settings,
            kind="tco",
            years=None if any(s.key == "years" for s in follow.settings) else last.years,  # "after 2 years": those
            resale=True,
            resale_usd=amount,
            resale_currency=currency,
            resale_share=share,
        )
    return dataclasses.replace(
        last, text=follow.text, settings=follow.settings, resale=(amount, currency), resale_share=share
    )


def budget_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "why not a used 3090 tho", "那4080呢" after a pick for a budget ("need a gpu for sd, budget around 600"): the
    comparison weighs the cards under that budget (a card over it is said to be), as "my budget is 600" would have
    it, instead of forgetting the budget the thread was asked under; so does a fit on cards named ("what about two
    3090s then, would that work" after "budget is about $1800": the cards within it or over it) and a card swapped
    into the pick ("换成4090呢" after a build for ¥15,000)."""
    from assistant.queries import FitQuery, Setting

    if any(s.key == "budget_usd" for s in getattr(query, "settings", ())):
        return query
    # "what about two 3090s then, would that work": cards named for the thread's work
    fit = isinstance(query, FitQuery) and any(g.name and not g.pronoun for g in query.gpus)
    swapped = isinstance(query, CompareQuery) and bool(dlg.context.brought_in)  # "换成4090呢" after a build
    why_not = isinstance(query, CompareQuery) and query.premise == "first" and query.asked_figure == "why"
    if not (fit or swapped or why_not):
        return query  # a comparison asked for its own sake keeps its own terms
    in_force = "budget_usd" in dlg.assumptions.changed
    if fit and in_force and dlg.assumptions.budget_usd:  # a fit weighs only a budget its question says: said again
        said = Setting("budget_usd", float(dlg.assumptions.budget_usd))
        return dataclasses.replace(query, settings=(*query.settings, said))
    if in_force or fit:
        return query  # a budget set in the conversation is in force already; a fit after a pick's own budget: none
    recent = _recent(dlg)
    picked = _pick_before(recent)
    if picked is None or picked.budget_usd is None:
        return query
    budget = Setting("budget_usd", float(picked.budget_usd), currency=picked.budget_currency)
    return dataclasses.replace(query, settings=(*query.settings, budget))


def image_model_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "出一张图要多久", "and training a lora?" after "宿舍想跑sd 3060 12g够吗": a thread about image generation that
    named no model is timed or trained on the common image model (SDXL, named in the answer) on the thread's card, not
    answered with a spec sheet and "no speed model" or a ranking for generic training."""
    from assistant.dialogue.references import focus_refs
    from assistant.queries import FitQuery, ModelRef
    from assistant.query_talk import FollowUpQuery
    from assistant.query_terms import IMAGE_MODEL

    if not isinstance(query, FollowUpQuery) or query.model is not None or query.params_b or query.gpus:
        return query
    ctx = dlg.context
    if ctx.setup.named() or (ctx.workload or ctx.setup.workload) != "image_generation" or not ctx.focus:
        return query
    trains = query.workload == "training" and query.mode in ("lora", "full_finetune")
    if not (query.want_speed or query.want_time or trains) or (query.workload and not trains):
        return query
    return FitQuery(
        text=query.text,
        model=ModelRef(mention="", key=IMAGE_MODEL),
        gpus=focus_refs(dlg),
        mode=query.mode if trains and query.mode else "inference",
        want_speed=not trains,
        settings=query.settings,
    )


def fix_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "what settings should i change", "那参数怎么调" after a fit (the user's card ran out of memory): that fit, asked
    for the settings that make it fit (asked "fix", respond/fit_fix.py); with no fit in the thread, the settings help
    the words read as before."""
    from assistant.queries import FitQuery
    from assistant.query_talk import FollowUpQuery, HelpQuery

    if not isinstance(query, FollowUpQuery) or query.ask != "fix":
        return query
    ctx = dlg.context
    recent = [q for q in (*ctx.history, ctx.last_query) if q is not None][-_PICK_BACK:]
    fit = next((q for q in reversed(recent) if isinstance(q, FitQuery) and q.model is not None), None)
    if fit is None:
        return HelpQuery(text=query.text, topic="settings", settings=query.settings)
    return dataclasses.replace(fit, text=query.text, asked="fix", settings=query.settings)


def payback_of_rent(dlg: Dialogue, query: Query) -> Query:
    """ "那买一张多久回本", "when would buying pay off" read as the buy-or-rent concept, while the thread rents a card
    (a rate, hours or a period in its last questions): owning that card weighed against that rent, at its use."""
    from assistant.queries import RatesQuery, RentOrBuyQuery
    from assistant.query_talk import ExplainQuery

    if not isinstance(query, ExplainQuery) or query.concept != "buy-vs-rent":
        return query
    recent = [q for q in (*dlg.context.history, dlg.context.last_query) if q is not None][-_PICK_BACK:]
    rented = next((q for q in reversed(recent) if isinstance(q, (RatesQuery, RentOrBuyQuery))), None)
    cards = tuple(dataclasses.replace(g, count=g.count) for g in getattr(rented, "gpus", ()) if g.name)
    if rented is None or not cards:
        return query
    return RentOrBuyQuery(
        text=query.text, gpus=cards, provider=rented.provider, settings=query.settings, stated=query.stated
    )  # "买一张1.3w的话多久回本": the amount said stays the card's price (dialogue/price_said.py)
