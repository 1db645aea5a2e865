"""A topic asked of one named card (nlu/intents/card_topic.py), answered with the responder that covers it.

Contract: `respond(query, env)` for a SpecQuery with `topic` set answers that topic for the card, never its spec
sheet as if it answered: cooling, heat -> the passive-cooling concept for a card with no fan of its own, the home
noise and heat concept for several cards or the heat asked, else the GPU temperature concept; noise -> the home
noise and heat concept; install -> the install check for a datacenter card, the board's size for others; psu -> the
PSU check of a stated PSU (rig), else the board power with the suggested PSU and the reference board's power plugs;
power_limit -> the power-limit answer at the lowest limit the measured sweeps keep >= 90 % of decode speed at
(respond/limit_floor.py); board -> its PCIe link and slot width; mining -> the ex-mining cards concept; lifespan ->
its software support's years, then the GPU wear concept; software -> that vendor's practice concept (AMD, Intel) or
whether CUDA supports it (NVIDIA); ai_use -> the verdict on the card; buying -> the verdict with the catches of its
form first; memory_count -> how many of the card reach the memory asked and what they cost, then the cheapest way to
that memory for LLM inference (the recommendation). A topic with no data here (warranty, gaming, "other") leads with
what was not understood or is not covered, then what can be asked about the card (with examples in the user's
language), then its specs.
"""

from __future__ import annotations

import dataclasses
import math

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery, PowerLimitQuery, RecommendQuery, RigQuery, SpecQuery, VerdictQuery
from assistant.query_talk import ExplainQuery
from assistant.respond.env import Env
from assistant.specs import GpuSpec

_STACK_CONCEPTS = {
    "AMD": "amd-practice",
    "ATI": "amd-practice",
    "Intel": "intel-practice",
    "NVIDIA": "cuda-arch-support",
}


def respond(query: SpecQuery, env: Env) -> Answer:
    gpu = env.reader.known_gpu(query.gpus[0].name or "")
    route = _ROUTES.get(query.topic or "")
    found = route(query, gpu, env) if route is not None else None
    return found if found is not None else _offer(query, gpu, env)


def _cooling(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    """No fan of its own: how to force air through it; several cards or their heat asked ("will 2 3090s get hot",
    "双4090需要水冷不"): the heat they put into the room; one card cooled ("how do i cool a 3090"): its temperature."""
    if gpu.passively_cooled:
        concept = "passive-cooling"
    elif query.topic == "heat" or query.gpus[0].count > 1:
        concept = "home-noise-heat"
    else:
        concept = "gpu-temperature"
    return _explain(query, concept, env)


def _noise(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    return _explain(query, "home-noise-heat", env)


def _explain(query: SpecQuery, concept: str, env: Env) -> Answer:
    from assistant.respond import explain

    asked = ExplainQuery(text=query.text, concept=concept, mention=query.text, gpus=query.gpus, stated=query.stated)
    return explain.respond(asked, env)


def _crash(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    return _explain(query, "psu-transients", env)


def _mining(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    return _explain(query, "mining-cards", env)


def _lifespan(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    """ "how many years will a 3090 last", "how long will a used 3090 last run 24/7": how long its software support
    runs (the architecture's CUDA support and years, NVIDIA; the vendor's practice otherwise), then what wears (the
    GPU wear concept)."""
    from assistant.respond import explain

    worn = _explain(query, "gpu-wear", env)
    if gpu.vendor == "NVIDIA":
        asked = ExplainQuery(
            text=query.text, concept="cuda-arch-support", mention=query.text, gpus=query.gpus, asked="architecture"
        )
        support: Answer | None = explain.respond(asked, env)
    else:
        support = _software(query, gpu, env)
    if support is None or not support.headline:
        return worn
    head = i18n.gap(env.lang).join([support.headline, worn.headline])
    return dataclasses.replace(support, headline=head, sources=list(dict.fromkeys(support.sources + worn.sources)))


def _install(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    if gpu.passively_cooled or gpu.server_module:
        from assistant.respond import card_install

        return card_install.respond(VerdictQuery(text=query.text, gpus=query.gpus, kind="install"), gpu, env)
    from assistant.respond import card_size

    return card_size.respond(dataclasses.replace(query, fields=("size",), topic=None), env)


def _psu(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    psu_w = next((s.value for s in query.stated if s.dim == "watts"), None)
    if psu_w is not None:  # "upgrading 3080 -> 4090, is my 850w psu ok": that PSU for the card
        from assistant.respond import rig

        count = max((g.count or 1 for g in query.gpus), default=1)  # "2x 3090 ..., do i need a 1200w psu": both
        rigged = RigQuery(
            text=query.text, gpus=query.gpus, gpu_count=count if count > 1 else None, asks_power=True, psu_w=psu_w
        )
        return rig.respond(rigged, env)
    answer = _spec(query, ("power",), env)
    if gpu.power_connectors:  # "p40需要什么供电线": the reference board's plugs
        plugs = env.t("card_topic.plugs", gpu=gpu.short_name, plugs=gpu.power_connectors)
        answer = dataclasses.replace(answer, headline=i18n.gap(env.lang).join([answer.headline, plugs]))
    return answer


def _power_limit(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    from assistant.respond import power_limit
    from assistant.respond.limit_floor import min_limit_share

    asked = PowerLimitQuery(text=query.text, gpus=query.gpus, share=min_limit_share(), advise=True)
    return power_limit.respond(asked, env)


def _board(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    return _spec(query, ("pcie", "slot"), env)


def _software(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer | None:
    if gpu.vendor == "NVIDIA":  # "3090 on linux drivers": whether current CUDA still supports its architecture
        from assistant.respond import verdict

        return verdict.respond(VerdictQuery(text=query.text, gpus=query.gpus, kind="feature", feature="cuda"), env)
    concept = _STACK_CONCEPTS.get(gpu.vendor or "")
    return _explain(query, concept, env) if concept else None


def _buying(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    from assistant.respond import verdict

    return verdict.respond(VerdictQuery(text=query.text, gpus=query.gpus, risks=True), env)


def _ai_use(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    """ "got a 1660 super 6gb, can i do anything ai with it" (lexicon ai_use_what_words): what it runs (LLMs, images,
    fine-tuning, training), not a yes or no on training alone; otherwise, or when no such answer can be given, the
    verdict."""
    from assistant.respond import fit, verdict
    from assistant.respond.use_case import said

    if not said("ai_use_what_words", query.text, env):  # "is the 4060 ti 16gb too slow for ai": its yes / no
        return verdict.respond(VerdictQuery(text=query.text, gpus=query.gpus), env)
    asked = FitQuery(
        text=query.text, gpus=query.gpus, model=None, mode="inference", workload="llm_inference", asked="what_runs"
    )
    runs = fit.respond(asked, env)
    if runs.headline and not runs.clarification:
        return runs
    return verdict.respond(VerdictQuery(text=query.text, gpus=query.gpus), env)


def _memory_count(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer | None:
    """ "how many p40s for 96gb": the cards of this one that reach the memory, their price, then the cheapest way."""
    from assistant.respond import recommend
    from assistant.respond.pricing import price_of

    target = next((s.value for s in query.stated if s.dim == "gb"), None)
    if not target or not gpu.memory_gb:
        return None
    n = math.ceil(target / gpu.memory_gb - 1e-9)
    price = price_of(gpu.name, env)
    total = env.money(price.usd * n) if price else None
    key = "card_topic.count_priced" if total else "card_topic.count"
    each = env.money(price.usd) if price else ""
    lead = env.t(
        key,
        n=n,
        gpu=gpu.short_name,
        gb=f"{n * gpu.memory_gb:,.0f}",
        target=f"{target:,.0f}",
        total=total,
        each=each,
        condition=env.t(f"card_topic.cond_{price.condition}") if price else "",
    )
    cheapest = recommend.respond(
        RecommendQuery(text=query.text, workload="llm_inference", min_memory_gb=target, sort="price"), env
    )
    head = i18n.gap(env.lang).join([lead, env.t("card_topic.cheapest", answer=cheapest.headline)])
    sources = [*cheapest.sources, *(env.cite(*price.source.split(";")) if price and price.source else [])]
    return dataclasses.replace(cheapest, headline=head, sources=list(dict.fromkeys(sources)), gpus=[gpu.name])


def _spec(query: SpecQuery, fields: tuple[str, ...], env: Env) -> Answer:
    from assistant.respond import spec

    return spec.respond(dataclasses.replace(query, fields=fields, topic=None, unread=(), owned=False), env)


def _offer(query: SpecQuery, gpu: GpuSpec, env: Env) -> Answer:
    """What was not understood or is not covered, what can be asked about the card, then its specs; the spec
    answer itself when the question's words gave it a lead of its own ("is the 4090D real": what the card is)."""
    answer = _spec(query, query.fields, env)
    plain = _spec(dataclasses.replace(query, text=query.gpus[0].mention or gpu.short_name), query.fields, env)
    if answer.headline != plain.headline:
        return answer
    if query.topic == "other":
        words = f"“{env.t('nlu.join_words').join(query.unread)}”"
        lead = env.t("card_topic.not_understood", words=words, gpu=gpu.short_name)
    else:
        lead = env.t("card_topic.not_covered", gpu=gpu.short_name, why=env.t(f"asks.cannot_{query.topic}"))
    offer = env.t("card_topic.offer", gpu=gpu.short_name, mention=query.gpus[0].mention or gpu.short_name)
    head = i18n.gap(env.lang).join([lead, offer, env.t("card_topic.sheet", specs=answer.headline)])
    figures = {**answer.figures, "not_covered": [query.topic], "unread": list(query.unread)}
    return dataclasses.replace(answer, headline=head, figures=figures)


_ROUTES = {
    "cooling": _cooling,
    "heat": _cooling,
    "noise": _noise,
    "install": _install,
    "mining": _mining,
    "lifespan": _lifespan,
    "crash": _crash,
    "psu": _psu,
    "power_limit": _power_limit,
    "board": _board,
    "software": _software,
    "ai_use": _ai_use,
    "buying": _buying,
    "memory_count": _memory_count,
}
