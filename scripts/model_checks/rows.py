"""The row every check produces (model vs measured), the calibration file reader, temporary constants for
fits, and the per-set summary. Shared by every check family of scripts/validate_model.py."""

from __future__ import annotations

import contextlib
import math
import statistics
from dataclasses import dataclass
from pathlib import Path

from assistant.models import constants as C

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Row:
    set: str
    case: str
    model: float
    measured: float

    @property
    def error(self) -> float:
        return self.model / self.measured - 1 if self.measured else 0.0


def default_dir() -> Path:
    return ROOT / "tests" / "models" / "data"


def read_tsv(path: Path) -> list[dict]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
    head = lines[0].split("\t")
    return [dict(zip(head, ln.split("\t"), strict=False)) for ln in lines[1:]]


@contextlib.contextmanager
def constants(**values):
    """Temporarily set constants (module attributes of assistant.models.constants)."""
    old = {k: getattr(C, k) for k in values}
    try:
        for k, v in values.items():
            setattr(C, k, v)
        yield
    finally:
        for k, v in old.items():
            setattr(C, k, v)


def rms_log_error(rows: list[Row]) -> float:
    return math.sqrt(statistics.fmean(math.log(r.model / r.measured) ** 2 for r in rows))


def summary(rows: list[Row]) -> dict[str, tuple[float, float, int]]:
    out = {}
    for s in dict.fromkeys(r.set for r in rows):
        errs = [abs(r.error) for r in rows if r.set == s]
        out[s] = (statistics.median(errs), max(errs), len(errs))
    return out
