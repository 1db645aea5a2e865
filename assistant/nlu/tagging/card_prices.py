"""A bare number right after a card is that card's price, not a second card, when the question lists cards with
prices: "京东自营5070ti 6299 和闲鱼二手4080s 6000 选哪个" read "6000" as a Quadro RTX 6000 and asked which.

Contract: `prices_after_cards(tags, text, each)` returns the tags with each GPU tag typed as digits alone ("6000",
"5000") made a NUMBER of that value when only spaces stand between it and a GPU named before it, its value is
at least PRICE_MIN, and another card of the question is followed by an amount too (a list of cards and prices).
"3090 4090 which is faster" and "a4000 5000 6000 ada" keep their cards. Digits alone right before a Chinese word of
`each` (one card's price: "3090 闲鱼4500一张") after another card are a NUMBER too.
"""

from __future__ import annotations

from assistant.nlu.tagging.base import Tag

PRICE_MIN = 1000.0  # a bare card number read as a price only from here ("6000"; "4090" stays a card below)
_AMOUNTS = ("NUMBER", "MONEY")


def prices_after_cards(tags: list[Tag], text: str, each: frozenset[str] = frozenset()) -> list[Tag]:
    bare = [k for k, t in enumerate(tags) if _bare_after_card(tags, k, text)]
    eached = [k for k, t in enumerate(tags) if _each_after_card(tags, k, text, each)]
    if not bare and not eached:
        return tags
    priced = any(_priced(tags, k, text) for k, t in enumerate(tags) if t.kind == "GPU" and k not in bare)
    out = list(tags)
    for k in [*(bare if priced else []), *eached]:
        t = tags[k]
        out[k] = Tag("NUMBER", float(t.text), t.text, t.start, t.end)
    return out


def _each_after_card(tags: list[Tag], k: int, text: str, each: frozenset[str]) -> bool:
    """ "3090 闲鱼4500一张": digits alone right before a word of one card's price (lexicon card_each), after another
    card named, are that card's price, not an RTX 4500."""
    t = tags[k]
    if t.kind != "GPU" or not t.text.isdigit() or float(t.text) < PRICE_MIN or k == 0:
        return False
    after = text[t.end :].lstrip().lower()
    said = any(after.startswith(w) for w in each if not w.isascii())
    return said and any(g.kind == "GPU" and g.text != t.text for g in tags[:k])


def _bare_after_card(tags: list[Tag], k: int, text: str) -> bool:
    t = tags[k]
    if t.kind != "GPU" or not t.text.isdigit() or float(t.text) < PRICE_MIN or k == 0:
        return False
    prev = tags[k - 1]
    return prev.kind == "GPU" and not prev.text.isdigit() and not text[prev.end : t.start].strip()


def _priced(tags: list[Tag], k: int, text: str) -> bool:
    """The card at k is followed (spaces between) by an amount of at least 100."""
    if k + 1 >= len(tags):
        return False
    nxt = tags[k + 1]
    if nxt.kind not in _AMOUNTS or text[tags[k].end : nxt.start].strip():
        return False
    try:
        return nxt.number() >= 100
    except ValueError:
        return False
