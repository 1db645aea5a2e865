"""Which fine-tuning method, asked in a thread about a model ("full finetune or lora?", "lora还是qlora", after "i have
a 4090, want to finetune qwen2.5 14b"): the thread's model on its cards, every method named weighed by memory.

Contract: `method_of_the_fit(dlg, query)` returns the thread's FitQuery re-asked for the heaviest method named (the
fit answer's table then shows it and the lighter ones, and says which fits: docs/model.md §mem.train), or `query`
unchanged when the question is not a choice between two or more methods or the thread has no model to fit.
`memory_of_the_fit(dlg, query)`: "how much vram would i need", "要多少显存" (the memory concept asked as a quantity,
nothing else) right after a fit of a model: that fit without its cards (the memory its work needs), not the concept's
general rules.
`need_of_the_fit(dlg, query)`: a follow-up asking the memory the work needs ("不行的话最少得多大显存": ask
"memory_need"; the memory concept asked as a minimum, "whats the minimum vram then") after a fit of a model: that fit
without its cards (the memory it needs, no card weighed); elsewhere the follow-up asks the memory of the cards.
`context_of_the_fit(dlg, query)`: the context-length concept asked as a length ("what context length could i get")
right after a fit of a model for inference: that fit with its longest context asked.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import FitQuery, Query
from assistant.query_talk import ExplainQuery, FollowUpQuery

# concept keys (knowledge/concepts.toml) -> the fine-tuning methods they name
_METHODS = {
    "full-finetune": ("full_finetune",),
    "lora": ("lora",),
    "qlora": ("qlora",),
    "full-finetune-vs-lora": ("full_finetune", "lora"),
}
_ORDER = ("full_finetune", "lora", "qlora")  # heaviest first


def methods_named(query: ExplainQuery) -> list[str]:
    """The fine-tuning methods the question names, heaviest first ("全参还是lora": full fine-tuning and LoRA)."""
    named = {m for c in (query.concept, *query.others) for m in _METHODS.get(c, ())}
    return [m for m in _ORDER if m in named]


def method_of_the_fit(dlg, query: Query) -> Query:
    if not isinstance(query, ExplainQuery):
        return query
    last = dlg.context.last_query
    if not (isinstance(last, FitQuery) and (last.model or last.params_b) and last.gpus):
        return query
    methods = methods_named(query)
    if len(methods) < 2:
        return query
    return dataclasses.replace(last, text=query.text, mode=methods[0], settings=query.settings)


def memory_of_the_fit(dlg, query: Query) -> Query:
    if isinstance(query, ExplainQuery) and query.concept == "vram" and query.asked_figure == "minimum":
        return _need_of_the_fit(dlg, query)  # "whats the minimum vram then"
    if not (isinstance(query, ExplainQuery) and query.concept == "vram" and not query.others):
        return query
    last = dlg.context.last_query
    if not (isinstance(last, FitQuery) and (last.model or last.params_b)):
        return query
    if query.mention.strip(" ?？。.!！").lower() != query.text.strip(" ?？。.!！").lower():
        return query  # "how much vram and why does it matter": more than the quantity asked
    return _need_of_the_fit(dlg, query)


def need_of_the_fit(dlg, query: Query) -> Query:
    """The memory the work of the last fit needs, asked after it: that fit without its cards."""
    if isinstance(query, FollowUpQuery) and query.ask == "memory_need":
        return _need_of_the_fit(dlg, query)
    return query


def _need_of_the_fit(dlg, query: FollowUpQuery | ExplainQuery) -> Query:
    last = dlg.context.last_query
    if not (isinstance(last, FitQuery) and (last.model or last.params_b)):
        return dataclasses.replace(query, ask=None, fields=("memory",)) if isinstance(query, FollowUpQuery) else query
    return dataclasses.replace(
        last,
        text=query.text,
        gpus=(),
        gpu_count=None,
        memory_gb=None,
        want_speed=False,
        want_time=False,
        asked="need",
        settings=query.settings or last.settings,
    )


def context_of_the_fit(dlg, query: Query) -> Query:
    """ "what context length could i get", "最长能开多少上下文" after a model's fit (inference): that fit, the longest
    context that fits its cards asked (FitQuery.want_context); the concept page otherwise."""
    if not (isinstance(query, ExplainQuery) and query.concept == "context-length" and query.asked == "longest"):
        return query
    last = dlg.context.last_query
    if not (isinstance(last, FitQuery) and (last.model or last.params_b) and last.mode == "inference"):
        return query
    return dataclasses.replace(last, text=query.text, want_context=True, settings=query.settings or last.settings)
