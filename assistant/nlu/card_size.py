"""A GPU's memory said as the card ("a 16gb gpu", "24gb card", "16g显卡", and with `vram` also "16gb vram",
"显存16g"): the user's card of that size, not a claim on the memory a job needs nor the computer's RAM.

Contract: `card_size_said(text, vram=True)` -> bool. With vram False only a card word counts ("you need 16gb vram
for flux" is a claim on the memory, "a 24gb card" is a card). `size_or_more_said(text)`: a memory said with "or more"
after it ("24g以上的", "24gb+", "16gb or more"): any card of at least that memory, no variant of the card talked about.
"""

from __future__ import annotations

import re

_CARD = r"\d+\s*g(?:b|ib)?\s*(?:of\s+)?(?:gpu|card|graphics card|显卡)"
_CARD_SIZE = re.compile(_CARD)
_CARD_OR_VRAM = re.compile(rf"{_CARD}|\d+\s*g(?:b|ib)?\s*(?:of\s+)?(?:vram|显存)|(?:vram|显存)\s*\d+\s*g")


def card_size_said(text: str, vram: bool = True) -> bool:
    return (_CARD_OR_VRAM if vram else _CARD_SIZE).search(text.lower()) is not None


_OR_MORE = re.compile(
    r"\d+\s*g(?:b|ib)?\s*(?:of\s+)?(?:vram|显存)?\s*(?:的)?\s*"
    r"(?:以上|及以上|或以上|起步|\+|or more|and up|or above|plus\b)"
)


def size_or_more_said(text: str) -> bool:
    return _OR_MORE.search(text.lower()) is not None
