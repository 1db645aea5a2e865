"""Finish a pending clarification once the user has picked a candidate.

Contract: `fill(pending, slot, name)` returns the pending query with the chosen GPU name (or
model key) in the slot. Slots are those `assistant.nlu.checks` produces: "gpus[i]", "model"
and "settings[i].gpu" (the GPU of a price override); `SLOTS` lists their shapes. Which
candidate a reply picks is decided by `assistant.nlu.choose`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant.queries import GpuRef, ModelRef, Query

SLOTS = re.compile(r"(gpus|model|settings)(?:\[(\d+)\])?(?:\.(gpu))?")


def fill(pending: Query, slot: str | None, name: str) -> Query:
    match = SLOTS.fullmatch(slot or "gpus[0]")
    if not match:
        raise ValueError(f"unknown clarification slot {slot!r}")
    field, index = match.group(1), int(match.group(2) or 0)
    if field == "model":
        return _with(pending, model=ModelRef(mention=name, key=name))
    if field == "settings":
        settings = list(pending.settings)
        settings[index] = dataclasses.replace(settings[index], gpu=name)
        return dataclasses.replace(pending, settings=tuple(settings))
    gpus = list(getattr(pending, "gpus", ()))
    while len(gpus) <= index:
        gpus.append(GpuRef(mention=name))
    gpus[index] = dataclasses.replace(gpus[index], name=name, pronoun=None)
    return _with(pending, gpus=tuple(gpus))


def _with(pending: Query, **changes: Any) -> Query:
    """`pending` with its slot filled; the slot is one its kind of query has (SLOTS, decided by the reader)."""
    return dataclasses.replace(pending, **changes)
