"""A cost or price said to be the same for both choices ("电费都一样", "power cost is the same", "差不多的价"):
a setting of the pick, never the cost asked ("4090d京东12999 二手4090 14500 电费都一样 哪个更划算" was
answered with the two electricity bills instead of the pick).

Contract: `equal_said(tags, text, lex)` returns the tags without the COST and PRICES tags whose words are followed
closely by a word of [lists] price_same_after (within 4 characters of Chinese, or 4 English words: "电费都一样",
"power cost is about the same"), or preceded by one and 的 ("差不多的价"). `said_same_after(low, end, lex)`: such a
word follows position `end` (nlu/form.py: the bill word asks for no bill then).
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

_KINDS = ("COST", "PRICES")


def equal_said(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    same = lex.listed("price_same_after")
    if not same or not any(t.kind in _KINDS for t in tags):
        return tags
    low = text.lower()
    if not any(w in low for w in same):
        return tags
    return [t for t in tags if not (t.kind in _KINDS and _said_same(low, t, same))]


def _said_same(low: str, tag: Tag, same: frozenset[str]) -> bool:
    before = low[: tag.start].rstrip()
    return _near_same(low, tag.end, same, tag.text.isascii()) or any(before.endswith(f"{w}的") for w in same)


def said_same_after(low: str, end: int, lex: Lexicon | None = None, ascii_word: bool = False) -> bool:
    """A word of price_same_after follows position `end` of `low` closely (the Chinese lexicon's words by default)."""
    from assistant.nlu.lexicon import lexicon

    return _near_same(low, end, (lex or lexicon("zh")).listed("price_same_after"), ascii_word)


def _near_same(low: str, end: int, same: frozenset[str], ascii_word: bool) -> bool:
    rest = low[end:].lstrip()
    if ascii_word:
        near = " " + " ".join(re.sub(r"[^\w\s]", " ", rest).split()[:4]) + " "
        return any(f" {w} " in near for w in same if w.isascii())
    return any(w in rest[:4] for w in same if not w.isascii())
