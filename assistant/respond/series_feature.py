"""Whether a card series has a tensor format ("40系支持fp8吗", "fp8和fp16训练差别大不大，40系支持吗", "does the 30
series support fp8"): the series' cards checked one by one (respond/verdict_feature.has_feature, §perf.tensor), said
for the series, then (a step) the feature answer of its fastest card with its peak, and the cheapest cards that have it
when none does.

Contract: `respond(query, env)` -> the answer for a RecommendQuery that asks yes or no (asked_figure "yes_no") of
the cards of one series (`among`) and names a tensor format (its `feature` or `precision`, else a format word of the
text), with no budget; None otherwise (the ranking answers). figures["series_feature"] = {series, feature, with,
without} (canonical names).
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import GpuRef, VerdictQuery
from assistant.respond import verdict_feature
from assistant.respond.env import Env

_FORMAT_WORDS = re.compile(r"(?<![a-z0-9])(fp8|bf16|tf32|fp4|int8)(?![a-z0-9])")


def _feature(query) -> str | None:
    for said in (getattr(query, "feature", None), getattr(query, "precision", None)):
        if said in verdict_feature._FORMATS:
            return said
    found = _FORMAT_WORDS.search(query.text.lower().replace("位", " "))
    return found.group(1) if found else None


def respond(query, env: Env) -> Answer | None:
    among = getattr(query, "among", ())
    if getattr(query, "asked_figure", None) != "yes_no" or not among or getattr(query, "budget", None):
        return None
    feature = _feature(query)
    cards = [g for g in (env.reader.gpu(n) for n in among) if g is not None and not g.is_mobile]
    # a card with no tensor-core peak on record (RTX 4010) says nothing of the series' format support
    cards = [g for g in cards if verdict_feature.has_feature(g, "tensor_cores")[0]]
    if feature is None or not cards:
        return None
    has = {g.name: verdict_feature.has_feature(g, feature)[0] for g in cards}
    fastest = max(
        cards, key=lambda g: (verdict_feature.has_feature(g, feature)[1] or 0.0, g.memory_bandwidth_gb_s or 0)
    )
    asked = VerdictQuery(text=query.text, gpus=(GpuRef(mention=fastest.short_name, name=fastest.name),))
    answer = verdict_feature.respond(dataclasses.replace(asked, kind="feature", feature=feature), fastest, env)
    name = verdict_feature._FEATURE_NAMES[feature]
    yes = [g.short_name for g in cards if has[g.name]]
    no = [g.short_name for g in cards if not has[g.name]]
    archs = i18n.listing(env.lang).join(dict.fromkeys(g.architecture or "?" for g in cards))
    series = getattr(query, "among_label", "") or archs
    if not no:
        head = env.t("series_feature.all", series=series, feature=name, arch=archs)
    elif not yes:
        head = env.t("series_feature.none", series=series, feature=name, arch=archs)
    else:
        listing, most = i18n.listing(env.lang), len(yes) >= len(no)  # the shorter list is named
        head = env.t(
            "series_feature.most" if most else "series_feature.few",
            series=series,
            feature=name,
            cards=listing.join(no if most else yes),
            n=len(yes) if most else len(no),
        )
    answer.steps.insert(0, answer.headline)  # the fastest card's own answer, with its peak
    answer.headline = head
    answer.figures["series_feature"] = {
        "series": series,
        "feature": feature,
        "with": [g.name for g in cards if has[g.name]],
        "without": [g.name for g in cards if not has[g.name]],
    }
    return answer
