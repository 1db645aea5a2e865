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

from assistant.periods import PERIOD_HOURS


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
    @property
    def start(self) -> int: ...
    @property
    def scale(self) -> float: ...


RENT_PER = (("h",), ("gpu", "h"))
# an amount said per card ("$1.29 each") is an hourly rent only up to this (a single GPU rents for a few dollars or
# yuan an hour); above it it is what the card costs ("three 3090s at $700 apiece"), never a price per hour, and no
# part of a bill asked per period (the purchase is paid once)
EACH_RATE_MAX = 60.0


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
    parts: tuple[tuple[str, float], ...]  # per_day, days_week, weeks, days | span | round_clock | items, each_s ...
    assumed: tuple[str, ...] = ()  # period (the period was not said), round_clock (no hours said at all)
    clock: float | None = None  # the wall-clock hours the schedule spans (a machine idles the rest of them)


@dataclass
class Calc:
    """The bill: its terms (added), the hours they run for, the period asked and the energy when one was counted."""

    asked: str
    terms: list[Term]
    hours: Hours | None
    period: str | None
    kwh: float | None = None
    assumed: list[str] = field(default_factory=list)
    draw: tuple[tuple[str, float], ...] = ()  # the parts of a draw added up (cards x W each, + the rest)
    items: tuple[float, str] | None = None  # the figure is for N items of a kind ("per 1000 images")
    also_kwh: bool = False  # the energy was asked too ("一年多少度电 多少钱")

    @property
    def total(self) -> float:
        return sum(t.value for t in self.terms)


def _first(said: Sequence[Amount], unit: str, per: tuple[str, ...] = (), role: str | None = None) -> Amount | None:
    return next((a for a in said if a.unit == unit and a.per == per and (role is None or a.role == role)), None)


def work_hours(said: Sequence[Amount]) -> Hours | None:
    """The time a stated amount of work takes: N items x the time of one ("1000 images, 12 s each"), N items / a
    speed ("1M tokens at 90 tok/s"), hours of media / a speed-up over real time ("300 h of audio at 40x")."""
    items = _first(said, "item")
    each = next((a for a in said if a.unit == "h" and a.per == ("item",)), None)
    speed = next((a for a in said if a.unit == "item" and a.per == ("s",)), None)
    if items is not None and each is not None:
        return Hours(items.value * each.value, (("items", items.value), ("each_s", each.value * 3600)))
    if items is not None and speed is not None:
        return Hours(items.value / speed.value / 3600, (("items", items.value), ("speed", speed.value)))
    media, fast = _first(said, "h", role="media"), _first(said, "x", role="realtime")
    if media is not None and fast is not None and fast.value > 0:
        return Hours(media.value / fast.value, (("media", media.value), ("realtime", fast.value)))
    return None


def hours_of(said: Sequence[Amount], period: str | None, default_period: str | None) -> Hours | None:
    """The hours the stated prices run for (module docstring), with a margin stated ("plus 20% buffer") on top."""
    hours = work_hours(said) or _hours_of(said, period, default_period)
    buffer = _first(said, "share", role="buffer")
    if hours is None or buffer is None:
        return hours
    factor = 1 + buffer.value
    return Hours(hours.value * factor, (*hours.parts, ("buffer", factor)), hours.assumed, hours.clock)


def _hours_of(said: Sequence[Amount], period: str | None, default_period: str | None) -> Hours | None:
    period_said = period
    per_week = _first(said, "h", ("week",))
    stretch = _first(said, "h", (), "span")
    if per_week is not None and period is None and stretch is not None and stretch.value >= PERIOD_HOURS["week"]:
        weeks = stretch.value / PERIOD_HOURS["week"]  # "8 hours a week for 6 weeks", a 15-week semester said
        return Hours(per_week.value * weeks, (("per_week", per_week.value), ("weeks", weeks)), clock=stretch.value)
    if per_week is not None:  # "一周跑40小时": the hours a week x the weeks of the period
        period = period or default_period or "month"
        weeks = PERIOD_HOURS[period] / PERIOD_HOURS["week"]
        said_period = () if period == period_said else ("period",)
        weekly = (("per_week", per_week.value), ("weeks", weeks))
        return Hours(per_week.value * weeks, weekly, said_period, PERIOD_HOURS[period])
    per_day = _first(said, "h", ("day",))
    days_week = _first(said, "day", ("week",))
    if per_day is not None and per_day.value < 24 and any(a.role == "continuous" for a in said):
        return None  # "games 2h a day ... how much for running it 24/7 instead": two schedules, no one bill
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
            return Hours(hd * days, (("per_day", hd), ("days", days)), clock=span.value)
        assumed: tuple[str, ...] = ()
        if period is None:
            period, assumed = default_period or "month", ("period",)
        if period == "day":
            return Hours(hd, (("per_day", hd),), assumed, 24.0)
        weeks = PERIOD_HOURS[period] / PERIOD_HOURS["week"]
        parts: tuple[tuple[str, float], ...] = (("per_day", hd), ("days_week", dw))
        parts += (("weeks", weeks),) if weeks != 1 else ()
        return Hours(hd * dw * weeks, parts, assumed, PERIOD_HOURS[period])
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
    """Two prices of one unit (alternatives: respond/two_costs.py weighs them), two draws or two times: no one bill.
    Two times are no alternatives when as many prices need a time (each takes the time said nearest it: "2TB for a
    month at $0.07/GB/mo plus an h100 for 40 hrs at $2.69")."""
    seen: set = set()
    timed = sum(1 for a in said if a.unit == "money" and a.per in (*RENT_PER, ("GB", "month")))
    for a in said:
        key: tuple | None = (a.unit, a.per, a.role) if a.unit == "money" and a.per else None
        if (a.unit == "W" and a.role in ("", "each")) or (a.unit == "h" and a.role == "span" and timed < 2):
            key = (a.unit, a.role)
        if key is None:
            continue
        if key in seen and any(
            b.value != a.value for b in said if b is not a and (b.unit, b.per, b.role) == (a.unit, a.per, a.role)
        ):
            return True
        seen.add(key)
    return False


def _nearest(said: Sequence[Amount], rate: Amount, unit: str, role: str | None = None) -> Amount | None:
    """The amount of a unit said nearest a price (one per price when several are said)."""
    found = [a for a in said if a.unit == unit and not a.per and (role is None or a.role == role)]
    return min(found, key=lambda a: abs(a.start - rate.start)) if found else None


def solve(said: Sequence[Amount], asked: str, period: str | None, cards: int, defaults: dict) -> Calc | None:
    if _ambiguous(said):
        return None
    hours = hours_of(said, period, defaults.get("period"))
    calc = Calc(asked, [], hours, period)
    items = _first(said, "item")
    if items is not None and work_hours(said) is not None or any(a.per == ("item",) for a in said if a.unit == "money"):
        calc.items = (items.value, items.role) if items is not None else None
    rates = [a for a in said if a.unit == "money" and a.per]
    has_counted = any(a.unit == "gpu" for a in said) or cards > 1
    for rate in rates:
        if rate.role == "each" and rate.value > EACH_RATE_MAX and period:
            continue  # "three 3090s at $700 apiece, whats my monthly bill": the cards' price is no part of it
        if rate.per == ("kWh",):
            energy = _energy(said, calc, cards, defaults, price=(rate.value, "said"))
            if not energy:
                return None
            calc.terms += energy
            continue
        term = _term(rate, said, calc, cards, has_counted, defaults)
        if term is None:
            return None
        calc.terms.append(term)
    parts = [a for a in said if a.unit == "money" and not a.per and a.role in ("part", "")]
    bought = all(t.kind == "items" for t in calc.terms) and (len(parts) >= 2 or bool(calc.terms))
    if asked == "money" and parts and bought:
        calc.terms += [Term("part", (Factor("rate", p.value),), p.value) for p in parts]  # "电源1500 主板6000"
    unpriced = asked == "money" and not any(t.kind == "energy" for t in calc.terms) and defaults.get("kwh_price")
    if asked == "kWh" or (unpriced and _watts(said)):
        price = None if asked == "kWh" else (defaults["kwh_price"], "default")
        energy = _energy(said, calc, cards, defaults, price=price)
        if energy and asked == "kWh":
            calc.terms = energy
        elif energy and not any(t.kind == "rent" for t in calc.terms):
            calc.terms += energy
    if asked == "money" and not calc.terms and defaults.get("rent") and hours is not None:
        rate, src = defaults["rent"], "default"
        calc.terms.append(_rent_term(rate, src, cards, hours))
    if not calc.terms or (asked == "kWh" and calc.kwh is None):
        return None
    return calc


def _idle(said: Sequence[Amount]) -> Amount | None:
    return next((a for a in said if a.unit == "W" and a.role in ("idle", "idle_each")), None)


def _watts(said: Sequence[Amount]) -> Amount | None:
    """The draw at work (per card or in all); None when only an idle draw, a limit or the rest is said."""
    return next((a for a in said if a.unit == "W" and a.role in ("", "each")), None)  # a limit set is no draw


def _draw(said: Sequence[Amount], cards: int, defaults: dict) -> tuple[float, tuple[tuple[str, float], ...], str]:
    """(watts, its parts, source): the draw stated (per card x the cards, + the rest of the machine), else the
    cards' board power (+ the rest stated); 0 when neither."""
    watts, rest = _watts(said) or _idle(said), _first(said, "W", role="rest")
    parts: tuple[tuple[str, float], ...] = ()
    source = "said"
    if watts is not None and watts.role in ("each", "idle_each"):
        parts, total = (("cards", float(cards)), ("each", watts.value)), watts.value * cards
    elif watts is not None:
        parts, total = (("watts", watts.value),), watts.value
    elif defaults.get("watts"):
        each = float(defaults["watts"])
        parts = (("cards", float(cards)), ("each", each)) if cards > 1 else (("watts", each),)
        total, source = each * cards, "default"
    else:
        return 0.0, (), "said"
    if rest is not None:
        parts, total = (*parts, ("rest", rest.value)), total + rest.value
    return total, parts, source


def _rent_term(rate: float, source: str, cards: int, hours: Hours, per_card_assumed: bool = False) -> Term:
    factors = [Factor("cards", cards, "assumed" if per_card_assumed else "said")] if cards > 1 else []
    factors += [Factor("rate", rate, source), Factor("hours", hours.value)]
    return Term("rent", tuple(factors), rate * cards * hours.value)


def _hours_near(said, rate: Amount, calc: Calc) -> Hours | None:
    """The hours of this price: the time said nearest it when several times are said, else the bill's hours."""
    spans = [a for a in said if a.unit == "h" and a.role == "span" and not a.per]
    if len(spans) < 2:
        return calc.hours
    span = _nearest(said, rate, "h", "span")
    return Hours(span.value, (("span", span.value),)) if span is not None else None


def _term(rate: Amount, said, calc: Calc, cards: int, counted: bool, defaults: dict) -> Term | None:
    hours = _hours_near(said, rate, calc)
    if rate.role == "each" and rate.value > EACH_RATE_MAX:  # "three 3090s at $700 apiece": what a card cost
        return Term("items", (Factor("cards", cards), Factor("rate", rate.value)), rate.value * cards)
    if rate.per in RENT_PER or (rate.role == "each" and hours is not None):
        if hours is None:
            return None
        per_card_assumed = rate.per == ("h",) and cards > 1
        return _rent_term(rate.value, "said", cards if rate.per != ("h",) or counted else 1, hours, per_card_assumed)
    if rate.role == "each":
        return Term("items", (Factor("cards", cards), Factor("rate", rate.value)), rate.value * cards)
    if rate.per == ("item",):
        if calc.items is None:
            return None
        n = calc.items[0]
        return Term(
            "usage",
            (Factor("rate_items", rate.value, f"{rate.scale:g}"), Factor("items", n)),
            rate.value * n / rate.scale,
        )
    if rate.per in (("GB", "month"), ("GB",)):
        gb = _nearest(said, rate, "GB")
        if gb is None:
            return None
        if rate.per == ("GB",):  # "$0.20/GB egress for 500GB": once
            return Term("transfer", (Factor("rate_gb", rate.value), Factor("gb", gb.value)), rate.value * gb.value)
        months = _months(calc.period, hours)
        value = rate.value * gb.value * months
        return Term("storage", (Factor("rate", rate.value), Factor("gb", gb.value), Factor("months", months)), value)
    if rate.per == ("month",):
        months = _months(calc.period, hours if rate.role != "plan" else None)
        return Term("fee", (Factor("rate", rate.value), Factor("months", months)), rate.value * months)
    if rate.per == ("day",):
        days = (hours.value / 24) if hours is not None else None
        if days is None:
            return None
        return Term("fee", (Factor("rate", rate.value), Factor("days", days)), rate.value * days)
    return None


def _energy(said, calc: Calc, cards: int, defaults: dict, price: tuple[float, str] | None) -> list[Term] | None:
    """kWh stated, else watts x hours (the stated draw, else the cards' board power; the rest of the machine added;
    an idle draw over the rest of the period's clock hours); x the price when one is given."""
    stated_kwh = _first(said, "kWh")
    out: list[tuple[str, list[Factor], float]] = []
    if stated_kwh is not None:
        out.append(("energy", [Factor("kwh", stated_kwh.value)], stated_kwh.value))
    else:
        draw, parts, source = _draw(said, cards, defaults)
        if calc.hours is None or not draw:
            return None
        calc.draw = parts if len(parts) > 1 else ()
        out.append(
            (
                "energy",
                [Factor("watts", draw, source), Factor("hours", calc.hours.value)],
                draw * calc.hours.value / 1000,
            )
        )
        idle = _idle(said) if _watts(said) is not None else None  # an idle draw alone is the draw
        clock = PERIOD_HOURS[calc.period] if calc.period and calc.period != "hour" else calc.hours.clock
        if idle is not None and clock and clock > calc.hours.value:
            rest, w = clock - calc.hours.value, idle.value * (cards if idle.role == "idle_each" else 1)
            out.append(("idle", [Factor("watts", w), Factor("hours", rest)], w * rest / 1000))
    calc.kwh = sum(kwh for _k, _f, kwh in out)
    if price is None:
        return [Term(kind, tuple(f), kwh) for kind, f, kwh in out]
    return [Term(kind, (*f, Factor("price_kwh", price[0], price[1])), kwh * price[0]) for kind, f, kwh in out]
