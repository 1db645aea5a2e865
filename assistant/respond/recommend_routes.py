"""Recommendations whose question asks something the value ranking alone does not answer, routed to their own answer
before the ranking: a tensor format asked of a series ("40系支持fp8吗": respond/series_feature.py), the idle
draw asked with no card named ("哪张卡待机功耗低": respond/idle_power.py), the PC's RAM said (a note after the pick),
ex-mining cards asked about ("学生党预算3000 矿卡敢买吗": respond/recommend_mining.py), new against used
("$400, new or used?": respond/new_or_used.py), gaming said beside the work ("for stable diffusion and a bit of
gaming": the consumer cards ranked, lexicon consumer_words, and a sentence that the pick games too), a model family
named with no size
("本地部署deepseek 需要什么显卡": respond/recommend_family.py), or a size of that family asked next
("32b的呢": that model).

Contract: `routed(query, env, recommend)` returns that answer, or None when none applies (the ranking answers);
`recommend` is respond.recommend.respond, which the routes call again for the ranking they build on.
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RecommendQuery
from assistant.respond import (
    idle_power,
    new_or_used,
    recommend_family,
    recommend_mining,
    series_feature,
    starter_tiers,
    system_ram,
)
from assistant.respond.env import Env

_IDLE: ContextVar[bool] = ContextVar("recommend_idle_answering", default=False)


def routed(query: RecommendQuery, env: Env, recommend) -> Answer | None:
    if starter_tiers.asks_tiers(query, env):  # "just wanna play around with ai, what gpu": three steps up
        return starter_tiers.respond(query, env, recommend)
    if (feature := series_feature.respond(query, env)) is not None:  # "40系支持fp8吗": the series, yes or no
        return feature
    if not _IDLE.get() and system_ram.ram_said(query) is not None:  # "i5 12400加16g内存，加一张啥卡": the RAM said
        token = _IDLE.set(True)
        try:
            return system_ram.with_ram_note(recommend(query, env), query, env)
        finally:
            _IDLE.reset(token)
    if not _IDLE.get() and idle_power.asks_idle(query.text, env.lang):  # "哪张卡待机功耗低": the measured idle first
        token = _IDLE.set(True)
        try:
            return idle_power.with_idle_ranking(recommend(query, env), query, env)
        finally:
            _IDLE.reset(token)
    if recommend_mining.asks(query, env):  # "预算3000 矿卡敢买吗": the mining checks first, then the cards
        return recommend_mining.respond(query, env, recommend)
    if new_or_used.asks(query, env):  # "$400, new or used?": the pick on each, and which to take
        return new_or_used.respond(query, env, recommend)
    if not _IDLE.get() and _gaming(query, env):  # "for stable diffusion and a bit of gaming": the pick games too
        token = _IDLE.set(True)
        try:
            answer = recommend(query, env)
        finally:
            _IDLE.reset(token)
        if answer.choice:
            answer.headline = i18n.gap(env.lang).join([answer.headline, env.t("rec.gaming_too")])
        return answer
    member = recommend_family.member(query, env)
    if member is not None:  # "32b的呢" after a family's sizes: that size of the family, said
        answer = recommend(dataclasses.replace(query, model=member, params_b=None, unsized=(), unsized_models=()), env)
        answer.figures["family"] = query.unsized[0]  # the family's note is this one
        model = env.reader.model(member.key)
        name = model.name if model is not None else member.key
        answer.notes.insert(0, env.t("rec_family.member", mention=member.mention, name=name))
        return answer
    if recommend_family.applies(query):  # "本地部署deepseek 需要什么显卡": each size's cheapest cards, not llama 8b's
        family = recommend_family.respond(query, env)
        return family or recommend(dataclasses.replace(query, unsized_models=()), env)
    return None


def _gaming(query: RecommendQuery, env: Env) -> bool:
    from assistant.nlu.asks import checklist
    from assistant.nlu.lexicon import lexicon

    if query.card_class or any(a.kind == "gaming" for a in checklist(query.text)):
        return (
            False  # "... 能不能顺便打游戏": gaming asked as a question of its own, answered (or declined) by its line
        )
    return bool(lexicon(env.lang).words_in("gaming_use_words", f" {query.text.lower()} "))
