"""A bare "Nk" in a follow-up of a question with a budget ("what about 2k", "what if i drop to 2k", "and for 4k?" after
a rig or a recommendation for a budget) is a budget of N thousand, not a context of N k tokens: the tagger reads "2k"
alone as a context size (2, 4, 8, 16, 32 and 64 thousand are context sizes too), which only the thread can settle.

Contract: `budget_of_k(base, follow)` returns `follow` with its context moved to `budget_usd` (N x 1,000, in the base's
budget currency) when the base had a budget and names no model, and the follow-up names no model, no budget and no
context word (its text holds "Nk" with nothing about tokens); otherwise `follow` unchanged.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.queries import Query
from assistant.query_talk import FollowUpQuery

_BARE_K = re.compile(r"(?<![\w.])(\d{1,3})\s*k\b(?!\s*(?:context|ctx|tokens?|token|上下文))", re.IGNORECASE)


def budget_of_k(base: Query | None, follow: FollowUpQuery) -> FollowUpQuery:
    if base is None or not follow.context_tokens or follow.budget_usd is not None or follow.model is not None:
        return follow
    if getattr(base, "budget_usd", None) is None or getattr(base, "model", None) is not None:
        return follow
    if getattr(base, "context_tokens", None):  # a question that had a context asks about contexts
        return follow
    said = _BARE_K.findall(follow.text)
    if len(said) != 1:
        return follow
    return dataclasses.replace(
        follow,
        context_tokens=None,
        budget_usd=float(said[0]) * 1000.0,
        budget_currency=getattr(base, "budget_currency", None),
    )
