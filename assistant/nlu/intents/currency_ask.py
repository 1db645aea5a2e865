"""A follow-up asking only for another currency: "whats that in usd", "换成人民币呢" (the last answer again in that
currency, as "in usd?" is), and a currency with no exchange rate on record: "cost in pln?", "新台币多少" (said so,
with the currencies that are converted, never "not understood" or a silent answer in dollars).

Contract: `converted(r)` -> a SetQuery setting only the currency when the question names one currency (a CURRENCY
tag) as a "what is" question (which the concept reader would take) and nothing but words around it (pronouns, "how
much", "convert"); `unrated(r)` -> a Clarification of kind "unrated_currency" when a word of lexicon [lists]
unrated_currencies is said and no card, model or number beside it, or an amount typed in it ("is the 5070 ti worth
4000 pln": never read as dollars; the user is asked for the amount in a currency that is converted); None otherwise.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.nlu.asked_currency import RATED
from assistant.nlu.intents.followup import AROUND, _only
from assistant.nlu.intents.settings import settings_of
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Clarification, Query
from assistant.query_talk import SetQuery

_AROUND_CURRENCY = AROUND | {"CURRENCY", "EXPLAIN", "FIELD", "HOW_MUCH", "COST", "PRICES", "QUESTION"}


@needs(("CURRENCY",), ("EXPLAIN",))
def converted(r: Reading) -> Query | None:
    b = r.b
    if not (b.has("CURRENCY") and b.has("EXPLAIN")):  # "用人民币算呢", "in usd?": the follow-up and setting readers
        return None
    if any(g.pronoun is None for g in r.refs) or r.model:
        return None
    if {t.kind for t in b.tags} - _AROUND_CURRENCY or not _only(b.unknown, r.lex.listed("currency_ask_words")):
        return None
    low = f" {r.text.lower()} "
    if b.has("COMPARE") or r.lex.words_in("asked_price_gap", low) or r.lex.words_in("asked_difference", low):
        return None  # "差价多少美元": the gap asked, in dollars
    money = tuple(s for s in settings_of(r)[0] if s.key == "currency")
    return SetQuery(text=r.text, settings=money) if len(money) == 1 else None


def unrated(r: Reading) -> Clarification | None:
    low = r.text.lower()
    said = next((w for w in sorted(r.lex.listed("unrated_currencies"), key=len, reverse=True) if _says(low, w)), None)
    if said is None:
        return None
    amount = _amount_in(r, low, said)
    asked = re.search(rf"\b(?:in|into|to)\s+{re.escape(said)}|换成\s*{re.escape(said)}|{re.escape(said)}\s*多少", low)
    if amount is None and not asked and (r.refs or r.model or r.b.has("MONEY", "BUDGET", "NUMBER", "RATE")):
        return None  # the currency is not what the question turns on
    key = "nlu.unrated_amount" if amount is not None else "nlu.unrated_currency"
    return Clarification(
        "unrated_currency",
        i18n.t(r.b.lang, key, currency=said, rated=RATED, amount=amount or ""),
        intent="set",
        text=r.text,
        extras={"currency": said, "lang": r.b.lang},
    )


def _says(low: str, word: str) -> bool:
    """`word` in the text, an English one as a whole word ("pln?", not "plnx"; "nt$2萬": a symbol before digits)."""
    if not word.isascii():
        return word in low
    after = r"(?![a-z])" if not word[-1].isalnum() else r"(?![a-z0-9])"
    return re.search(rf"(?<![a-z0-9]){re.escape(word)}{after}", low) is not None


def _amount_in(r: Reading, low: str, word: str) -> str | None:
    """The amount typed in that currency: a number or money tag right before or after the word ("4000 pln",
    "两万新台币", "nt$2萬"), as typed; None when no amount stands beside it."""
    at = low.find(word)
    end = at + len(word)
    for t in r.b.tags:
        overlap = t.start < end and t.end > at  # "nt$2": the symbol inside the money tag
        beside = overlap or 0 <= at - t.end <= 2 or 0 <= t.start - end <= 2
        if t.kind in ("MONEY", "NUMBER", "BUDGET", "RATE", "COUNTED") and beside:
            stop = max(t.end, end)
            while stop < len(low) and low[stop] in "万萬千kw":  # "nt$2萬": the whole amount as typed
                stop += 1
            return r.text[min(t.start, at) : stop]
    return None


_AMOUNT = r"\d[\d,]*(?:\.\d+)?\s*(?:[万萬千kKw]|million|m(?![a-z]))?(?:\s*(?:左右|上下|出头|ish))?"


def without_amounts(text: str, word: str) -> tuple[str, tuple[str, ...]]:
    """The text without every amount typed in the currency `word` ("4090 大概 S$3200，5090 S$4500": "4090 大概 ，5090"),
    and those amounts as typed; the text unchanged and () when none stands beside the word."""
    w = re.escape(word)
    before = rf"(?<![a-z0-9]){w}\s*{_AMOUNT}"
    # a sign stands before the amount ("S$3200"; "5090 S$" is a card and a sign); a code or a name after it too
    after = rf"{_AMOUNT}\s*{w}(?![a-z])"
    # "1.5 kr/kwh": the unit it is per goes with it
    per = r"(?:\s*(?:/|per\s+|a\s+)\s*(?:kwh|kw·h|h|hr|hour|month|mo)\b|\s*(?:一度|每度|/度))?"
    pattern = re.compile(rf"(?:{before}|{after}){per}" if word[-1].isalnum() else before + per, re.IGNORECASE)
    found = tuple(m.group(0).strip() for m in pattern.finditer(text))
    return (pattern.sub(" ", text), found) if found else (text, ())
