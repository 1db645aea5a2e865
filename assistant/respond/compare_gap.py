"""A price gap the user states between the two cards compared ("5060ti 16g和4060ti 16g 差两百块 选哪个跑ai",
"5080比5070ti贵两千 值吗"; CompareQuery.price_gap, read by nlu/price_gap.py).

Contract: `with_gap(query, env)` gives (env, note): the env in which the cheaper card costs its market price and the
dearer one that price plus the gap (for this answer only, as an offer is weighed: no setting changes), and the
sentence saying so; (env, None) when no gap is stated or the cards cannot be priced. The cheaper card is the one the
question says is cheaper ("A比B贵" -> B), else the one with the lower launch price, else the slower one (16-bit
training score: a gap is usually paid for speed [A]), else the one with the lower market price. Both prices are
taken in one condition: new when both have a new price, else used when both have one, else each card's average.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import CompareQuery
from assistant.respond.env import Env
from assistant.respond.pricing import PriceLookup, price_of, price_text, score


def with_gap(query: CompareQuery, env: Env) -> tuple[Env, str | None]:
    if query.price_gap is None:
        return env, None
    amount, currency, dearer = query.price_gap
    gap = env.to_usd(amount, currency)
    names = list(dict.fromkeys(r.name for r in query.gpus if r.name))
    if gap is None or len(names) != 2:
        return env, None
    found = _same_condition(names, env)
    if found is None:
        return env, env.t("compare.gap_unpriced", gap=env.money(gap))
    condition, prices = found
    if dearer not in names:
        dearer = _dearer(names, prices, env)
    cheaper = next(n for n in names if n != dearer)
    base = prices[cheaper].usd
    conditions = (condition,) if condition else ("new", "used")
    overrides = {(n, c): usd for n, usd in ((cheaper, base), (dearer, base + gap)) for c in conditions}
    assumptions = dataclasses.replace(env.assumptions, prices=env.assumptions.prices | overrides)
    note = env.t(
        "compare.gap_stated",
        gap=env.money(gap),
        cheaper=env.reader.known_gpu(cheaper).short_name,
        price=price_text(prices[cheaper], env),
        dearer=env.reader.known_gpu(dearer).short_name,
        dearer_price=env.money(base + gap),
    )
    return dataclasses.replace(env, assumptions=assumptions), note


def _same_condition(names: list[str], env: Env) -> tuple[str | None, dict[str, PriceLookup]] | None:
    for condition in ("new", "used", None):
        found = {n: price_of(n, env, condition) for n in names}
        if all(found.values()):
            return condition, {n: p for n, p in found.items() if p is not None}
    return None


def _dearer(names: list[str], prices: dict[str, PriceLookup], env: Env) -> str:
    """The card that costs more when the question does not say (street quotes of different dates and markets can
    cross: a converted used 4070 SUPER above a 闲鱼 4070 Ti SUPER): see the module contract."""
    from assistant.respond.spec_figures import launch_price

    launched = {n: q.usd for n in names if (q := launch_price(n, env)) is not None}
    if len(launched) == len(names):
        return max(names, key=lambda n: launched[n])
    rated = {n: score(env.reader.known_gpu(n), "train16").score or 0.0 for n in names}
    if all(rated.values()) and rated[names[0]] != rated[names[1]]:
        return max(names, key=lambda n: rated[n])  # the faster card is taken to be the dearer one [A]
    return max(names, key=lambda n: prices[n].usd)
