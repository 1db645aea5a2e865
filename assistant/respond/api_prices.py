"""Hosted LLM API prices (knowledge/api_prices.csv): per provider and open model, USD per million input and output
tokens, with when they were read and their source.

Contract: `for_model(key)` -> the rows for that model key, cheapest output price first ([] when none is held);
`held_models()` -> the model keys that have a price.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from assistant import paths


@dataclass(frozen=True)
class ApiPrice:
    """One hosted API price row: provider, model key, USD per million input and output tokens, when, source."""

    provider: str
    model: str
    input_usd_per_m: float
    output_usd_per_m: float
    observed: str
    source: str


@cache
def _rows() -> tuple[ApiPrice, ...]:
    from assistant.kb.files import read_csv

    columns = ["provider", "model", "input_usd_per_m", "output_usd_per_m", "observed", "source"]
    rows = read_csv(paths.knowledge_dir() / "api_prices.csv", columns)
    return tuple(
        ApiPrice(
            r["provider"],
            r["model"],
            float(r["input_usd_per_m"]),
            float(r["output_usd_per_m"]),
            r["observed"],
            r["source"],
        )
        for _, r in rows
    )


def for_model(key: str) -> list[ApiPrice]:
    return sorted((p for p in _rows() if p.model == key), key=lambda p: (p.output_usd_per_m, p.provider))


def held_models() -> tuple[str, ...]:
    return tuple(dict.fromkeys(p.model for p in _rows()))
