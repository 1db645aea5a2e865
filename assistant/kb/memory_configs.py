"""Memory configurations of one chip: Apple silicon is sold with several amounts of unified memory on the same
chip (an M4 Max with 36, 48, 64 or 128 GB); the knowledge base holds one or two of them per chip.

Contract: `configured(name, known)` -> the GpuSpec of "Apple <chip> <N> GB" built from the configurations of the
same chip among `known` (every KB GPU; call it only for a name the KB lacks): the chip's figures (bandwidth, compute,
power) with the user's memory, marked `overridden` "memory_config" so answers can say the memory is the user's and
the rest is the chip's. The configuration with the most bandwidth is the base (a cut-down chip sold in some small
configurations has less; answers say so). None for any other name. No price: a configuration has no quote of
its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from assistant.names import APPLE_CONFIG, apple_chip
from assistant.specs import GpuSpec

MARK = "memory_config"


def configured(name: str, known: Iterable[GpuSpec]) -> GpuSpec | None:
    m = APPLE_CONFIG.match(name)
    if m is None:
        return None
    chip, memory = m.group(1), float(m.group(2))
    same = [g for g in known if g.unified_memory and apple_chip(g.name) == chip]
    if not same or memory <= 0:
        return None
    base = max(same, key=lambda g: (g.memory_bandwidth_gb_s or 0.0, g.memory_gb or 0.0))
    return dataclasses.replace(base, name=name, memory_gb=memory, overridden=(*base.overridden, MARK))


def held_configs(name: str, known: Iterable[GpuSpec]) -> list[float]:
    """The memory sizes (GB) the KB holds for the chip of configuration `name`, smallest first."""
    chip = apple_chip(name)
    return sorted({g.memory_gb or 0.0 for g in known if g.unified_memory and apple_chip(g.name) == chip and chip})
