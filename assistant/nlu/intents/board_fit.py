"""Two or more of the card talked about in the user's own board and case, no GPU named: "what about adding a second
one later, will my b550 board and a normal mid tower handle two", "我的主板和机箱能插两张吗", "can my board take two".

Contract: `of_thread(r)` claims a question with no GPU named, no model, price or PSU ask, that names a motherboard (a
BOARD tag, or a part_words_board word said as the user's: own_machine_cues) or a case (a CASE tag, mid_tower_words, or
case_words said as the user's) with a word of the cards going in (lexicon [lists] board_fit_words) and a count of
cards of two or more (said, or a second / third one added: scale_second, scale_third, "再插一张", "one more"); ->
SpecQuery(fields=("size",), spacing=True) of that many of the card the thread talks about (GpuRef pronoun "it"; the
dialogue fills it), with the case said. The board's lanes, the slot spacing and the case's room are weighed by
respond/card_size.py; the thread's case and PSU join in dialogue/machine_case.py.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, SpecQuery

_COUNT = re.compile(r"\b(two|three|four|2|3|4)\b(?!\s*(?:gb|g|tb|w|x\b|years?|hours?))")
_WORDS = {"two": 2, "three": 3, "four": 4}
_NOT_HERE = ("MODEL", "PARAMS", "MONEY", "BUDGET", "RENT", "WATTS", "VS", "COMPARE", "LINK")


@needs(said=("board_fit_words",), unless=_NOT_HERE)
def of_thread(r: Reading) -> Query | None:
    if r.explicit or r.b.has(*_NOT_HERE) or said(r, "rig_psu"):
        return None
    mine = bool(said(r, "own_machine_cues"))  # "my board", "我的主板": the user's own, not one to buy
    board = r.b.has("BOARD") or (mine and said(r, "part_words_board"))
    case = r.b.has("CASE") or said(r, "mid_tower_words") or (mine and said(r, "case_words"))
    if not (board or case) or not said(r, "board_fit_words"):
        return None
    count = r.total_count() or _count_word(r.text.lower())
    if not count or count < 2:
        count = 3 if said(r, "scale_third") else 2 if said(r, "scale_second") or _one_more(r) else None
    if not count:
        return None
    them = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="it", count=count)
    return SpecQuery(text=r.text, gpus=(them,), fields=("size",), spacing=True, case=r.b.first("CASE"))


def _count_word(low: str) -> int | None:
    """A bare count of cards ("handle two", "fit 2"): the tagger reads no GPU count without a card word."""
    found = _COUNT.search(low)
    return (_WORDS.get(found.group(1)) or int(found.group(1))) if found else None


def _one_more(r: Reading) -> bool:
    """ "能再插一张吗", "another one", "one more": a card added to the one the thread has, so two."""
    low = r.text.lower()
    return any(w in low for w in ("再插", "再装", "再上", "再加", "another one", "one more", "a second one"))
