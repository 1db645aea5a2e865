"""A budget asked whether it buys one named card: "is $1000 enough for a 4090", "can i afford a 5090 with $1500",
"预算一万 能买4090吗", "手里1w5 够买5090d吗", "万把块 能上车4090吗".

Contract: `read(r)` claims a question naming exactly one GPU (one card), an amount of money (a MONEY tag, or a number
large enough to be a price), and a word of lexicon [lists] afford_asks ("afford", "enough for", "够买", "买得起"), or
a word of afford_weak_asks ("can i get", "能买", "能上车") with a budget said (a BUDGET tag: "budget", "预算", "手里")
or between the amount and the card ("1.5w能买到4090吗");
it returns VerdictQuery(kind="afford", offer=<the budget>, money_currency=<its currency>). The answer weighs the
budget against the card's prices (respond/afford.py). An amount said as the card's price ("二手4090一万三能收吗") is
an offer (intents/deal.py), read after this one only when no afford word is said.
"""

from __future__ import annotations

from assistant.nlu.intents.deal import _amount
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, VerdictQuery


@needs(("GPU",), said=("afford_asks", "afford_weak_asks"), unless=("RENT", "HOURS", "KWH", "VS"))
def read(r: Reading) -> Query | None:
    named = [g for g in r.explicit if g.name]
    if len(named) != 1 or len(r.explicit) != 1 or named[0].count > 1 or r.b.has("RENT", "HOURS", "KWH", "VS"):
        return None
    if not (said(r, "afford_asks") or (said(r, "afford_weak_asks") and (r.b.has("BUDGET") or _amount_buys_card(r)))):
        return None
    value, currency = _amount(r, offered=True)  # the one amount said, a bare number large enough counted
    if value is None:
        return None
    return VerdictQuery(text=r.text, gpus=(named[0],), kind="afford", offer=value, money_currency=currency)


def _amount_buys_card(r: Reading) -> bool:
    """ "1.5w能买到4090吗": the amount, then a weak ask, then the card: the amount is what the user has (a card's price
    said after it, "4090 1.5w能买吗", is an offer)."""
    money, gpus = r.b.kinds.get("MONEY", []), r.b.kinds.get("GPU", [])
    if not money or not gpus:
        return False
    low = r.text.lower()
    for word in r.lex.listed("afford_weak_asks"):
        at = low.find(word)
        if at >= 0 and money[0].end <= at and at + len(word) <= gpus[0].start:
            return True
    return False
