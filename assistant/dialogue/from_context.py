"""Whole questions that leave something to the conversation: "which one should I buy?" after a comparison, "is it
worth paying more for the 4090?", "why not the 4090?" after a pick for a model, "including electricity?", "which is
faster for inference?", "how fast would it be?" after a fit.

Contract: each function takes the dialogue and a query read from one message and returns it completed from the
conversation's context (the GPUs compared, the model, the counts), or the query unchanged when it does not leave that
thing open. Nothing here raises."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from assistant.dialogue import rent_context, video_thread
from assistant.dialogue.count_kept import as_many
from assistant.queries import GpuRef, Query

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def last_comparison(dlg: Dialogue):
    """The comparison the conversation is still on: the last question if it compared GPUs, or one of the two before
    it when the questions since were only about the GPUs compared ("which is cheaper to run", "power of them?")."""
    from assistant.queries import CompareQuery

    recent = [q for q in [*dlg.context.history, dlg.context.last_query] if q is not None]
    for i in range(len(recent) - 1, -1, -1):
        q = recent[i]
        if isinstance(q, CompareQuery):
            compared = {g.name for g in q.gpus}
            since = [g.name for later in recent[i + 1 :] for g in getattr(later, "gpus", ())]
            return q if set(since) <= compared else None
    return None


def among_compared(dlg: Dialogue, query: Query) -> Query:
    """ "which one should I buy?" right after a comparison: a question about those GPUs, not
    a recommendation from the whole market (an unconstrained recommendation is read so)."""
    from assistant.queries import CompareQuery, RecommendQuery

    last = last_comparison(dlg)
    if isinstance(query, RecommendQuery) and query.which_one and len(dlg.context.recent) > 1 and not query.budget_usd:
        # "which one would you pick for finetuning a 13b" after the rates of an h100 and an a100: those two
        gpus = last.gpus if isinstance(last, CompareQuery) else (GpuRef(mention=query.text, pronoun="implicit"),)
        rented = _rented_job(dlg, query, gpus)
        if rented is not None:
            return rented
        return CompareQuery(
            text=query.text,
            gpus=gpus,
            workload=query.workload,
            precision=query.precision,
            model=query.model,
            params_b=query.params_b,
            settings=query.settings,
        )
    if not (isinstance(query, RecommendQuery) and isinstance(last, CompareQuery)):
        return query
    used = _search_in_condition(dlg, query)  # "second hand options?" after "why not the 4080 super": the search, used
    if used is not None:
        return used
    if query.which_one and query.budget_usd and _budget_only(query):
        # "which one would you get for $700", "预算5000选哪个" after a comparison: those cards, under that budget
        return CompareQuery(
            text=query.text,
            gpus=last.gpus,
            workload=query.workload or last.workload,
            precision=query.precision or last.precision,
            model=last.model,
            params_b=last.params_b,
            settings=_with_budget(query),
        )
    constrained = (
        query.budget_usd,
        query.model,
        query.params_b,
        query.min_memory_gb,
        query.vendor,
        query.organization,
        query.sort,
        query.max_power_w,
        query.budget_currency,
        query.model_family,
        query.card_class,  # "便宜点的专业卡呢": a search among that class of cards, not the two compared again
    )
    if any(v is not None for v in constrained) or query.gpu_count > 1:
        return query
    return CompareQuery(
        text=query.text,
        gpus=last.gpus,
        workload=query.workload or last.workload,
        precision=query.precision or last.precision,
    )


def _search_in_condition(dlg: Dialogue, query) -> Query | None:
    """ "second hand options?", "二手的有吗" (a pick asked only in a condition) right after "why not X" about the
    pick of a search: that search again in that condition (again.search_behind); None otherwise."""
    from assistant.dialogue.again import search_behind
    from assistant.queries import Setting

    if not query.condition or not _budget_only(query) or query.budget_usd or query.workload:
        return None
    search = search_behind(dlg.context, [Setting("condition", query.condition)])
    if search is None:
        return None
    said = (*query.settings, Setting("condition", query.condition))
    found: Any = search  # a recommendation or a build: both have a condition
    return dataclasses.replace(found, text=query.text, settings=said, condition=query.condition)


def _budget_only(query) -> bool:
    """A pick asked with a budget and nothing else that would make it a search of the market (a model, a memory size,
    a vendor, a count)."""
    others = (query.model, query.params_b, query.min_memory_gb, query.vendor, query.sort, query.model_family)
    return all(v is None for v in others) and query.gpu_count == 1


def _with_budget(query):
    """The query's settings with its budget among them (kept for the conversation as "my budget is 700" would be)."""
    from assistant.queries import Setting

    if any(s.key == "budget_usd" for s in query.settings):
        return query.settings
    budget = Setting("budget_usd", float(query.budget_usd), currency=query.budget_currency)
    return (*query.settings, budget)


def _rented_job(dlg: Dialogue, query: Query, gpus: tuple[GpuRef, ...]) -> Query | None:
    """A pick among GPUs the conversation was renting ("which one would you pick for finetuning a 13b" after their
    hourly rates): the job priced on each at the clouds (cheapest first), not a purchase; None outside a rental
    context or for work that is not a training job."""
    from assistant.dialogue.rent_context import job_rates
    from assistant.queries import RatesQuery, RecommendQuery

    last = dlg.context.last_query
    if not (isinstance(query, RecommendQuery) and isinstance(last, RatesQuery) and last.mode != "by_memory"):
        return None
    if query.workload not in ("llm_finetune", "training") or not (query.model or query.params_b):
        return None
    return job_rates(query, gpus, last.provider, query)


def verdict_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "is a 3090 enough for that", "would a 3060 be ok" while the conversation is about a model or a training job
    and the question names no work of its own: that model or job on those cards (a fit), not a general verdict."""
    from assistant.dialogue.measures import on_the_thread
    from assistant.queries import VerdictQuery
    from assistant.query_talk import FollowUpQuery

    if not (isinstance(query, VerdictQuery) and query.kind in ("enough", "good") and query.gpus):
        return query
    # "is a 5090 enough for the qlora" in a thread about fine-tuning a model: that model by that method
    method = query.mode is not None and query.workload == "llm_finetune" and dlg.context.setup.model is not None
    if (query.workload and not method) or query.model or query.params_b or query.feature or query.offer:
        return query
    follow = FollowUpQuery(text=query.text, gpus=query.gpus, settings=query.settings, mode=query.mode)
    found = on_the_thread(dlg, follow, want_speed=False, want_time=False)
    if found is not None:
        return found
    work = dlg.context.setup.workload  # "would a used 3060 12gb do" in a thread about Stable Diffusion: for that work
    return dataclasses.replace(query, workload=work) if work else query


def model_among_compared(dlg: Dialogue, query: Query) -> Query:
    """ "what about for running 13b llms", "and for flux?" right after comparing GPUs: the comparison on that model or
    size (a fit on "the GPU talked about" would keep only the first of them)."""
    from assistant.queries import CompareQuery, FitQuery

    last = last_comparison(dlg)
    if not (isinstance(query, FitQuery) and isinstance(last, CompareQuery) and (query.model or query.params_b)):
        return query
    if not _each_compared(query) or query.want_time or query.targets or query.mode not in (None, "inference"):
        return query  # "训练7b呢 要多久": a time, on the card talked about (model_of_context)
    names = {g.name for g in last.gpus if g.name}
    if query.gpu_count and not query.gpus and len(names) == 1:  # "两张能跑70b吗" after 2 x 3090 vs 1: that set
        (name,) = names
        return dataclasses.replace(query, gpus=(GpuRef(mention=name, name=name, count=query.gpu_count),))
    return CompareQuery(
        text=query.text,
        gpus=last.gpus,
        model=query.model,
        params_b=query.params_b,
        workload=query.workload,
        precision=query.precision,
        context_tokens=query.context_tokens,
        aspect="speed" if query.want_speed else None,
        settings=query.settings,
    )


def _each_compared(query) -> bool:
    """The fit names no card of its own ("能跑70b吗", "what about for 13b") or all of them ("can they run 70b",
    "两张都能跑吗"): asked of each side of the comparison, not of one, nor of them pooled as one machine."""
    if not query.gpus:
        return True
    return len(query.gpus) == 1 and query.gpus[0].count_open and query.gpus[0].pronoun in ("it", "them", "both", "all")


def worth_among_compared(dlg: Dialogue, query: Query) -> Query:
    """ "is it worth paying more for the 4090?" right after comparing it: the comparison with its verdict."""
    from assistant.queries import CompareQuery, VerdictQuery

    last = last_comparison(dlg)
    if not (isinstance(query, VerdictQuery) and query.kind == "worth" and isinstance(last, CompareQuery)):
        return query
    compared = {g.name for g in last.gpus}
    if not all(g.name in compared or g.pronoun in ("it", "that", "this") for g in query.gpus):
        return query
    return dataclasses.replace(
        last, text=query.text, settings=query.settings, worth=True, workload=query.workload or last.workload
    )


def model_of_context(dlg: Dialogue, query: Query) -> Query:
    """The model the conversation is about, where the question leaves it out: "why not the 4090?" after "best gpu for
    qwen2.5 32b" compares the two on that model (its context and set size kept: "换4090能快多少" after 2 x 3090 at 32k);
    "how fast for llama 3 8b?" after a comparison or an answer about one GPU is that model's speed on those GPUs; a
    speed or a time asked of a model or a size with no GPU named ("训练一个7b模型大概要多久" after the rates of an
    H800) is asked on the GPU talked about."""
    from assistant.queries import CompareQuery, FitQuery

    ctx = dlg.context
    last = ctx.last_query
    if isinstance(query, CompareQuery) and any(g.pronoun == "context" for g in query.gpus):
        model = getattr(last, "model", None)
        own = (query.model, query.params_b, query.workload)
        if model is None and last is not None and last.intent == "recommend" and all(v is None for v in own):
            # "why not the 4090?", "为啥不推荐4090" after "best gpu for local llms under 1500": for that work
            return dataclasses.replace(
                query,
                workload=getattr(last, "workload", None) or ctx.workload,
                precision=query.precision or getattr(last, "precision", None),
                params_b=getattr(last, "params_b", None),
            )
        if model is not None and query.model is None and query.params_b is None and query.workload is None:
            return dataclasses.replace(
                query,
                model=model,
                gpus=as_many(query.gpus, [ctx.counts.get(g, 1) for g in ctx.gpus]),
                precision=query.precision or getattr(last, "precision", None),
                workload=getattr(last, "workload", None) or ctx.workload,
                context_tokens=query.context_tokens or getattr(last, "context_tokens", None),
            )
        return query
    if isinstance(query, FitQuery) and query.memory_gb and not (query.model or query.workload or query.params_b):
        model = getattr(last, "model", None)  # "is 12gb enough tho" after "best gpu for sdxl training"
        mode = getattr(last, "mode", None) or ("lora" if ctx.workload == "training" and model else None)
        workload = None if model else ctx.workload
        return dataclasses.replace(query, model=model, workload=workload, mode=mode or query.mode)
    if not (isinstance(query, FitQuery) and (query.model or query.params_b) and not query.gpus):
        return query
    if query.asked == "need":  # "不行的话最少得多大显存" after a fit: the memory the work needs, on no card
        return query
    if not (query.want_speed or query.want_time) and not _on_the_one_talked_about(dlg, query):
        return query  # "训练一个7b模型大概要多久" after the rates of an H800: on it
    if query.memory_gb or not ctx.gpus:
        return query
    if isinstance(last, CompareQuery) and query.model and query.want_speed:
        return CompareQuery(
            text=query.text,
            gpus=last.gpus,
            model=query.model,
            precision=query.precision,
            aspect="speed",
            settings=query.settings,
        )
    from assistant.dialogue.references import focus_refs

    talked = focus_refs(dlg)
    if len(talked) > 1:  # "跑 70b q4 速度按哪张算" after 2 x 3090 + a 4090 in one machine: on all of them
        return dataclasses.replace(query, gpus=talked)
    focus = ctx.focus or ctx.gpus[0]
    return dataclasses.replace(query, gpus=(GpuRef(mention=focus, name=focus, count=ctx.focus_count),))


# answers about one card that a model question with no card of its own asks about ("能跑qwen3 32b吗" after a pick)
_ONE_CARD = ("recommend", "verdict", "spec", "fit", "cost", "rent_or_buy", "rates")


def _on_the_one_talked_about(dlg: Dialogue, query) -> bool:
    """ "能跑qwen3 32b吗", "can that run llama 3.3 70b at q4" with no card named, right after an answer that picked
    or was about one card (or one set: "2 x RTX 3090"): asked of that card. Not a service to size ("给30个人用"), a
    memory size asked alone, or after a comparison (which card?) or a fit that named none."""
    ctx = dlg.context
    last = ctx.last_query
    if last is None or last.intent not in _ONE_CARD or query.targets or query.memory_gb:
        return False
    if last.intent == "recommend":
        return ctx.focus is not None
    return len(set(ctx.gpus)) == 1


def fit_at_context(dlg: Dialogue, query: Query) -> Query:
    """ "上下文开到32k还能跑吗", "what about at 32k context then" read as the context concept, while the conversation is
    about a model on some cards: that model on those cards at that context (a fit), not the concept page."""
    from assistant.dialogue.measures import on_the_thread
    from assistant.query_talk import ExplainQuery, FollowUpQuery

    if not (isinstance(query, ExplainQuery) and query.context_tokens) or query.model is not None:
        return query
    follow = FollowUpQuery(text=query.text, context_tokens=query.context_tokens, settings=query.settings)
    return on_the_thread(dlg, follow, want_speed=False, want_time=False) or query


def value_among_talked(dlg: Dialogue, query: Query) -> Query:
    """ "跑qwen2.5 32b买哪个划算", "which one is better value for qwen 32b" (value asked, no card named) after two cards
    were talked about (compared, or asked about one after the other): those two compared for that model or work; when
    the last question rented, weighed as rentals (rent_context.compare_of_rented)."""
    from assistant.queries import CompareQuery, CostQuery

    if not isinstance(query, CostQuery) or query.kind != "perf_per_dollar" or query.gpus:
        return query
    ctx = dlg.context
    last = [g for g in getattr(ctx.last_query, "gpus", ()) if g.name]
    if len({g.name for g in last}) > 1:
        gpus = tuple(last)
    elif len(ctx.recent) > 1:
        gpus = tuple(GpuRef(mention=n, name=n, count=ctx.counts.get(n, 1)) for n in ctx.recent[-2:])
    else:
        return query
    compared = CompareQuery(
        text=query.text,
        gpus=gpus,
        model=query.model,
        params_b=query.params_b,
        workload=query.workload,
        aspect="value",
        settings=query.settings,
    )
    return rent_context.compare_of_rented(dlg, compared)  # after their rents: weighed as rentals


def cost_of_context(dlg: Dialogue, query: Query) -> Query:
    """ "including electricity?", "tco?", "算上电费呢" with no GPU named: the cost of the GPUs the last answer
    was about (with their counts), or of the one it favoured."""
    from assistant.queries import CostQuery

    if not isinstance(query, CostQuery) or query.gpus or query.kind == "training_run" or query.model:
        return query
    ctx = dlg.context
    named = [g for g in getattr(ctx.last_query, "gpus", ()) if g.name]
    sides = len({g.name for g in named}) < len(named)  # "2 x RTX 4080 vs 1 x RTX 4080": each side as it was
    gpus = tuple(g if sides else dataclasses.replace(g, count=max(g.count, ctx.counts.get(g.name, 1))) for g in named)
    if not gpus and ctx.focus:
        gpus = (GpuRef(mention=ctx.focus, name=ctx.focus, count=ctx.focus_count),)
    return dataclasses.replace(query, gpus=gpus) if gpus else query


def which_without_context(dlg: Dialogue, query: Query) -> Query:
    """ "which is faster for inference?" with no GPUs talked about yet: a recommendation for that
    workload, not a comparison of nothing (without a workload the dialogue asks which GPUs)."""
    from assistant.queries import CompareQuery, RecommendQuery

    ctx = dlg.context
    if isinstance(query, CompareQuery) and [g.pronoun for g in query.gpus] == ["implicit"] and ctx.gpus:
        if query.workload is None and query.model is None:  # "ok so which would you pick": for what it was about
            model = getattr(ctx.last_query, "model", None)
            return dataclasses.replace(
                query,
                workload=ctx.workload,
                precision=query.precision or ctx.setup.precision,  # as said, not a fit's own pick (q8_0 on a Mac)
                model=model,
            )
        return query
    if not isinstance(query, CompareQuery) or not query.workload or ctx.gpus or ctx.recent:
        return query
    if [g.pronoun for g in query.gpus] != ["implicit"]:
        return query
    return RecommendQuery(text=query.text, workload=query.workload, precision=query.precision, settings=query.settings)


def psu_without_context(dlg: Dialogue, query: Query) -> Query:
    """ "what psu do i need", "电源要多少瓦" before any GPU was talked about: how to size a power supply (the
    multi-GPU build concept), not a question back about which card."""
    from assistant.queries import RigQuery
    from assistant.query_talk import ExplainQuery

    if not (isinstance(query, RigQuery) and query.asks_power and query.gpus) or dlg.context.gpus:
        return query
    if any(g.pronoun is None for g in query.gpus):
        return query
    return ExplainQuery(
        text=query.text, concept="multi-gpu-build", mention=query.gpus[0].mention, settings=query.settings
    )


def psu_of_last(dlg: Dialogue, query: Query) -> Query:
    """ "is the psu enough" after "pricing out a rig: 2x used 3090, 1200w psu": the power supply the user stated in
    the last question is the one weighed (and its CPU), not a size to recommend."""
    from assistant.queries import RigQuery

    last = dlg.context.last_query
    if not (isinstance(query, RigQuery) and query.asks_power and query.psu_w is None):
        return query
    if not isinstance(last, RigQuery) or last.psu_w is None or any(g.pronoun is None for g in query.gpus):
        return query
    return dataclasses.replace(query, psu_w=last.psu_w, cpu=query.cpu or last.cpu)


def power_of_set(dlg: Dialogue, query: Query) -> Query:
    """ "how many watts does that pull from the wall", "what psu do i need for that" about several of one card
    (the 2 x RTX 3090 just picked): the power of the whole machine with all of them (a build's
    power answer), not one card's board power."""
    from assistant.queries import RigQuery, SpecQuery

    if isinstance(query, RigQuery) and query.asks_power and query.gpu_count is None and len(query.gpus) == 1:
        return dataclasses.replace(query, gpu_count=query.gpus[0].count)  # "... that setup ..." after 4 x RTX 3060
    if not (isinstance(query, SpecQuery) and query.fields == ("power",)):
        return query
    names = {g.name for g in query.gpus}
    if len(names) != 1 or None in names or query.gpus[0].count < 2 or len(query.gpus) != 1:
        return query
    return RigQuery(
        text=query.text,
        gpus=query.gpus,
        gpu_count=query.gpus[0].count,
        asks_power=True,
        settings=query.settings,
    )


def more_of_the_fit(dlg: Dialogue, query: Query) -> Query:
    """ "add a second 3060", "add a 3060", "does another one help" after a model's fit: the same fit with the card
    added to its set (the scaling reader reads these as N cards against N - 1 of one kind, which answers training
    speed and leaves the model out)."""
    from assistant.queries import CompareQuery, FitQuery

    last = dlg.context.last_query
    if not (isinstance(query, CompareQuery) and isinstance(last, FitQuery) and (last.model or last.params_b)):
        return query
    names = {g.name for g in query.gpus}
    if len(query.gpus) != 2 or len(names) != 1 or query.model or query.params_b or query.workload:
        return query
    added = max(g.count for g in query.gpus) - min(g.count for g in query.gpus)
    if added < 1:
        return query
    from assistant.dialogue.references import joined_set

    gpus = joined_set(last.gpus, (dataclasses.replace(query.gpus[0], count=added),))
    return dataclasses.replace(last, text=query.text, gpus=gpus, gpu_count=None, settings=query.settings)


def power_of_mixed_set(dlg: Dialogue, query: Query) -> Query:
    """ "电源要多大", "what psu do i need for it" after a fit on different cards in one machine: "it" is that machine,
    every card of it (one pronoun would otherwise name only the card the last answer put first)."""
    from assistant.queries import FitQuery, RigQuery

    last = dlg.context.last_query
    if not (isinstance(query, RigQuery) and query.asks_power and query.gpus and isinstance(last, FitQuery)):
        return query
    if any(g.pronoun is None for g in query.gpus) or len({g.name for g in last.gpus if g.name}) < 2:
        return query
    return dataclasses.replace(query, gpus=last.gpus, gpu_count=None)


_CARD_QUESTIONS = ("fit", "cost", "rent_or_buy", "rates", "verdict")


def reply_to_ask_back(dlg: Dialogue, query: Query) -> Query:
    """A card named alone ("4090", "两张3090") right after an answer asked back which GPU, or after a fit answered
    with no card ("能跑70b吗": the memory it needs): the GPUs of that question (a follow-up merged into it), not
    their spec sheet; its speed asked ("3060 12g能跑吗 多快") after such a fit is the model's speed there."""
    from assistant.queries import FitQuery, SpecQuery
    from assistant.query_talk import FollowUpQuery

    last = dlg.context.last_query
    open_fit = isinstance(last, FitQuery) and not last.gpus
    # "4090?" after a fit, a cost, a rental, a verdict: the same question on that card; after a comparison, that card
    # in it ("3090 vs 4080 for training" -> "4090?"); after a pick, that card against the pick, for its work
    asked_of_cards = last is not None and last.intent in _CARD_QUESTIONS and bool(getattr(last, "gpus", ()))
    asked_of_cards = asked_of_cards or (
        last is not None and last.intent == "compare" and bool(getattr(last, "gpus", ()))
    )
    asked_of_cards = asked_of_cards or (
        last is not None and last.intent == "recommend" and dlg.context.focus is not None
    )
    # weighed for the pick; "4060ti 16g能跑吗" after a video model: that model on it
    asked_of_cards = asked_of_cards or (last is not None and last.intent in ("rent_or_buy", "video"))
    if not ((dlg.context.asked_back or open_fit or asked_of_cards) and isinstance(query, SpecQuery)):
        return query
    # "3060 12g能跑吗 多快" after "我想本地跑qwen3 30b a3b"; "seconds per image on a 4090?" after flux on a 4070 Super
    model_fit = isinstance(last, FitQuery) and bool(last.model or last.params_b)
    speed = (open_fit or model_fit) and query.fields == ("speed",)
    if (query.fields and not speed) or query.topic not in (None, "other"):
        return query  # "should i power limit my 4090": a topic of that card, not the card alone
    if not query.gpus or any(g.pronoun is not None or not g.name for g in query.gpus):
        return query
    count = query.gpus[0].count if len(query.gpus) == 1 else None
    said: dict[str, Any] = {"settings": query.settings, "stated": query.stated, "asked_figure": query.asked_figure}
    follow = FollowUpQuery(text=query.text, gpus=query.gpus, gpu_count=count, **said)
    video = last is not None and last.intent == "video"  # "4060ti 16g能跑吗" after a video model: it on that card
    return (video_thread.video_time(dlg, follow, list(query.gpus)) if video else None) or follow


def offer_in_compare(dlg: Dialogue, query: Query) -> Query:
    """ "vs a new 5070 ti at $749?" after weighing a used 3090 at $600: the card offered is compared at the price it
    is offered at (a price stated for this conversation, said in the answer), not at its street price."""
    from assistant.queries import CompareQuery, Setting, VerdictQuery

    if not isinstance(query, CompareQuery):
        return query
    recent = [q for q in [*dlg.context.history, dlg.context.last_query] if q is not None]
    deal = next((q for q in reversed(recent) if isinstance(q, VerdictQuery) and q.kind == "deal" and q.offer), None)
    if deal is None or len(deal.gpus) != 1:
        return query
    card = deal.gpus[0]
    named = {g.name for g in query.gpus} | {g.mention for g in query.gpus if g.pronoun}
    priced = {s.gpu for s in query.settings if s.key == "price_override"}
    if card.name not in named and not any(g.pronoun for g in query.gpus) or card.name in priced:
        return query
    each = (deal.offer or 0.0) / max(card.count, 1)  # "一张350 想搞四张": the offer is for all four, each at ¥350
    said = Setting(
        "price_override", each, gpu=card.name, condition=card.condition or "used", currency=deal.money_currency
    )
    return dataclasses.replace(query, settings=(*query.settings, said))


def memory_of_the_card(dlg: Dialogue, query: Query) -> Query:
    """ "tok/s for qwen2.5 32b on the 48g" right after an answer about an M4 Pro 48 GB: the memory size typed is the
    card talked about that has it (not any card of that memory); "44g 能跑 70b 吗" after two 4060 Ti 16 GB and a 3060
    12 GB: the cards talked about, whose memory adds up to it."""
    from assistant.queries import FitQuery

    focus = dlg.context.focus
    if not (isinstance(query, FitQuery) and query.memory_gb and not query.gpus and focus and dlg.memory_of):
        return query
    if not (query.model or query.params_b):
        return query  # "is 12gb enough tho" after a pick for sdxl: the memory asked of the thread's model (below)
    ctx = dlg.context
    cards = [GpuRef(mention=n, name=n, count=ctx.counts.get(n, 1)) for n in ctx.gpus]
    total = sum((dlg.memory_of(g.name) or 0.0) * g.count for g in cards if g.name)
    if sum(g.count for g in cards) > 1 and abs(total - query.memory_gb) < 0.5:
        return dataclasses.replace(query, gpus=tuple(cards), memory_gb=None)  # "44g 能跑 70b 吗": the set's 44 GB
    named = focus.endswith(
        f" {query.memory_gb:g} GB"
    )  # a memory configuration named by its size ("Apple M4 Pro 48 GB")
    if dlg.memory_of(focus) != query.memory_gb and not named:
        return query
    card = GpuRef(mention=focus, name=focus, count=dlg.context.counts.get(focus, 1))
    return dataclasses.replace(query, gpus=(card,), memory_gb=None)


_SET_CONCEPTS = ("home-noise-heat", "psu-transients")  # concepts whose lead is worked out on the cards in the machine


def set_of_setup_concept(dlg: Dialogue, query: Query) -> Query:
    """ "is it loud", "会不会太吵", "ok what about cooling, it's in a small room" after a pick, a build or a bill: the
    noise and heat of the set talked about (the card favoured, as many as the thread has), so the concept's lead
    is worked out on those cards, not told in general."""
    from assistant.dialogue.references import focus_refs
    from assistant.query_talk import ExplainQuery

    if not isinstance(query, ExplainQuery) or query.concept not in _SET_CONCEPTS:
        return query
    if any(g.name for g in query.gpus) or not focus_refs(dlg):
        return query
    return dataclasses.replace(query, gpus=focus_refs(dlg))


_VRAM_SAID = re.compile(r"vram|gpu memory|显存")
_RAM_SAID = re.compile(r"\bram\b|system memory|系统内存|内存")
_MEMORY_SIZE_ASKED = re.compile(r"\b(?:ram|memory|unified memory)\b|内存|统一内存|多大的")


def mac_memory_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "how much ram should i get" while the thread is about a Mac ("thinking of getting a mac studio for llms"): the
    Macs ranked by what their memory holds (respond/macs.py, vendor apple), not a ranking of NVIDIA cards; about a
    card picked: the system RAM a machine of that card wants (the rig's RAM answer)."""
    from assistant.queries import RecommendQuery, RigQuery

    focus = dlg.context.focus or ""
    if not isinstance(query, RecommendQuery) or query.vendor or not focus:
        return query
    low = query.text.lower()
    if not _MEMORY_SIZE_ASKED.search(low) or _VRAM_SAID.search(low):
        return query
    if focus.startswith("Apple "):
        return dataclasses.replace(query, vendor="apple")
    if not _RAM_SAID.search(low):
        return query  # "which has the most memory": the cards' memory, a ranking
    # "how much ram should i get" after a card was picked: the system RAM a machine of that card wants
    card = GpuRef(mention=focus, name=focus, count=dlg.context.focus_count)
    return RigQuery(text=query.text, gpus=(card,), gpu_count=card.count, ram_asked=True, settings=query.settings)


_MODEL_CONCEPTS = ("moe",)  # concepts whose answer is about the model talked about when one is


def model_of_concept(dlg: Dialogue, query: Query) -> Query:
    """ "它是moe吧，激活多少", "is it moe?" (a concept of _MODEL_CONCEPTS with no model named) while a model is talked
    about: asked of that model (its total and active parameters lead the answer)."""
    from assistant.query_talk import ExplainQuery

    if not isinstance(query, ExplainQuery) or query.concept not in _MODEL_CONCEPTS or query.model is not None:
        return query
    model = getattr(dlg.context.last_query, "model", None) or dlg.context.setup.model
    return dataclasses.replace(query, model=model) if model is not None else query
