"""A question read but not answerable without asking back: what to ask, the candidates, and the query to complete.

Contract: a plain frozen value; the parser (`assistant.nlu`) returns it instead of a query, `assistant.queries`
re-exports it, so `from assistant.queries import Clarification` keeps working.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistant.queries import Query


@dataclass(frozen=True)
class Clarification:
    """The question was parsed but cannot be answered without asking back."""

    kind: str  # ambiguous_gpu | unknown_gpu | unknown_model | unparsed | missing
    message: str
    candidates: tuple[str, ...] = ()  # canonical names (GPUs) or keys (models)
    intent: str = "unknown"  # the intent understood, if any
    text: str = ""
    pending: Query | None = None  # the query to complete once the user picks a candidate
    slot: str | None = None  # which mention the candidates replace, e.g. "gpus[1]"
    extras: dict = field(default_factory=dict, hash=False, compare=False)
