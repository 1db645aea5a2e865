"""A side question passed: after a question about one side of the cards weighed ("which one has more memory", the
comparison's memory alone; "which uses less power", the spec sheet of the cards compared), a follow-up that changes
what is weighed (the work: "ok for training then?"; a card's condition or count: "那二手3090呢", "两张3090呢",
"what about a used 3090 instead"; a setting or a budget) goes on with the whole question the side one was asked
beside, not with the side question. A follow-up that only names other cards ("and the 3090?") keeps the side
question (its memory, its power).

Contract: `past_side(dlg, base, follow)` returns the query `follow` continues: `base`, the whole comparison when
`base` is its memory alone, or the comparison a spec sheet of its cards was asked beside.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.dialogue.references import gpus_of
from assistant.queries import CompareQuery, Query, SpecQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def past_side(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    if base is None or not _moves_on(follow):
        return base
    if isinstance(base, CompareQuery) and base.aspect == "memory":
        return dataclasses.replace(base, aspect=None)
    if isinstance(base, SpecQuery) and base.fields and len(gpus_of(base)) >= 2:
        shown = {g.name for g in gpus_of(base)}
        earlier = [q for q in dlg.context.history if q is not base]
        return next(
            (q for q in reversed(earlier) if q.intent == "compare" and shown <= {g.name for g in gpus_of(q)}), base
        )
    return base


def _moves_on(follow: FollowUpQuery) -> bool:
    """The follow-up changes what is weighed and asks nothing of its own (a period or an amount asks the bill of what
    was shown: "whats that per year if i run it 6h a day" after the power of each)."""
    if follow.fields or follow.ask or follow.want_speed or follow.want_time or follow.vendor:
        return False
    if follow.period or follow.amount is not None or follow.hours_bare is not None:
        return False
    counted = (follow.gpu_count or 1) > 1 or any(g.count > 1 or g.condition for g in follow.gpus)
    return bool(follow.workload or follow.settings or follow.budget_usd is not None or counted)
