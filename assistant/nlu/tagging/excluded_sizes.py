"""A model size said to be left out ("what can i run on it besides 7b models", "anything other than 8b",
"除了7b还能跑什么", "besides llama 3 8b"): the user asks what else runs, so the size or model is not the one asked
about.

Contract: `excluded_sizes(tags, text, lex)` returns the tags without the PARAMS, MODEL and UNKNOWN_MODEL tags right
after a word of [lists] size_exclusions ("besides", "other than", "except", "apart from", "除了"), with only "the" /
"a" / "just" between, and the THAN / MORE / PRONOUN tags of those words ("other than", "bigger than": no cards
compared); every other tag is kept.
"""

from __future__ import annotations

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

_KINDS = ("PARAMS", "UNKNOWN_MODEL", "MODEL")
_BETWEEN = ("the ", "a ", "just ", "only ")
_WORD_KINDS = ("THAN", "MORE", "PRONOUN")
_LONGEST = 20  # characters before an excluded size where its exclusion words stand


def excluded_sizes(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    words = lex.listed("size_exclusions")
    if not words or not any(t.kind in _KINDS for t in tags):
        return tags
    low = text.lower()
    lead = tuple(f"{w} " for w in words if w.isascii())
    gone = [
        t
        for t in tags
        if t.kind in _KINDS and (_after_exclusion(low, t.start, words) or t.text.lower().startswith(lead))
    ]
    if not gone:
        return tags
    # the words of the exclusion itself ("other than", "bigger than") ask no comparison of cards
    spans = [(max(0, g.start - _LONGEST), g.start) for g in gone]
    return [
        t
        for t in tags
        if t not in gone and not (t.kind in _WORD_KINDS and any(a <= t.start and t.end <= b for a, b in spans))
    ]


def _after_exclusion(low: str, start: int, words: frozenset[str]) -> bool:
    before = low[:start].rstrip()
    for filler in _BETWEEN:
        if before.endswith(" " + filler.strip()):
            before = before[: -len(filler.strip())].rstrip()
    return any(before.endswith(w) and (not w.isascii() or before[: -len(w)][-1:] in ("", " ")) for w in words)
