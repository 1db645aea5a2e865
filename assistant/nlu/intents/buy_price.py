"""What buying the card talked about costs, asked with no card named: "买要多少钱", "直接买要多少钱" after a rent,
"how much to buy one".

Contract: `read(r)` claims a question of a buying word and a price asked (COST, HOW_MUCH or the price field) and
nothing else but question words, a pronoun or "one", naming no card: SpecQuery of "it" (the card the thread is
about, filled by the dialogue) with the price field; a machine said ("直接买一台", "buy the whole box") is the machine
around the cards talked about (a follow-up asking "whole_machine"); None otherwise.
"""

from __future__ import annotations

import re

from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, SpecQuery
from assistant.query_talk import FollowUpQuery

_AROUND = {"BUY", "COST", "HOW_MUCH", "FIELD", "QUESTION", "FOLLOW", "PRONOUN", "FILLER", "COUNT", "IF"}


@needs(("BUY",), unless=("GPU", "MODEL", "MONEY", "BUDGET", "RENT"))
def read(r: Reading) -> Query | None:
    b = r.b
    if not b.has("BUY") or b.has("GPU", "MODEL", "MONEY", "BUDGET", "RENT"):
        return None
    priced = b.has("COST", "HOW_MUCH") or b.meaning("FIELD") == "price"
    if not priced or r.explicit or {t.kind for t in b.tags} - _AROUND:
        return None
    if b.has("FIELD") and b.meaning("FIELD") != "price":
        return None
    low = f" {r.text.lower()} "
    if _MACHINE.search(low) or r.lex.words_in("whole_machine_words", low):  # "那直接买一台要多少钱" after 8 x H200
        return FollowUpQuery(text=r.text, ask="whole_machine", fields=("price",))
    return SpecQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="it"),), fields=("price",))


_MACHINE = re.compile(r"[一这那]台|\b(?:a|the|one|whole) (?:box|machine|server|node|rig)\b")
