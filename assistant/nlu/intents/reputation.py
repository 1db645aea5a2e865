"""Why a card is criticized ("why does everyone hate the 4060 ti", "4060ti 16g为什么被骂", "is the 4060 a scam"): the
card against the card of the same tier one generation before, which is what the criticism measures it against
(respond/reputation.py leads the comparison with the differences).

Contract: `read(r)` -> CompareQuery(gpus=(the card, its predecessor)) when exactly one card is named, a word of
lexicon reputation_asks is said, no temperature, money or budget is, no worth asked without a why ("is it worth it
or a scam" is a verdict), and `predecessor` finds the earlier card in the
index; None otherwise (the question goes on to the other readers). A card named without its memory size ("the 4060
ti") is read as its first candidate for the predecessor and stays unresolved (every size is then compared,
assistant/variant_compare.py).
`predecessor(index, name)`: the GeForce card one generation earlier with the same tier number and suffix ("GeForce
RTX 4060 Ti 16 GB" -> the RTX 3060 Ti; "RTX 2060" -> GTX 1060), without the suffix when that generation had none
("4070 SUPER" -> 3070), of the same memory size when that name is sold in several ("5060 Ti 16 GB" -> "4060 Ti 16
GB"); None for other names and for a laptop part ("RTX 3050" -> None, not the RTX 2050 Mobile).
`tier_before(old, new)`: True when `old` is a card of that rule's kind for `new` (same tier number, one generation
earlier).
"""

from __future__ import annotations

import re

from assistant.nlu.reading import Reading
from assistant.nlu.text import words
from assistant.queries import CompareQuery, Query
from assistant.query_terms import GpuRef

_LAPTOP = re.compile(r"Mobile|Laptop|Max-Q", re.I)
_TIER = re.compile(r"\b(RTX|GTX) ([2-5])0(\d0)(?: (Ti|SUPER|Super))?\b")


def read(r: Reading) -> Query | None:
    if len(r.explicit) != 1 or not r.said("reputation_asks") or r.b.has("TEMPERATURE", "MONEY", "BUDGET"):
        return None  # "hotspot at 105c on my 4080, so bad?": the reading, not the card's reputation
    if r.said("ask_worth") and not (r.b.has("WHY") or r.said("slow_why_words")):
        return None  # "is the 4060 ti 16gb worth it for ai or is it a scam": the verdict asked (verdict.read)
    card = r.explicit[0]
    name = card.name or _first_candidate(r, card.mention)  # "the 4060 ti": 8 or 16 GB, every size compared later
    before = predecessor(r.index, name or "")
    if before is None:
        return None
    return CompareQuery(text=r.text, gpus=(card, GpuRef(mention=before, name=before)))


def _first_candidate(r: Reading, mention: str) -> str | None:
    found = r.index.gpu(words(mention), mention)
    return found.candidates[0] if found.status == "ambiguous" and found.candidates else None


def predecessor(index, name: str) -> str | None:
    found = _TIER.search(name)
    if found is None or "Mobile" in name or "Laptop" in name:
        return None
    gen = int(found.group(2)) - 1
    brand = "gtx" if gen == 1 else "rtx"
    tier = f"{gen}0{found.group(3)}"
    for suffix in ([found.group(4)] if found.group(4) else []) + [""]:
        mention = f"{brand} {tier} {suffix.lower()}".strip()
        match = index.gpu(words(mention), mention)
        if match.status == "ok" and match.name:
            return None if _LAPTOP.search(match.name) else match.name  # "rtx 2050" is a laptop part: no desktop tier
        if match.status == "ambiguous" and match.candidates:  # "rtx 4060 ti" before a 5060 Ti 16 GB: the 16 GB one
            same = [c for c in match.candidates if _memory_word(c) == _memory_word(name)]
            return (same or list(match.candidates))[0]
    return None


def tier_before(old: str, new: str) -> bool:
    a, b = _TIER.search(old), _TIER.search(new)
    return bool(a and b and int(a.group(2)) == int(b.group(2)) - 1 and a.group(3) == b.group(3))


def _memory_word(name: str) -> str:
    found = re.search(r"\b(\d+) GB\b", name)
    return found.group(1) if found else ""
