"""The question's usage (nlu/usage_reader.py) put into the query that answers with it: one place, so every consumer
(running cost, TCO, rent or buy, payback, the bill's period) reads the same hours, and the answer says where they come
from (respond/usage_note.py reads `Query.usage`).

Contract: `with_usage(query, usage)` -> the query with `usage` set and, when the query weighs hours of use (a running
cost or TCO, a rent-or-buy) and the usage differs from what it carries, its hours a week and its utilization setting
(the engine applies the setting to the conversation, so the answer's assumptions line shows it too) replaced by the
usage's; its `usage_assumed` (the tagger's one-class note) dropped then, the usage's own note says more. A usage of a
single number said ("10 hours a week") changes nothing. Queries that do not weigh use, clarifications, and a card on
but idle (its powered hours are CostQuery's own) are returned unchanged. Never raises.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import CostQuery, Query, RentOrBuyQuery, Setting, Usage

_COST_KINDS = ("running", "tco", None)


def with_usage(query: Query, usage: Usage | None) -> Query:
    if usage is None or not weighs_use(query):
        return query
    query = dataclasses.replace(query, usage=usage)
    if any(p.kind == "clock" for p in usage.parts):  # "from 7pm till midnight most weekdays": a day's span of use,
        query = dataclasses.replace(query, clock=None, deadline_asked=None)  # not a job's start and deadline
        if query.asked_figure == "clock":
            query = dataclasses.replace(query, asked_figure=None)
    carried = getattr(query, "hours_per_week", None)
    if carried is None:
        carried = next((float(s.value) * 168.0 for s in query.settings if s.key == "utilization"), None)  # type: ignore[arg-type]
    if carried is not None and abs(carried - usage.per_week) < 0.05:
        return query  # the same hours (a single number said, or read the same way): nothing to replace
    if usage.per_week <= 0:
        return query
    share = min(usage.per_week / 168.0, 1.0)
    settings = tuple(s for s in query.settings if s.key != "utilization") + (Setting("utilization", share),)
    hours = {"hours_per_week": round(usage.per_week, 2), "utilization": None}
    return dataclasses.replace(query, settings=settings, usage_assumed=None, **hours)  # type: ignore[arg-type]


def carried(query: Query, usage: Usage | None) -> Query:
    """One half of a two-part question with the whole question's usage, when the half says none of its own
    ("租4090一天24小时跑一个月 autodl多少钱 自己买划算吗": the buy half at 24 h a day, not the desk default)."""
    if usage is None or not isinstance(query, Query) or getattr(query, "usage", None) is not None:
        return query
    if any(s.key == "utilization" for s in query.settings) or getattr(query, "hours_per_week", None):
        return query
    return with_usage(query, usage)


def weighs_use(query) -> bool:
    """Does the query weigh hours of use (a running cost or TCO of cards, a rent-or-buy)?"""
    if isinstance(query, RentOrBuyQuery):
        return True
    return isinstance(query, CostQuery) and query.kind in _COST_KINDS and query.powered_hours_per_week is None
