"""A month's fee for hosting one's own cards (a colo's rack, "托管费", nlu/hosting_fee.py) in the rent-or-buy answer:
the fee in dollars and per hour of use, the sentence that leads with each side's month, the step that explains it.

Contract: `fee_of(query, env, hours_week)` -> (fee a month in USD, per hour of use), (0, 0) when none was said;
`lead` / `step` -> the sentences (locale [usage] hosting_lead / hosting_fee). `in_cost(query, env, figures)` -> the
sentence a cost answer adds for the fee said ("colo is $150 a month": the month's electricity plus the fee, and the fee
over the years owned; the fee alone when it includes the power: nlu/free_power.py), "" when none. Never raises but
the exchange rate's NoExchangeRate, as every amount converted.
"""

from __future__ import annotations

from assistant.nlu.tagging.usage import WEEKS_PER
from assistant.queries import CostQuery, RentOrBuyQuery
from assistant.respond.env import Env


def fee_of(query: RentOrBuyQuery, env: Env, hours_week: float) -> tuple[float, float]:
    if query.own_fee is None or hours_week <= 0:
        return 0.0, 0.0
    fee = env.to_usd(query.own_fee[0], query.own_fee[1]) or 0.0
    return fee, fee / (hours_week * WEEKS_PER["month"])


def lead(env: Env, hours_week: float, month_own: float, fee: float, month_rent: float, provider: str) -> str:
    key = "usage.hosting_lead" if month_own - fee > 0.005 else "usage.hosting_lead_power_in"  # the fee holds the power
    key = key if fee else "usage.owned_lead"
    return env.t(
        key,
        hours=f"{round(hours_week, 1):g}",
        own=env.money(month_own),
        fee=env.money(fee),
        power=env.money(month_own - fee),
        rent=env.money(month_rent),
        provider=provider,
    )


def step(env: Env, fee: float, fee_h: float, hours_week: float) -> str:
    return env.t("usage.hosting_fee", fee=env.money(fee), per_hour=env.money(fee_h, 3), hours=f"{hours_week:g}")


def in_cost(query: CostQuery, env: Env, figures: dict) -> str:
    fee_said = getattr(query, "own_fee", None)
    per_year = figures.get("electricity_usd_per_year")
    if not fee_said or per_year is None:
        return ""
    fee = env.to_usd(fee_said[0], fee_said[1]) or 0.0
    if fee <= 0:
        return ""
    years = figures.get("years") or env.assumptions.years
    figures |= {"hosting_usd_per_month": round(fee, 2), "month_with_hosting_usd": round(per_year / 12 + fee, 2)}
    text = env.t(
        "usage.hosting_cost" if per_year > 0 else "usage.hosting_cost_power_in",
        fee=env.money(fee),
        power=env.money(per_year / 12),
        total=env.money(per_year / 12 + fee),
        years=f"{years:g}",
        over=env.money(fee * 12 * years),
    )
    return text
