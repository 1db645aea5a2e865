"""A recommendation whose question asks about ex-mining cards ("学生党预算3000 想跑点小模型 矿卡敢买吗",
"预算2000 想入门ai 矿卡能买吗", "i have $400, are mining cards ok for local llms"): the mining question answered
first, then the cards.

Contract: `asks(query, env)` is true when the question names ex-mining cards (respond/mining.names_mining_card:
the mining-cards concept's aliases) and this module is not already answering it. `respond(query, env, recommend)`
runs `recommend` (respond.recommend.respond) on used prices unless the question set a condition (an ex-mining card
is bought used), then leads its headline with "yes, if it passes the checks" and the mining checks
(respond/mining.mining_notes), citing the concept's sources. The ranking, tables and figures are the
recommendation's own.
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar

from assistant import i18n
from assistant.answer import Answer
from assistant.respond import mining
from assistant.respond.env import Env

_ANSWERING: ContextVar[bool] = ContextVar("recommend_mining_answering", default=False)


def asks(query, env: Env) -> bool:
    return not _ANSWERING.get() and mining.names_mining_card(query.text, env)


def respond(query, env: Env, recommend) -> Answer:
    token = _ANSWERING.set(True)
    try:
        answer = recommend(dataclasses.replace(query, condition=query.condition or "used"), env)
    finally:
        _ANSWERING.reset(token)
    notes, cited = mining.mining_notes(query.text, env)
    if not notes or answer.clarification:
        return answer
    lead = env.t("mining.yes_if") + notes[-1] if len(notes) == 1 else i18n.gap(env.lang).join(notes)
    answer.headline = i18n.gap(env.lang).join(p for p in (lead, answer.headline) if p)
    answer.steps = [s for s in answer.steps if s not in notes]
    answer.sources = list(dict.fromkeys([*answer.sources, *cited]))
    return answer
