"""A card named in the plural beside a set of a stated size: "8x h100 in fp8 or do i need h200s", "4x 3090 or a100s"
is as many of it as the set has (8 x H200), never one card against eight.

Contract: `sized_plurals(query)` returns the query with each card mentioned in the plural ("h200s", "a100's") and no
count of its own given the count of the other cards named, when they are one count N > 1 and of its class (memory
within MEMORY_RATIO: "4x 3060 12gb or a100s" leaves the A100s to the work), in a comparison or a fit
(cards rented beside cards bought are sized by the job: "buying 2x 3090 vs renting a100s"); any other query unchanged
but for the mark: each card said in the plural with no count gets GpuRef.plural (the dialogue sizes it by the need
the thread stated, dialogue/thread_keeps.rent_plural_holds).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant.queries import GpuRef, Query

MEMORY_RATIO = 2.0  # cards within this ratio of memory are one class of card, counted alike [A]
_PLURAL = re.compile(r"\d(?:'?s)$|\d\s*(?:ti|super|xtx|xt|gre|ada)'?s$", re.IGNORECASE)


def plural(ref: GpuRef) -> bool:
    """The card is mentioned in the plural ("h200s", "3090s", "4070 tis") and its name does not end in S itself."""
    return bool(ref.name and not ref.pronoun and _PLURAL.search(ref.mention.strip()) and not ref.name.endswith("S"))


def sized_plurals(query: Query, memory_of) -> Query:
    gpus: tuple[GpuRef, ...] = getattr(query, "gpus", ())
    if any(plural(g) and g.count == 1 for g in gpus):  # "on rented h100s": marked, the dialogue sizes it by the work
        gpus = tuple(dataclasses.replace(g, plural=True) if plural(g) and g.count == 1 else g for g in gpus)
        marked: dict[str, Any] = {"gpus": gpus}  # a query with gpus (getattr above)
        query = dataclasses.replace(query, **marked)
    if len(gpus) < 2 or query.intent not in ("compare", "fit"):  # a rent beside a purchase is sized by its job
        return query
    counted = [g for g in gpus if not plural(g) and g.name and not g.pronoun]
    counts = {g.count for g in counted}
    if len(counts) != 1 or (n := counts.pop()) < 2:
        return query
    memories = [memory_of(g.name) or 0.0 for g in counted]

    def alike(g: GpuRef) -> bool:
        """A card of the same class as the set ("h200s" beside 8 x H100), not one that holds far more ("a100s" beside
        4 x RTX 3060 12 GB: as many as the work needs, MEMORY_RATIO)."""
        mine = memory_of(g.name or "") or 0.0
        return bool(mine) and all(m and max(m, mine) / min(m, mine) <= MEMORY_RATIO for m in memories)

    sized = tuple(dataclasses.replace(g, count=n) if plural(g) and g.count == 1 and alike(g) else g for g in gpus)
    changes: dict[str, Any] = {"gpus": sized}  # a query with gpus (getattr above)
    return dataclasses.replace(query, **changes) if sized != gpus else query
