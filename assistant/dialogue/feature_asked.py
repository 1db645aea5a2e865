"""A card asked whether it has the feature just explained.

Contract: `feature_asked(dlg, query)` returns, for "4090 有吗", "does the 3090 have it", "and the a100, does it support
it" (a card's yes / no asked with no field named) right after a concept answer about a tensor format or feature
("nvlink 是啥", "what is fp8"), a feature verdict ("4090 能用 fp8 训练吗") or two formats' speeds on a card ("how much
faster is fp8 on a 4090"), whether that card has it; a format alone ("what about fp8", "fp8呢") after a feature
verdict, whether the same card has that one: a feature verdict (VerdictQuery kind "feature"), or the NVLink
field of its spec sheet; the query unchanged otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.queries import Query, SpecQuery, VerdictQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

# concept keys of the explain answers -> the feature a verdict checks (VerdictQuery.feature)
_FEATURES = {
    "fp8": "fp8",
    "bf16": "bf16",
    "tf32": "tf32",
    "int8": "int8",
    "fp4": "fp4",
    "sparsity": "sparsity",
    "cuda": "cuda",
    "tensor-core": "tensor_cores",
    "flashattention": "flash_attention",
}


def feature_asked(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    format_only = getattr(query, "precision", None) in _FEATURES and not any(
        getattr(query, k, None) for k in ("gpus", "model", "budget_usd", "workload")
    )
    if format_only and isinstance(last, VerdictQuery) and last.kind == "feature" and last.gpus:
        # "what about fp8", "fp8呢" after "does the rtx 3060 support bf16": that card, the other format
        asked = _FEATURES[getattr(query, "precision", "")]
        return VerdictQuery(text=query.text, gpus=last.gpus, kind="feature", feature=asked, settings=query.settings)
    topic = getattr(query, "topic", None) not in (None, "other")  # "does it work on windows": its software
    if not isinstance(query, SpecQuery) or query.asked_figure != "yes_no" or set(query.fields) - {"all"} or topic:
        return query
    named = tuple(g for g in query.gpus if g.name)
    concept = getattr(last, "concept", None) if last is not None and last.intent == "explain" else None
    if isinstance(last, VerdictQuery) and last.kind == "feature" and last.feature:
        concept = last.feature  # "3090 是不是不支持" after "4090 能用 fp8 训练吗"
    elif isinstance(last, SpecQuery) and last.precisions and "precisions" in last.fields:
        concept = last.precisions[0]  # after "how much faster is fp8 on a 4090": the format weighed
    if not named or concept is None:
        return query
    if concept == "nvlink":  # "4090 有吗" after "nvlink 是啥": the card's NVLink, from its spec sheet
        return SpecQuery(
            text=query.text, gpus=named, fields=("nvlink",), asked_figure="yes_no", settings=query.settings
        )
    feature = _FEATURES.get(concept)
    if feature is None:
        return query
    return VerdictQuery(text=query.text, gpus=named[:1], kind="feature", feature=feature, settings=query.settings)


def feature_of_thread_card(dlg: Dialogue, query: Query) -> Query:
    """ "支持flash attention吗", "supports bf16?" (a yes / no of a feature with no card said, read as its concept) while
    a card is talked about: whether that card has it (VerdictQuery kind feature), not the concept's page; the other
    way round from `feature_asked` (there the card is named and the concept is the thread's)."""
    from assistant.queries import GpuRef
    from assistant.query_talk import ExplainQuery

    if not (isinstance(query, ExplainQuery) and query.asked_figure == "yes_no" and dlg.context.focus_or_first()):
        return query
    found = _FEATURES.get(query.concept or "")
    if found is None:
        return query
    it = GpuRef(mention="", pronoun="it", count_open=True)
    return VerdictQuery(text=query.text, gpus=(it,), kind="feature", feature=found, settings=query.settings)
