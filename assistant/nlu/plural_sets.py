"""A card named in the plural beside a set of a stated size: "8x h100 in fp8 or do i need h200s", "4x 3090 or a100s"
is as many of it as the set has (8 x H200), never one card against eight.

Contract: `sized_plurals(query)` returns the query with each card mentioned in the plural ("h200s", "a100's") and no
count of its own given the count of the other cards named, when they are one count N > 1, in a comparison or a fit
(cards rented beside cards bought are sized by the job: "buying 2x 3090 vs renting a100s"); any other query unchanged.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant.queries import GpuRef, Query

_PLURAL = re.compile(r"\d(?:'?s)$|\d\s*(?:ti|super|xtx|xt|gre|ada)'?s$", re.IGNORECASE)


def plural(ref: GpuRef) -> bool:
    """The card is mentioned in the plural ("h200s", "3090s", "4070 tis") and its name does not end in S itself."""
    return bool(ref.name and not ref.pronoun and _PLURAL.search(ref.mention.strip()) and not ref.name.endswith("S"))


def sized_plurals(query: Query) -> Query:
    gpus: tuple[GpuRef, ...] = getattr(query, "gpus", ())
    if len(gpus) < 2 or query.intent not in ("compare", "fit"):  # a rent beside a purchase is sized by its job
        return query
    counts = {g.count for g in gpus if not plural(g) and g.name and not g.pronoun}
    if len(counts) != 1 or (n := counts.pop()) < 2:
        return query
    sized = tuple(dataclasses.replace(g, count=n) if plural(g) and g.count == 1 else g for g in gpus)
    changes: dict[str, Any] = {"gpus": sized}  # a query with gpus (getattr above)
    return dataclasses.replace(query, **changes) if sized != gpus else query
