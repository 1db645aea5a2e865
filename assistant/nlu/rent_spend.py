"""What the user spends a month on renting, said in a question that weighs renting against buying: "i've been
renting a100 time on runpod for like $300/month, would buying a 4090 be smarter", "spending about 300 a month on
runpod", "每个月在autodl上花800块租卡 要不要自己买一张4090".

Contract: `rent_spend(r)` -> (amount a month as typed, its currency or None for the question's own) or None when no
amount is said with a month beside it, or the question has no word of renting. The rent-or-buy answer turns it into
hours of use a week at the rented card's rate (respond/rent_spend.py, docs/model.md §cost.breakeven). Never raises.
"""

from __future__ import annotations

import re

from assistant.nlu.reading import Reading

_MONTH_AFTER = re.compile(r"^\s*(?:/\s*(?:mo|month|mth)\b|a month\b|per month\b|monthly\b|each month\b|every month\b)")
_MONTH_BEFORE = re.compile(
    r"(?:每个月|每月|一个月|一月|月均)\s*(?:在\S{0,12}|租卡|租显卡|租gpu|租服务器|租机器|云上|上云)?\s*(?:花|要花|花费|花了|付|交|预算|预算是|预算有|的预算)?\s*$"
)


def rent_spend(r: Reading) -> tuple[float, str | None] | None:
    if not r.b.has("RENT") or r.b.has("RATE"):
        return None  # a rate per hour prices the rent itself (nlu/stated_rent.py)
    low = r.text.lower()
    for tag in [*r.b.kinds.get("MONEY", []), *r.b.kinds.get("BUDGET", [])]:  # "每月预算500块": a month's spend
        try:
            amount = tag.number()
        except ValueError:
            continue
        if amount <= 0:
            continue
        before = low[max(0, tag.start - 24) : tag.start]
        if _MONTH_AFTER.match(low[tag.end :]) or _MONTH_BEFORE.search(before):
            return amount, tag.meanings.get("CURRENCY") or r.unnamed_currency()
    return None


def not_a_price(query, stated: tuple) -> tuple:
    """The settings a rent-or-buy states, less the month's rent spend: "每个月花800块租卡" is no price of the card
    bought, nor a budget."""
    spend = getattr(query, "rent_spend", None)
    if spend is None:
        return stated
    return tuple(s for s in stated if not (s.key in ("price_override", "budget_usd") and _amount(s.value) == spend[0]))


def _amount(value) -> float | None:
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, (tuple, list)):
        return next((float(v) for v in value if isinstance(v, (int, float))), None)
    return None
