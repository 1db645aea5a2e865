"""A budget said after a verdict on one card: "那预算加到一千块呢", "and if my budget is $400?" right after
"闲鱼 rx580 8g 才三百块，能拿来跑ai画图吗" asks which card to get for that work within the budget, not whether the card
talked about is worth that amount.

Contract: `pick_within(dlg, query)` returns a RecommendQuery for the work of the last verdict (its workload; new or
used as the thread's settings say) within the budget the follow-up sets (a `budget_usd` setting), when the follow-up
names no card, model or work of its own and the last question was a verdict on a card; `query` unchanged otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.queries import Query, RecommendQuery, VerdictQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def pick_within(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    if not isinstance(query, FollowUpQuery) or not isinstance(last, VerdictQuery) or not last.gpus:
        return query
    budget = next((s for s in query.settings if s.key == "budget_usd" and isinstance(s.value, (int, float))), None)
    if budget is None or not isinstance(budget.value, (int, float)) or query.gpus or query.model or query.workload:
        return query
    return RecommendQuery(
        text=query.text,
        workload=last.workload,
        budget_usd=float(budget.value),
        budget_currency=budget.currency,
        settings=tuple(s for s in query.settings if s.key != "budget_usd"),
    )
