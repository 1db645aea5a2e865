"""A bare model size asked after a named model is that model's line: "would that run the 27b too" after Gemma 3 12B
is Gemma 3 27B, not a generic 27B model.

Contract: `size_of_line(dialogue, query)` -> `query` with the thread's line's model of the size it states (the
dialogue's `sibling_of`: model key, size -> that line's model key) when it is a fit, a verdict or a comparison that
states a size and no model and the thread talks about a named model whose line has one of that size; else `query`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from assistant.queries import ModelRef

_READS = ("fit", "verdict", "compare")


def size_of_line(dialogue: Any, query: Any) -> Any:
    if query.intent not in _READS or getattr(query, "model", 1) is not None or not getattr(query, "params_b", None):
        return query
    before = dialogue.context.setup.model
    if before is None or not before.key or dialogue.sibling_of is None:
        return query
    line = dialogue.sibling_of(before.key, query.params_b)
    if not line or line == before.key:
        return query
    return dataclasses.replace(
        query, model=ModelRef(mention=f"{query.params_b:g}b", key=line, of_line=True), params_b=None
    )
