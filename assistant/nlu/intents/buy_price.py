"""What buying the card talked about costs, asked with no card named: "买要多少钱", "直接买要多少钱" after a rent,
"how much to buy one".

Contract: `read(r)` claims a question of a buying word and a price asked (COST, HOW_MUCH or the price field) and
nothing else but question words, a pronoun or "one", naming no card: SpecQuery of "it" (the card the thread is
about, filled by the dialogue) with the price field; None otherwise.
"""

from __future__ import annotations

from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, SpecQuery

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
    return SpecQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="it"),), fields=("price",))
