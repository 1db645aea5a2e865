"""A total budget for several machines of one card each: "给工作室配3台出图机，每台一张卡，总预算2w", "4 workstations
for llm inference, one gpu each, 8k in total".

Contract: `split(query, text, lex)` -> the recommendation or build for ONE machine, its budget the total divided by the
machines, with `budget_split` = (machines, the total as typed in its currency, the currency) for the answer to say;
the query unchanged unless all of these hold: no card is named, a count of 2-50 machines (a number before a
machine word of [lists] machine_words, or Chinese 台), one card to each ([lists] per_machine_words /
machine_each_words), and the budget said to be for all of them ([lists] budget_total_words). A budget said per
machine ("$1500 each") is kept as it is.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.cn_numerals import cn_number
from assistant.queries import Query, RecommendQuery, RigQuery

_MAX = 50
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _machines(text: str, lex: Lexicon) -> int | None:
    low = text.lower()
    nouns = "|".join(re.escape(w) for w in sorted(lex.listed("machine_words"), key=len, reverse=True) if w.isascii())
    found = re.search(rf"(?<![\w.$€£¥])(\d{{1,2}}|{'|'.join(_WORDS)})\s+(?:[a-z-]+\s+)?(?:{nouns})(?:e?s)?\b", low)
    if found:
        n = found.group(1)
        return int(n) if n.isdigit() else _WORDS[n]
    zh = re.search(r"(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*台", text)
    if zh:
        n = zh.group(1)
        got = int(n) if n.isdigit() else cn_number(list(n))
        return int(got) if got else None
    return None


def split(query: Query, text: str, lex: Lexicon) -> Query:
    if not isinstance(query, RecommendQuery | RigQuery) or not query.budget_usd:
        return query
    if any(g.name for g in getattr(query, "gpus", ())):
        return query
    low = text.lower()
    if not (lex.words_in("per_machine_words", low) or lex.words_in("machine_each_words", low)):
        return query
    if not lex.words_in("budget_total_words", low):
        return query
    n = _machines(text, lex)
    if n is None or not 2 <= n <= _MAX:
        return query
    total = float(query.budget_usd)
    settings = tuple(
        dataclasses.replace(s, value=s.value / n) if s.key == "budget_usd" and s.value == total else s
        for s in query.settings
    )
    return dataclasses.replace(
        query,
        budget_usd=total / n,
        settings=settings,
        budget_split=(n, total, query.budget_currency),
    )
