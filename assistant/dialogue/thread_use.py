"""The use a pick or a build was asked for, kept for the bill asked next: "想搞一台常开的推理机，跑whisper和7b" then
"它一年电费多少" is billed at that use (on all week, a few hours of load a day), not at the default utilization.

Contract: `use_after(old, query)` -> the use (Query.usage) the thread keeps after `query` was answered: a
recommendation's or build's own (nlu/usage_apply.picked_for_use), else the old one, kept until the next recommendation
or build (a later bill of another card in the conversation is at it too); a question with a use of its own replaces
it. `bill_at_use(dialogue, query)` -> a running or
ownership cost that states no hours, utilization or use of its own, at the kept use: its load hours a week (a
utilization setting) and, when the card is on beyond them, the hours it is on (billed at idle, docs/model.md
§cost.idle); else `query` unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from assistant.queries import CostQuery, RecommendQuery, RigQuery, Setting, Usage


def use_after(old: Usage | None, query: Any) -> Usage | None:
    own = getattr(query, "usage", None)
    if isinstance(query, (RecommendQuery, RigQuery)):
        return own
    return own or old


def bill_at_use(dialogue: Any, query: Any) -> Any:
    use = dialogue.context.use
    if use is None or not isinstance(query, CostQuery) or query.kind not in ("running", "tco"):
        return query
    if query.usage is not None or query.hours_per_week or query.powered_hours_per_week:
        return query
    if any(s.key == "utilization" for s in query.settings):
        return query
    share = min(use.per_week / 168.0, 1.0)
    return dataclasses.replace(
        query,
        usage=use,
        hours_per_week=round(use.per_week, 2),
        powered_hours_per_week=use.on_per_week,
        settings=(*query.settings, Setting("utilization", share)),
    )
