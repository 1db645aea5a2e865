"""The machine around the GPUs, by how many it holds: one sourced table for every answer (§cost.platform, §rig).

Contract: `platforms()` returns the tiers of knowledge/rigs.toml `[platform.*]` (key, most GPUs, USD allowance,
CPU watts, slots, source ids), fewest GPUs first; a tier for more GPUs is never priced below one for fewer (the
sources price different builds). `platform_for(n)` is the first tier that holds n GPUs (the largest for more).
Read once per process; no network.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from assistant import paths


@dataclass(frozen=True)
class Platform:
    key: str
    max_gpus: int
    usd: float
    cpu_w: float
    slots: str
    source: str


@cache
def rigs() -> dict:
    import tomllib  # only when a rig is priced: not imported by every answer

    with open(paths.knowledge_dir() / "rigs.toml", "rb") as f:
        return tomllib.load(f)


@cache
def platforms() -> tuple[Platform, ...]:
    found = sorted((Platform(key, **values) for key, values in rigs()["platform"].items()), key=lambda p: p.max_gpus)
    out, floor = [], 0.0
    for p in found:
        floor = max(floor, float(p.usd))
        out.append(dataclasses.replace(p, usd=floor))
    return tuple(out)


def platform_for(n: int) -> Platform:
    tiers = platforms()
    return next((p for p in tiers if p.max_gpus >= n), tiers[-1])
