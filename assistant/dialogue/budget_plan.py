"""A budget changed later in a thread re-plans the thread's budget plan: "预算改成15万呢", "what if the budget is 3000
instead" after a build or a pick for a budget and then side questions about it (how many cards the budget buys, its
power and cooling, a spec sheet) is that build or pick again within the new budget, not the side question's reading.

Contract: `budget_plan(history, base, follow, named)` returns the latest rig or recommendation in `history` that had a
budget when `follow` changes only the budget (`named`, its detail slots, is the budget alone; a budget setting may
come with it), `base` (the last question) is not itself a rig or a recommendation, and such a plan exists; otherwise
None (the caller keeps its own choice).
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.queries import Query
from assistant.query_talk import FollowUpQuery

PLANS = ("rig", "recommend")


def budget_plan(
    history: Sequence[Query], base: Query | None, follow: FollowUpQuery, named: Sequence[str]
) -> Query | None:
    if base is None or base.intent in PLANS or list(named) != ["budget_usd"] or follow.budget_usd is None:
        return None
    if follow.model is not None or follow.workload is not None or follow.gpu_count is not None:
        return None
    if follow.gpus or follow.ask or follow.fields or any(s.key != "budget_usd" for s in follow.settings):
        return None
    return next((q for q in reversed(history) if q.intent in PLANS and getattr(q, "budget_usd", None)), None)
