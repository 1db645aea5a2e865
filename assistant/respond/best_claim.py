"""Whether a card named is the best pick ("is the 3060 12gb still the best budget card for ai", "is the 4090 the best
gpu for llms", "3060 12g还是性价比最高的卡吗"): yes or no against the recommendation for that work (value per money
over the ownership period, respond/recommend.py), with where the card named ranks.

Contract: `respond(query, env)` for a VerdictQuery of kind "best" -> "Yes: ..." when the recommendation picks the
card, else "No: ..." with the pick and the card's place in the ranking (or that it is not among the cards ranked).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RecommendQuery, VerdictQuery
from assistant.respond.env import Env


def respond(query: VerdictQuery, env: Env) -> Answer:
    from assistant.respond import recommend  # the ranking the claim is checked against

    named = next(r for r in query.gpus if r.name)
    gpu = env.gpu(named.name)
    asked = RecommendQuery(text=query.text, workload=query.workload, settings=query.settings)
    answer = recommend.respond(asked, env)
    if answer.clarification or not answer.choice:
        return answer
    rows = [r for r in answer.figures.get("ranking", []) if isinstance(r, dict)]
    place = next((i for i, r in enumerate(rows, 1) if r.get("gpu") == gpu.name), None)
    if answer.choice == gpu.name:
        lead = env.t("best_claim.yes", gpu=gpu.short_name)
    elif place:
        lead = env.t("best_claim.no_ranked", gpu=gpu.short_name, place=place, n=len(rows))
    else:
        lead = env.t("best_claim.no_unranked", gpu=gpu.short_name)
    answer.headline = i18n.gap(env.lang).join([lead, answer.headline])
    answer.intent = "verdict"
    answer.gpus = [gpu.name, *[g for g in answer.gpus if g != gpu.name]]
    answer.figures["verdict"] = {"answer": "yes" if answer.choice == gpu.name else "no", "kind": "best", "place": place}
    return answer
