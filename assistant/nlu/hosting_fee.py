"""A fee paid every month to host one's own cards (a colo's rack space, "托管费"): the amount said beside a word of
lexicon list hosting_fee_words, a month's unless a year is said after it.

Contract: `hosting_fee(r)` -> (amount a month as typed, its currency or None for the question's own) or None when the
question states no such fee. Rent-or-buy adds it to owning (respond/rent.py, docs/model.md §cost.breakeven). Never
raises.
"""

from __future__ import annotations

import re

from assistant.nlu.patterns import compiled
from assistant.nlu.reading import Reading

_GAP = 24  # characters between the fee word and its amount ("colo quote is $180/mo", "每月托管费800")
_YEAR = re.compile(r"^\s*(?:/\s*(?:yr|year)|a year|per year|yearly|每年|一年)")


def hosting_fee(r: Reading) -> tuple[float, str | None] | None:
    low = r.text.lower()
    words = sorted(r.lex.listed("hosting_fee_words"), key=lambda w: (-len(w), w))
    at = [(m.start(), m.end()) for w in words for m in compiled(_word(w)).finditer(low)]
    if not at:
        return None
    start, end = min(at)
    amounts = [t for t in r.b.tags if t.kind in ("MONEY", "NUMBER") and not t.meanings.get("NOUN")]
    near = [t for t in amounts if end <= t.start <= end + _GAP or start - _GAP <= t.end <= start]
    near = [t for t in near if t.number() >= 5]
    if not near:
        return None
    tag = min(near, key=lambda t: abs(t.start - end))
    amount = tag.number() / (12.0 if _YEAR.match(low[tag.end :]) else 1.0)
    return amount, tag.meanings.get("CURRENCY") or (None if tag.kind == "MONEY" else r.unnamed_currency())


def _word(w: str) -> str:
    return rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w)
