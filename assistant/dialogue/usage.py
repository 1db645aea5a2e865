"""The use a conversation runs its cards at, carried to follow-ups about the bill: "what if only weekends" after "24/7"
(the whole weekend days, not 8 assumed hours of each), "and if i power limit it to 300w" after the bill (the bill at
the limit too), "how much slower is it then for llm inference" after a limit (that limit's cost in speed).

Contract: each function takes the dialogue and a query read from one message and returns it completed from the
conversation (its hours of use a day, the last running cost, the last power limit), or unchanged when it does not
leave that open. Nothing here raises.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.periods import ASKED_HOURS, HOURS_PER_WEEK
from assistant.queries import CompareQuery, CostQuery, PowerLimitQuery, Query, Setting
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_DAYS = {"weekends": 2, "weekdays": 5}  # days a week of a usage said by its days (nlu tagging/usage.py)


def days_at_thread_hours(dlg: Dialogue, query: Query) -> Query:
    """ "what if only weekends", "只在周末跑呢" after a use set by the day ("24/7", "5h a day"): those days at the
    conversation's hours a day, fewer or more than the hours assumed when none is said (24/7 on weekends: 48 hours a
    week; 5 hours a day on weekends: 10), not the assumed hours."""
    said = query.usage_assumed
    if said is None or said[0] not in _DAYS or "utilization" not in dlg.assumptions.changed:
        return query
    per_day = dlg.assumptions.utilization * 24.0
    if abs(per_day - said[1]) < 0.01:
        return query  # the conversation's hours a day are the ones assumed: the reading stands
    per_week = per_day * _DAYS[said[0]]
    settings = tuple(
        Setting("utilization", min(per_week / 168.0, 1.0)) if s.key == "utilization" else s for s in query.settings
    )
    return dataclasses.replace(query, settings=settings, usage_assumed=None)


def days_of_the_job(dlg: Dialogue, query: Query) -> Query:
    """ "如果只用晚上 每天4小时呢", "what if i only run it 4 hours a day" right after a rent of hours or a rented
    job: that rent again, said in days at those hours a day (the money does not change), not a utilization for a
    bill. A use said by the day is a whole or half number of hours a day; any other use is by the week or month."""
    from assistant.queries import RatesQuery
    from assistant.query_talk import FollowUpQuery

    last = dlg.context.last_query
    if not isinstance(query, FollowUpQuery) or not isinstance(last, RatesQuery) or last.mode not in ("rent", "job"):
        return query
    usage = [float(s.value) for s in query.settings if s.key == "utilization" and isinstance(s.value, (int, float))]
    others = [s for s in query.settings if s.key != "utilization"]
    named = any(g.pronoun is None for g in query.gpus)  # "run it 6 hours a day": "it" is the card rented
    if len(usage) != 1 or others or named or query.ask or query.hours_total or query.hours_bare or query.period:
        return query
    if not (last.hours or last.mode == "job"):
        return query
    per_day = usage[0] * 24.0
    if abs(per_day * 2 - round(per_day * 2)) > 0.01 or per_day >= 24:
        return query  # "每月40小时": a use by the month (hours_of_rent prices a month of it), not hours a day
    return dataclasses.replace(last, text=query.text, hours_per_day=round(per_day, 2), settings=())


def total_hours_again(dlg: Dialogue, query: Query) -> Query:
    """ "what if its 500 hours", "那1000小时呢" right after a rent-or-buy of so many hours in all: that rent-or-buy
    for the new total (not a weekly use from the bare hours), the cards unchanged unless named."""
    from assistant.queries import RentOrBuyQuery

    last = dlg.context.last_query
    if not isinstance(query, FollowUpQuery) or not isinstance(last, RentOrBuyQuery) or not last.total_hours:
        return query
    hours = query.hours_bare or query.hours_total
    if not hours or any(g.pronoun is None for g in query.gpus) or query.period:
        return query
    kept = tuple(s for s in query.settings if s.key != "utilization")  # the bare hours were read as a weekly use
    return dataclasses.replace(last, text=query.text, total_hours=hours, settings=kept)


def limit_in_bill_thread(dlg: Dialogue, query: Query) -> Query:
    """ "and if i power limit it to 300w" right after a running cost (the bill of the cards talked about): the limit's
    cost in speed and the bill at the limited draw too."""
    last = dlg.context.last_query
    if not isinstance(query, PowerLimitQuery) or not isinstance(last, CostQuery):
        return query
    if last.kind not in ("running", "tco") or not last.gpus:
        return query
    return dataclasses.replace(query, bill=True, draw_w=last.watts)


def slower_after_limit(dlg: Dialogue, query: Query) -> Query:
    """ "how much slower is it then for llm inference", "推理会慢多少" right after a power limit, no other card
    named: that limit again (its answer gives the loss for each kind of work), not a comparison with a card never
    named."""
    from assistant.queries import RecommendQuery

    last = dlg.context.last_query
    if not isinstance(last, PowerLimitQuery):
        return query
    if isinstance(query, CompareQuery) and not (query.model or query.params_b):
        if all(g.pronoun is not None for g in query.gpus):
            return dataclasses.replace(last, text=query.text, settings=query.settings)
    if isinstance(query, RecommendQuery) and _workload_only(query):  # "推理会慢多少", "how much slower for training"
        return dataclasses.replace(last, text=query.text, settings=query.settings)
    if isinstance(query, FollowUpQuery) and _about_the_limit(query):
        # "how much slower would it be", "会慢多少", "so is it worth it": the limit's cost in speed and what it saves
        return dataclasses.replace(last, text=query.text, settings=query.settings)
    return query


def _about_the_limit(follow) -> bool:
    """A follow-up that names nothing new and asks nothing but how much it costs or whether it is worth it."""
    named = any(g.pronoun is None for g in follow.gpus)
    changes = (follow.fields, follow.settings, follow.providers, follow.period, follow.workload, follow.model)
    return follow.ask in (None, "worth") and not named and not any(changes) and follow.amount is None


def _workload_only(query) -> bool:
    """A recommendation read from a question that names only a kind of work ("推理会慢多少"): no budget, model, memory,
    vendor, count, order or list of its own, so nothing a search of the market would answer."""
    own = (query.budget_usd, query.model, query.params_b, query.min_memory_gb, query.vendor, query.sort, query.top_n)
    return all(v is None for v in own) and query.gpu_count == 1 and not query.which_one and not query.among


_WEEKS_PER = {name: hours / HOURS_PER_WEEK for name, hours in ASKED_HOURS.items()}  # weeks (of 168 h) in each period


def load_after(
    load: tuple[str, float] | None, query: Query, gpus: list[str], figures: dict
) -> tuple[str, float] | None:
    """The thread's load once `query` was answered: a fit that timed the images the work makes in a period ("5000 sdxl
    images a day" on a 3090: 8.4 hours) sets the card and its hours a week under load; anything else keeps it."""
    from assistant.queries import FitQuery

    names = list(dict.fromkeys(gpus))
    if figures.get("spend_hours_week") and len(names) == 1:  # "一个月花了八百多" at AutoDL's rate: ~104 h a week
        return names[0], min(float(figures["spend_hours_week"]), 168.0)
    hours = figures.get("images_hours")
    per = getattr(query, "images_per", None)
    if isinstance(query, FitQuery) and len(names) == 1 and hours and per in _WEEKS_PER:
        return names[0], min(float(hours) / _WEEKS_PER[per], 168.0)
    return load


def load_of_the_work(dlg: Dialogue, query: Query) -> Query:
    """ "and the power bill for that at 0.25", "rent or buy then?", "租卡的话一个月多少钱" about the card the thread's
    work was timed on (`Context.load`), with no use of their own said: at the hours a week that work takes, not the
    utilization assumed."""
    from assistant.queries import RatesQuery, RentOrBuyQuery

    load = dlg.context.load
    if "utilization" in dlg.assumptions.changed:
        return _rent_at_use(dlg, query)  # "我只有周末用 每天10小时" then "一年下来多少钱": the hours said, rented
    if load is None:
        return query
    if any(s.key == "utilization" for s in query.settings) or query.usage_assumed:
        return query
    gpu, per_week = load
    names = {g.name for g in getattr(query, "gpus", ())}
    if isinstance(query, RentOrBuyQuery) and len(names) == 1 and names != {gpu} and query.hours_per_week is None:
        # "那买二手3090呢" after a month of renting a 4090: buying that card at the use the thread runs at
        said_other = ("thread_load_other", round(per_week / 7.0, 1), round(per_week, 1))
        return dataclasses.replace(query, hours_per_week=round(per_week, 1), usage_assumed=said_other)
    if names != {gpu}:
        return query
    said = ("thread_load", round(per_week / 7.0, 1), round(per_week, 1))  # the note: where the hours come from
    if isinstance(query, CostQuery) and query.kind in ("running", "tco") and query.hours_per_week is None:
        return dataclasses.replace(query, hours_per_week=round(per_week, 1), usage_assumed=said)
    if isinstance(query, RentOrBuyQuery) and query.hours_per_week is None:
        return dataclasses.replace(query, hours_per_week=round(per_week, 1), usage_assumed=said)
    if isinstance(query, RatesQuery) and query.mode == "rent" and query.period in _WEEKS_PER and not query.hours:
        hours = round(per_week * _WEEKS_PER[query.period], 1)
        return dataclasses.replace(query, hours=hours, usage_assumed=said)
    return query


def _rent_at_use(dlg: Dialogue, query: Query) -> Query:
    """A rent by the period ("一年下来多少钱", "and per month?") while the conversation says how many hours it uses a
    card (the utilization the user set): the hours of that use in the period, not the whole period around the clock."""
    from assistant.queries import RatesQuery

    if not (isinstance(query, RatesQuery) and query.mode == "rent" and query.period in _WEEKS_PER) or query.hours:
        return query
    if any(s.key == "utilization" for s in query.settings) or query.usage_assumed:
        return query
    per_week = dlg.assumptions.utilization * 168.0
    if per_week >= 167.5:
        return query  # around the clock: the period's hours, as asked
    return dataclasses.replace(query, hours=round(per_week * _WEEKS_PER[query.period], 1))
