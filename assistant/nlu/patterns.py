"""Compiled regular expressions kept for the process, for patterns made at run time from fixed parts.

Contract: `compiled(pattern, flags)` is `re.compile(pattern, flags)`; the last 4,096 patterns asked for stay compiled
(least recently used dropped first), so a reader that builds its pattern from lexicon words or constants on every
question pays a lookup, not a compile. `re.search(text_of_pattern, ...)` goes through Python's own cache, which
holds 512 patterns (3.11) and drops the oldest: one chat uses ~700 (a pattern per lexicon word in several readers),
so the same patterns were compiled again and again (1,380 compiles in 1,500 dialogue questions after 300 of
warm-up). The pattern text and flags are the same, so every match is the same.
`word_pattern(w)` is the pattern of lexicon word `w` as a whole word (English) or as text (Chinese); `has_word(text,
words)` whether `text` holds any of `words` that way. Both keep the last 8,192 words' patterns (~200,000 asks per
1,000 dialogue answers, a few hundred distinct words), so a word is escaped and compiled once."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=4096)
def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled once while it stays among the last 4,096 asked for."""
    return re.compile(pattern, flags)


@lru_cache(maxsize=8192)
def word_pattern(w: str) -> str:
    """A pattern for lexicon word `w` as a whole word (English) or as text (Chinese)."""
    return rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])" if w.isascii() else re.escape(w)


def has_word(text: str, words) -> bool:
    """Does `text` hold one of `words`, each as `word_pattern` reads it?"""
    return any(_word_re(w).search(text) for w in words)


@lru_cache(maxsize=8192)
def _word_re(w: str) -> re.Pattern[str]:
    return re.compile(word_pattern(w))
