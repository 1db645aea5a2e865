"""Answer a price question about clouds named without a GPU ("autodl和恒源云哪个便宜", "恒源云租卡多少钱", "火山引擎 gpu
价格", "runpod vs vast prices").

Contract: `respond(query, env, by_memory)` takes a RatesQuery of mode "providers" (`providers`: the clouds by key).
Clouds without a rate in knowledge/cloud*.csv are said to have none published here. One cloud with rates: its list,
every GPU it rents with its cheapest on-demand rate (`by_memory`, the answer for a memory floor, with the cloud
fixed). Two or more: the GPUs at least two of them rent, each cloud's cheapest on-demand rate side by side, and how
many of those GPUs each cloud is the cheaper on (up to four of them said in the sentence, with a month of the hours
stated at each cloud); with no GPU in common, each cloud's list is named. `figures`:
providers, unpriced, common [{gpu, rates {provider: usd}}], cheaper_count {provider: n}.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import of_provider, provider_name
from assistant.specs import CloudRate


def _cheapest(offers: list[CloudRate]) -> dict[str, CloudRate]:
    """Each GPU's cheapest on-demand offer among `offers`."""
    best: dict[str, CloudRate] = {}
    for o in offers:
        if o.gpu not in best or o.on_demand_usd_per_gpu_hour < best[o.gpu].on_demand_usd_per_gpu_hour:
            best[o.gpu] = o
    return best


def respond(query: RatesQuery, env: Env, by_memory: Callable[[RatesQuery, Env], Answer]) -> Answer:
    env = env.for_query(query)
    rates = env.reader.cloud_rates()
    lists = {key: _cheapest(of_provider(key, rates)) for key in query.providers}
    priced = [k for k in query.providers if lists[k]]
    unpriced = [provider_name(k) for k in query.providers if not lists[k]]
    notes = [env.t("rates_providers.unpriced", providers=i18n.listing(env.lang).join(unpriced))] if unpriced else []
    if _trust_asked(query.text, env):  # "哪家稳定 经常抢不到卡": no data on that, said first
        notes.insert(0, env.t("rates_providers.trust"))
    if len(priced) == 1:
        one = by_memory(dataclasses.replace(query, provider=priced[0], providers=(), mode="by_memory"), env)
        one.headline = i18n.gap(env.lang).join([*notes, one.headline])
        return one
    names = {k: _shown(k, lists[k]) for k in priced}
    figures: dict = {"providers": [names[k] for k in priced], "unpriced": unpriced}
    if not priced:
        head = env.t("rates_providers.none", providers=i18n.listing(env.lang).join(unpriced))
        return Answer(query.text, "rates", head, figures=figures | {"common": [], "cheaper_count": {}}, lang=env.lang)
    common = [g for g in lists[priced[0]] if sum(g in lists[k] for k in priced) >= 2]
    common.sort(key=lambda g: min(lists[k][g].on_demand_usd_per_gpu_hour for k in priced if g in lists[k]))
    if not common:
        each = i18n.sep(env.lang).join(
            env.t("rates_providers.list_of", provider=names[k], count=len(lists[k])) for k in priced
        )
        head = i18n.gap(env.lang).join([*notes, env.t("rates_providers.no_common", lists=each)])
        return Answer(query.text, "rates", head, figures=figures | {"common": [], "cheaper_count": {}}, lang=env.lang)
    wins = {names[k]: 0 for k in priced}
    rows, found = [], []
    for g in common:
        here = {k: lists[k][g] for k in priced if g in lists[k]}
        low = min(here, key=lambda k: here[k].on_demand_usd_per_gpu_hour)
        wins[names[low]] += 1
        spec = env.reader.gpu(g)
        rows.append(
            [spec.short_name if spec else g]
            + [env.money(here[k].on_demand_usd_per_gpu_hour, 2) if k in here else "—" for k in priced]
            + [names[low]]
        )
        found.append({"gpu": g, "rates": {names[k]: round(o.on_demand_usd_per_gpu_hour, 4) for k, o in here.items()}})
    leader = max(wins, key=lambda p: wins[p])
    head = env.t(
        "rates_providers.head",
        providers=i18n.listing(env.lang).join(names[k] for k in priced),
        count=len(common),
        leader=leader,
        wins=wins[leader],
    )
    if len(common) <= 4:  # "恒源云和autodl哪个便宜": the few cards both rent, with each cloud's rate, in the sentence
        head += (
            i18n.gap(env.lang)
            + i18n.sep(env.lang).join(
                env.t(
                    "rates_providers.inline",
                    gpu=row[0],
                    offers=i18n.listing(env.lang).join(
                        env.t("rates_providers.inline_offer", provider=names[k], rate=cell)
                        + _month(query, env, lists[k].get(gpu_name))
                        for k, cell in zip(priced, row[1:-1], strict=True)
                        if cell != "—"
                    ),
                )
                for row, gpu_name in zip(rows, common, strict=True)
            )
            + i18n.end(env.lang)
        )
    table = Table(
        headers=[env.t("rates.col_gpu")] + [names[k] for k in priced] + [env.t("rates_providers.col_cheaper")],
        rows=rows,
    )
    observed = sorted({o.observed for k in priced for o in lists[k].values()})
    steps = [env.t("rates_providers.observed", first=observed[0], last=observed[-1]), env.t("rates.dated")]
    sources = env.cite(*dict.fromkeys(o.source for k in priced for o in lists[k].values()))  # first seen, not a set
    return Answer(
        question=query.text,
        intent="rates",
        lang=env.lang,
        headline=i18n.gap(env.lang).join([*notes, head]),
        tables=[table],
        steps=steps,
        figures=figures | {"common": found, "cheaper_count": wins},
        sources=sources,
    )


def _shown(key: str, offers: dict[str, CloudRate]) -> str:
    """The cloud's name as its rates write it ("AutoDL", "恒源云")."""
    first = next(iter(offers.values()), None)
    return first.provider if first is not None else provider_name(key)


def _month(query: RatesQuery, env: Env, offer: CloudRate | None) -> str:
    """ "（每月约 106 小时约 ¥80）": a month of the hours the question states at this offer, "" without hours."""
    if offer is None or not query.hours or query.period != "month":
        return ""
    total = env.money_total(offer.on_demand_usd_per_gpu_hour * query.hours)
    return env.t("rates_providers.month", hours=f"{query.hours:.0f}", total=total)


def _trust_asked(text: str, env: Env) -> bool:
    """The question asks how reliable the clouds are or how easily a card is had (lexicon [lists]
    provider_trust_words: 稳定, 抢不到, reliable, ...)."""
    from assistant.nlu.lexicon import lexicon

    low = (text or "").lower()
    return any(w in low for w in lexicon(env.lang).listed("provider_trust_words"))
