"""A card the user owns and cards added to it, with the power supply asked: "i own a 4090 and want to add a second
card, what psu do i need", "i already have a 3090, adding two more 3090s, psu?", "我有一张4090 想再加两张 电源要多大".

Contract: `read(r)` -> a RigQuery of every card in the machine (the owned card and the added ones, asks_power) or
None. It claims a question that says a card is the user's (lexicon [lists] owned_card_words, Reading.form.owned), a
word of adding (lexicon [lists] card_add_words) and a power supply (lists rig_psu); with no adding word and one card,
the machine of that card alone ("i have a 4090, what psu do i need"). The cards added: the count said
("two more", "another" 1, "a second" 1, "再加两张"), of the card named after the adding word, else of the owned card
(the machine's headline names every card and its count, so the card assumed is said). A card named only after the
adding word while the ownership is of parts ("my psu is 550w and cpu is i5-12400f, can i add a 3090") is the one card
added to a machine with none; the parts owned are kept (owned_parts). Never raises.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.owned_parts import owned_parts
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.tagging.cn_numerals import cn_number
from assistant.queries import GpuRef, Query, RigQuery

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "a": 1, "an": 1}
_MORE = re.compile(r"(?<![a-z0-9])(\d|one|two|three|four|five|six|seven)\s+more\b")
_NTH = {"second": 1, "third": 2, "fourth": 3, "2nd": 1, "3rd": 2, "4th": 3}
_ZH = re.compile(r"(?:再|多)?加\s*([1-7一二两三四五六七])\s*(?:张|块|个)")
_ONE_ZH = ("加一张", "第二张", "再来一张", "再买一张", "再上一张")
_MAX_ADDED = 7  # more cards added than this is no desktop's second card [A]


@needs(("GPU",), said=("rig_psu",), unless=("MONEY", "BUDGET", "RENT", "MODEL", "PARAMS"))
def read(r: Reading) -> Query | None:
    owned = bool(r.form.owned or said(r, "owned_card_words"))
    cards = [g for g in r.explicit if g.name]
    if not owned or not cards or not said(r, "rig_psu"):
        return None
    if r.b.has("MONEY", "BUDGET", "RENT", "MODEL", "PARAMS"):
        return None  # a price, a rent or a model to run: another question than the machine's power
    adding = said(r, "card_add_words")
    alone = len(cards) == 1 and (r.total_count() or 1) == 1 and not r.b.has("WATTS")
    added: int | None
    if not adding and alone and not said(r, "upgrade_target_words"):
        added = 0  # "i have a 4090, what psu do i need": the machine of the one card owned
    else:
        added = _added_count(r.text.lower()) if adding else None
    if added is None or added > _MAX_ADDED:
        return None
    first, rest = cards[0], cards[1:]
    gpus: tuple[GpuRef, ...]
    if adding and _added_first(r, first.mention):  # "my psu is 550w, cpu i5-12400f, can i add a 3090": no card owned
        gpus = (GpuRef(mention=first.mention, name=first.name, count=max(first.count, 1)),)
    elif rest and rest[0].name != first.name:  # "i own a 4090 and want a second card, a 3090": two models
        gpus = (
            GpuRef(mention=first.mention, name=first.name),
            GpuRef(mention=rest[0].mention, name=rest[0].name, count=added),
        )
    else:  # "adding two more 3090s", "add a second one": more of the owned card
        gpus = (GpuRef(mention=first.mention, name=first.name, count=1 + added),)
    return RigQuery(
        text=r.text,
        gpus=gpus,
        gpu_count=sum(g.count for g in gpus) if len(gpus) == 1 else None,
        psu_w=r.psu_watts(),
        asks_power=True,
        cpu=r.b.first("CPU"),
        circuit_volts=r.num("VOLTS"),
        circuit_amps=r.num("AMPS"),
        owned_parts=owned_parts(r),
    )


def _added_first(r: Reading, mention: str) -> bool:
    """Whether the first card is named after the adding word with no ownership word before it ("my psu is 550w, can
    i add a 3090": the parts are the user's, the card is the one added, not a second of an owned card)."""
    low = r.text.lower()
    at = low.find(mention.lower()) if mention else -1
    adds = [low.find(w) for w in r.lex.listed("card_add_words") if 0 <= low.find(w) < at]
    if at < 0 or not adds:
        return False
    before = low[: min(adds)]
    return not owned_parts(r) == () and not any(
        re.search(rf"(?<![a-z]){re.escape(w)}\s+(?:a\s+|an\s+)?(?:\d|rtx|gtx|rx)", before)
        for w in r.lex.listed("owned_card_words")
    )


def _added_count(low: str) -> int | None:
    """How many cards are added: "two more" 2, "another" / "one more" 1, "a second" 1, "a third" 2, "再加两张" 2."""
    m = _MORE.search(low)
    if m:
        word = m.group(1)
        return int(word) if word.isdigit() else _WORDS[word]
    for word, n in _NTH.items():
        if re.search(rf"(?<![a-z0-9]){word}(?![a-z])", low):
            return n
    if re.search(r"(?<![a-z])another(?![a-z])", low):
        return 1
    z = _ZH.search(low)
    if z:
        digit = z.group(1)
        return int(digit) if digit.isdigit() else int(cn_number([digit]) or 0) or None
    if re.search(r"(?<![a-z])(?:add|adding)\s+(?:a|one)\s", low) or any(w in low for w in _ONE_ZH):
        return 1
    if "第三张" in low:
        return 2
    return None
