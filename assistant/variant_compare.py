"""A comparison naming a card sold in several memory sizes without one ("4060 ti vs 3060 for sd",
"笔记本4060和台式4060ti差多少"): every size is compared, not asked back.

Contract: `compare_each(engine, clar, text, dialogue, sizes) -> Answer | None`: for an ambiguous_gpu clarification of a
CompareQuery whose slot is a card of `gpus`, the comparison with that card replaced by each candidate (smallest memory
first) when the cards compared stay at most MAX_CARDS, answered through the engine, its headline led by a line saying
the sizes are all compared; None otherwise (the question back stands). The clarification stays pending, so "the 16gb
one" answers the two-card comparison for that size.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant import i18n
from assistant.queries import CompareQuery
from assistant.query_terms import GpuRef

if TYPE_CHECKING:
    from assistant.answer import Answer
    from assistant.dialogue import Dialogue
    from assistant.engine import Engine
    from assistant.query_clarification import Clarification

MAX_CARDS = 4  # a wider table than this is not read
_SLOT = re.compile(r"gpus\[(\d+)\]")


def compare_each(
    engine: Engine, clar: Clarification, text: str, dialogue: Dialogue, sizes: dict[str, float], mention: str
) -> Answer | None:
    pending, slot = clar.pending, _SLOT.fullmatch(clar.slot or "gpus[0]")
    if not isinstance(pending, CompareQuery) or slot is None or int(slot.group(1)) >= len(pending.gpus):
        return None
    at = int(slot.group(1))
    ordered = sorted(clar.candidates, key=lambda n: sizes[n])
    if len(pending.gpus) - 1 + len(ordered) > MAX_CARDS:
        return None
    asked = pending.gpus[at]
    each = [dataclasses.replace(asked, name=n, pronoun=None, assumed=False) for n in ordered]
    gpus: tuple[GpuRef, ...] = (*pending.gpus[:at], *each, *pending.gpus[at + 1 :])
    answer = engine._answer(text, dialogue, whole=False, chosen=dataclasses.replace(pending, gpus=gpus, text=text))
    if answer.clarification or not answer.headline:
        return None
    gb = [f"{sizes[n]:g} GB" for n in ordered]
    lead = i18n.t(answer.lang, "variants.compare_each", mention=mention, sizes=i18n.join_names(answer.lang, gb))
    answer.headline = i18n.gap(answer.lang).join([lead, answer.headline])
    dialogue.context.pending = clar  # "the 16gb one": that size against the others
    return answer
