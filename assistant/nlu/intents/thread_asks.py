"""Questions about the figure the last answer gave, with nothing of their own: "is that per card?", "for both?",
"是每张的吗", "两张一共吗", "这是总价还是单价".

Contract: `per_card(r)` claims a question that names no GPU, model or amount and asks whether the last figure was for
one card or for the set (lexicon per_card_each / per_card_total; every other word one of per_card_fillers): a
FollowUpQuery with ask "per_card_each" (asks per card), "per_card_total" (asks the total) or "per_card_either" (both
said: "per gpu or total?"); the dialogue answers the last question for one card and the engine says first which the
figure was. None otherwise.
"""

from __future__ import annotations

from assistant.nlu.intents.followup import AROUND, _only, build
from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.queries import Query

_KINDS = {"GPU_WORD", "PRICES", "COUNT", "NUMBER", "OR", "PER"} | AROUND  # no HOW_MUCH: "总共多少钱" asks the total
_LISTS = ("per_card_each", "per_card_total", "per_card_fillers")


def per_card(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or b.has("MODEL", "PARAMS", "MONEY", "BUDGET"):
        return None
    each, total = said(r, "per_card_each"), said(r, "per_card_total")
    if not (each or total) or not {t.kind for t in b.tags} <= _KINDS:
        return None
    words = {w for name in _LISTS for phrase in r.lex.listed(name) for w in phrase.split()}
    if not _only(b.unknown, words):
        return None
    return build(r, ask="per_card_" + ("either" if each and total else "each" if each else "total"))
