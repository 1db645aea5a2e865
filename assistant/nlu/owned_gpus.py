"""The GPUs a message says the user has: an owned word (lexicon form_owned, upgrade_owned_words) a few characters
before the card's mention ("我有一张3060 12g", "i have a 3090", "my 2080 ti"), whatever the question asks.

Contract: `owned_gpus(r)` returns the KB names of those cards, in the order said (empty when none is said owned);
`owned_before(low, at, lex)` says whether an owned word stands just before position `at` of the lowered text (also
what respond/upgrade_path.owns asks of one mention).
"""

from __future__ import annotations

from assistant.nlu.reading import Reading

OWNED_GAP = 24  # characters between an owned word and the card it owns ("already have a 3080 10gb")


def owned_before(low: str, at: int, lex) -> bool:
    """An owned word (lexicon form_owned, upgrade_owned_words) within OWNED_GAP characters before position `at`."""
    before = f" {low[max(0, at - OWNED_GAP) : at]} "
    words = lex.listed("form_owned") | lex.listed("upgrade_owned_words")
    return any((w in before) if not w.isascii() else f" {w} " in before for w in words)


def owned_gpus(r: Reading) -> tuple[str, ...]:
    low = r.text.lower()
    found = []
    tags = r.b.kinds.get("GPU", [])
    for ref in r.explicit:
        tag = next((t for t in tags if t.text == ref.mention), None)  # the mention's own tag, whatever the order
        if tag is None or not ref.name:
            continue
        if owned_before(low, tag.start, r.lex):
            found.append(ref.name)
    return tuple(dict.fromkeys(found))
