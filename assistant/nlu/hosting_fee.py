"""A fee paid every month to host one's own cards (a colo's rack space, "托管费"): the amount said beside a word of
lexicon list hosting_fee_words, a month's unless a year is said after it; a fee per machine ("$220/month per 2U",
"每台800") is paid for each machine the question counts ("two servers each with 4x L40S": x 2).

Contract: `hosting_fee(r)` -> (amount a month as typed, its currency or None for the question's own) or None when the
question states no such fee. Rent-or-buy adds it to owning (respond/rent.py, docs/model.md §cost.breakeven). Never
raises.
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.nlu.machine_count import fleet
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
    after = _MONTH.sub("", low[tag.end : tag.end + _GAP], count=1)
    if _EACH.search(after) or _EACH_BEFORE.search(low[max(0, tag.start - 8) : tag.start]):  # "$220/month per 2U"
        amount *= max([machines for _, machines, _ in fleet(r)] or [1])
    return amount, tag.meanings.get("CURRENCY") or (None if tag.kind == "MONEY" else r.unnamed_currency())


# a fee per machine said right after it ("per 2U", "per server", "per box", "each", "每台") or before it ("每台每月800")
_MONTH = re.compile(r"^\s*(?:/\s*(?:mo|month)\b\.?|a month\b|per month\b|monthly\b|每月|一个月)")
_EACH = re.compile(
    r"^\W*(?:per|a|each|/)\s*(?:\d\s*u\b|server|box|machine|node|chassis)|^\s*each\b|^\s*(?:每台|一台|每个机位)"
)
_EACH_BEFORE = re.compile(r"(?:每台|每个机位|每个机柜位)\s*(?:每月|一个月)?\s*$|\bper (?:server|box|machine|node)\s*$")


@lru_cache(maxsize=1024)
def _word(w: str) -> str:
    return rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w)
