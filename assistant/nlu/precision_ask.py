"""A precision word inside a question of which precision to use: "4090跑qwen2.5 32b用什么量化" tags 量化 as a
precision (4-bit), but the question asks which one, so no precision is said.

Contract: `precision_in_ask(r)` -> True when the question's one precision word lies inside a phrase of lexicon list
precision_asked; False otherwise (`r` is a Reading: its bag `b` and lexicon `lex`). `format_alone(r)` -> the format
of a message that says one and nothing else ("at fp8?"), else None.
"""

from __future__ import annotations

_ALONE_WITH = frozenset({"PRECISION", "QUESTION", "ON", "FOLLOW", "AND", "ONLY"})


def format_alone(r) -> str | None:
    """ "at fp8?", "in int4?", "fp8 then": the one number format said, with nothing but glue around it; else None."""
    tags = r.b.kinds.get("PRECISION", [])
    if (
        len(tags) != 1
        or {t.kind for t in r.b.tags} - _ALONE_WITH
        or not set(r.b.unknown) <= r.lex.listed("fragment_words")
    ):
        return None
    return str(tags[0].value)


def precision_in_ask(r) -> bool:
    tags = r.b.kinds.get("PRECISION", [])
    if len(tags) != 1:
        return False
    low = r.b.text.lower()
    return any(tags[0].text.lower() in p for p in r.lex.listed("precision_asked") if p in low)
