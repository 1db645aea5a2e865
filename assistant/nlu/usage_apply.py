"""The question's usage (nlu/usage_reader.py) put into the query that answers with it: one place, so every consumer
(running cost, TCO, rent or buy, payback, the bill's period) reads the same hours, and the answer says where they come
from (respond/usage_note.py reads `Query.usage`).

Contract: `with_usage(query, usage)` -> the query with `usage` set and, when the query weighs hours of use (a running
cost or TCO, a rent-or-buy; a rent billed by the period asked gets the hours of that use in the period) and the usage
differs from what it carries, its hours a week and its utilization setting
(the engine applies the setting to the conversation, so the answer's assumptions line shows it too) replaced by the
usage's; its `usage_assumed` (the tagger's one-class note) dropped then, the usage's own note says more. A usage of a
single number said ("10 hours a week") changes nothing. Queries that do not weigh use, clarifications, and a card on
but idle (its powered hours are CostQuery's own) are returned unchanged. Never raises.
"""

from __future__ import annotations

import dataclasses

from assistant.periods import CALENDAR_WEEKS
from assistant.queries import (
    Clarification,
    CompareQuery,
    CostQuery,
    FitQuery,
    Query,
    RatesQuery,
    RecommendQuery,
    RentOrBuyQuery,
    RigQuery,
    Setting,
    Usage,
)
from assistant.query_terms import UsagePart

_COST_KINDS = ("running", "tco", None)
_WEEKS = CALENDAR_WEEKS  # weeks of use in a period


def with_usage(query: Query, usage: Usage | None) -> Query:
    if usage is None or not weighs_use(query):
        return query
    if isinstance(query, RatesQuery):
        if usage.assumed and all(p.kind == "shared" for p in usage.parts):
            return query  # "课题组要租8卡H100训练一个月": a group's rent of a period is all of it, no shared half
        return _rent_of_period(query, usage)
    if isinstance(query, CompareQuery):  # "a5000 vs 3090 for a colo box": the electricity rows at that use
        return _compared_at(query, usage)
    usage = shared_by_cards(query, usage)
    if usage.on_per_week is not None:  # a home server: billed at its load and idle draw; rented or bought, it is up
        if isinstance(query, CostQuery):  # all week (the service must be), so rent-or-buy weighs the hours it is on
            query = dataclasses.replace(query, powered_hours_per_week=usage.on_per_week)
        else:
            usage = Usage(usage.on_per_week, usage.parts[:1])
    query = dataclasses.replace(query, usage=usage)
    if any(p.kind == "clock" for p in usage.parts):  # "from 7pm till midnight most weekdays": a day's span of use,
        query = dataclasses.replace(query, clock=None, deadline_asked=None)  # not a job's start and deadline
        if query.asked_figure == "clock":
            query = dataclasses.replace(query, asked_figure=None)
    carried = getattr(query, "hours_per_week", None)
    if carried is None:
        carried = next((float(s.value) * 168.0 for s in query.settings if s.key == "utilization"), None)  # type: ignore[arg-type]
    if carried is not None and abs(carried - usage.per_week) < 0.05:
        if query.usage_assumed and not usage.assumed:  # "9:30am to 5:30pm every weekday": said, not assumed
            return dataclasses.replace(query, usage=usage, usage_assumed=None)
        return query  # the same hours (a single number said, or read the same way): nothing to replace
    if usage.per_week <= 0:
        return query
    share = min(usage.per_week / 168.0, 1.0)
    settings = tuple(s for s in query.settings if s.key != "utilization") + (Setting("utilization", share),)
    hours = {"hours_per_week": round(usage.per_week, 2), "utilization": None}
    return dataclasses.replace(query, settings=settings, usage_assumed=None, **hours)  # type: ignore[arg-type]


def shared_by_cards(query: Query, usage: Usage) -> Usage:
    """People who each use a machine of several cards share its cards: their hours in all spread over them ("10个人
    每人每天4小时 一台4卡服务器": 280 h a week over 4 cards, 70 h on each, not one card's whole week)."""
    cards = sum(g.count for g in getattr(query, "gpus", ()) or ())
    if usage.people_hours is None or cards <= 1:
        return usage
    each = round(min(usage.people_hours / cards, 168.0), 2)
    parts = (*usage.parts, UsagePart("cards", float(cards), ""))
    return Usage(each, parts, on_per_week=usage.on_per_week, people_hours=usage.people_hours)


def capacity_asked(query: Query, tags, text: str, lex) -> Query:
    """People who each use a shared machine, and whether its cards are enough asked ("4 of us ~3 h each on one 3090,
    is one card enough or do we need two", "五个人 每人每天四小时 一台四卡够不够用"; lexicon capacity_ask_words): the
    usage, its people and the machine's cards (a part "cards" of kind "capacity") on the query, for the capacity lead
    (respond/capacity.py). Other queries unchanged."""
    from assistant.nlu.usage_reader import read_usage

    if isinstance(query, Clarification):
        return query
    if not (lex.words_in("capacity_ask_words", text.lower()) or getattr(query, "asked_figure", None) == "count"):
        return query  # (a count asked: "how many 4090s would we need" for people who each use one some hours)
    usage = getattr(query, "usage", None) or read_usage(tags, text, lex)
    if usage is None or usage.people_hours is None:
        return query
    cards = sum(g.count for g in getattr(query, "gpus", ()) or ()) or next(
        (int(t.value) for t in tags if t.kind == "COUNT" and isinstance(t.value, int)), 1
    )
    parts = tuple(p for p in usage.parts if p.what != "cards") + (
        UsagePart("cards", float(cards), "", kind="capacity"),
    )
    share = min(usage.people_hours / cards / 168.0, 1.0)  # each card's share of the week, kept for the conversation
    settings = tuple(s for s in query.settings if s.key != "utilization") + (Setting("utilization", share),)
    usage = dataclasses.replace(usage, per_week=round(share * 168.0, 2), parts=parts)
    return dataclasses.replace(query, usage=usage, settings=settings)


def rent_of_job(query: Query, tags, text: str) -> Query:
    """A rent weighed against buying with no buying said, over a job's stretch or a term ("renting an a100 for a 6 week
    project, 5 hrs a day on weekdays. total cost on runpod?", "a 14-week semester ... on a rented 4090, total cloud
    bill"): the rent of that job (RatesQuery, mode rent; over_job gives its hours). Other queries unchanged."""
    from assistant.nlu.schedule import job_weeks

    if not isinstance(query, RentOrBuyQuery) or any(t.kind == "BUY" for t in tags) or query.rent_rate is not None:
        return query
    if not query.gpus or job_weeks(text.lower()) is None:
        return query
    return RatesQuery(
        text=query.text,
        gpus=query.gpus,
        provider=query.provider,
        mode="rent",
        settings=query.settings,
        unrecognized=query.unrecognized,
        boards=query.boards,
        targets=query.targets,
        usage=query.usage,
    )


def over_job(query: Query, usage: Usage | None, weeks: float | None, words: str = "") -> Query:
    """A rent at the question's use over the stretch a job lasts ("租autodl 4090 跑一个6周的项目 每天大概5小时": 35 h
    a week x 6 weeks = 210 h), when the rent's hours are its use of one period (or none)."""
    if not isinstance(query, RatesQuery) or query.mode != "rent" or usage is None or not weeks:
        return query
    if usage.per_week <= 0 or usage.per_week >= 168.0 and not usage.assumed:
        return query
    hours = round(usage.per_week * weeks, 1)
    usage = dataclasses.replace(usage, parts=(*usage.parts, UsagePart("weeks", round(weeks, 1), words, kind="stretch")))
    return dataclasses.replace(query, hours=hours, period=None, usage=usage, usage_assumed=None)


def carried(query: Query, usage: Usage | None) -> Query:
    """One half of a two-part question with the whole question's usage, when the half says none of its own
    ("租4090一天24小时跑一个月 autodl多少钱 自己买划算吗": the buy half at 24 h a day, not the desk default)."""
    if usage is None or not isinstance(query, Query) or getattr(query, "usage", None) is not None:
        return query
    if any(s.key == "utilization" for s in query.settings) or getattr(query, "hours_per_week", None):
        return query
    return with_usage(query, usage)


def _rent_of_period(query: RatesQuery, usage: Usage) -> Query:
    """A rent billed by the period at the question's use ("rent an h100 overnight every night for a month"): the
    hours of that use in the period, when the usage is more than one number said (that one the reader already has)."""
    if len(usage.parts) == 1 and not usage.assumed and not usage.parts[0].kind:
        return query
    hours = usage.per_week * _WEEKS[query.period or ""]
    if query.hours is not None and abs(query.hours - hours) < 0.5:
        return query  # read the same way already ("工作日白天用8小时 一个月"): nothing to replace or to say
    return dataclasses.replace(query, usage=usage, hours=hours, usage_assumed=None)


def _compared_at(query: CompareQuery, usage: Usage) -> Query:
    """Two cards compared where the question says how much they run in more than one number said: the utilization
    setting at that use (the compare answer's electricity reads it), and the usage for the note."""
    plain = len(usage.parts) == 1 and not usage.assumed and not usage.parts[0].kind
    if plain or usage.per_week <= 0:
        return query
    share = min(usage.per_week / 168.0, 1.0)
    settings = tuple(s for s in query.settings if s.key != "utilization") + (Setting("utilization", share),)
    return dataclasses.replace(query, settings=settings, usage=usage, usage_assumed=None)


def weighs_use(query) -> bool:
    """Does the query weigh hours of use (a running cost or TCO of cards, a rent-or-buy)?"""
    if isinstance(query, (RentOrBuyQuery, CompareQuery)):
        return True
    if isinstance(query, RatesQuery):  # a rent by the period asked ("for a month"), its hours from the use
        return query.mode == "rent" and query.period in _WEEKS and not query.hours_per_day
    return isinstance(query, CostQuery) and query.kind in _COST_KINDS and query.powered_hours_per_week is None


def picked_for_use(query, tags, text: str, lex):
    """A pick, a build, a fit or a comparison for a use said as a situation ("想搞一台常开的推理机", "an always-on home
    server", "课题组想本地部署kimi k2"): that use on the query (Query.usage), which the thread keeps for the bill asked
    next (dialogue/thread_use.py); a use stated in hours is a setting already."""
    if not isinstance(query, (RecommendQuery, RigQuery, FitQuery, CompareQuery)):
        return query
    if any(s.key == "utilization" for s in query.settings):
        return query
    from assistant.nlu.usage_reader import read_usage

    usage = read_usage(tags, text, lex)
    if usage is None or not usage.assumed:
        return query
    return dataclasses.replace(query, usage=usage)
