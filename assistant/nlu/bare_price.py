"""A card's price said as a bare number in a rent-or-buy question: "runpod 4090 at 0.69/hr, buying one costs 1800,
break even when?", "自己买一张4090 16000 多久回本". The one number of the question with no unit, once every
other number has its unit (a rate, hours, a year), is what buying the one card named costs: the break-even uses it
instead of the stored price, and the answer says "your price".

Contract: `bare_price(r, query, settings)` -> a `price_override` Setting for the one GPU named, in the question's own
currency for an amount without a unit (`Reading.unnamed_currency`: yuan in Chinese, else dollars), or None: when the
query is no rent-or-buy, a price is already stated, several cards are named, or the question has not exactly one
such number (at least 50; a year like "in 2023" or "2023年" is no price). With no bare number, the one amount of
money alone (no period, budget, fee or sale: "rent at $1.60/hr or buy one used for $9000") is that price.
"""

from __future__ import annotations

import re

from assistant.nlu.card_prices import not_a_price
from assistant.nlu.reading import Reading
from assistant.queries import Setting

_MIN = 50.0
_NEAR = 12  # characters between a condition word and the amount it prices ("used for $9000")
_YEAR_BEFORE = re.compile(r"(?:\bin|\bsince|\bfrom|\bof)\s*$")


def bare_price(r: Reading, query, settings) -> Setting | None:
    if query.intent != "rent_or_buy" or any(s.key == "price_override" for s in settings):
        return None
    if getattr(query, "rent_spend", None):  # "每个月在autodl花300": the rent paid a month (nlu/rent_spend.py)
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
    currency, condition = r.unnamed_currency(), None
    if not found:  # "rent at $1.60/hr or buy one used for $9000?": the one amount of money alone, no card beside it
        found, currency, condition = _lone_money(r, low)
    if len(found) != 1:
        return None
    return Setting("price_override", found[0], gpu=next(iter(names)), currency=currency, condition=condition)


def _lone_money(r: Reading, low: str) -> tuple[list[float], str | None, str | None]:
    """The amounts of money (a unit, no period, no budget, no fee, no sale before it) of the question, with the
    currency of the first and the condition said a few words before it ("buy one used for $9000": used)."""
    sold = r.lex.listed("price_sold_before")
    found: list[float] = []
    currency, condition = None, None
    for t in r.b.kinds.get("MONEY", []):
        v = t.value if isinstance(t.value, (int, float)) else 0.0
        if (
            v < _MIN
            or not_a_price(low, t.start, t.end, r)
            or any(w in low[max(0, t.start - 16) : t.start] for w in sold)
        ):
            continue
        found.append(float(v))
        currency = currency or t.meanings.get("CURRENCY") or r.unnamed_currency()
        near = [c for c in r.b.kinds.get("CONDITION", []) if 0 <= t.start - c.end <= _NEAR]
        said = near[-1].meanings.get("CONDITION") if near else None
        condition = condition or (said if said in ("new", "used") else None)
    return found, currency, condition
