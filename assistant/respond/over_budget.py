"""A recommendation whose budget buys nothing that holds the model ("公司预算20万，部署deepseek满血版，买什么",
"budget 30k usd to run deepseek r1 671b"): instead of "no GPU meets all the constraints", the budget is said to be
short for that model and the answer without the budget follows (its cheapest setup that holds the model, with its
price, and for a mixture-of-experts model the cheaper route with the experts in system RAM).

Contract: `answer(query, env, need_gb, budget_usd, respond)` gives the Answer of `respond` for the query without a
budget (the question's own budget and the one set in the conversation both dropped), its headline led by
rec_over.lead (the budget, the model and the memory it needs), or None when no model is named or even without the
budget nothing is found. The budget stays in the assumptions shown, so the user sees it was set and not met.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env


def answer(query, env: Env, need_gb: float, budget_usd: float, respond: Callable) -> Answer | None:
    model = getattr(query, "model", None)
    spec = env.reader.model(model.key) if model is not None and model.key else None
    if spec is None:
        return None
    free_query = dataclasses.replace(query, budget_usd=None)
    if getattr(query, "cheaper_than", None):  # "anything cheaper?": its ceiling is a budget too (else this recurses)
        free_query = dataclasses.replace(free_query, cheaper_than=None)
    free_env = dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, budget_usd=None))
    free = respond(free_query, free_env)
    if not free.figures.get("ranking"):
        return None
    lead = env.t("rec_over.lead", budget=env.money(budget_usd), model=spec.name, need=f"{need_gb:,.1f}")
    free.headline = i18n.gap(env.lang).join([lead, free.headline])
    return free
