"""Dollars of the question's own country: in a question that names Canadian or Australian dollars ("AUD 2,999 for a
5080 ... power is 35c/kWh here", "1399 CAD ... electricity 0.11"), an amount in bare dollars or cents is in that
currency, unless US dollars are named too ("runpod is usd 0.69/hr").

Contract: `local_dollar(r)` -> "CAD" | "AUD" when the question's money tags name exactly one of them and no word of
[lists] us_dollar_words appears; else None. `named_currency(r)`: the one currency other than the US dollar the
question's amounts name ("€9,200 ... power 0.34/kWh ... an h100 at 2.40 an hour": the bare amounts are euros), None
when it names none or several, or a word of us_dollar_words appears, or a rent per hour is said with a cloud named
("runpod 4090 at 0.69/hr vs ... £1,800": the cloud's dollars); what an amount with no unit is in an English question
(Reading.unnamed_currency).
"""

from __future__ import annotations

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
    if len(named) != 1 or r.lex.words_in("us_dollar_words", r.text.lower()):
        return None
    if r.b.has("RATE") and providers(r):
        return None  # "runpod 4090 at 0.69/hr vs ... £1,800": a cloud named bills its rate in its own dollars
    return str(next(iter(named)))
