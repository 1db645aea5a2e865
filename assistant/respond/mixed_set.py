"""Answer a fit or speed question about different GPUs in one machine ("a 3090 and a 4090 in one rig for 70b",
"我有一张3090和一张3060 能一起跑70b吗", "can i mix a 3090 and a 4090 for llama.cpp").

Contract: an LLM run for inference is split by layers in proportion to each card's memory (docs/model.md
§llm.mixed): it fits when its memory for the whole set is at most the cards' memory together; the single-user
speed is `llm.layer_split_tokens_per_s`, shown next to each card's own speed where that card holds the model
alone. Without a model named, the largest KB model the set holds at q4_k_m answers. Fine-tuning keeps a whole
copy on every card (data parallelism), an image model's too: the answer says which cards hold it. An image model
runs inference on one card: the fit answer for the card with the most memory, said. `figures`: mixed_set, fits,
vram_required_gb, total_memory_gb, gpu_count, tokens_per_second, shares_gb, alone_tokens_per_second (fits_at and
tokens_per_second_at_fit when only a lighter quant fits). `psu_answer`: the power supply for such a set ("what psu
for both" after a 3090 and a 3060), every card's board power added (docs/model.md §rig).
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import llm, memory, performance, scaling
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.fit_rows import mode_name
from assistant.respond.model_pick import named_largest
from assistant.respond.wording import join_names, spec_source

_TRAINING = re.compile(r"\btrain|\bddp\b|fine-?tun|训练|炼丹|微调", re.IGNORECASE)  # a training set, no model named
_LADDER = ("fp16", "q8_0", "q6_k", "q5_k_m", "q4_k_m", "q3_k_m", "q2_k")  # the lighter ones offered, heaviest first
DEFAULT_QUANT = "q4_k_m"
DEFAULT_CONTEXT = 4096  # the context of the largest-model pick (as largest_llm)


def is_mixed(query) -> bool:
    return len({g.name for g in query.gpus if g.name}) > 1


def psu_answer(query, env: Env) -> Answer:
    """The PSU for different cards in one machine: their board power + the platform's CPU + the rest, x the margin,
    rounded up to 100 W (the rule of builds.psu_watts, §rig)."""
    from assistant.respond.builds import psu_sizing
    from assistant.respond.own_draw import at_draw

    cards, gpus = _cards(query, env)
    cards = [(at_draw(gpu, query), count) for gpu, count in cards]  # "both power limited to 300w": that draw
    gpus = [at_draw(g, query) for g in gpus]
    gpu_w = float(sum(g.tdp_w or 0 for g in gpus))
    line, load, psu = psu_sizing(gpu_w, len(gpus), env)
    each = i18n.sep(env.lang).join(f"{_label(gpu, count)} {(gpu.tdp_w or 0) * count:,} W" for gpu, count in cards)
    names = join_names([_label(gpu, count) for gpu, count in cards], env.lang)
    head = env.t("mixed.psu", gpus=names, psu=f"{psu:,}")
    have, limit = getattr(query, "psu_w", None), dict(query.targets).get("power_limit")
    if have:  # "3090 + 4090 on a 1000w psu ... limited to 300w. ok?": the PSU said, weighed
        key = (
            "mixed.psu_have_ok" if have >= psu else ("mixed.psu_have_load" if have >= load else "mixed.psu_have_short")
        )
        limited = env.t("mixed.psu_at_limit", w=f"{limit:g}") if limit else ""
        head = env.t(key, gpus=names, have=f"{have:,.0f}", psu=f"{psu:,}", load=f"{load:,.0f}", limited=limited)
    figures = {"mixed_set": True, "psu_w": psu, "load_w": round(load), "gpu_watts": gpu_w, "gpu_count": len(gpus)}
    answer = _answer(query, env, head + i18n.gap(env.lang) + line, [each], gpus, figures)
    return dataclasses.replace(answer, intent="rig", sources=answer.sources[:-1] + ["method: docs/model.md §rig"])


def respond(query: FitQuery, env: Env, fit_respond) -> Answer:
    """`fit_respond`: the one-GPU fit answer, for an image model (it runs on one card)."""
    from assistant.respond import mixed_worth  # it builds on this module's rules
    from assistant.respond.fit_sizing import sized_model

    cards, gpus = _cards(query, env)
    model = sized_model(query, env)[0] if (query.model or query.params_b) else None
    images = model is None and query.workload == "image_generation"  # "1080 ti and 2060 together for sd": no LLM
    if (model is not None and model.kind != "llm" or images) and query.mode == "inference":
        return _one_card(query, env, cards, fit_respond)
    if model is None and _TRAINING.search(query.text):  # "mixing a 4090 and a 3090 for ddp training": the pace
        return _training_pace(query, env, cards, gpus)
    total = sum(g.memory_gb or 0.0 for g in gpus)
    quant = memory.released_precision(model) if (query.released and model) else (query.precision or DEFAULT_QUANT)
    context = query.context_tokens
    worth: tuple[str, dict] = ("", {})
    needs_set = False
    if model is None:
        asks_worth = mixed_worth.asked(query.text, env.lang)  # its own lead weighs the largest at q4_k_m
        picked = None if asks_worth else needing_the_set(env, gpus, total)  # "does adding a 3060 help": what it adds
        model, quant, needs_set = (
            (picked[0], picked[1], True) if picked else (largest(env, len(gpus), total), quant, False)
        )
        context = context or DEFAULT_CONTEXT
        if mixed_worth.asked(query.text, env.lang):  # "有3090 想再加一张4060ti 值不值": what the added card buys
            worth = mixed_worth.lead(mixed_worth.owned_first(cards, query.text), env)
    names = join_names([_label(gpu, count) for gpu, count in cards], env.lang)
    if model is None:
        return _answer(query, env, env.t("mixed.nothing_fits", gpus=names, total=f"{total:g}"), [], gpus, {})
    if query.mode != "inference":
        return _training(query, env, model, cards, names)
    need = need_gb(model, quant, context, len(gpus))
    figures: dict = {"mixed_set": True, "vram_required_gb": round(need, 1), "total_memory_gb": total}
    figures |= {"gpu_count": len(gpus), "fits": need <= total, "set_name": names}  # (as an ask's line names it)
    shares = [(g, (g.memory_gb or 0.0) / total) for g in gpus] if total > 0 else []  # no memory figure: nothing fits
    if need > total:
        bits = memory.bits_per_weight(quant)
        lighter = next(
            (q for q in _LADDER if memory.bits_per_weight(q) < bits and need_gb(model, q, context, len(gpus)) <= total),
            None,
        )
        head = env.t("mixed.no", gpus=names, total=f"{total:g}", model=model.name, quant=quant, need=f"{need:.1f}")
        if lighter:  # the lighter quant that fits, and how fast it runs split over the set
            lighter_need = need_gb(model, lighter, context, len(gpus))
            tps = llm.layer_split_tokens_per_s(shares, model, lighter, context=context or 1024)
            figures |= {"fits_at": lighter, "tokens_per_second_at_fit": round(tps, 1)}
            head += i18n.gap(env.lang) + env.t(
                "mixed.lighter", quant=lighter, need=f"{lighter_need:.1f}", tps=f"{tps:,.0f}"
            )
        return _answer(query, env, head, _steps(env, gpus), gpus, figures)
    tps = llm.layer_split_tokens_per_s(shares, model, quant, context=context or 1024)
    alone = _alone(model, quant, context, cards)
    figures |= {"tokens_per_second": round(tps, 1), "alone_tokens_per_second": alone}
    figures["shares_gb"] = {g.name: round(need * s, 1) for g, s in shares}
    key = "mixed.yes_largest" if not (query.model or query.params_b) else "mixed.yes"
    biggest = max(gpus, key=lambda g: g.memory_gb or 0.0)
    key = "mixed.yes_needs_set" if needs_set else key
    head = env.t(
        key,
        gpus=names,
        total=f"{total:g}",
        model=model.name,
        quant=quant,
        need=f"{need:.1f}",
        big=biggest.short_name,
        big_gb=f"{biggest.memory_gb or 0:g}",
    )
    head += i18n.gap(env.lang) + env.t("mixed.speed", tps=f"{tps:,.0f}")
    if alone:
        fastest = max(alone, key=lambda name: alone[name])
        gpu = env.reader.known_gpu(fastest)
        head += i18n.gap(env.lang) + env.t("mixed.alone", gpu=gpu.short_name, tps=f"{alone[fastest]:,.0f}")
    table = Table(
        headers=[env.t("mixed.col_gpu"), env.t("mixed.col_memory"), env.t("mixed.col_share"), env.t("mixed.col_alone")],
        rows=[
            [
                gpu.short_name,
                f"{gpu.memory_gb or 0:g} GB",
                f"{need * share:.1f} GB",
                f"{alone[gpu.name]:,.0f}" if gpu.name in alone else env.t("mixed.not_alone"),
            ]
            for gpu, share in shares
        ],
    )
    if worth[0]:
        head, figures = worth[0] + i18n.gap(env.lang) + head, figures | worth[1]
    return _answer(query, env, head, _steps(env, gpus), gpus, figures, table)


def _cards(query, env: Env) -> tuple[list, list]:
    """([(GpuSpec, count)] as named, [GpuSpec] one entry per card)."""
    cards = [(gpu, max(ref.count, 1)) for ref in query.gpus if ref.name and (gpu := env.reader.gpu(ref.name))]
    return cards, [gpu for gpu, count in cards for _ in range(count)]


def _label(gpu, count: int) -> str:
    return f"{count} x {gpu.short_name}" if count > 1 else gpu.short_name


def need_gb(model, quant: str, context: int | None, n: int) -> float:
    """GB the model needs over the whole set: per-card share plus one CUDA context each (§mem)."""
    return memory.inference_memory(model, quant, context=context, n_gpus=n).total_gb * n


def largest(env: Env, n: int, total: float):
    """The largest dense KB LLM the set holds at q4_k_m with a 4k context (as `fit.largest_llm` for one card)."""
    fitting = [
        m
        for m in env.reader.models
        if m.kind == "llm" and not m.experts and need_gb(m, DEFAULT_QUANT, DEFAULT_CONTEXT, n) <= total
    ]
    return named_largest(fitting, env)  # the newest of the size class (§mem.largest)


def needing_the_set(env: Env, gpus, total: float):
    """(model, quant) of the largest dense KB LLM the set holds that its biggest card does not hold alone, at the
    lightest of q4_k_m .. q8_0 where one exists (what the added card buys); None when every model the set holds at
    these quants also fits the biggest card."""
    biggest = max((g.memory_gb or 0.0) for g in gpus) if gpus else 0.0
    for quant in _NEEDS_SET_QUANTS:
        fitting = [
            m
            for m in env.reader.models
            if m.kind == "llm"
            and not m.experts
            and need_gb(m, quant, DEFAULT_CONTEXT, len(gpus)) <= total
            and need_gb(m, quant, DEFAULT_CONTEXT, 1) > biggest
        ]
        if fitting:
            return named_largest(fitting, env), quant  # the newest of the size class (§mem.largest)
    return None


_NEEDS_SET_QUANTS = ("q4_k_m", "q5_k_m", "q6_k", "q8_0")


def _alone(model, quant: str, context: int | None, cards) -> dict[str, float]:
    """Tokens/s of each card that holds the model by itself (one card of its kind)."""
    out = {}
    for gpu, _ in cards:
        if need_gb(model, quant, context, 1) <= (gpu.memory_gb or 0.0):
            speed = llm.decode_speed(gpu, model, quant, context=context or 1024).tokens_per_s
            if speed > 0:
                out[gpu.name] = round(speed, 1)
    return out


def _training(query: FitQuery, env: Env, model, cards, names: str) -> Answer:
    """Fine-tuning with data parallelism: a whole copy on every card, each step waits for the slowest."""
    from assistant.respond.fit_rows import estimate

    need = estimate(model, query, "fp16", 1, query.mode).total_gb  # the fit's training row (its mode sets the base)
    holds = [gpu.short_name for gpu, _ in cards if need <= (gpu.memory_gb or 0.0)]
    short = [gpu.short_name for gpu, _ in cards if need > (gpu.memory_gb or 0.0)]
    key = "mixed.train_all" if not short else ("mixed.train_some" if holds else "mixed.train_none")
    head = env.t(
        key,
        mode=mode_name(env, query.mode),
        model=model.name,
        need=f"{need:.1f}",
        gpus=names,
        holds=join_names(holds, env.lang),
        short=join_names(short, env.lang),
    )
    gpus = [gpu for gpu, count in cards for _ in range(count)]
    figures = {"mixed_set": True, "vram_required_gb": round(need, 1), "fits": not short, "gpu_count": len(gpus)}
    return _answer(query, env, head, _steps(env, gpus, training=True), gpus, figures)


def _training_pace(query: FitQuery, env: Env, cards, gpus) -> Answer:
    """Data-parallel training on different cards: every step waits for the slowest, so the set trains at the
    slowest card's speed times the cards (§perf.multigpu, models.scaling.training_scaling), against the sum of their
    own speeds."""
    scores = {g.name: performance.relative_performance(g, "train16", batch_policy="none").score for g in gpus}
    fastest = max(gpus, key=lambda g: scores[g.name])
    slowest = min(gpus, key=lambda g: scores[g.name])
    pace = scaling.training_scaling(list(gpus))
    own = sum(scores[g.name] for g in gpus) / scores[fastest.name] if scores[fastest.name] else 0.0
    head = env.t(
        "mixed.train_pace_slower" if pace.speedup < 1 else "mixed.train_pace",
        gpus=join_names([_label(gpu, count) for gpu, count in cards], env.lang),
        slow=slowest.short_name,
        fast=fastest.short_name,
        ratio=f"{scores[slowest.name] / scores[fastest.name]:.2f}" if scores[fastest.name] else "?",
        speedup=f"{pace.speedup:.2f}",
        own=f"{own:.2f}",
    )
    figures = {"mixed_set": True, "training_speedup": round(pace.speedup, 3), "gpu_count": len(gpus)}
    return _answer(query, env, head, _steps(env, gpus, training=True), gpus, figures)


def _one_card(query: FitQuery, env: Env, cards, fit_respond) -> Answer:
    """An image model runs on one card: the fit on the card with the most memory, said first."""
    gpu, _ = max(cards, key=lambda c: (c[0].memory_gb or 0.0, c[0].name))
    ref = next(r for r in query.gpus if r.name == gpu.name)
    answer = fit_respond(dataclasses.replace(query, gpus=(dataclasses.replace(ref, count=1),), gpu_count=None), env)
    lead = env.t("mixed.image_one_card", gpu=gpu.short_name)
    return dataclasses.replace(answer, headline=lead + i18n.gap(env.lang) + answer.headline)


def _steps(env: Env, gpus, training: bool = False) -> list[str]:
    vendors = sorted({g.vendor for g in gpus if g.vendor})
    mixed = [env.t("mixed.vendors", vendors=join_names(vendors, env.lang))] if len(vendors) > 1 else []
    machines = [g.short_name for g in gpus if g.unified_memory]
    if machines:  # a Mac, a DGX Spark, a Strix Halo box: a computer of its own, joined to another only by a network
        names = list(dict.fromkeys(machines))
        key = "mixed.machines" if len(names) == 1 else "mixed.machines_many"
        mixed = [env.t(key, machines=join_names(names, env.lang))]
    if training:
        return [env.t("mixed.training"), *mixed]
    return [env.t("mixed.how_split"), *mixed, env.t("mixed.training"), env.t("mixed.tensor_parallel")]


def _answer(query, env: Env, head: str, steps, gpus, figures: dict, table: Table | None = None) -> Answer:
    names = list(dict.fromkeys(g.name for g in gpus))
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=names,
        tables=[table] if table else [],
        steps=steps,
        figures=figures,
        sources=[spec_source(g, env) for g in {g.name: g for g in gpus}.values()]
        + ["method: docs/model.md §llm.mixed, §llm.decode, §mem"],
        lang=env.lang,
    )
