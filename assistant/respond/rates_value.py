"""The best value to rent for a kind of work when no GPU is named: "which gpu should i rent on runpod for training",
"autodl上租什么卡跑lora比较划算", "best value gpu to rent on vast for llm inference".

Contract: `respond(query, env)` for a RatesQuery of mode "by_memory" with a workload and no memory size, model or
"cheapest" word (a cheapest rate asked stays the cheapest per hour, respond/rates_by_memory): every GPU with cloud rates
(of the provider named, else all; the clouds of the answer's market first) and the memory the work needs (the model
named as a pick sizes it, else the reference's floor for the workload, recommend_need), ranked by the performance
model's speed for the work (RTX 3090 = 1, §perf) per dollar of its cheapest on-demand rate (§cost.run); GPUs the model
cannot rate are left out. An amount to spend (`spend`, a month's when `period` is "month") leads with the hours it
rents of the best value and of the fastest card, and adds a column of those hours. `figures.rates` one object per row
(offers.figure) with `speed` and `speed_per_usd_hour`;
`figures.value_gpu`. None when no rated GPU is rented (the caller answers with the cheapest rates).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import cheapest_per_gpu, figure, of_provider
from assistant.respond.pricing import perf_workload, score, workload_title
from assistant.respond.recommend_need import workload_floor

SHOWN = 8  # rows in the table [A]


def wanted(query: RatesQuery, env: Env) -> bool:
    """A value to rent asked: a workload said, no memory size, and no word asking the cheapest per hour."""
    from assistant.nlu.lexicon import lexicon

    if not query.workload or query.min_memory_gb:
        return False
    return not lexicon(env.lang).words_in("cheapest_rate_words", f" {query.text.lower()} ")


def _rows(query: RatesQuery, env: Env, key: str, floor: float) -> list[tuple]:
    """(spec, offer, speed, speed per USD-hour) per rated GPU, its cheapest offer in the answer's market first."""
    rows = []
    for spec, offer in cheapest_per_gpu(of_provider(query.provider, env.reader.cloud_rates()), env, floor):
        speed = score(spec, key).score
        if speed > 0 and offer.on_demand_usd_per_gpu_hour > 0:
            rows.append((spec, offer, speed, speed / offer.on_demand_usd_per_gpu_hour))
    home = [r for r in rows if r[1].currency == env.currency] or rows
    return sorted(home, key=lambda r: -r[3])


def _floor(query: RatesQuery, env: Env) -> tuple[float | None, str]:
    """The memory the work needs: the model named, sized as a pick sizes it (recommend_need.memory_need), else the
    reference's floor for the workload."""
    if query.model is None:
        return workload_floor(query.workload, env)
    from assistant.queries import RecommendQuery
    from assistant.respond.recommend_need import memory_need

    asked = RecommendQuery(text=query.text, workload=query.workload, model=query.model, precision=query.precision)
    return memory_need(asked, env)


MONTH_HOURS = 730.0  # hours in an average month (8,760 / 12)


def _budget_lead(query: RatesQuery, env: Env, rows: list[tuple], usd: float, title: str) -> str:
    """What the amount rents: hours of the best value (and, a month's amount, how many run around the clock), then
    of the fastest card rented when that is another one."""
    monthly = query.period == "month"

    def item(spec, offer) -> str:
        hours = usd / offer.on_demand_usd_per_gpu_hour
        if not monthly:
            use = ""
        elif hours >= MONTH_HOURS:
            use = env.t("rates.budget_around", n=f"{hours / MONTH_HOURS:,.1f}")
        else:
            use = env.t("rates.budget_per_day", hours=f"{hours * 24 / MONTH_HOURS:,.1f}")
        return env.t(
            "rates.budget_item",
            hours=f"{hours:,.0f}",
            gpu=spec.short_name,
            provider=offer.provider,
            rate=env.money(offer.on_demand_usd_per_gpu_hour, 2),
            observed=offer.observed,
            use=use,
        )

    spec, offer = rows[0][0], rows[0][1]
    key = "rates.budget_head_month" if monthly else "rates.budget_head"
    lead = env.t(key, money=env.money_total(usd), item=item(spec, offer), title=title)
    fast = max(rows, key=lambda r: (r[2], -r[1].on_demand_usd_per_gpu_hour))
    if fast[0].name != spec.name:
        lead += i18n.gap(env.lang) + env.t("rates.budget_fast", item=item(fast[0], fast[1]))
    return lead


def respond(query: RatesQuery, env: Env) -> Answer | None:
    env = env.for_query(query)
    key = perf_workload(query.workload, query.precision)
    floor, floor_why = _floor(query, env)
    rows = _rows(query, env, key, floor or 0.0)
    if not rows:
        return None
    spec, offer, speed, per = rows[0]
    title = workload_title(env, key)
    head = env.t(
        "rates.value_head",
        title=title,
        gpu=spec.short_name,
        memory=f"{spec.memory_gb:g}",
        provider=offer.provider,
        rate=env.money(offer.on_demand_usd_per_gpu_hour, 2),
        observed=offer.observed,
        speed=f"{speed:.2f}",
    )
    budget_usd = (env.to_usd(query.spend, query.spend_currency) or 0.0) if query.spend else 0.0
    if budget_usd > 0:  # "i have $2000 a month for cloud, what can i rent": what the amount rents, in place of the rate
        head = _budget_lead(query, env, rows, budget_usd, title)
    nexts = [
        env.t("rates.value_next_item", gpu=s.short_name, provider=o.provider, ratio=f"{p / per:.2f}")
        for s, o, _sp, p in rows[1:3]
    ]
    if nexts:
        head += i18n.gap(env.lang) + env.t("rates.value_next", offers=i18n.sep(env.lang).join(nexts))
    if query.model is not None and floor_why:  # "租卡跑flux 选哪张": what the model needs, why these cards
        head += i18n.gap(env.lang) + env.t("rates.value_floor", why=floor_why)
    steps = [env.t("rates.value_how", title=title)]
    if floor_why and query.model is None:
        steps.append(env.t("rates.value_floor", why=floor_why))
    steps += [env.t("rates.nodes"), env.t("rates.dated")]
    budget_col = [env.t("rates.value_budget_col", money=env.money_total(budget_usd))] if budget_usd > 0 else []
    table = Table(
        headers=env.t("rates.value_headers").split("|") + budget_col,
        rows=[
            [
                s.short_name,
                f"{s.memory_gb:g} GB",
                o.provider,
                env.money(o.on_demand_usd_per_gpu_hour, 2),
                f"{sp:.2f}",
                f"{p / per:.2f}",
                o.observed,
                *([f"{budget_usd / o.on_demand_usd_per_gpu_hour:,.0f}"] if budget_col else []),
            ]
            for s, o, sp, p in rows[:SHOWN]
        ],
    )
    figures = {
        "rates": [
            figure(o, None, 1) | {"speed": round(sp, 3), "speed_per_usd_hour": round(p, 3)} for _s, o, sp, p in rows
        ],
        "value_gpu": spec.name,
        "cheapest_provider": offer.provider,
    }
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        tables=[table],
        steps=steps,
        figures=figures,
        choice=spec.name,
        gpus=[s.name for s, _o, _sp, _p in rows[:SHOWN]],
        workload=query.workload,
        assumptions=env.assumption_dict(),
        sources=env.cite(*dict.fromkeys(o.source for _s, o, _sp, _p in rows[:SHOWN]))
        + env.rate_sources()
        + ["method: docs/model.md §perf, §cost.run"],
        lang=env.lang,
    )
