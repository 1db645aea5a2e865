"""Which GPUs Multi-Instance GPU (MIG) can split and how (knowledge/mig_cards.csv), and the names of their slices.

Contract: `shares(gpu_name)` -> (compute slices, memory slices) of a MIG-capable GPU, else None; `slice_name(gpu_name,
profile)` -> "<gpu name> MIG <profile>" (profile "<g>g.<n>gb"); `split(name)` -> (GPU name, g, n GB) of such a name,
else None; `smallest(gpu_name, memory_gb)` -> the profile of its smallest slice ("1g.10gb" on an 80 GB A100), None
when the GPU cannot be split. docs/model.md §mig.
"""

from __future__ import annotations

import csv
import functools
import math
import re

from assistant import paths

_NAME = re.compile(r"^(.+) MIG (\d)g\.(\d+)gb$")


@functools.cache
def _cards() -> list[tuple[str, int, int]]:
    with open(paths.knowledge_dir() / "mig_cards.csv", encoding="utf-8") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        found = [(r["prefix"], int(r["compute_slices"]), int(r["memory_slices"])) for r in rows]
    return sorted(found, key=lambda r: len(r[0]), reverse=True)


def shares(gpu_name: str) -> tuple[int, int] | None:
    for prefix, compute, memory in _cards():
        if f"{gpu_name} ".startswith(prefix):
            return compute, memory
    return None


def slice_name(gpu_name: str, profile: str) -> str:
    return f"{gpu_name} MIG {profile}"


def split(name: str) -> tuple[str, int, float] | None:
    m = _NAME.match(name)
    return (m.group(1), int(m.group(2)), float(m.group(3))) if m else None


def smallest(gpu_name: str, memory_gb: float) -> str | None:
    found = shares(gpu_name)
    return f"1g.{math.ceil(memory_gb / found[1] - 0.5):d}gb" if found else None
