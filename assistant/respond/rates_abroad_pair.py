"""Two cards rented where one has no price inside China, set side by side on one (overseas) price list: "l4和t4在云上
跑推理哪个性价比高" (no Chinese cloud in the KB lists the L4).

Contract: `abroad_pair(query, env, names)` gives (sentence, [(GPU, offer), (GPU, offer)]) or None. Only for a question
whose market is the clouds inside China (offers.home_market) naming exactly two cards, when at least one of them has
no yuan offer and both have offers elsewhere: comparing a yuan price of one with an overseas price of the other would
mix two markets, so both are taken from the overseas clouds: at ONE cloud when a cloud rents both (the one where both
together cost least), else each card's cheapest. The sentence names the card with no price in China and both rates.
The speed-per-money verdict of rates_several then uses these offers (as it does those of rates_home_pair).
"""

from __future__ import annotations

from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import DOMESTIC, home_market


def abroad_pair(query: RatesQuery, env: Env, names: list[str]) -> tuple[str, list[tuple]] | None:
    if len(names) != 2 or query.provider or home_market(query.text, env, query.provider) != DOMESTIC:
        return None
    gpus = [env.reader.known_gpu(n) for n in names]
    rates = [env.reader.cloud_rates(n) for n in names]
    missing = [g for g, rs in zip(gpus, rates, strict=True) if not any(r.currency == DOMESTIC for r in rs)]
    sides = [[r for r in rs if r.currency != DOMESTIC and r.on_demand_usd_per_gpu_hour] for rs in rates]
    if not missing or len(missing) == 2 or not all(sides):
        return None
    pairs = [(a, b) for a in sides[0] for b in sides[1] if a.provider == b.provider]
    if pairs:
        a, b = min(pairs, key=lambda p: p[0].on_demand_usd_per_gpu_hour + p[1].on_demand_usd_per_gpu_hour)
    else:
        a, b = (min(side, key=lambda r: r.on_demand_usd_per_gpu_hour) for side in sides)
    text = env.t(
        "rates.abroad_pair_same" if pairs else "rates.abroad_pair_apart",
        missing=missing[0].short_name,
        provider=a.provider,
        a=gpus[0].short_name,
        b=gpus[1].short_name,
        pa=a.provider,
        pb=b.provider,
        ra=env.money(a.on_demand_usd_per_gpu_hour, 2),
        rb=env.money(b.on_demand_usd_per_gpu_hour, 2),
        oa=a.observed,
        ob=b.observed,
    )
    return text, [(gpus[0], a), (gpus[1], b)]
