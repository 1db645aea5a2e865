"""Several of one card against the other card of the two just talked about: "那买两张4090不是更好" after "RTX 6000 Ada
和4090有啥区别", "wouldn't 2 4090s be better then" after "4090 vs rtx 6000 ada".

Contract: `against_other(dialogue, query)` -> a CompareQuery of the counted card against the other card when the last
answer was about exactly two cards, the question names one of them with a count of two or more and no other card,
model or size (a follow-up, or a comparison that would set the card against one of itself); else `query` unchanged.
The thread's workload is kept by the completion after it (dialogue/thread.inherit).
"""

from __future__ import annotations

from typing import Any

from assistant.queries import CompareQuery, GpuRef
from assistant.query_talk import FollowUpQuery

_READS = ("followup", "compare")


def against_other(dialogue: Any, query: Any) -> Any:
    if query.intent not in _READS or getattr(query, "model", None) is not None or getattr(query, "params_b", None):
        return query
    last = dialogue.context.gpus
    refs = getattr(query, "gpus", ())
    named = [g for g in refs if g.name and not g.pronoun]
    if len(set(last)) != 2 or not named or len({g.name for g in named}) != 1 or len(named) != len(refs):
        return query
    counted = max(named, key=lambda g: g.count)  # "2 4090s" read as 2 x against 1 x the same card: the two
    if counted.count < 2 or len(named) > 2 or (len(named) == 2 and min(g.count for g in named) != 1):
        return query
    if len(named) == 2 and query.text.lower().count(counted.mention.lower().rstrip("s")) > 1:
        return query  # "2 3090s vs 1 3090": the one card asked against itself
    if counted.name not in last:
        return query
    other = next(n for n in last if n != counted.name)
    workload = getattr(query, "workload", None)
    if isinstance(query, FollowUpQuery) and (query.fields or query.providers or query.budget_usd):
        return query  # "两张4090电费多少": a figure of the pair, not the pair against the other card
    # the other card first, the counted ones brought in after it (as dialogue/references reads "what about two 3090s")
    return CompareQuery(text=query.text, gpus=(GpuRef(mention=other, name=other), counted), workload=workload)
