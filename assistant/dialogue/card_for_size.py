"""A card named after a question about a memory size alone.

Contract: `card_for_size(dlg, base, follow)` returns the fit the follow-up means when the last question weighed a
memory size without a card ("is 8gb vram enough for anything ai", "is 12gb enough for llms", "16g显存够跑flux吗")
and the follow-up names a card ("i have a 4060 laptop", "what about the 3060", "那4070呢"): the same question on
that card, its own memory in place of the size. With no model named, what the card runs (`asked="what_runs"`);
with one, that model on it. None otherwise.
`size_for_fit(base, follow)`: the reverse, "what about q4 on a 16gb card", "24g以上的呢" after a model fitted on a
card: the model on any card of that memory (FitQuery.memory_gb), not a 16 GB version of the card talked about.
`size_for_rig(dlg, follow)`: "不是，我想要 24g 以上的", "only 24gb+ cards" within a few turns of a build for a budget:
that build again among cards with at least that memory (RigQuery.min_memory_gb), not a card picked without the
budget.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.dialogue.references import fill
from assistant.queries import FitQuery, Query, RigQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def card_for_size(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> FitQuery | None:
    if not isinstance(base, FitQuery) or not base.memory_gb or base.gpus:
        return None
    named = tuple(g for g in follow.gpus if g.name and g.pronoun is None)
    if not named or follow.ask or follow.model is not None or follow.params_b or _job_or_speed(follow):
        return None
    sized = base.model is not None or bool(base.params_b)
    return dataclasses.replace(
        base,
        text=follow.text,
        gpus=fill(dlg, named, True),
        gpu_count=follow.gpu_count,
        memory_gb=None,
        stated=tuple(s for s in base.stated if s.dim != "gb"),
        asked=base.asked if sized else "what_runs",
        asked_figure=base.asked_figure if sized else None,
        mode=follow.mode or base.mode,
        workload=base.workload or (None if sized else "llm_inference"),
        settings=follow.settings,
    )


def _job_or_speed(follow: FollowUpQuery) -> bool:
    """ "how long would 3 epochs on 20k rows take on a 4070", "how fast on a 3060": a time or speed asked, which the
    thread's timing and speed follow-ups answer."""
    job = (follow.tokens, follow.samples, follow.epochs, follow.train_steps, follow.hours_total)
    return follow.want_time or follow.want_speed or any(job)


def size_for_fit(base: Query | None, follow: FollowUpQuery) -> FitQuery | None:
    if not isinstance(base, FitQuery) or (base.model is None and not base.params_b):
        return None
    if not follow.min_memory_gb or follow.gpus or follow.ask or follow.model is not None:
        return None
    return dataclasses.replace(
        base,
        text=follow.text,
        gpus=(),
        gpu_count=None,
        memory_gb=follow.min_memory_gb,
        precision=follow.precision or base.precision,
        mode=follow.mode or base.mode,
        settings=follow.settings,
    )


_RIG_LOOK_BACK = 3  # the questions searched for the build a memory floor applies to


def size_for_rig(dlg: Dialogue, follow: Query) -> RigQuery | None:
    """`follow`: a follow-up, or a recommendation that says nothing but the memory floor ("显存要20g以上的")."""
    said = (getattr(follow, name, None) for name in ("gpus", "ask", "model", "budget_usd"))
    if not getattr(follow, "min_memory_gb", None) or any(x for x in said):
        return None
    recent = dlg.context.history[-_RIG_LOOK_BACK:]
    rig = next((q for q in reversed(recent) if isinstance(q, RigQuery) and not q.gpus), None)
    if rig is None:
        return None
    # the build's own settings were kept for the conversation when it was asked: only the follow-up's are new
    floor = getattr(follow, "min_memory_gb", None)
    return dataclasses.replace(rig, text=follow.text, min_memory_gb=floor, settings=follow.settings)
