"""A series asked yes or no right after a number format was explained ("fp8和fp16训练差别大不大" -> "40系支持吗",
"what is bf16" -> "does the 30 series support it"): the format is the feature asked of the series.

Contract: `feature_of_concept(dlg, query)` -> a RecommendQuery that asks yes or no of a series (`among`, asked_figure
"yes_no") with no feature gains the format of the last question when that was a concept of a number format
(ExplainQuery.concept in FORMATS); any other query is returned unchanged.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import Query, RecommendQuery
from assistant.query_talk import ExplainQuery

FORMATS = ("fp8", "bf16", "tf32", "fp4", "int8")


def feature_of_concept(dlg, query: Query) -> Query:
    last = dlg.context.last_query
    if not isinstance(query, RecommendQuery) or not isinstance(last, ExplainQuery):
        return query
    if query.feature or not query.among or query.asked_figure != "yes_no" or last.concept not in FORMATS:
        return query
    return dataclasses.replace(query, feature=last.concept)
