"""More cards after a measured speed was checked: "what if i add a second p40", "what about two of them", "and with
2 p40s?" right after "got a p40 ..., running qwen2.5 32b q4 and getting like 8 t/s, is that normal".

Contract: `more_cards_after_check(dlg, query)` -> a FitQuery of the checked model (its size and the format said) on
the set the follow-up makes (the checked card plus the ones added, or that many of it), its speed asked, so the
answer says what the set runs and how fast; `query` unchanged when the last question was no speed check
(ExplainQuery asked speed_check), the follow-up names another card, another model or no more cards. Nothing here
raises.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import FitQuery, Query
from assistant.query_talk import ExplainQuery, FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_FORMATS = ("q2_k", "q3_k_m", "q4_k_m", "q5_k_m", "q6_k", "q8_0", "int4", "int8", "fp8", "fp16", "bf16")


def more_cards_after_check(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    if not isinstance(last, ExplainQuery) or last.asked != "speed_check" or not isinstance(query, FollowUpQuery):
        return query
    checked = next((g for g in last.gpus if g.name), None)
    if checked is None or query.model or query.params_b:
        return query
    named = [g for g in query.gpus if g.name and not g.pronoun]
    if any(g.name != checked.name for g in named):
        return query  # "what if i add a 3090": a mixed set, read as usual
    if query.adds and named:  # "add a second p40": the checked card plus the ones added
        count = checked.count + sum(g.count for g in named)
    elif (query.gpu_count or 1) > 1:  # "what about two of them", "and with 2 p40s?"
        count = int(query.gpu_count or 1)
    else:
        return query
    precision = next((p for p in last.precisions if p in _FORMATS), None)
    return FitQuery(
        text=query.text,
        model=last.model,
        params_b=last.params_b if last.model is None else None,
        gpus=(dataclasses.replace(checked, count=count, pronoun=None),),
        gpu_count=count,
        precision=precision,
        want_speed=True,
        workload="llm_inference",
        settings=query.settings,
    )
