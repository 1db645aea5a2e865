"""Renting against buying when the card is sold again after the years of ownership ("and if i sell it after 2 years",
"要是两年后卖掉呢", "sell it after 3 years for $400", "sell it after 2 years for half").

Contract: `lead(query, env, what, buy, gpu_usd, own_h, rent_h, hours_week, provider)` -> (the sentence that leads the
rent-or-buy answer, figures) when `query.resale` is set, else None. Over the ownership years in force at the use a
week: renting costs rent_h x hours; owning costs what was bought (cards and machine) less what the cards sell for
(the amount the user gave; else the share of the cards' price the user gave, "for half"; else the price paid x the
used-price retention a year ** years, models/cost.resale_usd, §cost.resale) plus the electricity of those hours
(own_h x hours); the cheaper side is said first. Pure.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import cost
from assistant.queries import RentOrBuyQuery
from assistant.respond.env import Env

WEEKS_PER_YEAR = 52.0


def lead(
    query: RentOrBuyQuery,
    env: Env,
    what: str,
    prices: tuple[float, float],
    rates: tuple[float, float],
    hours_week: float,
    provider: str,
) -> tuple[str, dict] | None:
    """`prices`: (everything bought, the cards alone) in USD; `rates`: (owning, renting) per hour of use in USD."""
    if query.resale is None:
        return None
    buy, cards = prices
    own_h, rent_h = rates
    years = env.assumptions.years
    amount, currency = query.resale
    if amount:
        resale, how = env.to_usd(amount, currency) or 0.0, env.t("cost.resale_stated")
    elif query.resale_share:  # "sell it after 2 years for half": that share of what the cards cost
        resale, how = cards * query.resale_share, env.t("cost.resale_share", share=f"{query.resale_share * 100:.0f}")
    else:
        per_year = f"{(1 - C.USED_RETENTION_PER_YEAR) * 100:.0f}"
        resale, how = cost.resale_usd(cards, years), env.t("cost.resale_median", per_year=per_year, years=f"{years:g}")
    hours = hours_week * WEEKS_PER_YEAR * years
    own, rent = buy - resale + own_h * hours, rent_h * hours
    head = env.t(
        "rent.head_resale_buy" if own < rent else "rent.head_resale_rent",
        what=what,
        years=f"{years:g}",
        resale=env.money(resale),
        how=how,
        hours=f"{hours:,.0f}",
        own=env.money(own),
        buy=env.money(buy),
        electricity=env.money(own_h * hours),
        rent=env.money(rent),
        provider=provider,
    )
    figures = {"resale_usd": round(resale, 2), "own_net_usd": round(own, 2), "rent_usd": round(rent, 2)}
    return head, figures
