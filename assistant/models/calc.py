"""A bill worked out from the quantities a question states (docs/model.md §cost.calc): every stated price is multiplied
by the stated quantities its unit is per, and the products are added.

Contract: `solve(said, asked, period, cards, defaults)` -> `Calc` | None. `said` are nlu/amounts.py amounts with
their money already in one currency; `asked` is "money" or "kWh"; `period` the period the figure is asked per (None:
the time stated); `cards` the cards named (1 when none); `defaults` the values the answer may lean on when the question
leaves one out, each shown as an assumption: "watts" (the cards' board power), "kwh_price" (the price in force),
"rent" (a rate of the answer's price list), "period" (the period a schedule is billed over when none is said).
A price per hour is per card when the question also counts cards ("4张3090 每小时1.3元"), said as an assumption; per
GPU-hour / "each" always is. Hours come from a time stated ("for 2.5 days straight", "3h20m"), else a schedule (hours a
day x days a week x weeks of the period), else round the clock over the period. None when no term can be formed or
the figure asked needs a factor that is neither said nor defaulted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol


class Amount(Protocol):
    """A stated quantity as nlu/amounts.py reads it (value, unit, what it is per, role)."""

    @property
    def value(self) -> float: ...
    @property
    def unit(self) -> str: ...
    @property
    def per(self) -> tuple[str, ...]: ...
    @property
    def role(self) -> str: ...


PERIOD_HOURS = {
    "hour": 1.0,
    "day": 24.0,
    "week": 168.0,
    "month": 730.0,
    "year": 8760.0,
}  # as respond/limits.py (8,760 h / 12)
RENT_PER = (("h",), ("gpu", "h"))


@dataclass(frozen=True)
class Factor:
    """One factor of a product as shown: what it is (`key`), its value and where it came from."""

    key: str  # cards | rate | hours | watts | kwh | price_kwh | gb | months | days | fee
    value: float
    source: str = "said"  # said | default | assumed


@dataclass(frozen=True)
class Term:
    """One product of the bill: a price times what it is per."""

    kind: str  # rent | energy | storage | fee | items
    factors: tuple[Factor, ...]
    value: float  # money, or kWh for an energy asked in kWh


@dataclass(frozen=True)
class Hours:
    """The hours the prices run for and how they were counted (shown as a line when there are several parts)."""

    value: float
    parts: tuple[tuple[str, float], ...]  # per_day, days_week, weeks, days | span | round_clock
    assumed: tuple[str, ...] = ()  # period (the period was not said), round_clock (no hours said at all)


@dataclass
class Calc:
    """The bill: its terms (added), the hours they run for, the period asked and the energy when one was counted."""

    asked: str
    terms: list[Term]
    hours: Hours | None
    period: str | None
    kwh: float | None = None
    assumed: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(t.value for t in self.terms)


def _first(said: Sequence[Amount], unit: str, per: tuple[str, ...] = (), role: str | None = None) -> Amount | None:
    return next((a for a in said if a.unit == unit and a.per == per and (role is None or a.role == role)), None)


def hours_of(said: Sequence[Amount], period: str | None, default_period: str | None) -> Hours | None:
    """The hours the stated prices run for (module docstring)."""
    period_said = period
    per_week = _first(said, "h", ("week",))
    if per_week is not None:  # "一周跑40小时": the hours a week x the weeks of the period
        period = period or default_period or "month"
        weeks = PERIOD_HOURS[period] / PERIOD_HOURS["week"]
        said_period = () if period == period_said else ("period",)
        return Hours(per_week.value * weeks, (("per_week", per_week.value), ("weeks", weeks)), said_period)
    per_day = _first(said, "h", ("day",))
    days_week = _first(said, "day", ("week",))
    span = _first(said, "h", (), "span")
    hd = per_day.value if per_day else None
    dw = days_week.value if days_week else 7.0
    if hd is None and days_week is not None:
        if span is None or span.value > 24:
            return None  # "weekends only" with no hours a day
        hd, span = span.value, None  # "工作日白天用8小时": the hours of each of those days
    if hd is not None:
        if span is not None and span.value >= 24:
            days = span.value / 24 * (dw / 7 if span.value >= PERIOD_HOURS["week"] else 1)
            return Hours(hd * days, (("per_day", hd), ("days", days)))
        assumed: tuple[str, ...] = ()
        if period is None:
            period, assumed = default_period or "month", ("period",)
        if period == "day":
            return Hours(hd, (("per_day", hd),), assumed)
        weeks = PERIOD_HOURS[period] / PERIOD_HOURS["week"]
        parts: tuple[tuple[str, float], ...] = (("per_day", hd), ("days_week", dw))
        parts += (("weeks", weeks),) if weeks != 1 else ()
        return Hours(hd * dw * weeks, parts, assumed)
    if span is not None:
        runs = _first(said, "runs")
        if runs is not None and runs.value > 1:  # "3 runs of 14 hours"
            return Hours(span.value * runs.value, (("runs", runs.value), ("span", span.value)))
        return Hours(span.value, (("span", span.value),))
    if period == "hour":
        return Hours(1.0, (("span", 1.0),))  # "4090一小时电费多少": one hour of it
    if period is not None:
        return Hours(PERIOD_HOURS[period], (("round_clock", PERIOD_HOURS[period]),), ("round_clock",))
    return None


def _months(period: str | None, hours: Hours | None) -> float:
    if period is not None:
        return PERIOD_HOURS[period] / PERIOD_HOURS["month"]
    return max(hours.value / PERIOD_HOURS["month"], 1.0) if hours else 1.0


def _ambiguous(said: Sequence[Amount]) -> bool:
    """Two prices of one unit (alternatives: respond/two_costs.py weighs them), two draws or two times: no one bill."""
    seen: set = set()
    for a in said:
        key: tuple | None = (a.unit, a.per, a.role) if a.unit == "money" and a.per else None
        if a.unit == "W" or (a.unit == "h" and a.role == "span"):
            key = (a.unit, a.role)
        if key is None:
            continue
        if key in seen and any(b.value != a.value for b in said if b is not a and b.unit == a.unit and b.per == a.per):
            return True
        seen.add(key)
    return False


def solve(said: Sequence[Amount], asked: str, period: str | None, cards: int, defaults: dict) -> Calc | None:
    if _ambiguous(said):
        return None
    hours = hours_of(said, period, defaults.get("period"))
    calc = Calc(asked, [], hours, period)
    rates = [a for a in said if a.unit == "money" and a.per]
    has_counted = any(a.unit == "gpu" for a in said) or cards > 1
    for rate in rates:
        term = _term(rate, said, calc, cards, has_counted, defaults)
        if term is None:
            return None
        calc.terms.append(term)
    unpriced = asked == "money" and not any(t.kind == "energy" for t in calc.terms) and defaults.get("kwh_price")
    if asked == "kWh" or (unpriced and _watts(said)):
        price = None if asked == "kWh" else (defaults["kwh_price"], "default")
        energy = _energy(said, calc, cards, defaults, price=price)
        if energy is not None and asked == "kWh":
            calc.terms = [energy]
        elif energy is not None and not any(t.kind == "rent" for t in calc.terms):
            calc.terms.append(energy)
    if asked == "money" and not calc.terms and defaults.get("rent") and hours is not None:
        rate, src = defaults["rent"], "default"
        calc.terms.append(_rent_term(rate, src, cards, hours))
    if not calc.terms or (asked == "kWh" and calc.kwh is None):
        return None
    return calc


def _watts(said: Sequence[Amount]) -> Amount | None:
    return _first(said, "W", role="")  # a power limit set is no draw


def _rent_term(rate: float, source: str, cards: int, hours: Hours, per_card_assumed: bool = False) -> Term:
    factors = [Factor("cards", cards, "assumed" if per_card_assumed else "said")] if cards > 1 else []
    factors += [Factor("rate", rate, source), Factor("hours", hours.value)]
    return Term("rent", tuple(factors), rate * cards * hours.value)


def _term(rate: Amount, said, calc: Calc, cards: int, counted: bool, defaults: dict) -> Term | None:
    hours = calc.hours
    if rate.per in RENT_PER or (rate.role == "each" and hours is not None):
        if hours is None:
            return None
        per_card_assumed = rate.per == ("h",) and cards > 1
        return _rent_term(rate.value, "said", cards if rate.per != ("h",) or counted else 1, hours, per_card_assumed)
    if rate.role == "each":
        return Term("items", (Factor("cards", cards), Factor("rate", rate.value)), rate.value * cards)
    if rate.per == ("kWh",):
        energy = _energy(said, calc, cards, defaults, price=(rate.value, "said"))
        return energy
    if rate.per == ("GB", "month"):
        gb = _first(said, "GB")
        if gb is None:
            return None
        months = _months(calc.period, hours)
        value = rate.value * gb.value * months
        return Term("storage", (Factor("rate", rate.value), Factor("gb", gb.value), Factor("months", months)), value)
    if rate.per == ("month",):
        months = _months(calc.period, hours)
        return Term("fee", (Factor("rate", rate.value), Factor("months", months)), rate.value * months)
    if rate.per == ("day",):
        days = (hours.value / 24) if hours is not None else None
        if days is None:
            return None
        return Term("fee", (Factor("rate", rate.value), Factor("days", days)), rate.value * days)
    return None


def _energy(said, calc: Calc, cards: int, defaults: dict, price: tuple[float, str] | None) -> Term | None:
    """kWh stated, else watts x hours (the stated draw, else the cards' board power); x the price when one is given."""
    stated_kwh = _first(said, "kWh")
    factors: list[Factor] = []
    if stated_kwh is not None:
        kwh = stated_kwh.value
        factors.append(Factor("kwh", kwh))
    else:
        watts = _watts(said)
        if calc.hours is None:
            return None
        if watts is not None:
            factors.append(Factor("watts", watts.value))
            draw = watts.value
        elif defaults.get("watts"):
            draw = defaults["watts"] * cards
            factors += [Factor("cards", cards)] if cards > 1 else []
            factors.append(Factor("watts", defaults["watts"], "default"))
        else:
            return None
        factors.append(Factor("hours", calc.hours.value))
        kwh = draw * calc.hours.value / 1000
    calc.kwh = kwh
    if price is None:
        return Term("energy", tuple(factors), kwh)
    return Term("energy", (*factors, Factor("price_kwh", price[0], price[1])), kwh * price[0])
