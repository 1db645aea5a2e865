"""Rent or buy when the user says what renting costs them a month ("renting a100 time on runpod for like
$300/month, would buying a 4090 be smarter"): the hours a week that money rents at the rented card's rate are the
hours of use weighed, said first (docs/model.md §cost.breakeven).

Contract: `by_spend(query, env, weigh)` -> the answer `weigh(query, env)` gives at those hours, with a step that
says how they were found; None when no spend is said, hours of use are said too, or no rate is known. With no card
named, the card the first weighing picked is kept for the hours that money rents (the pick could otherwise change
with the hours and the rate would no longer be the card's), and said.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import GpuRef, RentOrBuyQuery
from assistant.respond.env import Env
from assistant.respond.wording import counted

WEEKS_PER_MONTH = 52.0 / 12.0


def by_spend(query: RentOrBuyQuery, env: Env, weigh: Callable[[RentOrBuyQuery, Env], Answer]) -> Answer | None:
    if query.rent_spend is None or query.hours_per_week or query.utilization:
        return None
    amount, currency = query.rent_spend
    usd = env.to_usd(amount, currency or env.for_query(query).currency)
    first = weigh(query, env)
    rate = first.figures.get("rent_usd_per_hour")
    n = int(first.figures.get("rent_gpu_count") or 1)
    if not usd or not rate:
        return None
    hours = usd / (rate * n) / WEEKS_PER_MONTH
    picked = not any(g.name for g in query.gpus) and first.gpus  # no card named: the card first weighed, kept
    fixed = dataclasses.replace(query, gpus=(GpuRef(mention="", name=first.gpus[0], count=n),)) if picked else query
    answer = weigh(dataclasses.replace(fixed, hours_per_week=min(hours, 168.0)), env)
    if picked:  # the note the pick's own answer gives: which card stands for "a GPU"
        note = env.t("rent.for_pick", gpus=counted(env, env.reader.known_gpu(first.gpus[0]), n, article=False))
        answer.headline = i18n.gap(env.lang).join([answer.headline, note])
    step = env.t(
        "rent.spend_more" if hours > 168.0 else "rent.spend_hours",
        spend=env.money(usd),
        rate=env.money(rate * n, 2),
        month=f"{usd / (rate * n):,.0f}",
        hours=f"{hours:.0f}",
    )
    answer.steps.insert(0, step)
    answer.figures["rent_spend_usd_month"] = round(usd, 2)
    return answer
