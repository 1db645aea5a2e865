"""Answer "laptop or desktop for deep learning?", "学生党预算6k买游戏本还是台式": the two forms weighed for the work.

Contract: `respond(query, env)` -> one answer that sets the desktop route (the GPU ranking's pick for what the budget
leaves after the desktop around the card, `env.platform_usd(1)`, docs/model.md §cost.tco) against the laptop route
(respond/laptops: the best laptop GPU whose laptops start within the budget), each with its memory and speed (RTX 3090
= 1 at the part's rated power), then says which form wins for the work: the desktop when it has more memory or is
clearly faster for the money, the laptop only when portability is needed. Both rankings are shown as tables.
Without a budget the desktop is the best value, the laptop the best one within the desktop's money.
`figures.form_choice` holds both picks; the answer's `choice` is the desktop card. Wording in locale [form_choice].
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.laptop_prices import laptop_price
from assistant.respond.pricing import budget_usd
from assistant.respond.wording import gb

CLEARLY_FASTER = 1.2  # [A] a desktop this much faster wins the money argument on its own


def respond(query: RecommendQuery, env: Env, respond_desktop) -> Answer:
    from assistant.respond import laptops

    env = env.for_query(query)
    budget = budget_usd(query, env)
    desk_cost = env.platform_usd(1)
    left = budget - desk_cost if budget else None
    desktop = None
    if left is None or left > 0:
        desktop = respond_desktop(
            dataclasses.replace(query, form_choice=False, laptop=False, budget_usd=left, budget_currency=None),
            env,
        )
    desk = ((desktop.figures.get("ranking") or [{}])[0]) if desktop is not None and desktop.choice else {}
    same_money = None if budget or not desk else desk["price_usd"] + desk_cost  # no budget: a laptop for that money
    laptop_query = dataclasses.replace(query, laptop=True, form_choice=False)
    if same_money:
        laptop_query = dataclasses.replace(laptop_query, budget_usd=same_money, budget_currency=None)
    laptop = laptops.respond(laptop_query, env)
    lap = (laptop.figures.get("ranking") or [{}])[0]
    head = _headline(env, budget, same_money, desk_cost, desk, lap)
    tables = [*(desktop.tables[:1] if desk and desktop is not None else []), *laptop.tables[:1]]
    steps = [
        env.t("form_choice.why_desktop"),
        env.t("form_choice.why_laptop"),
        env.t("laptop.tgp"),
        env.t("laptop.prices_are"),
    ]
    return Answer(
        question=query.text,
        intent="recommend",
        headline=head,
        workload=query.workload,
        precision=query.precision,
        choice=desk.get("gpu") or laptop.choice,
        tables=tables,
        steps=steps,
        figures={
            "form_choice": {"desktop": desk.get("gpu"), "laptop": lap.get("gpu"), "desktop_platform_usd": desk_cost},
            "ranking": (desktop.figures.get("ranking") if desk and desktop is not None else None) or [],
        },
        assumptions=(desktop or laptop).assumptions,
        assumption_text=(desktop or laptop).assumption_text,
        sources=list(dict.fromkeys([*(desktop.sources if desktop is not None else []), *laptop.sources])),
        lang=env.lang,
    )


def _headline(env: Env, budget, same_money, desk_cost: float, desk: dict, lap: dict) -> str:
    """Which form wins and why, from the two picks' memory and speed (within the budget, or for the desktop's money)."""
    reader = env.reader
    lap_gpu = reader.known_gpu(lap["gpu"]) if lap.get("gpu") else None
    if not desk or lap_gpu is None:  # the budget does not leave room for a desktop around a card
        return env.t("form_choice.no_desktop", budget=env.money(budget or 0), desk=env.money(desk_cost))
    desk_gpu = reader.known_gpu(desk["gpu"])
    priced = laptop_price(lap["gpu"], env)
    said = {
        "desktop": desk_gpu.short_name,
        "desk_mem": gb(desk_gpu.memory_gb),
        "desk_speed": f"{desk['score']:.2f}",
        "desk_price": env.money(desk["price_usd"]),
        "platform": env.money(desk_cost),
        "laptop": lap_gpu.short_name,
        "lap_mem": gb(lap_gpu.memory_gb),
        "lap_speed": f"{lap['score']:.2f}",
        "lap_price": env.money(priced.usd) if priced else env.t("form_choice.unpriced"),
    }
    more_memory = (desk_gpu.memory_gb or 0) > (lap_gpu.memory_gb or 0)
    faster = desk["score"] >= CLEARLY_FASTER * lap["score"]
    key = "form_choice.desktop" if more_memory or faster else "form_choice.even"
    lead = env.t("form_choice.within", budget=env.money(budget)) if budget else ""
    lead = env.t("form_choice.same_money", money=env.money(same_money)) if same_money else lead
    return lead + env.t(key, **said) + i18n.gap(env.lang) + env.t("form_choice.laptop_when")
