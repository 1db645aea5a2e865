"""The evidence index of the concepts: every word a question may use for a concept, with its weight, built once.

Contract: `evidence(concepts)` returns `(spans, first, longest)`: `spans` maps a token key (nlu/text.key: lower-case
tokens joined by spaces) to the concepts it is evidence for, as `(concept key, weight, kind)` triples (kind NAME,
ALIAS or TERM); `first` holds the
first token of every span (most tokens start none, so the scorer skips them at once); `longest` is the longest span
in tokens. The weight of a span for a concept is its kind's weight — the concept's name (key, English or Chinese
title) 3, an alias 2, an evidence term of its `terms` list (knowledge/concepts.toml) 1 (WEIGHTS)
— divided by the square root of the number of concepts the span is evidence for (a word many entries use tells
less, like an inverse document frequency). A span that is a name or an alias of one concept and a term of another
keeps both. Built with the name index (and kept in its start-up cache): nothing here runs per question.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from assistant.nlu.text import key as text_key

NAME, ALIAS, TERM = 2, 1, 0  # the kinds of evidence, strongest first
WEIGHTS = {NAME: 3.0, ALIAS: 2.0, TERM: 1.0}

Spans = dict[str, tuple[tuple[str, float, int], ...]]


def evidence(concepts: Iterable) -> tuple[Spans, frozenset[str], int]:
    raw: dict[str, dict[str, int]] = {}  # span -> concept -> the strongest kind it is of that concept
    for c in concepts:
        names = (c.key.replace("-", " "), c.title, getattr(c, "title_zh", ""))  # the key is its short name ("lora")
        for texts, kind in ((names, NAME), (c.aliases, ALIAS), (getattr(c, "terms", ()), TERM)):
            for text in texts:
                k = text_key(text) if text else ""
                if k:
                    by = raw.setdefault(k, {})
                    by[c.key] = max(by.get(c.key, TERM), kind)
    spans = {
        k: tuple(sorted((concept, WEIGHTS[kind] / math.sqrt(len(by)), kind) for concept, kind in by.items()))
        for k, by in raw.items()
    }
    first = frozenset(k.split(" ")[0] for k in spans)
    longest = max((k.count(" ") + 1 for k in spans), default=0)
    return spans, first, longest
