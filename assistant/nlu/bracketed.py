"""A product named with its card in brackets: "hetzner gex44 (rtx 4000 sff ada 20gb)", "zephyrus g14 (4060 laptop)",
"rtx 4000 sff ada (gex44)".

Contract: `bracketed_unknown(tags, text)` returns the GPU mention no card has when a known card stands in brackets
right after it, or it stands in brackets right after a known card; None otherwise. The question is then read without
that name and the answer says it was not used (Query.ignored_words): the card in brackets is the one answered, never a
card guessed from the product's name.
"""

from __future__ import annotations

import re

_OPEN = re.compile(r"\s*[(（]\s*")
_CLOSE = re.compile(r"[^()（）]*[)）]")


def bracketed_unknown(tags, text: str) -> str | None:
    gpus = [t for t in tags if t.kind == "GPU"]
    for unknown in (t for t in gpus if t.gpu_match().status == "unknown"):
        for card in (t for t in gpus if t is not unknown and t.gpu_match().status == "ok"):
            first, second = (unknown, card) if card.start >= unknown.end else (card, unknown)
            if _OPEN.fullmatch(text[first.end : second.start]) and _CLOSE.match(text[second.end :]):
                return unknown.text
    return None
