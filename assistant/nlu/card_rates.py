"""Rates per hour said beside the cards of a question naming several: "vast.ai shows a100 80gb at $0.75/hr ... would a
4090 at 0.30 be cheaper", "my 3090 box ... would renting an A100 at $1.29/hr be cheaper": each rate belongs to the
card named in its clause (the card right before it, a few words apart, or right after it joined by "for (a)"), never
to every card of the answer.

Contract: `card_rates(r)` -> ((GPU name, rate, currency or None), ...) in text order, () when fewer than two cards
are named or no rate stands beside a card. A rate is an amount per GPU-hour (a RATE tag: "$0.75/hr", "2块一小时"), or,
once the question states one, a bare decimal after "at" / "@" / "for" beside another card ("a 4090 at 0.30": the
same unit by analogy). Never raises.
"""

from __future__ import annotations

import re

from assistant.nlu.card_prices import _bounds, _card_beside
from assistant.nlu.reading import Reading

_AT_BEFORE = re.compile(r"(?:\bat|@|\bfor)\s*[~≈]?\s*$")
_MAX_ANALOG = 20.0  # a bare number read as a rate by analogy is below this (more is a price)


def card_rates(r: Reading) -> tuple[tuple[str, float, str | None], ...]:
    cards = [t for t in r.b.tags if t.kind == "GPU" and t.gpu_match().status == "ok"]
    if len({t.gpu_match().name for t in cards}) < 2:
        return ()
    rates = r.b.kinds.get("RATE", [])
    if not rates:
        return ()
    low = r.text.lower()
    splits = r.lex.listed("clause_split_words")
    currency = rates[0].meanings.get("CURRENCY")
    found: list[tuple[int, str, float, str | None]] = []
    taken: set[str] = set()
    for tag in [*rates, *_analogous(r, low)]:
        value = tag.value if isinstance(tag.value, (int, float)) else None
        if value is None or value <= 0:
            continue
        a, b = _bounds(low, tag.start, splits)
        name = _card_beside(low, tag, [t for t in cards if a <= t.start < b])
        if name is None or name in taken:
            continue
        taken.add(name)
        found.append((tag.start, name, float(value), tag.meanings.get("CURRENCY") or currency))
    return tuple((name, value, cur) for _, name, value, cur in sorted(found))


def _analogous(r: Reading, low: str) -> list:
    """Bare decimals after "at" / "@" / "for" (no unit), read as rates when the question states one."""
    out = []
    for t in r.b.kinds.get("NUMBER", []):
        v = t.value if isinstance(t.value, (int, float)) else 0.0
        if 0 < v < _MAX_ANALOG and "." in t.text and _AT_BEFORE.search(low[: t.start]):
            out.append(t)
    return out


def job_of(r: Reading, rates: tuple, hours: float | None) -> tuple[str, int, float] | None:
    """ "a100 80gb at $0.75/hr. my fine tune takes ~14h on it. would a 4090 at 0.30 be cheaper": with a rate said for
    two cards or more, the hours said after the first card and before the next one are that job's hours on the first
    card (GPU name, count, hours): the same work is then timed and priced on each (respond/rates_same_work.py)."""
    if len(rates) < 2 or not hours:
        return None
    cards = [t for t in r.b.tags if t.kind == "GPU" and t.gpu_match().status == "ok"]
    said = [t for t in r.b.kinds.get("HOURS", []) if isinstance(t.value, dict) and hours in t.value.values()]
    if not said or not cards:
        return None
    before = [t for t in cards if t.end <= said[0].start]
    after = [t for t in cards if t.start >= said[0].end]
    if not before or not after or before[-1].gpu_match().name == after[0].gpu_match().name:
        return None
    name = before[-1].gpu_match().name
    if name is None:
        return None
    count = next((g.count for g in r.explicit if g.name == name), 1)
    return name, count, float(hours)
