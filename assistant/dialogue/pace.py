"""How often the thread's job is run ("i need to finetune llama 3.1 8b on 40k examples, probably 3 runs a month"),
carried to the money follow-ups about that job: "and what would renting that cost per month" (those runs' hours, not
a month of 730 hours), "vs buying a 5090, when do i break even" (the break-even in months at that pace), "what if its
10 runs a month" (the last of these asked again at the new pace).

Contract: `pace_asked(dlg, query)` (before the follow-up is merged): a follow-up that states only a pace
(`runs_per_month`, no card, model or other ask) is the last question again at that pace: a rent-or-buy with its
`runs_per_month` replaced, a month's rent of the job with the hours of that many runs; else `query` unchanged.
`pace_kept(dlg, query)` (on the completed query): a rent-or-buy of the thread's model with no pace of its own takes
the thread's (Setup.runs_per_month), and is that job at that pace (not the hours of a month's runs rented before);
a rent for a period (a month, a week, a year) with no hours, of the card the thread's training job was timed on,
rents the hours of the runs in that period (runs a month x the job's hours); else `query` unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.periods import PERIOD_HOURS
from assistant.queries import Query, RatesQuery, RecommendQuery, RentOrBuyQuery, SpecQuery
from assistant.query_talk import FollowUpQuery, SetQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_MONTHS = {name: hours / PERIOD_HOURS["month"] for name, hours in PERIOD_HOURS.items()}  # each period in months


def pace_asked(dlg: Dialogue, query: Query) -> Query:
    runs = query.runs_per_month
    if not runs or not _only_pace(query):
        return query
    base = dlg.context.last_query
    if isinstance(base, RentOrBuyQuery):
        # the runs are the use: a utilization read from "4 times a month" (sessions of hours assumed) is not kept
        kept = tuple(s for s in query.settings if not (query.usage_assumed and s.key == "utilization"))
        return dataclasses.replace(base, text=query.text, runs_per_month=runs, settings=kept)
    each = _job_hours(dlg, base) if isinstance(base, RatesQuery) and base.mode == "rent" else None
    if isinstance(base, RatesQuery) and each:
        hours = round(runs * each, 1)
        return dataclasses.replace(base, text=query.text, hours=hours, period=None, runs_per_month=runs)
    return query


def _only_pace(query: Query) -> bool:
    """The message says how often and nothing else: a follow-up, a setting, or a reading that took "i'd do this about
    4 times a month" for a pick or a card's specs, with no card named (a pronoun is the job), model, work or budget."""
    named = any(not g.pronoun for g in getattr(query, "gpus", ()))  # "what if it's 20 runs a month": no card
    if isinstance(query, FollowUpQuery):
        return not (named or query.model or query.ask)
    if not isinstance(query, (SetQuery, SpecQuery, RecommendQuery)):
        return False
    fields = ("model", "workload", "budget_usd", "fields", "topic", "asked_figure")
    return not named and not any(getattr(query, f, None) for f in fields)


def pace_kept(dlg: Dialogue, query: Query) -> Query:
    setup = dlg.context.setup
    runs = query.runs_per_month or setup.runs_per_month
    if not runs:
        return query
    if isinstance(query, RentOrBuyQuery) and (query.runs_per_month is None or query.total_hours):
        same = query.model is not None and setup.model is not None and query.model.key == setup.model.key
        # the job at its pace, not the hours of the month's runs rented just before ("vs buying a 5090")
        return dataclasses.replace(query, runs_per_month=runs, total_hours=None) if same else query
    months = _MONTHS.get(getattr(query, "period", None) or "")
    if isinstance(query, RatesQuery) and query.mode == "rent" and months and query.hours is None:
        each = _job_hours(dlg, query)
        if each:  # "what would renting that cost per month": the month's runs, not the month's every hour
            return dataclasses.replace(query, hours=round(runs * months * each, 1), period=None, runs_per_month=runs)
    return query


def _job_hours(dlg: Dialogue, query: RatesQuery) -> float | None:
    """The hours of one run of the thread's training job, when it was timed on the card `query` rents."""
    job = dlg.context.job
    cards = {g.name for g in query.gpus if g.name}
    if job.work is None or not job.hours or job.gpu not in cards:
        return None
    return job.hours
