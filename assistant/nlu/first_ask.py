"""The first ask of a message decides what the answer is about: "running 4x 3090 ... 10 hrs/day, $0.32/kwh, whats my
monthly power bill roughly and does undervolting help much" is a bill first, with undervolting as its second ask.

Contract: `defers(reading, found)` is True when a concept reader's claim (an ExplainQuery) should give way to the
readers after it: the message asks two or more things (nlu/asks.checklist), its first ask names a figure of
FIGURE_KINDS (a bill; a price asked beside a kWh rate is the bill too: the concept readers of a rental
rate or a card's price lead with those figures themselves) and that first ask's own words name no concept
the claim is about (the concept read from a later ask: respond/ask_lines answers it as a line of its own).
"""

from __future__ import annotations

from assistant.nlu.asks import checklist
from assistant.nlu.reading import Reading
from assistant.query_talk import ExplainQuery

FIGURE_KINDS = frozenset({"electricity"})


def defers(reading: Reading, found: object) -> bool:
    if not isinstance(found, ExplainQuery) or not reading.explicit:
        return False
    asks = checklist(reading.text)
    if len(asks) < 2:
        return False
    billed = asks[0].kind == "price" and reading.b.has("KWH")  # "$0.12/kwh, how much per month": the bill
    if not (asks[0].kind in FIGURE_KINDS or billed):
        return False
    first = asks[0].text.lower()
    later = " ".join(a.text.lower() for a in asks[1:])
    concept = (found.concept or "").replace("-", " ")
    return concept not in first and (concept in later or not _concept_words(reading, first))


def _concept_words(reading: Reading, words: str) -> bool:
    """Does the first ask itself say the advice or concept words ("is nvlink worth it")?"""
    return bool(reading.lex.words_in("advice", f" {words} "))
