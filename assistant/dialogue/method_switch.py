"""A fine-tuning method said alone after a rent-or-buy of a training job ("要是做全参微调呢", "what about a full
finetune", "那用lora呢" after "想微调qwen2.5 7b ... 租还是自己买卡" and its schedule): that job weighed again with the
method said, its use kept, instead of the last answer (a rent of hours) repeated; "太贵了，有没有便宜点的办法", "any
cheaper way to do this" is the next lighter method (full fine-tuning -> LoRA -> QLoRA).

Contract: `job_with_method(dlg, query)` -> the latest rent-or-buy of the thread (within the last questions) with
`mode` set to the method the follow-up says (or the next lighter one) and no span (the job's own cost leads), or
`query` unchanged when the follow-up says anything else (a card, a model, a size, an amount) or no rent-or-buy of a
job with a model was asked.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import Query, RentOrBuyQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_METHODS = ("lora", "qlora", "full_finetune")
_LIGHTER = {"full_finetune": "lora", "lora": "qlora"}  # the next cheaper method: fewer cards or a smaller one


def job_with_method(dlg: Dialogue, query: Query) -> Query:
    if not isinstance(query, FollowUpQuery):
        return query
    cheaper = query.ask == "cheaper" and query.mode is None  # "太贵了，有没有便宜点的办法": a lighter method
    if query.mode not in _METHODS and not cheaper:
        return query
    if query.gpus or query.model or query.params_b or query.amount is not None or query.budget_usd:
        return query
    recent = [q for q in (*dlg.context.history, dlg.context.last_query) if q is not None]
    job = next((q for q in reversed(recent) if isinstance(q, RentOrBuyQuery)), None)
    if job is None or not (job.model or job.params_b):
        return query
    if isinstance(dlg.context.last_query, RentOrBuyQuery) and dlg.context.last_query is not job:
        return query
    mode = query.mode
    if cheaper:
        mode = _LIGHTER.get(job.mode or "full_finetune")
        if mode is None:
            return query
    # the job's own cost leads (the method changes it); the use said stays, its span's totals do not change with it
    return dataclasses.replace(job, mode=mode, months=None, settings=query.settings)
