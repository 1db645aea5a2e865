"""A schedule of use said after a card's rental rate: "我每天跑5小时 跑半年", "i'd use it 6 hours a day for 3 months",
"每天跑5小时 跑3个月呢" after "autodl租a100一小时多少": the rent of the hours that schedule adds up to, at the rate
talked about (not a change of the ownership years, not an hour's rent again).

Contract: `rent_of_schedule(dlg, query)` -> the last question's RatesQuery (a rate or a rent of a card) asked
again as a rent of hours = the query's utilization setting (the share of the time the card runs) x the hours of
the span said (a years setting, `months`, or a period: periods.PERIOD_HOURS), keeping only the utilization among
the settings; `query` unchanged when it is no such follow-up (a SetQuery or FollowUpQuery with a use said in hours
per day or week and a span, and nothing else asked: no card, model or price of its own) or the last question rented
no card. After a rent-or-buy, the same schedule weighs it again at that use over that span (its utilization and
`months`), and a rent of a card asked right after it ("如果租4090呢，总共要花多少") is the rent of those hours.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.periods import CALENDAR_WEEKS, PERIOD_HOURS, hours_of
from assistant.queries import Query, RatesQuery, RentOrBuyQuery
from assistant.query_talk import FollowUpQuery, SetQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def rent_of_schedule(dlg: Dialogue, query: Query) -> Query:
    base = dlg.context.last_query
    if isinstance(base, RentOrBuyQuery):  # "租还是买4090" then "每天用4小时 用一年呢": weighed again at that use
        again = _rent_or_buy_again(base, query)
        if again is not query and isinstance(again, RentOrBuyQuery) and again.months and again.utilization:
            hours = round(again.utilization * 168.0 * CALENDAR_WEEKS["month"] * again.months, 1)  # as rent_total
            dlg.context.schedule_span = (hours, again.months * PERIOD_HOURS["month"])
        return again if again is not query else _total_of_schedule(dlg, query)
    if not isinstance(query, SetQuery | FollowUpQuery) or not isinstance(base, RatesQuery):
        return query
    if base.mode not in ("rates", "rent") or not any(g.name for g in base.gpus):
        return query
    said = _schedule(query) or _new_use(dlg, base, query)
    if said is None:
        return query
    use, span, kept = said
    hours = round(use * span, 1)  # the share of the span's hours the card runs
    dlg.context.schedule_span = (hours, span)
    return dataclasses.replace(base, text=query.text, mode="rent", hours=hours, settings=kept, work_of=None)


def _new_use(dlg: Dialogue, base: RatesQuery, query: Query) -> tuple[float, float, tuple] | None:
    """ "make it 10 hours a day" right after the rent of a schedule: the new use over the span said before (a use
    alone, no span of its own: a utilization setting and nothing else)."""
    known = dlg.context.schedule_span
    if known is None or base.hours != known[0] or not isinstance(query, SetQuery | FollowUpQuery):
        return None
    if isinstance(query, FollowUpQuery) and any(  # "按每天8小时算呢": the use, and nothing else asked
        getattr(query, k) for k in ("gpus", "model", "ask", "fields", "period", "amount", "hours_total", "months")
    ):
        return None
    if any(s.key != "utilization" for s in query.settings):
        return None
    use = next((float(s.value) for s in query.settings if s.key == "utilization" and s.value), None)
    return (use, known[1], query.settings) if use is not None else None


def _schedule(query) -> tuple[float, float, tuple] | None:
    """(share of the hours used, hours of the span, the utilization setting) a follow-up says ("我每天跑5小时 跑半年"),
    None when it names cards, a model or an ask of its own, or states no hours per period ("300 hours over 2 months":
    hours in all)."""
    if isinstance(query, FollowUpQuery) and (query.gpus or query.model or query.ask or query.fields):
        return None
    if not any(st.dim == "hours" and st.per for st in query.stated):
        return None
    use = next((float(s.value) for s in query.settings if s.key == "utilization" and s.value), None)
    span = _span_hours(query)
    if use is None or span is None:
        return None
    return use, span, tuple(s for s in query.settings if s.key == "utilization")


def _span_hours(query: Query) -> float | None:
    """The hours of the span the query says: a years setting ("跑半年", "for 3 months" read as ownership), its months,
    or its period ("for a month")."""
    years = next((float(s.value) for s in query.settings if s.key == "years" and s.value), None)
    if years is not None:
        return years * PERIOD_HOURS["year"]
    months = getattr(query, "months", None)
    if months:
        return float(months) * PERIOD_HOURS["month"]
    period = hours_of(getattr(query, "period", None))
    if period is not None:
        return period
    # "一天跑6小时 跑两周呢", "6h a day for 3 weeks": a stretch of time said, read as its hours (no hour word in it)
    spans = (st.value for st in query.stated if st.dim == "hours" and not st.per and not _HOUR_WORD.search(st.text))
    return next(spans, None)


_HOUR_WORD = re.compile(r"小时|钟头|\bh\b|hours?|hrs?|\d\s*h\b", re.IGNORECASE)


def reweighs(base: Query, query: Query) -> bool:
    """`query` is a schedule (a use over a span) that `rent_of_schedule` weighs the rent-or-buy `base` again at."""
    return isinstance(base, RentOrBuyQuery) and _rent_or_buy_again(base, query) is not query


def _rent_or_buy_again(base: RentOrBuyQuery, query: Query) -> Query:
    """A schedule said after a rent-or-buy: the rent-or-buy at that use, for as many months as the span."""
    said = _schedule(query) if isinstance(query, SetQuery | FollowUpQuery) or _use_alone(query) else None
    if said is None and _use_alone(query) and (months := _months_said(query.text)):
        # "i'd train maybe 2 hours a day for 6 months": a recommendation reading keeps no span; the months said
        use = next((float(s.value) for s in query.settings if s.key == "utilization" and s.value), None)
        kept = tuple(s for s in query.settings if s.key == "utilization")
        said = (use, months * PERIOD_HOURS["month"], kept) if use else None
    if said is None:
        return query
    use, span, kept = said
    months = round(span / PERIOD_HOURS["month"], 1)
    # the base's own text: which card it rents and which it buys is read from the verbs before them ("should i rent
    # an a100 or buy a 4090"), which a schedule said alone ("3 hours a day for a year") does not repeat
    return dataclasses.replace(base, utilization=use, hours_per_week=None, months=months, settings=kept)


def _use_alone(query: Query) -> bool:
    """A recommendation read from a use and its work alone ("i'd train maybe 2 hours a day for 6 months"): no budget,
    model, memory, vendor, count or list of its own, so nothing a search of the market would answer."""
    from assistant.queries import RecommendQuery

    if not isinstance(query, RecommendQuery):
        return False
    own = (query.budget_usd, query.model, query.params_b, query.min_memory_gb, query.vendor, query.sort, query.top_n)
    return all(v is None for v in own) and query.gpu_count == 1 and not query.which_one and not query.among


def _total_of_schedule(dlg: Dialogue, query: Query) -> Query:
    """ "如果租4090呢，总共要花多少", "what's the total if i rent a 4090" right after a rent-or-buy weighed at a
    schedule ("每天4小时 用半年"): the rent of the schedule's hours on the card named, not one run of its job."""
    known = dlg.context.schedule_span
    if known is None or not isinstance(query, RatesQuery) or query.mode not in ("rates", "rent") or query.hours:
        return query
    if not any(g.name for g in query.gpus) or query.period:
        return query
    return dataclasses.replace(query, mode="rent", hours=known[0], job_open=False, work_of=None)


_MONTHS = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:months?\b|个月)", re.IGNORECASE)


def _months_said(text: str) -> float | None:
    """The months of a span a recommendation reading kept no field for ("for 6 months", "用6个月")."""
    found = _MONTHS.findall(text)
    return float(found[0]) if len(found) == 1 and 0 < int(found[0]) <= 60 else None
