"""A rent quoted for cards over a period, asked whether it is fair ("智算中心报价 8卡a800包月12万 贵不贵"): the quote
per GPU-hour against the cheapest on-demand cloud rate of that card in the KB (the answer's market first).

Contract: `respond(query, env)` for a VerdictQuery of kind "deal" with `offer_period` set: per GPU-hour = offer /
(cards x hours in the period: 730 a month [A], 8,760 a year, 24 a day); against the cheapest cloud rate
(knowledge/cloud*.csv; another version of the chip when no cloud rents this one, said) with the deal bands of
respond/deal.py (10 % under: good, over 5 % above: high); no rate on record: said, with the per GPU-hour figure alone.
A month quote is also set against a month plan at AutoDL for one card (respond/rent_plan.month_estimate): how many
times that estimate the quote per card is.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.models.cost import cheapest_cloud
from assistant.queries import VerdictQuery
from assistant.respond import rent_plan
from assistant.respond.deal_market import GOOD_BELOW, HIGH_ABOVE
from assistant.respond.env import Env
from assistant.respond.variants import rated_variant

HOURS = {
    "hour": 1.0,
    "day": 24.0,
    "week": 168.0,
    "month": 730.0,
    "year": 8760.0,
}  # hours a rent period is billed for [A]


def respond(query: VerdictQuery, env: Env) -> Answer:
    env = env.for_query(query)
    ref = next(r for r in query.gpus if r.name)
    gpu = env.reader.known_gpu(ref.name or "")
    n = max(ref.count, 1)
    total = env.to_usd(query.offer, query.money_currency) or 0.0
    per_hour = total / (n * HOURS[query.offer_period or "month"])
    rate = cheapest_cloud(gpu.name, env.cloud_rates(gpu.name))
    other = rated_variant(gpu.name, env) if rate is None else None  # "8卡a800": the A800 PCIe AutoDL rents, said
    if other is not None:
        rate = cheapest_cloud(other.name, env.cloud_rates(other.name))
    quote = env.t(
        "rent_quote.per_hour",
        offer=env.money(total),
        n=n,
        gpu=gpu.short_name,
        period=env.t(f"cost.period_{query.offer_period or 'month'}"),
        per_hour=env.money(per_hour, 2),
    )
    figures: dict = {"per_gpu_hour_usd": round(per_hour, 4), "kind": "rent_quote"}
    sources: list[str] = []
    if rate is None:
        head = i18n.gap(env.lang).join([quote, env.t("rent_quote.no_rate", gpu=gpu.short_name)])
        verdict = "unknown"
    else:
        diff = per_hour / rate.on_demand_usd_per_gpu_hour - 1
        verdict = "good" if diff <= GOOD_BELOW else "high" if diff > HIGH_ABOVE else "fair"
        hourly = query.offer_period == "hour" and n == 1  # "$0.35/hr for a 4090, good price?": one rate to weigh
        head = (
            env.t(
                f"rent_quote.{verdict}_hourly",
                offer=env.money(per_hour, 2),
                gpu=gpu.short_name,
                rate=env.money(rate.on_demand_usd_per_gpu_hour, 2),
                provider=rate.provider,
                observed=rate.observed,
                ratio=f"{per_hour / rate.on_demand_usd_per_gpu_hour:.1f}",
            )
            if hourly
            else i18n.gap(env.lang).join(
                [
                    quote,
                    env.t(
                        f"rent_quote.{verdict}",
                        rate=env.money(rate.on_demand_usd_per_gpu_hour, 2),
                        provider=rate.provider,
                        observed=rate.observed,
                        ratio=f"{per_hour / rate.on_demand_usd_per_gpu_hour:.1f}",
                        month=env.money(rate.on_demand_usd_per_gpu_hour * n * HOURS[query.offer_period or "month"]),
                    ),
                ]
            )
        )
        if other is not None:
            head = i18n.gap(env.lang).join(
                [head, env.t("rent_quote.other_version", gpu=gpu.short_name, other=other.short_name)]
            )
        figures |= {"cloud_usd_per_gpu_hour": rate.on_demand_usd_per_gpu_hour, "provider": rate.provider}
        sources = env.cite(rate.source) if getattr(rate, "source", None) else []
    plan = rent_plan.month_estimate(gpu, env) if query.offer_period == "month" else None
    if plan is not None:  # "阿里云 a100 包月报价¥2.1万": against what a month plan at AutoDL comes to
        low, high, rated, plan_source = plan
        head = i18n.gap(env.lang).join(
            [
                head,
                env.t(
                    "rent_quote.against_plan",
                    gpu=rated.short_name,
                    low=env.money(low),
                    high=env.money(high),
                    ratio=f"{total / n / high:.1f}",
                ),
            ]
        )
        sources = [*sources, *env.cite(plan_source)]
        figures |= {"plan_low_usd": round(low, 2), "plan_high_usd": round(high, 2)}
    return Answer(
        question=query.text,
        intent="verdict",
        gpus=[gpu.name],
        lang=env.lang,
        headline=head,
        steps=[env.t("rent_quote.basis")],
        figures={"verdict": {"answer": verdict, "kind": "deal", "gpu": gpu.name}, "rent_quote": figures},
        sources=sources,
    )
