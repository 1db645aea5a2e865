"""Answering a question again when a setting changes ("and at 25 hours?", "what about used?", "按3年算呢").

Contract: `AFFECTS` says which answers (by intent) a setting changes; `REPLACES` which fields of
a query a setting replaces (a value typed in the question itself gives way to the setting).
`latest_affected(context, settings)` is the latest of the recent questions whose answer the
settings change (None: none); `without_replaced(query, settings)` is that query without the
per-question values the settings replace. Nothing here computes an answer.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from assistant.dialogue.state import Context
from assistant.periods import ASKED_HOURS, HOURS_PER_WEEK
from assistant.queries import Query

_PRICED = ("spec", "cost", "rent_or_buy", "compare", "recommend")
_SHOWN = (*_PRICED, "rates", "rig", "deal")  # answers with money in them: the currency they show it in
_RUNNING = ("cost", "rent_or_buy", "compare", "recommend")
# which answers a setting changes (they are answered again when it changes) ...
AFFECTS = {
    "electricity_usd_per_kwh": _RUNNING,
    "utilization": _RUNNING,
    "years": _RUNNING,
    "budget_usd": ("recommend", "rig"),
    "snapshot": _PRICED,
    "condition": _PRICED,
    "currency": _SHOWN,
    "cny_per_usd": _SHOWN,
    "price_override": _PRICED,
    "reset": _PRICED,
}
# ... and the fields of a query that a setting replaces (a value typed in the question itself)
REPLACES = {
    "electricity_usd_per_kwh": ("electricity_usd_per_kwh", "electricity_currency"),
    "utilization": ("hours_per_week", "utilization"),
    "years": ("years", "months"),
    "budget_usd": ("budget_usd", "budget_currency"),
}


def without_replaced(query: Query, settings) -> Query:
    """`query` without the per-question values that `settings` replace (they come from the assumptions now)."""
    names = {f.name for f in dataclasses.fields(query)}
    cleared: dict[str, Any] = {f: None for s in settings for f in REPLACES.get(s.key, ()) if f in names}
    shown = [s.value for s in settings if s.key == "currency" and isinstance(s.value, str)]
    if shown:  # "用美元说" after a question typed in yuan: its money shown in dollars (its amounts still read in yuan)
        cleared["shown_currency"] = shown[-1]
    if getattr(query, "cheaper_than", None) and any(s.key == "budget_usd" for s in settings):
        cleared.update(cheaper_than=None, cheaper_than_count=1)  # "what if i go up to 2000" after "anything cheaper?"
    return dataclasses.replace(query, **cleared) if cleared else query


def affected(query: Query, settings) -> bool:
    """The answer to `query` depends on one of `settings`."""
    return any(query.intent in AFFECTS.get(s.key, ()) for s in settings)


def latest_affected(context: Context, settings) -> Query | None:
    """The latest of the recent questions whose answer `settings` change (None: none of them)."""
    recent = [*context.history, context.last_query]
    for q in reversed(recent):
        if q is not None and affected(q, settings):
            return q
    return None


def search_behind(context: Context, settings) -> Query | None:
    """ "二手的呢", "what about used?" right after "why not the 4070 super" (a comparison of the pick of a search with
    another card): the search (the pick for a budget or a build) again on used prices, not the two cards again;
    None when the last question is not such a comparison or the settings do not change new / used."""
    from assistant.queries import CompareQuery

    last = context.last_query
    if not any(s.key == "condition" for s in settings) or not isinstance(last, CompareQuery):
        return None
    before = context.history[-2] if len(context.history) > 1 and context.history[-1] is last else None
    if before is None or before.intent not in ("recommend", "rig"):
        return None
    return before if context.focus in {g.name for g in last.gpus} or context.recent else None


def answer_again(context: Context, settings) -> Query | None:
    """The last question `settings` change the answer of, to be answered again under them: the last one, or
    one of the two before it when the last answer does not depend on them ("what about used?" after a pick
    and the speed of the pick: the pick again, ranked on used prices)."""
    rented = _rent_at_usage(context.last_query, settings) or _idle_bill(context, settings)
    if rented is not None:
        return rented
    last = search_behind(context, settings) or latest_affected(context, settings)  # "any used ones?" after why-not
    if last is None:
        return _pick_at_budget(context, settings)
    return without_replaced(last, settings)


def _pick_at_budget(context: Context, settings) -> Query | None:
    """ "nvm, budget is 2k now" in a thread that weighed cards for a use without picking within a budget: the pick
    for the thread's use within it (the thread's AMD cards ranked beside NVIDIA's); None without a budget alone or a
    use."""
    from assistant.queries import RecommendQuery

    keys = {s.key for s in settings}
    workload = context.setup.workload or context.workload
    if "budget_usd" not in keys or keys - {"budget_usd", "condition"} or workload is None:
        return None
    makers = {g.split()[0] for g in context.gpus if g}
    return RecommendQuery(
        text="",
        workload=workload,
        model=context.setup.model,
        vendor="nvidia,amd" if "Radeon" in makers else None,
        settings=tuple(settings),
    )


def _idle_bill(context: Context, settings) -> Query | None:
    """ "thats at $0.20/kwh, monthly?" right after the idle draw of the cards talked about: what idling around the
    clock costs at that price (their idle draw on 168 powered hours a week, none under load; §cost.idle), by the
    month, not the price stored alone."""
    from assistant.queries import CostQuery, SpecQuery

    last = context.last_query
    if not (context.idle_asked and isinstance(last, SpecQuery) and last.gpus):
        return None
    if not any(s.key == "electricity_usd_per_kwh" for s in settings):
        return None
    return CostQuery(
        text=last.text,
        gpus=last.gpus,
        kind="running",
        hours_per_week=0.0,
        powered_hours_per_week=168.0,
        period="month",
        settings=tuple(settings),
    )


_PERIOD_WEEKS = {name: hours / HOURS_PER_WEEK for name, hours in ASKED_HOURS.items()}


def _rent_at_usage(last: Query | None, settings) -> Query | None:
    """ "只在工作日白天用" after a month's rent (or a service rented around the clock): the rent of the hours used in
    that period (40 h a week: about 174 h a month), not of every hour of it."""
    from assistant.queries import RatesQuery

    usage = [float(s.value) for s in settings if s.key == "utilization" and isinstance(s.value, (int, float))]
    if not usage or not isinstance(last, RatesQuery) or last.mode not in ("rent", "serve") or last.hours:
        return None
    weeks = _PERIOD_WEEKS.get(last.period or "")
    if weeks is None:
        return None
    return dataclasses.replace(last, hours=round(usage[-1] * 168 * weeks, 1), period=None)


def answer_again_as_is(context: Context) -> Query | None:
    """The last question, to answer again under whatever the assumptions are now (its own
    per-question values that settings replace give way to the assumptions)."""
    last = context.last_query
    if last is None:
        return None
    from assistant.queries import Setting

    return without_replaced(last, [Setting(key, None) for key in REPLACES])
