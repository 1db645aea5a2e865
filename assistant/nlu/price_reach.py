"""A price the user says for a card apart from it, joined by a price word: "is 7900 xtx a good buy for local llms in
2025 at $800 or should i just get a used 3090", "rtx pro 6000 blackwell 96gb, is it worth $8k for a solo dev",
"would you pay $700 for a used 3090", "is it worth paying $1999 for the 5090 fe or get a 4090 used".

Contract: `reached(r, rate_tag)` -> [(GpuRef, amount tag, amount)]: for each typed amount of money (a MONEY tag, no
bare number) right after a word of lexicon list `price_join_words` ("at", "for", "worth", "paying", ...), the card it
prices:
- the card right after it when only "for" / "on" and articles or a condition lie between ("pay $700 for a used 3090");
- else the last card named before it in the same clause, with no other amount between ("7900 xtx a good buy for
  local llms in 2025 at $800"), none when a machine word lies between ("a 3090 build for $1500"); a pronoun ("is it
  worth $8k") stands for the one card the question names.
None for an amount that is a cap ("under $800"), a budget ("at $800 budget", "for $2k total budget"), a rate ("$0.40
an hour"), a price gap, or in a question that states a budget or rent rate. stated_prices.py calls it last, when no
nearer form matched.
"""

from __future__ import annotations

import re

from assistant.nlu.reading import Reading
from assistant.nlu.stated import is_difference
from assistant.nlu.tagger import Tag
from assistant.queries import GpuRef

_CLAUSE_END = re.compile(r"[.;?!]\s|[。；？！]|\bor\b|,\s*(?:and|but|or)\b")  # a new clause: no card before it
_TO_CARD = re.compile(r"^\s*(?:for|on)\s+(?:(?:a|an|the|my|this|that|one|his|her|their)\s+)?$")
_BETWEEN_TO_CARD = frozenset({"CONDITION"})  # "for a used 3090"
_NOT_PRICE = frozenset({"BUDGET", "RATE", "KWH", "RENT", "PER", "HOURS", "RECOMMEND"})
_AFTER_REACH = 16  # characters after an amount in which a budget or rate word makes it no card's price


def reached(r: Reading, rate_tag) -> list[tuple[GpuRef, Tag, float]]:
    tags = r.b.tags
    if r.b.has(*_NOT_PRICE) or not any(t.kind == "GPU" for t in tags):
        return []
    joins = r.lex.listed("price_join_words")
    out: list[tuple[GpuRef, Tag, float]] = []
    for k, amount in enumerate(tags):
        if amount.kind != "MONEY" or amount is rate_tag or is_difference(tags, amount, r.text, r.lex):
            continue
        before = r.text.lower()[: amount.start].rstrip()
        if not any(before.endswith(f" {w}") or before == w for w in joins) or _not_a_price(r, amount):
            continue
        ref = _card_after(r, tags, k) or _card_before(r, tags, k)
        if ref is not None and all(ref.name != f[0].name for f in out):
            out.append((ref, amount, amount.number()))
    return out


def _not_a_price(r: Reading, amount: Tag) -> bool:
    """A cap ("under $800"), or a budget or rate word right after it ("$800 budget", "$2 an hour")."""
    k = r.b.tags.index(amount)
    if k and r.b.tags[k - 1].kind == "UNDER":
        return True
    after = r.text.lower()[amount.end : amount.end + _AFTER_REACH]
    return r.lex.words_in("price_reach_not_after", after)


def _card_after(r: Reading, tags: list[Tag], k: int) -> GpuRef | None:
    j = k + 1
    while j < len(tags) and tags[j].kind in _BETWEEN_TO_CARD:
        j += 1
    if j >= len(tags) or tags[j].kind != "GPU":
        return None
    first_after = tags[k + 1]
    if not _TO_CARD.match(r.text.lower()[tags[k].end : first_after.start]):
        return None
    return _ref(r, tags[j])


def _card_before(r: Reading, tags: list[Tag], k: int) -> GpuRef | None:
    for j in range(k - 1, -1, -1):
        t = tags[j]
        if t.kind == "MONEY" or _CLAUSE_END.search(r.text.lower()[t.end : tags[k].start]):
            return None
        if t.kind == "GPU":
            between = r.text.lower()[t.end : tags[k].start]
            return None if r.lex.words_in("machine_words", between) else _ref(r, t)  # "a 3090 build for $1500"
        if t.kind == "PRONOUN":
            names = {g.name for g in r.explicit if g.name}
            return next((g for g in r.explicit if g.name), None) if len(names) == 1 else None
    return None


def _ref(r: Reading, tag: Tag) -> GpuRef | None:
    return next((g for g in r.explicit if g.mention == tag.text and g.name), None)
