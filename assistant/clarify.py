"""Finish a pending clarification once the user has picked a candidate.

Contract: `fill(pending, slot, name)` returns the pending query with the chosen GPU (or
model key) in the slot ("gpus[i]" or "model"). Which candidate a reply picks is decided by
`assistant.nlu.choose`.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.queries import GpuRef, ModelRef, Query


def fill(pending: Query, slot: str | None, name: str) -> Query:
    match = re.fullmatch(r"(gpus|model)(?:\[(\d+)\])?", slot or "gpus[0]")
    if not match:
        return pending
    field, index = match.group(1), int(match.group(2) or 0)
    if field == "model":
        return dataclasses.replace(pending, model=ModelRef(mention=name, key=name))
    gpus = list(getattr(pending, "gpus", ()))
    while len(gpus) <= index:
        gpus.append(GpuRef(mention=name))
    gpus[index] = dataclasses.replace(gpus[index], name=name, pronoun=None)
    return dataclasses.replace(pending, gpus=tuple(gpus))
