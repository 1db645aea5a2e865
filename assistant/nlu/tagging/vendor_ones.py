"""Cards pointed at by their maker ("the amd one", "8 of the nvidia ones", "those intel cards") in a question that
names no GPU: the cards of that maker among those talked about, not a pick among all of that maker's cards.

Contract: `vendor_ones(tags, text)` -> the tags with each VENDOR tag that "the" / "those" / "these" comes right before
and a card word ("one", "ones", "card", "cards", "gpu", "gpus") right after replaced, with that card word, by one
PRONOUN tag of value "vendor:<maker>" (dialogue/references resolves it); "the gpu one", "the pc option" (of a Mac
and a PC weighed) by one PRONOUN tag "vendor:!apple" (any maker but Apple); tags unchanged when a GPU is named or no
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
    return _not_mac_ones(_form_ones(out, text), text)


# "the laptop one", "the desktop card": of a laptop card and a desktop card weighed, the one of that form
_FORM_ONE = re.compile(
    r"\b(?:the|that)\s+(laptop|notebook|mobile|desktop)\s+(?:one|option|card|gpu|chip|machine|rig)\b", re.I
)


_FORM_ONE_ZH = re.compile(r"(笔记本|游戏本|笔电|台式机|台式|桌面)(?:的那个|那个|那台|那张|那款)")


def _form_ones(tags: list[Tag], text: str) -> list[Tag]:
    found = _FORM_ONE.search(text) or _FORM_ONE_ZH.search(text)
    if found is None:
        return tags
    form = "desktop" if found.group(1).lower() in ("desktop", "台式机", "台式", "桌面") else "laptop"
    start, end = found.start(), found.end()
    kept = [t for t in tags if not (start <= t.start < end)]
    return sorted([*kept, Tag("PRONOUN", f"form:{form}", text[start:end], start, end)], key=lambda t: t.start)


# "the gpu one", "the pc option", "the nvidia build": of a Mac and a PC weighed, the PC's card (any maker but Apple)
_NOT_MAC_ONE = re.compile(
    r"\b(?:the|that)\s+(?:gpu|pc|windows|cuda|discrete(?:\s+gpu)?)\s+(?:one|option|box|build|rig|route|card)\b",
    re.I,
)


def _not_mac_ones(tags: list[Tag], text: str) -> list[Tag]:
    """ "electricity on the gpu one" after a Mac weighed against a card: a PRONOUN "vendor:!apple" over the phrase (the
    card talked about that is not Apple's), its words' tags dropped."""
    found = _NOT_MAC_ONE.search(text)
    if found is None:
        return tags
    start, end = found.start(), found.end()
    kept = [t for t in tags if not (start <= t.start < end)]
    pronoun = Tag("PRONOUN", "vendor:!apple", text[start:end], start, end)
    return sorted([*kept, pronoun], key=lambda t: t.start)
