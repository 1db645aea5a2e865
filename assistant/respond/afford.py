"""Weigh a budget against one card's prices: "is $1000 enough for a 4090", "预算一万 能买4090吗", "手里1w5 够买5090d吗".

Contract: `respond(query, env)` answers a VerdictQuery of kind "afford" (`query.offer`: the budget, in
`query.money_currency`). The headline answers yes / no first: the cheapest quote of the card (new or used, in the
answer's market, dated; a converted price said so, respond/pricing.price_text) against the budget, with what is left
or what is missing, and the other condition's quote beside it; a card with no price says so. An ex-mining card
named (respond/mining) adds the checks to make before paying. The China-market notes of the card follow (the
version sold there instead, the channel of a grey-market quote: respond/variants).
`figures["afford"]`: budget_usd, price_usd, condition, fits; `figures["verdict"]`: answer (yes | no), kind "afford".
"""

from __future__ import annotations

from typing import Any

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import VerdictQuery
from assistant.respond.env import Env
from assistant.respond.mining import mining_notes
from assistant.respond.pricing import assumption_text, price_of, price_text
from assistant.respond.variants import variant_notes


def respond(query: VerdictQuery, env: Env) -> Answer:
    gpu = env.gpu(query.gpus[0].name)
    budget = env.to_usd(query.offer, query.money_currency) or 0.0
    quotes = [p for p in (price_of(gpu.name, env, c) for c in ("new", "used")) if p is not None]
    quotes = list({(p.condition, round(p.usd, 2)): p for p in quotes}.values())  # one quote when both fall back alike
    notes, sources = variant_notes([gpu], env)
    base: dict[str, Any] = dict(question=query.text, intent="verdict", gpus=[gpu.name], lang=env.lang)
    if not quotes:
        head = env.t("afford.unpriced", gpu=gpu.short_name, budget=env.money(budget))
        return Answer(**base, headline=head, steps=notes, figures={}, sources=env.cite(*sources))
    cheapest = min(quotes, key=lambda p: p.usd)
    fits = cheapest.usd <= budget
    head = env.t(
        "afford.yes" if fits else "afford.no",
        gpu=gpu.short_name,
        price=price_text(cheapest, env),
        budget=env.money(budget),
        gap=env.money(abs(budget - cheapest.usd)),
    )
    others = [p for p in quotes if p is not cheapest]
    if others:
        head += env.t("afford.other", price=price_text(others[0], env))
    mined, mined_cited = mining_notes(query.text, env)  # "预算3000 矿卡3060能买吗": what to check on it, said
    head = i18n.gap(env.lang).join([head, *mined])
    figures = {
        "afford": {
            "budget_usd": round(budget, 2),
            "price_usd": round(cheapest.usd, 2),
            "condition": cheapest.condition,
            "fits": fits,
        },
        "verdict": {"answer": "yes" if fits else "no", "kind": "afford", "gpu": gpu.name},
    }
    cited = [s for p in quotes for s in p.source.split(";") if s and p.source != "user override"]
    return Answer(
        **base,
        headline=head,
        steps=notes,
        figures=figures,
        assumptions=env.assumption_dict() | {"budget_usd": budget},
        assumption_text=assumption_text(env, buying=True, desktop=False),
        sources=env.cite(*cited, *sources, *mined_cited) + env.rate_sources(),
    )
