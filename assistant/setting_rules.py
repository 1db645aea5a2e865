"""One validation of every user setting, shared by the command-line flags, the chat and the TUI panel.

Contract: `RANGES[key]` is the accepted range of each numeric setting; `in_range(key, number)`
says whether a number is finite and inside it; `check(key, text_or_number)` parses a flag or
panel value ("15%", "$1,200", "0.30") and returns the number, or raises `BadSetting` with a
one-line English message naming the range. `price_plausible(usd, known_usd)` says whether a
price override lies between `PRICE_FLOOR` and `PRICE_CEILING` times the known price (an
implausible one is applied only when the user confirms it). Nothing here stores anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Range:
    """The values a setting accepts: a low and a high bound, the low one included or not."""

    low: float
    high: float
    low_included: bool
    label: str
    words: str  # the range in words, for messages

    def holds(self, number: float) -> bool:
        above = number >= self.low if self.low_included else number > self.low
        return math.isfinite(number) and above and number <= self.high


RANGES = {
    # $0 is free electricity ("free power at the dorm", "电费不要钱"): a price, not a missing one
    "electricity_usd_per_kwh": Range(0.0, 5.0, True, "the electricity price", "from $0 (free) to $5 per kWh"),
    "utilization": Range(0.0, 1.0, True, "utilization", "between 0 and 100 %"),
    "years": Range(0.1, 30.0, True, "years of ownership", "between 0.1 and 30 years"),
    "budget_usd": Range(1.0, 100_000_000.0, True, "the budget", "between $1 and $100,000,000"),
    "cny_per_usd": Range(0.1, 100.0, True, "the exchange rate", "between 0.1 and 100 yuan per dollar"),
    "price_override": Range(0.01, 10_000_000.0, True, "a GPU price", "between $0.01 and $10,000,000"),
}
PRICE_FLOOR, PRICE_CEILING = 0.01, 10.0  # a price override outside 1 % .. 10x the known price needs a "yes, really"


class BadSetting(ValueError):
    """A value outside its range or not a number; the message is one line fit for the user."""


def in_range(key: str, number: object) -> bool:
    if key not in RANGES:
        return True
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        return False
    return RANGES[key].holds(float(number))


def _parse(key: str, raw: str | float) -> float:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return float(raw)
    text = str(raw).strip().replace(",", "").replace("$", "")
    percent = text.endswith("%")
    try:
        number = float(text.rstrip("%").strip())
    except ValueError:
        raise BadSetting(f"{raw!r} is not a number") from None
    if percent:
        number /= 100
    return number


def check(key: str, raw: str | float) -> float:
    rule = RANGES[key]
    try:
        number = _parse(key, raw)
    except BadSetting as exc:
        raise BadSetting(f"{exc}: {rule.label} must be {rule.words}") from None
    if not math.isfinite(number):
        raise BadSetting(f"{raw} is not a finite number: {rule.label} must be {rule.words}")
    if not in_range(key, number):
        raise BadSetting(f"{raw} is out of range: {rule.label} must be {rule.words}")
    return number


def price_plausible(usd: float, known_usd: float | None) -> bool:
    if not in_range("price_override", usd):
        return False
    return known_usd is None or known_usd <= 0 or PRICE_FLOOR * known_usd <= usd <= PRICE_CEILING * known_usd
