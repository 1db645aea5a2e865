"""A card of the thread named by its memory size alone: "is the 16gb worth the extra" after "4060 ti 8gb vs 16gb",
"the 24gb one", "the 128 one", "16g的呢", "那个16g版本", "那个16的" after two cards that differ in memory. The size is
the card of that size the last questions named, so the question is read again with the card's name in place of the
size (and a second size said bare, "... that the 36 cant", as the other card of that size).

Contract: `by_size(parsed, text, talked, engine)` -> the query read from the text with the card's
name put in, or None when the question names a card itself, names no size as a card ("anything with 16gb", "at
least 24gb" are memory wanted), or no single card of the thread has that size.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.queries import Clarification, Query

# "the 16gb", "that 16 gb one", "16gb version", "16g的", "16g版": a size used as a card's name
_SIZED = re.compile(
    r"(?:\b(?:the|that|this)\s+(?P<a>\d{1,3})\s*g(?:b)?\b(?:\s+(?:one|version|model|card|variant))?"
    r"|\b(?:the|that|this)\s+(?P<d>\d{1,3})\s+(?:one|version|model|variant)\b"  # "the 128 one": no unit
    r"|\b(?P<b>\d{1,3})\s*g(?:b)?\s+(?:one|version|variant)\b"
    r"|(?:那个|这个|那张|这张)?(?P<c>\d{1,3})\s*[gG](?:[bB])?\s*(?:的|版本|版)(?!显存|内存)"
    r"|(?:那个|这个|那张|这张|那款|这款)(?P<e>\d{1,3})\s*(?:的|版本|版)(?!显存|内存))",
    re.IGNORECASE,
)


def by_size(parsed: Query | Clarification, text: str, talked: set[str], engine) -> Query | Clarification | None:
    """`engine` gives each card's memory (`memory_of`) and the name index the text is read again with."""
    if isinstance(parsed, Query) and any(g.name and not g.pronoun for g in getattr(parsed, "gpus", ())):
        return None
    found = list(_SIZED.finditer(text))
    if len(found) != 1 or len(talked) < 2:
        return None
    match = found[0]
    size = float(next(g for g in match.groups() if g))
    cards = sorted(n for n in talked if engine.memory_of(n) == size)
    if len(cards) != 1:
        return None
    named = f"{text[: match.start()]} {cards[0]} {text[match.end() :]}".strip()
    other = _other_size(named, talked - {cards[0]}, engine)  # "... that the 36 cant": the other card of the thread
    named = other or named
    from assistant.nlu import understand  # the reader of questions, as the engine reads them

    again = understand(named, engine.index)
    if not isinstance(again, Query) or cards[0] not in {g.name for g in getattr(again, "gpus", ())}:
        return None
    return dataclasses.replace(again, text=text)


_BARE = re.compile(
    r"\b(?:the|that|this)\s+(\d{1,3})\b(?!\s*(?:x\b|gb|g\b|%|hours?|users?|gpus?|cards?|tokens?|k\b))", re.I
)


def _other_size(text: str, talked: set[str], engine) -> str | None:
    """The text with a second size said bare ("what can the 128 one run that the 36 cant") put as the card of the
    thread with that memory; None when no single such card is."""
    for m in _BARE.finditer(text):
        cards = [n for n in talked if engine.memory_of(n) == float(m.group(1))]
        if len(cards) == 1:
            return f"{text[: m.start()]} {cards[0]} {text[m.end() :]}"
    return None
