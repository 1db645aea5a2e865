"""A comparison that names one card and no other, with nothing in the conversation to set it against ("is the 5090d
slower", "whats the deal with the 4090d, is it slower", "is the 3060 8gb slower"): a market or memory variant is set
against the card it varies, instead of asking back which card to compare with.

Contract: `against_base(query, memory_of)` -> the CompareQuery with the base card added second, or None when the card
is no variant whose base the knowledge base holds (`memory_of(name)` is None for names it lacks).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from assistant.queries import CompareQuery, GpuRef, Query

# the China-market cut ("RTX 4090 D", "RTX 4090 D v2"), a memory size that names one form of a card ("RTX 3060 8 GB")
_VARIANT = re.compile(r"\s+(?:D(?:\s+v\d)?|\d+\s*GB)$")


def against_base(query: Query, memory_of: Callable[[str], float | None] | None) -> Query | None:
    if not isinstance(query, CompareQuery) or memory_of is None:
        return None
    named = [g for g in query.gpus if g.name and not g.pronoun]
    if len(named) != 1 or not named[0].name:
        return None
    base = _VARIANT.sub("", named[0].name)
    if base == named[0].name or not memory_of(base):
        return None
    return dataclasses.replace(query, gpus=(named[0], GpuRef(mention=base, name=base)))
