"""The GPUs a message says the user has: an owned word (lexicon form_owned, upgrade_owned_words) a few characters
before the card's mention ("我有一张3060 12g", "i have a 3090", "my 2080 ti"), whatever the question asks.

Contract: `owned_gpus(r)` returns the KB names of those cards, in the order said (empty when none is said owned);
`owned_before(low, at, lex)` says whether an owned word stands just before position `at` of the lowered text (also
what respond/upgrade_path.owns asks of one mention); `swapped_from(low, first, second, lex)` says whether the text
reads as moving from the first card mentioned to the second ("3080换4090", "3080 to 4090 upgrade"), which makes the
first the one owned.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading

OWNED_GAP = 24  # characters between an owned word and the card it owns ("already have a 3080 10gb")


def owned_before(low: str, at: int, lex) -> bool:
    """An owned word (lexicon form_owned, upgrade_owned_words) within OWNED_GAP characters before position `at`."""
    before = f" {low[max(0, at - OWNED_GAP) : at]} "
    words = lex.listed("form_owned") | lex.listed("upgrade_owned_words")
    return any((w in before) if not w.isascii() else f" {w} " in before for w in words)


def swapped_from(low: str, first: str | None, second: str | None, lex) -> bool:
    """ "3080换4090要加多少钱", "3080升级4090值吗", "3080 to 4090 upgrade worth it": the two mentions joined only by a
    word of lexicon swap_between_words, itself a move word (upgrade_target_words) or with an upgrade word elsewhere
    (upgrade_swap_words, sell_owned_words): the first card is the one moved from."""
    start = low.find(first.lower()) if first else -1
    end = low.find(second.lower(), start + len(first or "")) if second and start >= 0 else -1
    if start < 0 or end < 0:
        return False
    between = low[start + len(first or "") : end].strip(" ,，、")
    if between not in lex.listed("swap_between_words"):
        return False
    padded = f" {low} "
    return between in lex.listed("upgrade_target_words") or any(
        lex.words_in(k, padded) for k in ("upgrade_swap_words", "sell_owned_words")
    )


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
