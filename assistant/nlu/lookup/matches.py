"""The result of looking a GPU or model mention up: ok (one product), ambiguous (candidates to ask
about) or unknown (suggestions only, never answered as one of them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GpuMatch:
    """`how` says why an ok match is that product: exact (its name or core as typed), alias (curated,
    knowledge/aliases.csv), variant (a memory size or form factor filled in: `assumed`); "" otherwise."""

    mention: str
    status: str  # ok | ambiguous | unknown
    name: str | None = None
    candidates: tuple[str, ...] = ()
    assumed: bool = False
    how: str = ""


@dataclass(frozen=True)
class ModelMatch:
    """A model mention resolved to a KB key, or ambiguous with candidates, or unknown."""

    mention: str
    status: str  # ok | ambiguous | unknown
    key: str | None = None
    candidates: tuple[str, ...] = ()
