"""Finish a pending clarification from the user's reply ("the desktop one", "16 GB", "the first").

Contract: `pick_candidate(reply, candidates, entries)` returns the chosen candidate or None
when the reply does not pick one (then it is treated as a new question). `fill(pending, slot,
name)` returns the pending query with the chosen GPU (or model) in the slot.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.names import normalize_name
from assistant.queries import GpuRef, ModelRef, Query

_ORDINALS = {"first": 0, "1": 0, "1st": 0, "one": 0, "second": 1, "2": 1, "2nd": 1, "two": 1, "third": 2, "3": 2,
             "3rd": 2, "第一": 0, "第一个": 0, "第二": 1, "第二个": 1, "第三个": 2}
_DESKTOP = ("desktop", "the desktop", "pc", "台式", "台式机", "桌面")
_LAPTOP = ("laptop", "mobile", "notebook", "笔记本", "移动")


def pick_candidate(reply: str, candidates: tuple[str, ...], mobile: dict[str, bool]) -> str | None:
    text = normalize_name(reply)
    words = set(text.split())
    if not text or len(text) > 60:
        return None
    for word, index in _ORDINALS.items():
        if (word in words or reply.strip().startswith(word)) and index < len(candidates):
            if word.isdigit() and re.search(r"\d+\s*gb", text):
                break
            return candidates[index]
    if any(w in text for w in _LAPTOP):
        laptops = [c for c in candidates if mobile.get(c)]
        if len(laptops) == 1:
            return laptops[0]
    if any(w in text for w in _DESKTOP):
        desktops = [c for c in candidates if not mobile.get(c)]
        if len(desktops) == 1:
            return desktops[0]
    memory = re.search(r"(\d+)\s*gb", text.replace(" ", ""))
    if memory:
        sized = [c for c in candidates if re.search(rf"\b{memory.group(1)} ?GB\b", c)]
        if len(sized) == 1:
            return sized[0]
    exact = [c for c in candidates if normalize_name(c) == text or normalize_name(c).endswith(" " + text)]
    if len(exact) == 1:
        return exact[0]
    containing = [c for c in candidates if text and text in normalize_name(c)]
    return containing[0] if len(containing) == 1 else None


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
