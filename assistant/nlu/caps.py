"""A limit the user states to compare a machine against: "landlord caps me at 300 kwh a month", "宿舍限电800w", "my
ups is 1500va / 900w", "每月限额300度"; `money_cap(r)`: an amount to spend at most ("our lab has $500/month for cloud",
"一个月电费就想花100块").

Contract: `cap_of(text, lex)` -> `Cap | None`. A cap is an amount with its unit (W, VA or kWh; "度" is a kWh) said
within CAP_GAP characters after a word of lexicon [lists] form_cap ("caps me at", "限电", "ups", "限额") or right
before a word of form_cap_after ("800w limit", "300 kwh cap"). A kWh cap takes the period said with it ("a month",
"每月"; a month when none is). A card's own power limit is not a cap: an amount after a word of
[lists] card_limit_words ("power limit it to 300w", "限功耗到300w") is skipped. A UPS said with both its VA and its W
rating ("1500va / 900w") is capped by the watts; with the VA alone the answer converts it (respond/limits.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from assistant.nlu.patterns import compiled

if TYPE_CHECKING:
    from assistant.nlu.lexicon import Lexicon
    from assistant.nlu.reading import Reading

CAP_GAP = 24  # characters between a cap word and its amount ("caps me at 300 kwh", "一个插座最多800瓦")
_AMOUNT = re.compile(
    r"(?<![a-z0-9.,])(\d[\d,]*(?:\.\d+)?)\s*(kwh|kw h|kilowatt[- ]?hours?|度电|度|va|w|watts?|瓦)(?![a-z])",
    re.IGNORECASE,
)
_UNITS = {"kwh": "kWh", "kw h": "kWh", "度电": "kWh", "度": "kWh", "va": "VA", "w": "W", "watt": "W", "watts": "W"}
_PERIODS = (("day", "day"), ("week", "week"), ("month", "month"), ("year", "year"), ("天", "day"), ("日", "day"))
_PERIODS_ZH = (("周", "week"), ("月", "month"), ("年", "year"))


@dataclass(frozen=True)
class Cap:
    """The limit stated: `value` in `unit` (W | VA | kWh), kWh `period` (day | week | month | year), and the watt
    rating said beside a VA one (`watts`)."""

    value: float
    unit: str
    period: str | None = None
    watts: float | None = None
    currency: str | None = None  # a money cap's currency (None: the question's own)


def _unit(word: str) -> str:
    word = word.lower()
    return _UNITS.get(word, "kWh" if word.startswith("kilowatt") else "W")


def _near(low: str, at: int, end: int, lex: Lexicon) -> bool:
    before = low[max(0, at - CAP_GAP) : at]
    after = low[end : end + 10]
    if any(_has(before, w) for w in lex.listed("card_limit_words")):
        return False
    if any(after.lstrip().startswith(w) for w in lex.listed("cap_per_card_after")):
        return False  # "4 3090s capped at 280w a card": each card's power limit
    words = [w for w in lex.listed("form_cap") if _has(before, w)]
    if words and all(_CARD_BEFORE.search(before[: before.rfind(w)]) for w in words):
        return False  # "4090限功率到300w": a cap word right after a card is that card's power limit
    return bool(words) or any(after.lstrip().startswith(w) for w in lex.listed("form_cap_after"))


# a card's model number right before a cap word ("4090限功率", "3090 ti 限功率"): the card's own limit, no circuit's
_CARD_BEFORE = re.compile(r"(?:\d{3,4}|[a-z]\d{2,3})\s*(?:ti|super|d|s)?\s*$")


def _has(window: str, word: str) -> bool:
    if word not in window:  # the pattern needs the word itself
        return False
    return bool(compiled(rf"(?<![a-z]){re.escape(word)}(?![a-z])").search(window)) if word.isascii() else True


def _period(low: str, at: int, end: int) -> str:
    """The period said right before the amount ("每月限额300度"), else after it ("300 kwh a month"), else a month."""
    before = low[max(0, at - 8) : at]
    found = next((p for w, p in _PERIODS_ZH + _PERIODS if w in before), None)
    if found:
        return found
    after = low[end : end + 16]
    return next((period for word, period in _PERIODS if word in after), "month")


def cap_of(text: str, lex: Lexicon) -> Cap | None:
    low = text.lower()
    found = [(m, _unit(m.group(2))) for m in _AMOUNT.finditer(low)]
    for k, (m, unit) in enumerate(found):
        if not _near(low, m.start(), m.end(), lex):
            continue
        value = float(m.group(1).replace(",", ""))
        if unit == "kWh":
            return Cap(value, unit, _period(low, m.start(), m.end()))
        rated = next((float(n.group(1).replace(",", "")) for n, u in found[k + 1 : k + 2] if u == "W"), None)
        if unit == "VA" and rated and found[k + 1][0].start() - m.end() <= 4:  # "1500va / 900w": the watt rating
            return Cap(value, unit, watts=rated)
        return Cap(value, unit)
    return None


MONEY_GAP = 20  # characters between a budget word and its amount ("our lab has $500/month for cloud")


def money_cap(r: Reading) -> Cap | None:
    """An amount the user will spend at most ("our lab has $500/month for cloud", "预算2000块", "一个月电费就想花100块",
    "$300 of credits"): a MONEY amount after a word of [lists] form_cap_money within MONEY_GAP characters or right
    before a word of form_cap_money_after; `period` the one said right after it (None when none is), `currency` the
    amount's."""
    low = r.text.lower()
    for t in r.b.kinds.get("MONEY", []):
        before = low[max(0, t.start - MONEY_GAP) : t.start]
        after = low[t.end : t.end + 24].lstrip()
        if any(_has(before, w) for w in r.lex.listed("form_cap_money")) or any(
            after.startswith(w) for w in r.lex.listed("form_cap_money_after")
        ):
            period = next((p for w, p in _PERIODS if w in low[t.end : t.end + 10]), None)
            period = period or next((p for w, p in _PERIODS_ZH if w in before[-6:]), None)
            return Cap(float(t.number()), "money", period, currency=r.currency("MONEY"))
    return None
