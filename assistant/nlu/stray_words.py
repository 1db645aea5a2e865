"""A question not understood because of one or two stray words ("how much for 48h straight", "whats the power draw
of a 4090 roughly speaking"): read again without them, and answered when the rest is a question on its own; the
answer then says which words it did not use (Query.ignored_words), so nothing is dropped silently.

Contract: `without_stray(text, unknown, reread)` returns the query `reread(text without the words)` gives, with
`ignored_words` set to those words and the original `text`, or None: when more than MAX_STRAY words were not
understood, when one of them holds a digit or a non-Latin letter (a name of a card, a model or a CPU is never
dropped, nor is a Chinese phrase whose meaning is unknown), when what is left is under MIN_LEFT words, or when
the rest is not understood either or asks nothing of its own (a bare follow-up that would only repeat the last
answer).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from assistant.queries import Clarification, Query
from assistant.query_talk import FollowUpQuery, said_fields

MAX_STRAY = 2
MIN_LEFT = 2
_WORD = re.compile(r"[a-z][a-z'-]*")


def without_stray(text: str, unknown: list[str], reread: Callable[[str], object]) -> Query | None:
    words = list(dict.fromkeys(unknown))
    if not words or len(words) > MAX_STRAY or not all(_WORD.fullmatch(w) for w in words):
        return None
    rest = text
    for w in words:
        rest = re.sub(rf"(?<![\w-]){re.escape(w)}(?![\w-])", " ", rest, count=1, flags=re.IGNORECASE)
    if rest == text or len(rest.split()) < MIN_LEFT:
        return None
    found = reread(" ".join(rest.split()))
    if isinstance(found, Clarification) or not isinstance(found, Query) or _asks_nothing(found):
        return None
    return dataclasses.replace(found, text=text, ignored_words=tuple(words))


def _asks_nothing(query: Query) -> bool:
    """A follow-up with no field of its own set: the last answer again, which the stray word may have changed."""
    return isinstance(query, FollowUpQuery) and not said_fields(query)
