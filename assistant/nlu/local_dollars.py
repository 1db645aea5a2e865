"""Dollars of the question's own country: in a question that names Canadian or Australian dollars ("AUD 2,999 for a
5080 ... power is 35c/kWh here", "1399 CAD ... electricity 0.11"), an amount in bare dollars or cents is in that
currency, unless US dollars are named too ("runpod is usd 0.69/hr").

Contract: `local_dollar(r)` -> "CAD" | "AUD" when the question's money tags name exactly one of them and no word of
[lists] us_dollar_words appears; else None. `named_currency(r)`: the one currency other than the US dollar the
question's amounts name ("€9,200 ... power 0.34/kWh ... an h100 at 2.40 an hour": the bare amounts are euros), None
when it names none or several, or a word of us_dollar_words appears, or a rent per hour is said with a cloud named
("runpod 4090 at 0.69/hr vs ... £1,800": the cloud's dollars); what an amount with no unit is in an English question
(Reading.unnamed_currency); with no currency named at all, the currency of the one place said
(`place_currency`: "in germany", "my uk flat", "here in canada").
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.nlu.patterns import compiled
from assistant.nlu.reading import Reading

_LOCAL = frozenset({"CAD", "AUD"})


def local_dollar(r: Reading) -> str | None:
    named = {t.meanings.get("CURRENCY") for t in r.b.tags if t.meanings.get("CURRENCY") in _LOCAL}
    if len(named) != 1 or r.lex.words_in("us_dollar_words", r.text.lower()):
        return None
    return str(next(iter(named)))


_AMOUNTS = ("MONEY", "RATE", "KWH", "BUDGET", "ITEM_PRICE")


def named_currency(r: Reading) -> str | None:
    from assistant.nlu.intents.rates import providers

    named = {t.meanings.get("CURRENCY") for k in _AMOUNTS for t in r.b.kinds.get(k, [])} - {None, "USD"}
    if not named and not r.lex.words_in("us_dollar_words", r.text.lower()):
        return place_currency(r)  # "in germany (~0.38/kwh)": the currency of the place said
    if len(named) != 1 or r.lex.words_in("us_dollar_words", r.text.lower()):
        return None
    if r.b.has("RATE") and providers(r):
        return None  # "runpod 4090 at 0.69/hr vs ... £1,800": a cloud named bills its rate in its own dollars
    return str(next(iter(named)))


_PLACES = (
    ("EUR", "place_eur"),
    ("GBP", "place_gbp"),
    ("CAD", "place_cad"),
    ("AUD", "place_aud"),
    ("JPY", "place_jpy"),
    ("HKD", "place_hkd"),
    ("INR", "place_inr"),
    ("USD", "place_usd"),  # "在美国买4090多少钱": US prices in dollars (only a non-English lexicon lists US places)
)


def place_currency(r: Reading) -> str | None:
    """The currency of the one place the question says it is in ("in germany", "my uk flat", "here in canada",
    "(香港)": lexicon [lists] place_<currency>), None when it says none or places of two currencies."""
    return place_currency_in(r.text, r.lex)


def place_currency_in(text: str, lex) -> str | None:
    """`place_currency` of a text read with the lexicon `lex` (the responders' view of the question)."""
    low = text.lower()
    found = {code for code, words in _PLACES if _said(lex.listed(words), low)}
    return next(iter(found)) if len(found) == 1 else None


def _said(words: frozenset[str], low: str) -> bool:
    """A place word of `words` in `low`, whole (an English word is never part of another: "eu" is not in "neural")."""
    return bool(words) and _whole_of(words).search(low) is not None


@lru_cache(maxsize=64)
def _whole_of(words: frozenset[str]) -> re.Pattern[str]:
    """The words of a (lexicon) list as one whole-word pattern, made once per list: the lists are constant."""
    pattern = "|".join(re.escape(w) for w in sorted(words))
    return compiled(rf"(?<![a-z])(?:{pattern})(?![a-z])")


def unnamed(r: Reading) -> str | None:
    """The currency of an amount with no unit (Reading.unnamed_currency): in an English question the one other
    currency named, else the place's; in another language the place's ("(香港)", "在德国"), else the language's."""
    from assistant import i18n

    if i18n.currency(r.b.lang) == "USD":
        return named_currency(r)
    return place_currency(r) or i18n.currency(r.b.lang)
