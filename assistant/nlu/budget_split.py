"""A total budget for several machines of one card each: "给工作室配3台出图机，每台一张卡，总预算2w", "4 workstations
for llm inference, one gpu each, 8k in total".

Contract: `split(query, text, lex)` -> the recommendation or build for ONE machine, its budget the total divided by the
machines, with `budget_split` = (machines, the total as typed in its currency, the currency) for the answer to say;
the query unchanged unless all of these hold: no card is named, a count of 2-50 machines (machine_count.machines_in:
a number before a machine word of [lists] machine_words, or Chinese 台), and the budget said to be for all of them
([lists] budget_total_words: "2 servers, 16k total"; one card each or not, the machines share it). A budget said per
machine ("$1500 each") is kept as it is. The machines' number read as a count of cards is one card per machine.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.machine_count import machines_in
from assistant.queries import Query, RecommendQuery, RigQuery

_MAX = 50


def split(query: Query, text: str, lex: Lexicon) -> Query:
    if not isinstance(query, RecommendQuery | RigQuery) or not query.budget_usd:
        return query
    if any(g.name for g in getattr(query, "gpus", ())):
        return query
    low = text.lower()
    if not lex.words_in("budget_total_words", low):
        return query
    counted = machines_in(text, lex)  # nlu/machine_count.py: "3台", "4 workstations"
    n = counted[0][1] if counted else 0
    if not 2 <= n <= _MAX:
        return query
    total = float(query.budget_usd)
    settings = tuple(
        dataclasses.replace(s, value=s.value / n) if s.key == "budget_usd" and s.value == total else s
        for s in query.settings
    )
    # "4 workstations, one gpu each": the machines' number is no count of cards in one of them
    if isinstance(query, RecommendQuery) and query.gpu_count == n:
        query = dataclasses.replace(query, gpu_count=1)
    return dataclasses.replace(
        query,
        budget_usd=total / n,
        settings=settings,
        budget_split=(n, total, query.budget_currency),
    )
