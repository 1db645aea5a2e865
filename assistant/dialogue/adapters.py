"""Adapters said in a follow-up ("with a lora and a controlnet on top?", "叠两个lora呢"): onto the image set-up talked
about, else a LoRA said is the training method ("what about with lora" after a fine-tune of Llama 3 8B).

Contract: `adapters_of_follow(base, follow)` returns the follow-up with its adapters made whole: after an image
generation fit (a FitQuery of workload image_generation, inference) the adapters of that fit with the ones said
(a kind said again takes its new count), no LoRA method; elsewhere the adapters leave it (a LoRA said with no image
in the message is its method already: nlu/tagging/adapters.py). The follow-up unchanged when it says none. Pure.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import FitQuery, Query
from assistant.query_talk import FollowUpQuery


def adapters_of_follow(base: Query | None, follow: FollowUpQuery) -> FollowUpQuery:
    if not follow.addons:
        return follow
    if isinstance(base, FitQuery) and base.workload == "image_generation" and base.mode == "inference":
        said = {kind for kind, _, _ in follow.addons}
        kept = tuple(a for a in base.addons if a[0] not in said)
        mode = None if follow.mode == "lora" else follow.mode
        workload = None if follow.workload == "llm_finetune" else follow.workload
        return dataclasses.replace(follow, addons=(*kept, *follow.addons), mode=mode, workload=workload)
    return dataclasses.replace(follow, addons=None)
