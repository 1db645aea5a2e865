"""How far a model's context reaches past what its config ships (knowledge/context_extension.csv): Qwen2.5-Coder
7B-32B and Qwen3 ship 32,768 (Qwen3: 40,960) positions and reach 131,072 tokens with YaRN rope scaling, as their
model cards and docs state.

Contract: `extended(model_key)` -> (tokens, method, source id) or None when the knowledge holds no extension for the
model. Nothing is estimated: a model without a row has only its config's context.
"""

from __future__ import annotations

from functools import cache

from assistant import paths


@cache
def _rows() -> dict[str, tuple[int, str, str]]:
    from assistant.kb.files import read_csv

    rows = read_csv(
        paths.knowledge_dir() / "context_extension.csv", ["model", "extended_context", "method", "source", "note"]
    )
    return {r["model"]: (int(r["extended_context"]), r["method"], r["source"]) for _, r in rows}


def extended(model_key: str) -> tuple[int, str, str] | None:
    return _rows().get(model_key)
