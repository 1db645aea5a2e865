"""A GPU asked for with no budget, no use and no model, by someone starting out ("just wanna play around with ai stuff,
what gpu should i get", "想入门深度学习 买什么显卡好", "new to ml, which card"): three steps up instead of
one value pick for a use never said.

Contract: `asks_tiers(query, env)` is true for a RecommendQuery with no budget (said or kept), no
workload, model, size, count, vendor, limit or list asked, whose text says it starts out ([lists] starter_words);
`respond(query, env, recommend)` answers with three picks made by the ranking itself (`recommend`,
respond/recommend.respond) for local LLMs, the use that sets how much memory a home card needs (for training when
learning deep learning is said): the entry card (the best value within ENTRY_USD, the most memory first when none
there has 24 GB), the sweet spot (the best value with the reference's 24 GB) and the top consumer card (the fastest,
whatever the price); each with its memory, its price and the largest LLM it runs at 4-bit. Free notebooks are said
by the learner note after it (respond/free_note).
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar

from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm
from assistant.respond.wording import gb

ENTRY_USD = 500.0  # the entry step: about what a student card costs new (RTX 3060 12 GB / 4060 Ti 16 GB class) [A]
_TIERS = ("entry", "sweet", "top")
_PICKING: ContextVar[bool] = ContextVar("starter_tiers_picking", default=False)  # the steps' own picks: no tiers


def asks_tiers(query: RecommendQuery, env: Env) -> bool:
    if _PICKING.get():
        return False
    if query.budget_usd or env.assumptions.budget_usd or query.model or query.params_b:
        return False
    low = f" {query.text.lower()} "
    both = query.workload == "image_generation" and lexicon(env.lang).words_in("starter_chat_words", low)
    if query.workload not in (None, "training", "llm_inference") and not both:  # images alone: a use said
        return False  # ("chatbots and image gen": both uses, the LLM tiers, which hold the image models too)
    limits = (query.vendor, query.min_memory_gb, query.cheaper_than, query.top_n, query.sort, query.laptop)
    if any(limits) or query.gpu_count > 1 or query.among or query.upgrade_from or query.add_to or query.cloud:
        return False
    return bool(lexicon(env.lang).words_in("starter_words", f" {query.text.lower()} "))


def respond(query: RecommendQuery, env: Env, recommend) -> Answer:
    workload = "llm_inference" if query.workload in (None, "image_generation") else query.workload
    base = dataclasses.replace(query, workload=workload, condition=None)
    entry = _entry_usd(env)
    asked = {
        "entry": dataclasses.replace(base, budget_usd=entry, budget_currency=None),
        "sweet": dataclasses.replace(base, min_memory_gb=24.0),
        "top": dataclasses.replace(base, sort="speed", consumer=True),
    }
    token = _PICKING.set(True)
    try:
        picks = {tier: recommend(q, env) for tier, q in asked.items()}
    finally:
        _PICKING.reset(token)
    table = Table(headers=[env.t(f"starter.col_{c}") for c in ("tier", "gpu", "memory", "price", "runs")], rows=[])
    shown: list[str] = []
    for tier in _TIERS:
        row = _row(picks[tier])
        if row is None or row["gpu"] in shown:
            continue
        shown.append(row["gpu"])
        spec = env.reader.gpu(row["gpu"])
        memory = (spec.memory_gb or 0.0) if spec else 0.0
        model = largest_llm(env, memory) or "-"
        price = env.money(row["price_usd"] * row.get("gpu_count", 1))
        label = env.t(f"starter.tier_{tier}", entry=env.money(entry))
        table.rows.append([label, spec.short_name if spec else row["gpu"], gb(memory), price, model])
    sources = list(dict.fromkeys(s for a in picks.values() for s in a.sources))
    return Answer(
        question=query.text,
        intent="recommend",
        headline=env.t(
            {"training": "starter.head_training", "llm_inference": "starter.head_llm"}.get(
                "llm_inference" if query.workload == "image_generation" else query.workload or "", "starter.head"
            )
        ),
        gpus=shown,
        workload=base.workload,
        choice=shown[1] if len(shown) > 1 else (shown[0] if shown else None),
        tables=[table],
        steps=[env.t("starter.why_memory"), env.t("starter.why_steps", entry=env.money(entry))],
        figures={"tiers": shown},
        sources=sources,
        lang=env.lang,
    )


def _entry_usd(env: Env) -> float:
    """ENTRY_USD in the answer's currency rounded to a step people budget in (500 of it), back in USD."""
    per_usd = env.shown_per_usd(env.currency) if env.currency != "USD" else 1.0
    return max(round(ENTRY_USD * per_usd / 500.0), 1) * 500.0 / per_usd


def _row(answer: Answer) -> dict | None:
    rows = answer.figures.get("ranking") or []
    return next((r for r in rows if r.get("gpu") == answer.choice), rows[0] if rows else None)
