"""Laptop models named by their product line ("幻16 4070", "legion 5 4060", "rog zephyrus g16 4070", "y9000p 4060"):
the numbers in such a name are no card count ("幻16" is not 16 cards) and the card in them is the laptop part.

Contract: `as_laptops(cleaned, lang)` -> the cleaned question with each name of [lists] laptop_model_names (whole
words, longest first) replaced by the word "laptop" (which every language's lexicon reads as a laptop); the text
unchanged when none is named.
"""

from __future__ import annotations

import functools
import re

from assistant.nlu.lexicon import lexicon


@functools.cache
def _pattern(lang: str) -> re.Pattern[str] | None:
    names = sorted(lexicon(lang).listed("laptop_model_names"), key=lambda n: (-len(n), n))
    if not names:
        return None
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(re.escape(n) for n in names) + r")(?![a-z0-9])")


def as_laptops(cleaned: str, lang: str) -> str:
    pattern = _pattern(lang)
    if pattern is None or not pattern.search(cleaned):
        return cleaned
    return pattern.sub(" laptop ", cleaned)  # the English word: every language's lexicon holds it
