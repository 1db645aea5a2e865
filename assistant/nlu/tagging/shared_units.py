"""A bare number that shares the unit of the amount right after it, read after tagging: "from 350 to 250w", "350->250w",
"300到250w": both are watts (a power limit lowered from one to the other), never a price or a count.

Contract: `shared_units(tags, text, lex)` returns the tags with each NUMBER that is joined to a following WATTS tag by a
word of [lists] range_words (or an arrow of [lists] change_arrows) made a WATTS tag of its own value, with
meanings["FROM"] = True (the starting value of a change or the low end of a range).
"""

from __future__ import annotations

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

SHARED = ("WATTS",)  # units a bare number before them takes on
_MAX_RATIO = 4.0  # the two values are of one scale (350 and 250 W; not 2 and 250 W)


def shared_units(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    joins = lex.listed("range_words") | lex.listed("change_arrows")
    out = list(tags)
    for k in range(len(out) - 1):
        low, unit = out[k], out[k + 1]
        if low.kind != "NUMBER" or unit.kind not in SHARED or text[low.end : unit.start].strip() not in joins:
            continue
        try:
            a, b = low.number(), unit.number()
        except ValueError:
            continue
        if a > 0 and b > 0 and max(a, b) / min(a, b) <= _MAX_RATIO:
            out[k] = Tag(unit.kind, a, low.text, low.start, low.end, {**unit.meanings, "FROM": True})
    return out
