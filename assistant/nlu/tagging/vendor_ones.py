"""Cards pointed at by their maker ("the amd one", "8 of the nvidia ones", "those intel cards") in a question that
names no GPU: the cards of that maker among those talked about, not a pick among all of that maker's cards.

Contract: `vendor_ones(tags, text)` -> the tags with each VENDOR tag that "the" / "those" / "these" comes right before
and a card word ("one", "ones", "card", "cards", "gpu", "gpus") right after replaced, with that card word, by one
PRONOUN tag of value "vendor:<maker>" (dialogue/references resolves it); tags unchanged when a GPU is named or no
such phrase is said. Never raises.
"""

from __future__ import annotations

import re

from assistant.nlu.tagging.base import Tag

_CARD_AFTER = re.compile(r"\s+(?:ones?|cards?|gpus?)\b", re.I)
_POINTING = re.compile(r"\b(?:the|those|these)\s+$", re.I)


def vendor_ones(tags: list[Tag], text: str) -> list[Tag]:
    if any(t.kind == "GPU" for t in tags):
        return tags
    out: list[Tag] = []
    for t in tags:
        if out and out[-1].kind == "PRONOUN" and out[-1].start <= t.start < out[-1].end:
            continue  # the card word the pronoun took
        card = _CARD_AFTER.match(text, t.end) if t.kind == "VENDOR" else None
        if card is not None and _POINTING.search(text[: t.start]) is not None:
            out.append(Tag("PRONOUN", f"vendor:{t.value}", text[t.start : card.end()], t.start, card.end()))
            continue
        out.append(t)
    return out
