"""Prices of things that are not GPUs, read after tagging: "an nvlink bridge ($100)", "a $60 pcie riser", "电源500块":
the amount is the accessory's price (an ITEM_PRICE tag, meanings["ITEM"] = the word), never a card's price or a
budget ("does an nvlink bridge ($100) help 2x 3090" was "Good deal: $100 for 2 x RTX 3090").

Contract: `item_prices(tags, text, lex)` returns the tags with each MONEY tag that stands right after a word of [lists]
accessory_words (brackets, "for", "at", "about" between) or right before one made an ITEM_PRICE tag. An answer that
does not use it says so (respond/unused_numbers.py).
"""

from __future__ import annotations

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

_BETWEEN = " ([（:：~≈-"
_JOINERS = ("for", "at", "about", "around", "costs", "is", "要", "大概", "约")


def item_prices(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    words = sorted(lex.listed("accessory_words"), key=len, reverse=True)
    if not words:
        return tags
    out = list(tags)
    for k, t in enumerate(out):
        if t.kind != "MONEY":
            continue
        # "a $60 riser": an English accessory word right after the amount, when no card comes right before it
        # ("3090 700刀 电源500块": 700 is the card's, 500 the PSU's)
        card_before = k > 0 and out[k - 1].kind == "GPU" and not text[out[k - 1].end : t.start].strip(" ,:")
        after = None if card_before else _after(text[t.end :], [w for w in words if w.isascii()])
        item = _before(text[: t.start], words) or after
        if item and not _card_between(out, k, text, item) and not _on_the_card(out, text, t, item):
            out[k] = Tag("ITEM_PRICE", t.value, t.text, t.start, t.end, {**t.meanings, "ITEM": item})
    return out


def _before(head: str, words: list[str]) -> str | None:
    head = head.rstrip(_BETWEEN)
    for j in _JOINERS:
        if head.endswith(f" {j}") or (not j.isascii() and head.endswith(j)):
            head = head[: -len(j)].rstrip(_BETWEEN)
    return next((w for w in words if head.endswith(w) and _word_edge(head, len(head) - len(w))), None)


def _after(tail: str, words: list[str]) -> str | None:
    tail = tail.lstrip(" ")
    return next((w for w in words if tail.startswith(w) and _word_edge(tail, len(w))), None)


def _word_edge(s: str, at: int) -> bool:
    """`at` is a word boundary of `s` (Chinese characters always are)."""
    if at <= 0 or at >= len(s):
        return True
    return not (s[at - 1].isascii() and s[at - 1].isalnum() and s[at].isascii() and s[at].isalnum())


def _card_between(tags: list[Tag], k: int, text: str, item: str) -> bool:
    """A GPU named between the accessory word and the amount: the amount is that card's ("bridge, then 3090 $700")."""
    at = text.rfind(item, 0, tags[k].start)
    return at >= 0 and any(t.kind == "GPU" and at < t.start < tags[k].start for t in tags)


_ON_CARD = 16  # characters between a card and the accessory it comes on ("v100 sxm2 on adapter board for $150")


def _on_the_card(tags: list[Tag], text: str, amount: Tag, item: str) -> bool:
    """The accessory comes with the card named right before it ("v100 sxm2 on adapter board for $150", "v100 16g sxm2
    转接卡 几百块"): the amount is the price of the card as sold, not of the accessory alone."""
    at = text.rfind(item, 0, amount.start)
    card = next((t for t in tags if t.kind == "GPU" and 0 <= at - t.end <= _ON_CARD), None) if at >= 0 else None
    priced = card is not None and any(t.kind == "MONEY" and card.end <= t.start < at for t in tags)
    return card is not None and not priced  # "3090 5000块 电源400块": the card has its own price, the PSU its own
