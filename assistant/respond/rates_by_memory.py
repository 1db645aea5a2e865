"""Cloud GPUs by memory: "cheapest cloud gpu with 80gb", "cheapest way to rent 48gb", "云上最便宜的80g卡".

Contract: no GPU is named, a memory size is; the answer lists every GPU with cloud rates whose
memory is at least that size, one row per GPU with its cheapest on-demand offer (provider, spot
rate where known, date), cheapest first; the clouds of the answer's market (billing in its
currency) come first, as in every rates answer. A step names the cheapest pair of smaller cards
that hold the size together, with the caveat that two cards are not one big one. `figures.rates`
has one object per row (as respond/rates.py), plus `min_memory_gb` and `cheapest_gpu`.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.periods import ASKED_HOURS
from assistant.queries import RatesQuery
from assistant.respond import rates_value
from assistant.respond.env import Env
from assistant.respond.offers import SLACK_GB, cheapest_per_gpu, figure, of_provider, provider_name

SHOWN = 12  # rows in the table; the rest are counted [A]


def _pair_step(offers: list, env: Env, want: float, single: float | None) -> list[str]:
    """Two smaller cards that hold `want` GB together, when they rent for less than the cheapest single card."""
    pairs = [(s, o) for s, o in cheapest_per_gpu(offers, env, want / 2) if (s.memory_gb or 0) < want - SLACK_GB]
    if not pairs:
        return []
    spec, offer = pairs[0]
    if single is not None and 2 * offer.on_demand_usd_per_gpu_hour >= single:
        return []
    return [
        env.t(
            "rates.memory_pair",
            gpu=spec.short_name,
            gb=f"{2 * (spec.memory_gb or 0):g}",
            provider=offer.provider,
            rate=env.money(2 * offer.on_demand_usd_per_gpu_hour, 2),
            observed=offer.observed,
        )
    ]


def _set_hours(query: RatesQuery) -> float | None:
    """The hours the set is rented for ("cheaper?" after 8 x B200 for a month: 730), None when no time was said."""
    return query.hours or ASKED_HOURS.get(query.period or "")


def _table(env: Env, rows: list[tuple], hours: float | None = None, n: int = 1) -> Table:
    headers = [
        env.t("rates.col_gpu"),
        env.t("rates.col_memory"),
        env.t("rates.col_provider"),
        env.t("rates.col_on_demand"),
        env.t("rates.col_spot"),
        env.t("rates.col_instance"),
    ]
    if hours:
        headers.append(env.t("rates.col_cost", hours=f"{hours:,.0f}", n=n))
    headers.append(env.t("rates.col_observed"))
    body = []
    for spec, o in rows:
        row = [
            spec.short_name,
            f"{spec.memory_gb:g} GB",
            o.provider,
            env.money(o.on_demand_usd_per_gpu_hour, 2),
            env.money(o.spot_usd_per_gpu_hour, 2) if o.spot_usd_per_gpu_hour else "—",
            env.t("rates.instance", n=o.gpus_per_instance),
        ]
        if hours:
            row.append(env.money_total(o.on_demand_usd_per_gpu_hour * hours * n))
        body.append(row + [o.observed])
    return Table(headers=headers, rows=body)


def respond(query: RatesQuery, env: Env) -> Answer:
    env = env.for_query(query)
    if rates_value.wanted(query, env) and (valued := rates_value.respond(query, env)) is not None:
        return valued  # "which gpu should i rent for training": the work a dollar of rent buys, not the lowest rate
    want = query.min_memory_gb or 0.0
    offers = of_provider(query.provider, env.reader.cloud_rates())
    lead = ""
    if query.provider and not offers and not want:
        # "阿里云按量付费太贵了 有没有便宜点的": that cloud has no published rate here; the cheapest elsewhere
        lead = env.t("rates.provider_none", provider=provider_name(query.provider)) + i18n.gap(env.lang)
        offers = env.reader.cloud_rates()
    rows = cheapest_per_gpu(offers, env, want)
    gb = f"{want:g}"
    if not rows:
        largest = max(
            (env.reader.gpu(o.gpu) for o in offers), key=lambda s: (s.memory_gb or 0) if s else 0, default=None
        )
        head = env.t("rates.memory_none", gb=gb, largest=largest.short_name if largest else "—")
        if largest:
            head += i18n.gap(env.lang) + env.t(
                "rates.memory_largest", gpu=largest.short_name, largest=f"{largest.memory_gb:g}"
            )
        return Answer(
            question=query.text,
            intent="rates",
            headline=head,
            steps=_pair_step(offers, env, want, None),
            figures={"rates": [], "cheapest_provider": None, "min_memory_gb": want},
            lang=env.lang,
        )
    spec, best = rows[0]
    nexts = [
        env.t(
            "rates.provider_offer_gpu",
            gpu=s.short_name,
            provider=o.provider,
            rate=env.money(o.on_demand_usd_per_gpu_hour, 2),
        )
        for s, o in rows[1:3]
    ]
    head = env.t(
        "rates.memory_head" if want else "rates.cheapest_head",  # "cheapest cloud gpu": no memory size said
        gb=gb,
        gpu=spec.short_name,
        memory=f"{spec.memory_gb:g}",
        provider=best.provider,
        rate=env.money(best.on_demand_usd_per_gpu_hour, 2),
        observed=best.observed,
    )
    if nexts:
        head += i18n.gap(env.lang) + env.t("rates.memory_next", offers=i18n.sep(env.lang).join(nexts))
    hours = _set_hours(query)
    if hours:  # the set and the time the thread rents: "8 x MI300X for 730 hours: $11,621"
        total = env.money_total(best.on_demand_usd_per_gpu_hour * hours * query.set_count)
        head += i18n.gap(env.lang) + env.t(
            "rates.memory_set_total", n=query.set_count, gpu=spec.short_name, hours=f"{hours:,.0f}", total=total
        )
    head = lead + head
    steps = _pair_step(offers, env, want, best.on_demand_usd_per_gpu_hour) if want else [env.t("rates.cheapest_hint")]
    foreign = [s.short_name for s, o in rows[:SHOWN] if o.currency != env.currency]
    if foreign and len(foreign) < len(rows[:SHOWN]):
        steps.append(env.t("rates.memory_foreign", n=len(foreign), gpus=i18n.join_names(env.lang, foreign)))
    if len(rows) > SHOWN:
        steps.append(env.t("rates.memory_more", n=len(rows) - SHOWN))
    steps += [env.t("rates.memory_per_gpu"), env.t("rates.nodes"), env.t("rates.dated")]
    shown = rows[:SHOWN]
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[s.name for s, _ in shown],
        tables=[_table(env, shown, hours, query.set_count)],
        steps=steps,
        figures={
            "rates": [figure(o, None, 1) for _, o in shown],
            "cheapest_provider": best.provider,
            "cheapest_gpu": spec.name,
            "min_memory_gb": want,
        },
        assumptions=env.assumption_dict(),
        sources=env.cite(*dict.fromkeys(o.source for _, o in shown)) + env.rate_sources(),
        lang=env.lang,
    )
