"""A precision word inside a question of which precision to use: "4090跑qwen2.5 32b用什么量化" tags 量化 as a
precision (4-bit), but the question asks which one, so no precision is said.

Contract: `precision_in_ask(r)` -> True when the question's one precision word lies inside a phrase of lexicon list
precision_asked; False otherwise (`r` is a Reading: its bag `b` and lexicon `lex`).
"""

from __future__ import annotations


def precision_in_ask(r) -> bool:
    tags = r.b.kinds.get("PRECISION", [])
    if len(tags) != 1:
        return False
    low = r.b.text.lower()
    return any(tags[0].text.lower() in p for p in r.lex.listed("precision_asked") if p in low)
