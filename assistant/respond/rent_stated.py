"""The user's own numbers in a rent-or-buy answer: the rent they pay or were quoted, the card it rents, the price
they give for the card to buy, and the rent paid so far. Stated numbers always win over the KB's.

Contract (used by respond/rent.py):
- `ordered(query, named)`: the named cards with the bought one first and the rented one second when the question
  says which card its rate rents (`RentOrBuyQuery.rented`);
- `user_rate(query, env, rented, cloud)`: the CloudRate to weigh: the stated rate (in USD, for `rented`) labelled as
  the user's, or the cloud's rate when none is stated;
- `card_only(query, gpu)`: whether buying counts the card alone: its price and a rent are both stated, so the
  question weighs the card against the rent (said in the answer, with the break-even when a desktop is bought too);
- `lead(query, env, ...)`: the sentence that says the numbers used first ("At your rent of $0.89/h and your price of
  $2,400 ..."), and for rent already paid ("for 3 weeks straight (24/7)") what it came to against buying.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from assistant.models import cost
from assistant.queries import RentOrBuyQuery
from assistant.respond.env import Env
from assistant.respond.pricing import price_of
from assistant.respond.wording import counted
from assistant.specs import CloudRate


def ordered(query: RentOrBuyQuery, named: list) -> list:
    if not query.rented or len(named) < 2:
        return named
    rented = [r for r in named if r.name == query.rented]
    bought = [r for r in named if r.name != query.rented]
    return (bought[:1] + rented[:1] + bought[1:]) if rented and bought else named


def user_rate(query: RentOrBuyQuery, env: Env, rented, cloud: CloudRate | None) -> CloudRate | None:
    if not query.rent_rate:
        return cloud
    usd = env.to_usd(query.rent_rate, query.rent_rate_currency)
    if not usd:
        return cloud
    provider = cloud.provider if cloud is not None and query.provider else env.t("rent.your_rate")
    if cloud is not None:
        return dataclasses.replace(
            cloud, provider=provider, gpu=rented.name, on_demand_usd_per_gpu_hour=usd, observed=env.t("rent.you_said")
        )
    return CloudRate(
        provider=provider,
        gpu=rented.name,
        gpus_per_instance=1,
        on_demand_usd_per_gpu_hour=usd,
        spot_usd_per_gpu_hour=None,
        observed=env.t("rent.you_said"),
        source="",
    )


def stated_price(query: RentOrBuyQuery, gpu) -> bool:
    """Does the question give this card's price ("buy a 4090 for $1,900", "买一张要1万6")?"""
    return any(s.key == "price_override" and s.gpu == gpu.name for s in query.settings)


def stated_lookup(query: RentOrBuyQuery, env: Env, gpu, found):
    """The price the question gives for the card in the condition it gives ("二手a6000 2.6万": the used price), where
    the condition in force would look up another quote; `found` otherwise."""
    said = next((s for s in query.settings if s.key == "price_override" and s.gpu == gpu.name and s.condition), None)
    if said is None:
        return found
    return price_of(gpu.name, env, said.condition) or found


def card_only(query: RentOrBuyQuery, gpu) -> bool:
    return bool(query.rent_rate) and stated_price(query, gpu) and not query.own_platform


def lead(query: RentOrBuyQuery, env: Env, gpu, rented, n: int, rent_h: float, price_usd: float, buy: float) -> str:
    """The numbers the answer uses, said first when the question stated them (a rent, the card's price, or both);
    "" when it stated neither."""
    priced = stated_price(query, gpu)
    if not (query.rent_rate or priced):
        return ""
    each = env.t("rent.each") if n > 1 else ""
    cards = counted(env, gpu, n, article=False)
    price = env.money(price_usd) + each
    rate = env.money(rent_h / n, 2)
    if not query.rent_rate:
        return env.t("rent.at_your_price", price=price, gpu=cards)
    if rented.name == gpu.name and priced:  # one card rented or bought: named once
        out = env.t("rent.at_your_rate_same", rate=rate, each=each, price=price, gpu=cards)
    else:
        what = env.t("rent.stated_price", price=price, gpu=cards) if priced else ""
        out = env.t("rent.at_your_rate", rate=rate, each=each, rented=rented.short_name, price=what)
    if query.rented_hours:
        spent = rent_h * query.rented_hours
        key = "rent.so_far_cheaper" if spent < buy else "rent.so_far_dearer"
        out += " " + env.t(
            key, hours=f"{query.rented_hours:,.0f}", spent=env.money(spent), buy=env.money(buy), gpu=gpu.short_name
        )
    return out


def with_desktop(
    env: Env, buy_card: float, desktop: float, rent_h: float, power: float, hours_week: float, duration: Callable
) -> str:
    """The break-even when a desktop is bought around the card too (the answer counted the card alone)."""
    be = cost.break_even(
        buy_card + desktop,
        rent_h,
        power_w=power,
        usd_per_kwh=env.assumptions.electricity_usd_per_kwh,
        hours_per_week=hours_week,
    )
    if be.never:
        return env.t("rent.card_only_never", desktop=env.money(desktop))
    return env.t(
        "rent.card_only",
        desktop=env.money(desktop),
        hours=f"{be.hours_of_use:,.0f}",
        duration=duration(be.calendar_days, env),
    )
