"""A price said for the card a follow-up points at: "and if i buy it for 1600 instead, break even?" after renting a
4090, "买一张1.3w的话多久回本" after a month of renting one. The question names no card, so the reader could not tie
the amount to one (nlu/bare_price.py needs a card named); once the dialogue has filled in the card, the one amount
is what buying it costs.

Contract: `pointed(gpus, text)` says whether the question's cards are pointed at, not named in it (a pronoun, or a
card the thread brought in whose name the text does not hold); only then does the dialogue call
`price_of_card(query, lang)` (a card named in the question is nlu/bare_price.py's), which returns the query with a
price_override Setting for its one card when it is a rent-or-buy question with no price or budget set, exactly one
card kind named (filled in by the dialogue) and exactly one amount that can be a card's price among `query.stated`
(money or a bare number of at least MIN, no rate, no difference, no budget, box or set, no year, not the resale said);
the query unchanged otherwise. The currency is the amount's own, dollars when typed with a dollar mark ("1600 bucks",
"180刀": i18n.dollar_marked), else the question's language's.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.queries import Query, RentOrBuyQuery, Setting

MIN = 50.0  # a smaller amount is no card's price (a count, a rate, hours)


def _candidates(query: RentOrBuyQuery) -> list:
    sold = query.resale[0] if query.resale else None
    out = []
    for s in query.stated:
        if s.dim not in ("money", "number") or s.per or s.direction or s.whole not in (None, "card"):
            continue
        year = s.dim == "number" and 1990 <= s.value <= 2040 and float(s.value).is_integer()
        if s.value >= MIN and not year and s.value != sold:
            out.append(s)
    return out


def pointed(gpus, text: str) -> bool:
    low = text.lower()
    return bool(gpus) and all(g.pronoun or (g.mention or "").lower() not in low for g in gpus)


def price_of_card(query: Query, lang: str) -> Query:
    if not isinstance(query, RentOrBuyQuery) or any(s.key in ("price_override", "budget_usd") for s in query.settings):
        return query  # "we have $10k, should we buy instead": a budget, no card's price
    names = {g.name for g in query.gpus if g.name}
    found = _candidates(query)
    if len(names) != 1 or len(found) != 1 or query.rent_rate:
        return query
    amount = found[0]
    currency = amount.currency or (None if i18n.dollar_marked(lang, amount.text) else i18n.currency(lang))
    currency = None if currency == "USD" else currency
    price = Setting("price_override", amount.value, gpu=next(iter(names)), currency=currency)
    return dataclasses.replace(query, settings=(*query.settings, price))
