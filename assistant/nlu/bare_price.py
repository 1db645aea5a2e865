"""A card's price said as a bare number in a rent-or-buy question: "runpod 4090 at 0.69/hr, buying one costs 1800,
break even when?", "自己买一张4090 16000 多久回本". The one number of the question with no unit, once every
other number has its unit (a rate, hours, a year), is what buying the one card named costs: the break-even uses it
instead of the stored price, and the answer says "your price".

Contract: `bare_price(r, query, settings)` -> a `price_override` Setting for the one GPU named, in the question's own
currency for an amount without a unit (`Reading.unnamed_currency`: yuan in Chinese, else dollars), or None: when the
query is no rent-or-buy, a price is already stated, several cards are named, or the question has not exactly one
such number (at least 50; a year like "in 2023" or "2023年" is no price).
"""

from __future__ import annotations

import re

from assistant.nlu.card_prices import not_a_price
from assistant.nlu.reading import Reading
from assistant.queries import Setting

_MIN = 50.0
_YEAR_BEFORE = re.compile(r"(?:\bin|\bsince|\bfrom|\bof)\s*$")


def bare_price(r: Reading, query, settings) -> Setting | None:
    if query.intent != "rent_or_buy" or any(s.key == "price_override" for s in settings):
        return None
    names = {g.name for g in r.explicit if g.name}
    if len(names) != 1:
        return None
    low = r.text.lower()
    found = []
    for t in r.b.kinds.get("NUMBER", []):
        if t.meanings.get("NOUN"):
            continue  # "1500 steps": a count of something
        try:
            v = float(t.number())
        except (TypeError, ValueError):
            continue
        year = 1990 <= v <= 2040 and v.is_integer()
        if year and (_YEAR_BEFORE.search(low[: t.start]) or low[t.end : t.end + 1] == "年"):
            continue
        if v >= _MIN and not not_a_price(low, t.start, t.end, r):  # "每月托管费800": a fee, no price
            found.append(v)
    if len(found) != 1:
        return None
    return Setting("price_override", found[0], gpu=next(iter(names)), currency=r.unnamed_currency())
