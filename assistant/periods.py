"""The one table of periods a figure can be asked or billed per: how many hours, weeks and years each one is. It sits
below every layer (nlu, dialogue, models and respond are siblings that may not import each other; all read it).

Contract: `PERIOD_HOURS[name]` the hours of a period (a month is 730 h = 8,760 / 12, a year 8,760 h = 365 days;
docs/model.md §cost.period); `hours_of(name)` / `weeks_of(name)` / `years_of(name)` the same as hours, weeks (of 168 h)
and years (of 8,760 h), None for a name not in the table; `CALENDAR_WEEKS[name]` the weeks of USE a period holds when
a schedule said by the week is spread over it (a year of 52 weeks, a month of 52 / 12: the tagger's and the usage
reader's convention, a little under 730 / 168). Periods: hour, day, week, month, quarter (3 months), semester (an
academic term taken as SEMESTER_WEEKS weeks [A], said in the answer) and year.
`ASKED` are the periods a cost or a rent can be asked per (not an hour), `ASKED_HOURS` their hours, `ASKED_YEARS`
their share of a year. Pure data, no I/O.
"""

from __future__ import annotations

HOURS_PER_DAY = 24.0
HOURS_PER_WEEK = 168.0
HOURS_PER_YEAR = 8760.0
HOURS_PER_MONTH = HOURS_PER_YEAR / 12.0  # 730
WEEKS_PER_YEAR = 52.0
# an academic term ("per semester", "一个学期"): 18 weeks, about 4 months [A] — US terms run about 15-16 weeks of
# classes plus exams, Chinese 学期 about 18-20 weeks; the answer says the weeks it used and a length said wins
SEMESTER_WEEKS = 18.0

PERIOD_HOURS: dict[str, float] = {
    "hour": 1.0,
    "day": HOURS_PER_DAY,
    "week": HOURS_PER_WEEK,
    "month": HOURS_PER_MONTH,
    "quarter": 3 * HOURS_PER_MONTH,
    "semester": SEMESTER_WEEKS * HOURS_PER_WEEK,
    "year": HOURS_PER_YEAR,
}
ASKED = ("day", "week", "month", "quarter", "semester", "year")
ASKED_HOURS = {name: PERIOD_HOURS[name] for name in ASKED}  # the hours of each period a figure is asked per
ASKED_YEARS = {name: hours / HOURS_PER_YEAR for name, hours in ASKED_HOURS.items()}  # each as a share of a year
CALENDAR_WEEKS: dict[str, float] = {
    "day": 1 / 7,
    "week": 1.0,
    "month": WEEKS_PER_YEAR / 12.0,
    "quarter": WEEKS_PER_YEAR / 4.0,
    "semester": SEMESTER_WEEKS,
    "year": WEEKS_PER_YEAR,
}


def hours_of(name: str | None) -> float | None:
    return PERIOD_HOURS.get(name or "")


def weeks_of(name: str | None) -> float | None:
    """Weeks of 168 hours in the period (a month 730 / 168)."""
    hours = hours_of(name)
    return hours / HOURS_PER_WEEK if hours is not None else None


def years_of(name: str | None) -> float | None:
    """The period as a share of a year of 8,760 hours (a month 1 / 12, a day 1 / 365)."""
    hours = hours_of(name)
    return hours / HOURS_PER_YEAR if hours is not None else None
