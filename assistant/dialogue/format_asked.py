"""A series asked yes or no right after a number format was explained ("fp8和fp16训练差别大不大" -> "40系支持吗",
"what is bf16" -> "does the 30 series support it"): the format is the feature asked of the series. A format said
alone after a question that is not a concept ("at fp8?" after "does llama 4 scout fit on a single h100"): that question
at the format, not the format's concept.

Contract: `feature_of_concept(dlg, query)` -> a RecommendQuery that asks yes or no of a series (`among`, asked_figure
"yes_no") with no feature gains the format of the last question when that was a concept of a number format
(ExplainQuery.concept in FORMATS), and a plain yes / no of one card ("3090能用吗") becomes whether it has the format;
any other query is returned unchanged. `format_of_thread(dlg, query)` -> a
FollowUpQuery of the precision for an ExplainQuery of a format said alone (`format_alone`) when the last question has a
precision to change (and is no concept); the query unchanged otherwise.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import Query, RecommendQuery, VerdictQuery
from assistant.query_talk import ExplainQuery, FollowUpQuery

FORMATS = ("fp8", "bf16", "tf32", "fp4", "int8")


def feature_of_concept(dlg, query: Query) -> Query:
    last = dlg.context.last_query
    if isinstance(query, VerdictQuery) and isinstance(last, ExplainQuery) and last.concept in FORMATS:
        # "3090能用吗" right after "fp8训练是啥": whether that card has the format, not whether it is good
        plain = query.kind == "good" and query.asked_figure == "yes_no" and len(query.gpus) == 1 and not query.model
        return dataclasses.replace(query, kind="feature", feature=last.concept) if plain else query
    if not isinstance(query, RecommendQuery) or not isinstance(last, ExplainQuery):
        return query
    if query.feature or not query.among or query.asked_figure != "yes_no" or last.concept not in FORMATS:
        return query
    return dataclasses.replace(query, feature=last.concept)


def format_of_thread(dlg, query: Query) -> Query:
    last = dlg.context.last_query
    if not isinstance(query, ExplainQuery) or not query.format_alone or last is None or isinstance(last, ExplainQuery):
        return query
    if "precision" not in {f.name for f in dataclasses.fields(last)}:
        return query
    return FollowUpQuery(text=query.text, precision=query.format_alone, settings=query.settings)
