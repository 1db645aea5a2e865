"""A model's fit on one device, then another device asked "instead" ("will llama 3.3 70b run on a dgx spark" ->
"what about an m4 max 128gb instead?"): the two weighed for that model, not the new one alone.

Contract: `against_fit(dlg, base, follow)` -> a CompareQuery of the device before and the one named now, for the
model (or size) of the fit, its precision and context kept, when `base` is an inference fit of a model on one card,
and the follow-up names one other card with no count, adds or removes nothing and says it instead
(FollowUpQuery.instead); None otherwise (the merge goes on: "and on a 4090?" is the fit on the 4090).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.dialogue.references import gpus_of
from assistant.queries import CompareQuery, FitQuery, Query
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def against_fit(dlg: Dialogue, base: Query, follow: FollowUpQuery) -> Query | None:
    if not isinstance(base, FitQuery) or not (base.model or base.params_b):
        return None
    if base.mode != "inference" or follow.adds or follow.removes or follow.gpu_count:
        return None
    old, new = gpus_of(base), [g for g in follow.gpus if g.name]
    if len(old) != 1 or len(new) != 1 or len(follow.gpus) != 1 or new[0].name == old[0].name or new[0].count > 1:
        return None
    if not follow.instead or old[0].count > 1:
        return None  # "换成4090呢" goes on with the thread on the 4090; "a 3090 instead" of two 3080s is its fit
    return CompareQuery(
        text=follow.text,
        gpus=(old[0], new[0]),
        workload=base.workload or "llm_inference",
        precision=base.precision,
        model=base.model,
        params_b=base.params_b,
        context_tokens=base.context_tokens,
        settings=follow.settings,
    )
