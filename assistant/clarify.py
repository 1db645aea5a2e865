"""Finish a pending clarification once the user has picked a candidate.

Contract: `fill(pending, slot, name)` returns the pending query with the chosen GPU name (or
model key) in the slot. Slots are those `assistant.nlu.checks` produces: "gpus[i]", "model"
and "settings[i].gpu" (the GPU of a price override); `SLOTS` lists their shapes. Which
candidate a reply picks is decided by `assistant.nlu.choose`. `of_thread(parsed, talked)` picks the candidate the
conversation talked about when exactly one is ("the 4060 ti" after the 4060 Ti 16 GB), without asking back;
`variant_for_work(parsed, dialogue)` the one with the most memory when the thread's work needs memory.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant.queries import Clarification, GpuRef, ModelRef, Query

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


def of_thread(parsed: Query | Clarification, talked: set[str]) -> Query | Clarification:
    """A card named ambiguously ("the 4060 ti": 8 or 16 GB) when exactly one of the candidates is among `talked` (the
    cards the conversation talked about): that one, not a question back; anything else as parsed."""
    if not isinstance(parsed, Clarification) or parsed.kind != "ambiguous_gpu" or parsed.pending is None:
        return parsed
    known = [c for c in parsed.candidates if c in talked]
    return fill(parsed.pending, parsed.slot, known[0]) if len(known) == 1 else parsed


_MEMORY_WORK = ("image_generation", "llm_inference", "llm_finetune", "training")


def variant_for_work(parsed, dlg: Any):
    """ "为什么不推荐4060ti", "why not a 4060 ti" (8 or 16 GB, neither talked about) asked in a thread about work that
    needs memory (a pick for Stable Diffusion, for LLMs, for training): the variant with the most memory, said as
    assumed (the answer notes it), instead of asking back; anything else as parsed. `dlg`: the conversation
    (dialogue.Dialogue: its context's work and its memory_of)."""
    if not isinstance(parsed, Clarification) or parsed.kind != "ambiguous_gpu" or parsed.pending is None:
        return parsed
    ctx = dlg.context
    work = ctx.setup.workload or ctx.workload
    if parsed.pending.intent != "compare" or work not in _MEMORY_WORK or dlg.memory_of is None:
        return parsed
    sized = {c: dlg.memory_of(c) for c in parsed.candidates}
    if len(sized) < 2 or any(not m for m in sized.values()) or len(set(sized.values())) != len(sized):
        return parsed  # not memory variants of one card
    largest = max(sized, key=lambda c: sized[c] or 0)
    filled = fill(parsed.pending, parsed.slot, largest)
    refs = tuple(dataclasses.replace(g, assumed=True) if g.name == largest else g for g in getattr(filled, "gpus", ()))
    done: Any = filled  # a query with a gpus slot (the slot just filled)
    return dataclasses.replace(done, gpus=refs) if refs else filled
