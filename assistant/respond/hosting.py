"""A month's fee for hosting one's own cards (a colo's rack, "托管费", nlu/hosting_fee.py) in the rent-or-buy answer:
the fee in dollars and per hour of use, the sentence that leads with each side's month, the step that explains it.

Contract: `fee_of(query, env, hours_week)` -> (fee a month in USD, per hour of use), (0, 0) when none was said;
`lead` / `step` -> the sentences (locale [usage] hosting_lead / hosting_fee). Never raises but the exchange rate's
NoExchangeRate, as every amount converted.
"""

from __future__ import annotations

from assistant.nlu.tagging.usage import WEEKS_PER
from assistant.queries import RentOrBuyQuery
from assistant.respond.env import Env


def fee_of(query: RentOrBuyQuery, env: Env, hours_week: float) -> tuple[float, float]:
    if query.own_fee is None or hours_week <= 0:
        return 0.0, 0.0
    fee = env.to_usd(query.own_fee[0], query.own_fee[1]) or 0.0
    return fee, fee / (hours_week * WEEKS_PER["month"])


def lead(env: Env, hours_week: float, month_own: float, fee: float, month_rent: float, provider: str) -> str:
    return env.t(
        "usage.hosting_lead" if fee else "usage.owned_lead",
        hours=f"{round(hours_week, 1):g}",
        own=env.money(month_own),
        fee=env.money(fee),
        power=env.money(month_own - fee),
        rent=env.money(month_rent),
        provider=provider,
    )


def step(env: Env, fee: float, fee_h: float, hours_week: float) -> str:
    return env.t("usage.hosting_fee", fee=env.money(fee), per_hour=env.money(fee_h, 3), hours=f"{hours_week:g}")
