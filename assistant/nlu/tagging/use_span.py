"""A span of use said with "a" for its one ("3 hours a day for a year", "6h a day over a month", "i'd run it 4 hours
a day for the next year"): one year or month of the schedule just said, read as YEARS or MONTHS 1 like "for one year".

Contract: `span_of_use(tagger, i)` is tried at token i before any number is read (tagging/quantities.py); it adds
one YEARS or MONTHS tag of 1 over "a year" / "a month" and returns the index after it, or None. It reads only when
a word of a span (lexicon [lists] use_span_before: "for", "over") comes right before "a"/"an" and an hours
use by the day or week was tagged earlier in the question: "rent a 4090 for a month" (no use said) stays a period.
"""

from __future__ import annotations

from assistant.nlu.tagging.base import TaggerBase

_PERIODS = (("years", "YEARS"), ("months", "MONTHS"))


def span_of_use(tagger: TaggerBase, i: int) -> int | None:
    tt = tagger.tt
    if tt[i] not in ("a", "an", "the") or i == 0 or tt[i - 1] not in tagger.lex.listed("use_span_before"):
        return None
    lead = 2 if tt[i] == "the" and i + 1 < len(tt) and tt[i + 1] == "next" else 1  # "for the next year"
    if tt[i] == "the" and lead == 1:
        return None
    if not any(t.kind == "HOURS" and isinstance(t.value, dict) and t.value.get("per_week") for t in tagger.tags):
        return None
    for unit, kind in _PERIODS:
        u = tagger.unit(unit, i + lead)
        if u and tt[i + lead] not in ("y", "mo"):
            return tagger.add(kind, 1.0, i, i + lead + u)
    return None
