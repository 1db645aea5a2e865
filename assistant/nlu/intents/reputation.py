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
GB"); a laptop part is skipped for the Turing GTX 16 card ("RTX 3050" -> GTX 1650, not the RTX 2050 Mobile); None
for other names.
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
_TIER = re.compile(r"\b(RTX|GTX) (10|16|20|30|40|50)(\d0)(?: (Ti|SUPER|Super))?\b")
# GeForce series by generation (Pascal, Turing, Ampere, Ada, Blackwell)
_SERIES = {1: ("10",), 2: ("20", "16"), 3: ("30",), 4: ("40",), 5: ("50",)}


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
    found = _gen_tier(name)
    if found is None or _LAPTOP.search(name):
        return None
    gen, tier, suffix = found
    for series in _SERIES.get(gen - 1, ()):  # the RTX 3050's tier before: no desktop RTX 2050, the GTX 1650
        brand = "gtx" if series in ("10", "16") else "rtx"
        for extra in ([suffix] if suffix else []) + [""]:
            mention = f"{brand} {series}{tier} {extra.lower()}".strip()
            match = index.gpu(words(mention), mention)
            if match.status == "ok" and match.name and not _LAPTOP.search(match.name):
                return match.name
            if match.status == "ambiguous" and match.candidates:  # "rtx 4060 ti" before a 5060 Ti 16 GB: the 16 GB
                same = [c for c in match.candidates if _memory_word(c) == _memory_word(name)]
                return (same or list(match.candidates))[0]
    return None


def tier_before(old: str, new: str) -> bool:
    a, b = _gen_tier(old), _gen_tier(new)
    return bool(a and b and a[0] == b[0] - 1 and a[1] == b[1])


def _gen_tier(name: str) -> tuple[int, str, str] | None:
    """(generation index, tier digits, suffix) of a GeForce name: "RTX 4060 Ti" -> (4, "60", "Ti"); the GTX 16
    series counts as the RTX 20 series' generation (both Turing)."""
    found = _TIER.search(name)
    if found is None:
        return None
    gen = next((g for g, series in _SERIES.items() if found.group(2) in series), None)
    return (gen, found.group(3), found.group(4) or "") if gen is not None else None


def _memory_word(name: str) -> str:
    found = re.search(r"\b(\d+) GB\b", name)
    return found.group(1) if found else ""
