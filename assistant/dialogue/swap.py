"""A card swapped in for a set the thread grew by a what-if: "换成4090呢", "switch to a 4090 then" after
"手上一张3060 ...", "那加一张同样的卡呢" (the one card owned, then one more of it asked about): one of the card
named, not as many as the what-if set had.

Contract: `swap_for_one(dlg, base, follow, gpus)` -> `gpus` (the follow-up's cards merged into the last question,
dialogue/references.merged_gpus) with the count of the one card named set to 1 when the follow-up swaps
(`follow.swaps`: lexicon list switch_words, English and Chinese), names one card with no count and no pronoun, and
the last question's one kind of card is the one the follow-up before added a card to (Context.added_before); `gpus`
unchanged otherwise ("and on a100s?" after 8 x H100 stays 8, "换成a100" after "8张用一周呢" too). It also records
the card a follow-up that adds names (Context.added_to), for the swap the turn after.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.dialogue.references import gpus_of
from assistant.queries import GpuRef, Query
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def swap_for_one(dlg: Dialogue, base: Query, follow: FollowUpQuery, gpus: tuple[GpuRef, ...]) -> tuple[GpuRef, ...]:
    dlg.context.added_to = follow.gpus[0].name if follow.adds and follow.gpus else None  # "what if i add a 3060"
    old = gpus_of(base)
    if follow.gpu_count or len(old) != 1 or len(gpus) != 1 or gpus[0].count <= 1 or follow.gpus[0].pronoun:
        return gpus
    if not follow.swaps:
        return gpus
    return (dataclasses.replace(gpus[0], count=1),) if dlg.context.added_before == old[0].name else gpus
