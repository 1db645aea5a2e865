"""Cards that have a feature a recommendation asks for: "cheapest nvidia card with fp8", "best gpu under $1000 that
supports bf16", "支持fp8的显卡" (RecommendQuery.feature): the ranking is limited to them and the answer says so first.

Contract: `limits(query, env)` applies every such limit of a recommendation; `limit(query, env)` gives the query
with `among` set to the KB's cards that have the feature (respond/verdict_feature.has_feature: the architecture's
tensor-core formats, docs/model.md §perf.tensor), kept within an `among` already set (a family or class asked), and
`among_label` naming the feature; the query as it is when no feature is asked. `families_step(query, env)` names the
architectures whose cards have it (all of the KB's cards, not only the priced ones ranked); `feature_families(feature,
env)` is that sentence for one feature (also what a feature verdict adds when asked which other cards have it).
"""

from __future__ import annotations

import dataclasses

from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.verdict_feature import feature_name, has_feature


def limits(query: RecommendQuery, env: Env) -> RecommendQuery:
    """The query limited to the cards still made (respond/still_made.py), of the class asked (respond/card_class.py)
    and with the feature asked, in that order."""
    from assistant.respond import card_class, still_made

    return limit(card_class.limit(still_made.limit(query, env), env), env)


def limit(query: RecommendQuery, env: Env) -> RecommendQuery:
    if not query.feature:
        return query
    within = set(query.among)
    names = tuple(
        g.name for g in env.reader.all_gpus() if (not within or g.name in within) and has_feature(g, query.feature)[0]
    )
    name = "tensor-core" if query.feature == "tensor_cores" else feature_name(query.feature)
    label = env.t("rec.with_feature", feature=name)
    if query.among_label:
        label = f"{query.among_label}, {label}"
    return dataclasses.replace(query, among=names, among_label=label)


def families_step(query: RecommendQuery, env: Env, consumer: bool = False) -> str:
    """ "which gpus support fp8": the architectures whose cards have the feature, most cards first (the ranking shows
    only priced desktop cards); `consumer`: consumer cards only, as asked ("which consumer cards still have nvlink");
    "" when no feature is asked."""
    return feature_families(query.feature, env, consumer) if query.feature else ""


def feature_families(feature: str, env: Env, consumer: bool = False) -> str:
    """The sentence naming the architectures (for NVLink: the cards) of the KB that have `feature`, most cards first;
    "" for CUDA and tensor cores (every NVIDIA card since Volta) or when none has it."""
    from assistant.respond.ranking import consumer_card

    if feature in ("cuda", "tensor_cores"):
        return ""
    having = [g for g in env.reader.all_gpus() if has_feature(g, feature)[0] and (not consumer or consumer_card(g))]
    if feature == "nvlink":  # a connector of some cards of an architecture (not the A10's): the cards by name
        cards = sorted(g.short_name for g in having)
        return env.t("rec.feature_cards", feature=feature_name(feature), cards=", ".join(cards)) if cards else ""
    count: dict[str, int] = {}
    for g in having:
        if g.arch is not None and g.arch.name:
            count[g.arch.name] = count.get(g.arch.name, 0) + 1
    if not count:
        return ""
    names = sorted(count, key=lambda a: (-count[a], a))
    return env.t("rec.feature_families", feature=feature_name(feature), families="; ".join(names))
