"""One card named twice in a question about that card ("heard the 3090 is cheap now, how much is a used 3090 24gb",
"小红书说 A100 现在便宜了，二手 A100 80g 多少钱"): asked about once, with what the fuller mention says.

Contract: `one_card_once(query)` returns a SpecQuery whose named cards repeat a name with one reference per name
(the one with a condition, else the longest mention), unless two mentions of a name state different conditions
("the 4090 new and used"); any other query unchanged.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import GpuRef, Query, SpecQuery


def one_card_once(query: Query) -> Query:
    if not isinstance(query, SpecQuery) or len({g.name for g in query.gpus}) == len(query.gpus):
        return query
    kept: dict[str | None, GpuRef] = {}
    order: list[GpuRef] = []
    for g in query.gpus:
        before = kept.get(g.name) if g.name and g.pronoun is None else None
        if before is None:
            if g.name and g.pronoun is None:
                kept[g.name] = g
            order.append(g)
            continue
        if before.condition and g.condition and before.condition != g.condition:
            return query  # "the 4090 new and used": two grades of it
        if (g.condition and not before.condition) or (
            bool(g.condition) == bool(before.condition) and len(g.mention) > len(before.mention)
        ):
            kept[g.name] = g
            order[order.index(before)] = g
    return dataclasses.replace(query, gpus=tuple(order))
