"""A card's two memory sizes weighed against their price: "is the 16gb 4060 ti worth the extra over the 8gb",
"worth an extra $50 for the 16gb 4060 ti?", "4060ti 16g比8g贵400值得吗": the two sizes of that card compared with the
worth asked (the compare answer says the extra buys memory, not speed), a gap said being their price difference.

Contract: `read(r)` -> CompareQuery(gpus=(smaller size, larger size), worth=True, aspect="value", price_gap=(amount,
currency, the larger size) when a gap is said) when exactly one GPU is named, a worth is asked (lexicon ask_worth or
gap_worth_asks) and the other size is known: a memory size said beside the card that a sibling of the card has, or,
when a gap or an extra (lexicon variant_extra_words) is said and no other size, the card's one other size (its name
sold in exactly two); None otherwise ("is the 16gb 4060 ti worth it" stays a verdict) and when a model size is said
(a job's need, not the price).
"""

from __future__ import annotations

import re

from assistant.nlu.price_gap import gap_amounts
from assistant.nlu.reading import Reading
from assistant.nlu.text import words
from assistant.queries import CompareQuery, Query
from assistant.query_terms import GpuRef

_SIZE = re.compile(r"(?<![\d.])\d{1,3}\s*g(?:b|ig)?\b|\b\d{1,3}\s*g(?:b)?(?![a-z])", re.I)
_SIZE_IN_NAME = re.compile(r"\b(\d+) GB\b")


def read(r: Reading) -> Query | None:
    if len(r.explicit) != 1 or not (r.said("ask_worth") or r.said("gap_worth_asks")) or r.b.has("PARAMS"):
        return None  # "全参微调一个3b模型 有必要上a100 80g吗 还是40g就行": the job's need (the fit compare)
    card = r.explicit[0]
    base = _SIZE.sub(" ", card.mention).strip()
    sizes = sorted({float(t.value) for t in r.b.tags if t.kind == "MEMORY" and isinstance(t.value, (int, float))})
    gaps = gap_amounts(r)
    own = _size_of(card.name or "")
    names = [n for n in (_sized(r, base, s) for s in sizes if s != own) if n]
    if card.name:
        names.append(card.name)
    elif own is None and len(names) < 2:
        return None
    if len(names) == 1 and (gaps or r.said("variant_extra_words")):
        names += _other_size(r, base, card.name)
    names = sorted(set(names), key=lambda n: _size_of(n) or 0)
    if len(names) != 2 or None in map(_size_of, names):
        return None
    gap = None
    if gaps and isinstance(gaps[0].value, (int, float)):
        currency = gaps[0].meanings.get("CURRENCY") or r.unnamed_currency()
        gap = (float(gaps[0].value), str(currency) if currency else None, names[1])
    refs = tuple(GpuRef(mention=n, name=n) for n in names)
    return CompareQuery(
        text=r.text, gpus=refs, worth=True, aspect="value", price_gap=gap, workload=r.workload, model=r.model
    )


def _sized(r: Reading, base: str, size: float) -> str | None:
    """The KB name of `base` ("4060 ti") with that memory size, when the index knows exactly one."""
    mention = f"{base} {size:g}gb"
    found = r.index.gpu(words(mention), mention)
    return found.name if found.status == "ok" and found.name and _size_of(found.name) == size else None


def _other_size(r: Reading, base: str, name: str | None) -> list[str]:
    """[the one other size of `base`] when its name is sold in exactly two sizes, else []."""
    found = r.index.gpu(words(base), base)
    sizes = list(found.candidates) if found.status == "ambiguous" else []
    return [n for n in sizes if n != name] if len(sizes) == 2 else []


def _size_of(name: str) -> float | None:
    found = _SIZE_IN_NAME.search(name)
    return float(found.group(1)) if found else None
