"""Periods with a half in them, read as one amount of years or months: "一年半" (1.5 years), "两年半", "一个半月"
(1.5 months), "半年" (0.5 years), "半个月", "a year and a half", "one and a half years", "2 and a half years",
"half a year", "half a month".

Contract: `half_after_number(tagger, i, j, v)` is a reading step of tagging/quantities.py NUMBER_STEPS (the number
`v` read at token i, token j right after it); `half_without_number(tagger, i)` is tried at token i before any
number is read ("半年", "half a year", "a year and a half"). Each adds one YEARS or MONTHS tag over the whole span
and returns the index after it; None when no such period starts there (the year or month alone is usage.py's).
The words are lexicon [units]: `half_lead` ("半", "half a"), `half_tail` ("半", "and a half"), `half_mid` ("个半").
"""

from __future__ import annotations

from assistant.nlu.tagging.base import TaggerBase
from assistant.nlu.tagging.cn_numerals import CN_NUM, cn_number

_PERIODS = (("years", "YEARS"), ("months", "MONTHS"))
_ONE = ("a", "an", "one")  # "a year and a half": one year, then the half


def _period_at(tagger: TaggerBase, k: int) -> tuple[int, str] | None:
    """(tokens used, tag kind) of a year or month unit at token k."""
    for unit, kind in _PERIODS:
        u = tagger.unit(unit, k)
        if u:
            return u, kind
    return None


def half_after_number(tagger: TaggerBase, i: int, j: int, v: float) -> int | None:
    if v <= 0 or j >= len(tagger.tt):
        return None
    mid = tagger.unit("half_mid", j) or tagger.unit("half_tail", j)  # "一个半月", "2 and a half years"
    if mid and (found := _period_at(tagger, j + mid)) is not None:
        return tagger.add(found[1], v + 0.5, i, j + mid + found[0])
    found = _period_at(tagger, j)  # "一年半", "3 years and a half"
    if found is not None and (tail := tagger.unit("half_tail", j + found[0])):
        return tagger.add(found[1], v + 0.5, i, j + found[0] + tail)
    return None


def half_without_number(tagger: TaggerBase, i: int) -> int | None:
    lead = tagger.unit("half_lead", i)
    if lead and (found := _period_at(tagger, i + lead)) is not None:  # "半年", "半个月", "half a year"
        return tagger.add(found[1], 0.5, i, i + lead + found[0])
    if tagger.tt[i] in CN_NUM and (mid := tagger.unit("half_mid", i + 1)):  # "一个半月": 一个 reads as "a", no number
        v, found = cn_number([tagger.tt[i]]), _period_at(tagger, i + 1 + mid)
        if v and found is not None:
            return tagger.add(found[1], v + 0.5, i, i + 1 + mid + found[0])
    if tagger.tt[i] in _ONE and (found := _period_at(tagger, i + 1)) is not None:
        tail = tagger.unit("half_tail", i + 1 + found[0])  # "a year and a half"
        if tail:
            return tagger.add(found[1], 1.5, i, i + 1 + found[0] + tail)
    return None
