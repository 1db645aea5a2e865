"""The count a "how many cards" answer settled is the thread's count from then on: "要几张" answered "全参数微调要 4 张"
then "数据 10B token 要跑多久" times the run on those 4 cards, not on one.

Contract: `count_of_count_answer(dlg, query)` returns `query` with its one card, taken from the conversation (no count
or card typed: an empty mention) at count 1, set to the count the conversation holds for that card, when the last
question asked how many cards (`asked_figure` "count") and that count is more than one; `query` unchanged otherwise.
`as_many(refs, counts)`: a card swapped into a set of N as N of it ("换4090能快多少" after 2 x RTX 3090).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import GpuRef, Query

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def count_of_count_answer(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    if last is None or last is query or getattr(last, "asked_figure", None) != "count":
        return query
    gpus: tuple[GpuRef, ...] = tuple(getattr(query, "gpus", ()))
    if len(gpus) != 1 or gpus[0].count != 1 or gpus[0].mention or not gpus[0].name:
        return query
    settled = dlg.context.counts.get(gpus[0].name, 1)
    if settled <= 1:
        return query
    return dataclasses.replace(query, gpus=(dataclasses.replace(gpus[0], count=settled),))  # type: ignore[call-arg]


def as_many(refs, before: list[int]) -> tuple:
    """ "换4090能快多少" after 2 x RTX 3090 ran the model: as many of the card swapped in as the set had (one kind of
    card counted N > 1 before: `before`, the thread's counts), the set itself as it was."""
    counts = set(before)
    if len(counts) != 1 or (n := counts.pop()) < 2:
        return refs
    return tuple(dataclasses.replace(g, count=n) if g.count == 1 else g for g in refs)
