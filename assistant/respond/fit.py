"""Answer "will MODEL fit on GPU(s)?" and "how fast does MODEL run on GPU?".

Contract: memory per component for each precision shown (docs/model.md §mem), fits / fits on
N / does not fit with the headroom, and for LLM inference the decode and prefill speed
(§llm). `figures`: vram_required_gb (all GPUs together, for the precision asked, else the
best-quality one that fits), fits, gpu_count, per_gpu_gb, and tokens_per_second when speed
is asked or the model fits.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import llm, memory
from assistant.queries import FitQuery, RecommendQuery
from assistant.respond import setup
from assistant.respond.env import Env
from assistant.respond.image_fit_speed import image_speed_parts
from assistant.respond.moe_fit import moe_offload_answer
from assistant.respond.pricing import speech
from assistant.respond.wording import counted, duration, software_stack, spec_source
from assistant.specs import GpuSpec, ModelSpec

_INFER_LADDER = ("fp16", "q8_0", "q4_k_m")
_TRAIN_MODES = {"full_finetune": "full", "lora": "lora", "qlora": "qlora"}
_FLOORS = {
    "image_generation": (12.0, "rec.floor_image"),
    "training": (24.0, "rec.floor_finetune"),
    "llm_finetune": (24.0, "rec.floor_finetune"),
    "llm_inference": (24.0, "rec.floor_llm"),
}


def _mode(env: Env, mode: str) -> str:
    return env.t(f"fit.mode_{mode}")


# the memory model's setup lines -> catalog key of their wording (the mode is named in the sentence)
_SETUPS = [
    (re.compile(r"inference (?P<prec>\S+), (?P<ctx>\d+) ctx, batch (?P<batch>\d+)"), "fit.setup_inference"),
    (
        re.compile(
            r"training (?P<method>\S+) \((?P<prec>\S+)\), seq (?P<seq>\d+) x batch (?P<batch>\d+), "
            r"ZeRO-(?P<zero>\d+) on (?P<n>\d+) GPU\(s\)"
        ),
        "fit.setup_training",
    ),
    (re.compile(r"image generation (?P<prec>\S+), (?P<px>\d+)px, batch (?P<batch>\d+)"), "fit.setup_image"),
    (
        re.compile(r"image training (?P<method>\S+) \((?P<prec>\S+)\), (?P<px>\d+)px, batch (?P<batch>\d+)"),
        "fit.setup_image_training",
    ),
]


def setup_text(env: Env, setup: str) -> str:
    """The memory model's setup line ("inference q4_k_m, 8192 ctx, batch 1") in the answer's language."""
    for pattern, key in _SETUPS:
        m = pattern.fullmatch(setup)
        if m:
            values = m.groupdict()
            if key == "fit.setup_training":
                n = int(values["n"])
                values["gpus"] = env.t("fit.setup_one_gpu") if n == 1 else env.t("fit.setup_gpus", n=n)
                values["zero"] = env.t("fit.setup_zero", stage=values["zero"]) if n > 1 else ""
            return env.t(key, **values)
    return re.sub(r"^(inference|training|image generation) ", "", setup)


def sized_model(query, env: Env) -> tuple[ModelSpec | None, str]:
    """The named model, or for "a 13b model" a KB model of the nearest size scaled to it."""
    if query.model:
        return env.reader.model(query.model.key), ""
    if getattr(query, "params_b", None):
        # a modern decoder-only shape (GQA, no MoE): "a 7b model" is Mistral/Qwen/Llama-like, not BLOOM
        llms = [m for m in env.reader.models if m.kind == "llm" and m.attention == "gqa" and not m.experts]
        near = min(llms, key=lambda m: abs(m.params_b - query.params_b), default=None)
        if near is None:
            return None, ""
        shaped = dataclasses.replace(
            near,
            key=f"{query.params_b:g}b",
            name=env.t("fit.sized_model", params=f"{query.params_b:g}"),
            params_b=query.params_b,
            active_params_b=query.params_b,
        )
        return shaped, env.t("fit.sized_note", params=f"{query.params_b:g}", near=near.name)
    return None, ""


def _estimate(model: ModelSpec, query: FitQuery, precision: str, n: int, mode: str) -> memory.MemoryEstimate:
    return setup.estimate(model, setup.memory_setup(model, query, mode), precision, n, mode, query)


def _rows_to_show(model: ModelSpec, query: FitQuery, env: Env) -> list[tuple[str, str, str]]:
    """(row label, mode, precision) per table row: the precision ladder for inference; for
    fine-tuning the asked method plus the lighter ones (full -> LoRA -> QLoRA), so a "no" comes
    with the way that works."""
    if query.mode in _TRAIN_MODES and model.kind == "llm":
        order = list(_TRAIN_MODES)
        modes = order[order.index(query.mode) :]
        return [(env.t(f"fit.method_{m}"), m, "fp16") for m in modes]
    if query.mode in _TRAIN_MODES and model.kind == "image":
        base = query.precision if query.precision in ("fp8", "int8", "nf4", "int4") else ""
        if base:  # one row: the method on the base asked for
            return [(env.t("fit.method_lora_base", prec=base), query.mode, base)]
        rows = [(env.t(f"fit.method_{query.mode}"), query.mode, "fp16")]
        if query.mode == "lora":  # the fp8 base ai-toolkit (quantize) and kohya (--fp8_base) offer
            rows.append((env.t("fit.method_lora_base", prec="fp8"), "lora", "fp8"))
        return rows
    if query.precision:
        return [(query.precision, query.mode, query.precision)]
    if query.released and model.kind == "llm":  # "满血r1": the weights as released, no lighter quant
        released = memory.released_precision(model)
        return [(released, query.mode, released)]
    if model.kind == "image":  # fp8 weights (e.g. Flux in fp8) are how smaller cards run large image models
        return [("fp16", query.mode, "fp16"), ("fp8", query.mode, "fp8")]
    if model.kind != "llm":
        return [("fp16", query.mode, "fp16")]
    released = memory.released_precision(model)  # DeepSeek V3/R1 ship FP8: their ladder starts there
    ladder = [released] + [p for p in _INFER_LADDER[1:] if memory.bits_per_weight(p) < memory.bits_per_weight(released)]
    return [(p, query.mode, p) for p in ladder]


def _part_label(part: str, gpu, env: Env) -> str:
    """A memory part's column title; the runtime's context is named for the GPU's software stack (ROCm on
    AMD, Metal on Apple), as the memory model's CUDA figure stands in for it."""
    if part == "CUDA context" and gpu is not None and gpu.vendor not in ("NVIDIA", ""):  # "": a nameless card
        return env.t("fit.runtime_context", stack=software_stack([gpu]))
    return env.term(part)


def _gpu(query: FitQuery, env: Env) -> tuple[GpuSpec | None, int]:
    refs = [r for r in query.gpus if r.name]
    if not refs:
        return None, max(query.gpu_count or 1, 1)
    gpu = env.reader.gpu(refs[0].name)
    count = query.gpu_count or sum(r.count for r in refs if r.name == refs[0].name) or 1
    return gpu, count


def _no_gpu_answer(query, env, model, rows, prec_estimates, note) -> Answer:
    prec, est = prec_estimates[0]
    need = est.total_gb * est.n_gpus
    steps = [note] if note else []
    steps += _setup_steps(query, env, model, est)
    steps.append(env.t("fit.name_gpu"))
    return Answer(
        question=query.text,
        intent="fit",
        headline=env.t("fit.needs", model=model.name, need=f"{need:.1f}", mode=_mode(env, query.mode), prec=prec),
        tables=[rows],
        steps=steps,
        figures={"vram_required_gb": round(need, 2), "fits": None, "gpu_count": est.n_gpus},
        sources=env.cite(model.source) + ["method: docs/model.md §mem"],
        lang=env.lang,
    )


def _verdict(fits, pick, gpu: GpuSpec, n: int) -> dict:
    """yes: fits at the best quality shown (or the precision asked); yes_if: only at a lighter
    precision or method (the condition); no: nothing shown fits."""
    prec, est, f = pick
    if not f.fits:
        answer, condition = "no", None
    elif pick is fits[0]:
        answer, condition = "yes", None
    else:
        answer, condition = "yes_if", prec
    return {"answer": answer, "condition": condition, "gpu": gpu.name, "gpu_count": n, "memory_gb": gpu.memory_gb}


def _cards_for_budget(query: FitQuery, model, env: Env) -> Answer:
    """ "显卡预算5000，跑sdxl够吗": no GPU named but a budget stated; the answer is the cards within the
    budget that run the model (the recommendation, whose memory need is this model's)."""
    from assistant.respond import recommend  # recommend imports this module (sized_model)

    if model.kind == "llm":
        workload = "llm_inference" if query.mode == "inference" else "llm_finetune"
    else:
        workload = "image_generation" if model.kind == "image" else "inference"
    rec = RecommendQuery(
        text=query.text,
        workload=workload,
        model=query.model,
        params_b=query.params_b,
        precision=query.precision,
        settings=query.settings,
        unrecognized=query.unrecognized,
    )
    answer = recommend.respond(rec, env)
    budget = env.money(env.assumptions.budget_usd) if env.assumptions.budget_usd else ""
    key = "fit.budget_yes" if answer.choice else "fit.budget_no"
    head = env.t(key, budget=budget, model=model.name) + answer.headline
    return dataclasses.replace(answer, headline=head, figures={**answer.figures, "fits": bool(answer.choice)})


def respond(query: FitQuery, env: Env) -> Answer:
    model, note = sized_model(query, env)
    if model is None:
        rule = _rule_answer(query, env)
        return rule or Answer(
            question=query.text, intent="fit", headline="", clarification=env.t("fit.which_model"), lang=env.lang
        )
    gpu, n = _gpu(query, env)
    if gpu is None and getattr(query, "memory_gb", None):
        gpu = _card(query.memory_gb, env)
    if gpu is None and any(s.key == "budget_usd" for s in query.settings):
        return _cards_for_budget(query, model, env)
    shown = _rows_to_show(model, query, env)
    estimates = [(label, _estimate(model, query, prec, n, mode)) for label, mode, prec in shown]
    comps = list(dict.fromkeys(c for _, est in estimates for c, _ in est.components))
    capacity = f"{n} x {gpu.memory_gb:g} GB" if gpu else ""
    table = Table(
        headers=[
            env.t("fit.col_precision"),
            *[_part_label(c, gpu, env) for c in comps],
            env.t("fit.col_total"),
            *([env.t("fit.col_fits", capacity=capacity)] if gpu else []),
        ],
        rows=[],
    )
    fits = []
    for prec, est in estimates:
        f = memory.fit(est, gpu.memory_gb if gpu else None, n) if gpu else None
        fits.append((prec, est, f))
        total = est.total_gb * est.n_gpus
        mark = (
            []
            if f is None
            else [env.t("fit.yes" if f.fits else "fit.no") + env.t("fit.headroom", headroom=f"{f.headroom_gb:+.1f}")]
        )
        parts = dict(est.components)
        table.rows.append(
            [prec, *[f"{parts[c] * est.n_gpus:.1f}" if c in parts else "—" for c in comps], f"{total:.1f} GB", *mark]
        )
    table.title = env.t("fit.title_all") if n > 1 else env.t("fit.title_one")
    if gpu is None:
        return _no_gpu_answer(query, env, model, table, estimates, note)
    ok = [x for x in fits if x[2].fits]
    if query.mode in _TRAIN_MODES and model.kind == "llm":
        pick = fits[0]  # the method asked for; the lighter ones follow in the table
    else:
        pick = next((x for x in fits if x[0] == query.precision), None) or (ok[0] if ok else fits[-1])
    prec, est, f = pick
    assert f is not None  # a GPU is known here (no GPU returned above), so every row has a fit
    where = (
        env.t("fit.where_many", n=n, gpu=gpu.short_name)
        if n > 1
        else env.t("fit.where_one", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
    )
    if f.fits:
        no = [p for p, _, x in fits if not x.fits]
        head = env.t(
            "fit.head_yes_train" if query.mode in _TRAIN_MODES else "fit.head_yes",
            prec=ok[0][0] if pick is ok[0] else prec,
            spare=f"{ok[0][2].headroom_gb * n:.1f}",
            where=where,
            total=f"{n * gpu.memory_gb:g}",
        )
        head += env.t("fit.head_not_at", precisions=i18n.listing(env.lang).join(no)) if no else i18n.end(env.lang)
    else:
        splits = model.kind == "llm"  # an image model's denoiser is not split across GPUs in practice
        more = env.t("fit.would_fit", count=f.min_gpus) if splits and f.min_gpus and f.min_gpus > n else ""
        if more and query.mode == "inference" and f.min_gpus - 1 > n:  # one card fewer at a slightly smaller quant
            fewer = _smaller_quant(model, query, prec, gpu, f.min_gpus - 1)
            if fewer:
                more += env.t("fit.would_fit_smaller", count=f.min_gpus - 1, prec=fewer[0], need=f"{fewer[1]:.1f}")
        if splits and query.mode == "full_finetune":  # full fine-tuning never fits by a plain split
            more = _sharded(env, model, query, gpu, n)
        head = env.t(
            "fit.head_no_train" if query.mode in _TRAIN_MODES else "fit.head_no",
            model=model.name,
            need=f"{est.total_gb * n:.1f}",
            prec=prec,
            mode=_mode(env, query.mode),
            where=where,
            total=f"{n * gpu.memory_gb:g}",
            more=more,
        )
    if not f.fits and ok:
        label, alt, _ = ok[0]
        head += env.t(
            "fit.alternative", label=label, need=f"{alt.total_gb * n:.1f}", spare=f"{ok[0][2].headroom_gb * n:.1f}"
        )
    elif not f.fits and query.mode in _TRAIN_MODES and model.kind == "llm":
        shorter = _longest_sequence(model, query, shown[-1][1], gpu, n)
        if shorter:
            head += env.t("fit.shorter", label=shown[-1][0], seq=f"{shorter:,}")
    elif not f.fits and model.kind == "llm":  # inference: the KV cache of a shorter context may be what is too much
        lightest = shown[-1][2]
        context = _longest_context(model, query, lightest, gpu, n)
        if context:
            head += env.t("fit.shorter_context", prec=lightest, ctx=f"{context:,}")
            q8 = memory.max_context(model, lightest, gpu.memory_gb or 0.0, n, batch=query.batch or 1, kv_type="q8_0")
            if q8 > context:
                asked = query.context_tokens or memory.default_context(model)
                head += env.t("fit.kv_q8_context", ctx=f"{min(q8, asked):,}")
        smaller = _smaller_quant(model, query, lightest, gpu, n)
        if smaller:
            head += env.t("fit.smaller_quant", prec=smaller[0], need=f"{smaller[1]:.1f}", spare=f"{smaller[2]:.1f}")
    moe = None
    if not f.fits and not ok and model.kind == "llm":  # an MoE model: its experts can stay in system RAM
        moe = moe_offload_answer(env, query, model, gpu, n, prec, est.total_gb * n, where)
        if moe:
            head = moe[0]
    steps = [note] if note else []
    steps.append(
        env.t(
            "fit.setup",
            mode=i18n.cap(env.lang, _mode(env, query.mode)),
            setup=setup_text(env, est.setup),
            dominant=env.term(est.dominant),
        )
    )
    steps += _setup_steps(query, env, model, est, gpu.memory_gb * n if not f.fits else None)
    if model.attention in ("gqa", "mqa", "mla") and model.kind == "llm":
        kv = memory.kv_cache_bytes_per_token(model) / 1e6
        steps.append(env.t("fit.kv", attention=model.attention.upper(), kv=f"{kv:.3f}", kv1k=f"{kv * 1000:.0f}"))
        local = memory.local_layers(model)
        if local and model.kind == "llm":  # sliding-window layers keep only the last window of tokens
            beyond = kv * (int(model.layers or 0) - local) / max(int(model.layers or 1), 1)
            steps.append(
                env.t(
                    "fit.kv_sliding",
                    local=local,
                    layers=model.layers,
                    window=f"{model.sliding_window:,}",
                    beyond=f"{beyond * 1000:.0f}",
                )
            )
    longest = 0
    if (
        model.kind == "llm" and query.mode == "inference" and f is not None and f.fits
    ):  # how long a context the card holds
        longest = memory.max_context(model, prec, gpu.memory_gb or 0.0, n, batch=query.batch or 1)
        if longest:
            steps.append(env.t("fit.longest_context", prec=prec, ctx=f"{longest:,}", trained=f"{model.context or 0:,}"))
    figures = {
        "vram_required_gb": round(est.total_gb * n, 2),
        "per_gpu_gb": round(est.total_gb, 2),
        "fits": f.fits,
        "gpu_count": n,
        "precision": prec,
        "headroom_gb": round(f.headroom_gb, 2),
        "min_gpus": f.min_gpus,
        "verdict": _verdict(fits, pick, gpu, n)
        | ({"answer": "yes_if", "condition": "experts_in_system_ram"} if moe and moe[2]["moe_offload"]["runs"] else {}),
    }
    if longest:
        figures["max_context_tokens"] = longest
    if moe:
        steps += moe[1]
        figures |= moe[2]
    if f.fits:  # image models: steps per second and seconds per image (§image.speed)
        speed_head, speed_steps, speed_figures = image_speed_parts(
            env, query, model, gpu, prec, f.headroom_gb * n, where
        )
        head = speed_head or head
        steps += speed_steps
        figures |= speed_figures
    if gpu.unified_memory:
        steps.append(env.t("fit.unified", gpu=gpu.short_name, gb=f"{gpu.memory_gb:g}"))
    if gpu.vendor == "Apple":
        steps.append(env.t("fit.not_cuda", gpu=gpu.short_name))
    if speech(model) and query.mode == "inference" and gpu.name:
        steps.append(env.t("fit.speech", model=model.name))
        if query.want_speed:
            head += i18n.gap(env.lang) + env.t("fit.speech_head", model=model.name)
    elif model.kind == "llm" and query.mode == "inference" and (query.want_speed or f.fits) and gpu.name and not moe:
        dec = llm.decode_speed(gpu, model, prec, context=query.context_tokens or 1024, batch=query.batch or 1, n_gpus=n)
        if not f.fits:  # asked how fast, but it does not fit: what is left over runs from system RAM
            text, tps, offloaded = _offload_speed(env, est, dec, gpu.memory_gb or 0.0, n)
            head += text
            if tps:
                figures["tokens_per_second"] = round(tps, 1)
                figures["offloaded_gb"] = round(offloaded, 1)
        else:
            pre = llm.prefill_speed(gpu, model, prec, n_gpus=n)
            figures["tokens_per_second"] = round(dec.tokens_per_s, 1)
            figures["prefill_tokens_per_second"] = round(pre.tokens_per_s, 0)
            split = env.t("fit.split") if n > 1 else ""
            steps.append(
                env.t(
                    "fit.speed",
                    prec=prec,
                    decode=_speed(env, dec),
                    batch=dec.batch,
                    split=split,
                    prefill=_speed(env, pre),
                    dominant=env.term(dec.dominant),
                )
            )
            if query.want_speed:
                head = env.t(
                    "fit.head_speed" if pre.tokens_per_s > 0 else "fit.head_speed_no_prefill",
                    model=model.name,
                    decode=_speed(env, dec),
                    where=where,
                    prec=prec,
                    prefill=_speed(env, pre),
                    spare=f"{f.headroom_gb * n:.1f}",
                    batch=dec.batch,
                )
    if getattr(query, "want_time", False) and gpu.name and query.mode in _TRAIN_MODES and (f.fits or ok):
        # "全参微调 4090要多久": when the method asked does not fit, the time of the lighter one that does
        lighter = shown[fits.index(ok[0])] if not f.fits else None
        timed = job_time(
            dataclasses.replace(query, mode=lighter[1]) if lighter else query,
            env,
            model,
            gpu,
            n,
            label=lighter[0] if lighter else None,
        )
        if timed[0]:
            head += i18n.gap(env.lang) + timed[0]
            steps += timed[1]
            figures |= timed[2] | ({"job_method": lighter[1]} if lighter else {})
    sources = (
        env.cite(model.source) + ([spec_source(gpu, env)] if gpu.name else []) + ["method: docs/model.md §mem, §llm"]
    )
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=[gpu.name] if gpu.name else [],
        choice=gpu.name if f.fits and gpu.name else None,
        workload="llm_finetune"
        if query.mode in _TRAIN_MODES
        else ("image_generation" if model.kind == "image" else "llm_inference"),
        precision=prec,
        tables=[table],
        steps=steps,
        figures=figures,
        sources=sources,
        lang=env.lang,
    )


def job_time(
    query: FitQuery, env: Env, model: ModelSpec, gpu, n: int, label: str | None = None
) -> tuple[str, list[str], dict]:
    """ "how long to fine tune X on a 4090": the hours of one pass over the data on the GPU(s) the user
    owns, as the cloud job answer computes them (§cost.run: FLOPs per parameter and token at 35 % of
    the 16-bit peak); 100 M tokens unless the question names its data."""
    from assistant.queries import ModelRef, RatesQuery
    from assistant.respond.rates_job import job_hours, tokens_text

    method = query.mode if query.mode in ("lora", "qlora") else "full_finetune"
    asked = RatesQuery(
        text=query.text,
        mode="job",
        model=ModelRef(mention=model.name, key=model.key) if query.model else None,
        method=method,
        samples=query.samples,
        params_b=None if query.model else model.params_b,
    )
    hours, figures, steps = job_hours(asked, env, gpu, n)
    if hours is None:
        return "", [], {}
    data = tokens_text(asked, env, figures["tokens"])
    values = dict(time=duration(env, hours), what=counted(env, gpu, n), data=data)
    head = env.t("fit.job_time_with", label=label, **values) if label else env.t("fit.job_time", **values)
    return head, steps, {"job_hours": round(hours, 2), **figures}


def _setup_steps(query: FitQuery, env: Env, model: ModelSpec, est, short_of_gb: float | None = None) -> list[str]:
    """The set-up line (stated vs assumed values) and, for image models, the lever that matters most:
    VAE slicing when decoding the batch is the peak, sequential offload when the weights do not fit,
    and the caveat that image-training activations are assumed (§mem.image)."""
    chosen = setup.memory_setup(model, query, query.mode)
    steps = [x for x in [setup.setup_step(env, chosen)] if x]
    parts = dict(est.components)
    if chosen.kind == "llm_train" and query.mode == "qlora":
        load = memory.quantize_load_peak_gb(model)
        if load > est.total_gb:
            steps.append(env.t("fit.qlora_load_peak", gb=f"{load:.1f}"))
    if chosen.kind == "llm_train" and chosen.values["loss"] == "plain" and est.dominant == "logits":
        steps.append(env.t("fit.fused_loss", gb=f"{parts['logits']:.1f}"))
    if model.kind != "image":
        return steps
    if chosen.kind == "image_train":
        steps.append(env.t("fit.image_train_assumed"))
        if short_of_gb is not None:  # nothing shown fits
            steps.append(env.t("fit.image_train_block_swap"))
        return steps
    values = chosen.values
    plain = {"offload": "none", "vae_tiling": False, "vae_upcast": None}  # diffusers' defaults
    if values["offload"] == "text_encoders" and not set(query.setup) & {"text_encoder_offload", "no_offload"}:
        kept = setup.estimate(model, setup.Setup("image", values | plain), est_precision(est), 1, "", query)
        steps.append(env.t("fit.offload_default", total=f"{kept.total_gb:.1f}"))
    if values.get("vae_tiling"):
        whole = setup.estimate(
            model, setup.Setup("image", values | {"vae_tiling": False}), est_precision(est), 1, "", query
        )
        if whole.total_gb > est.total_gb + 0.05:
            steps.append(env.t("fit.vae_tiled", gb=f"{whole.total_gb:.1f}"))
    if values["batch"] > 1 and not values["vae_slicing"] and parts.get("activations", 0) >= 0.25 * est.total_gb:
        sliced = setup.estimate(
            model, setup.Setup("image", values | {"vae_slicing": True}), est_precision(est), 1, "", query
        )
        steps.append(env.t("fit.vae_slicing", gb=f"{sliced.total_gb:.1f}"))
    if short_of_gb is not None and values["offload"] != "sequential":
        streamed = setup.estimate(
            model, setup.Setup("image", values | {"offload": "sequential"}), est_precision(est), 1, "", query
        )
        if streamed.total_gb <= short_of_gb:
            steps.append(env.t("fit.sequential_offload", gb=f"{streamed.total_gb:.1f}"))
    return steps


def est_precision(est) -> str:
    """The denoiser precision an image estimate was made for (its set-up line)."""
    m = re.match(r"image generation (\S+),", est.setup)
    return m.group(1) if m else "fp16"


def _longest_sequence(model: ModelSpec, query: FitQuery, mode: str, gpu, n: int) -> int | None:
    """The longest training sequence (1024, 512 or 256 tokens) at which the lightest method fits."""
    for seq in (1024, 512, 256):
        shorter = dataclasses.replace(query, context_tokens=seq)
        if memory.fit(_estimate(model, shorter, "fp16", n, mode), gpu.memory_gb, n).fits:
            return seq
    return None


def _longest_context(model: ModelSpec, query: FitQuery, precision: str, gpu, n: int) -> int | None:
    """The longest context that fits at `precision` (memory.max_context: the KV cache per token), when it
    is shorter than the one asked."""
    ctx = memory.max_context(model, precision, gpu.memory_gb or 0.0, n, batch=query.batch or 1)
    asked = query.context_tokens or memory.default_context(model)
    return ctx if 0 < ctx < asked else None


def _sharded(env: Env, model: ModelSpec, query: FitQuery, gpu, n: int) -> str:
    """Full fine-tuning on more cards: the fewest GPUs on which ZeRO-3 / FSDP (weights, gradients and
    optimizer states split across them; activations are not) fits the set-up; with gradient checkpointing
    too when the user did not turn it off and it needs fewer cards. Empty when nothing up to 64 GPUs fits."""
    base = setup.memory_setup(model, query, "full_finetune")
    plain = _fewest_sharded(model, query, base, gpu, n)
    ckpt = None
    if not base.values.get("checkpointing") and "checkpointing_off" not in (query.setup or ()):
        ckpt = _fewest_sharded(model, query, base.with_values(checkpointing=True), gpu, n)
    if ckpt and (not plain or ckpt < plain):
        return env.t("fit.would_fit_sharded_ckpt", count=ckpt, plain=plain or "64+")
    return env.t("fit.would_fit_sharded", count=plain) if plain else ""


def _fewest_sharded(model: ModelSpec, query: FitQuery, chosen, gpu, n: int) -> int | None:
    for count in range(max(n + 1, 2), 65):
        est = setup.estimate(model, chosen, "fp16", count, "full_finetune", query)
        if memory.fit(est, gpu.memory_gb, count).fits:
            return count
    return None


_SMALLER_QUANTS = {"q4_k_m": ("q4_k_s", "iq4_xs"), "q8_0": ("q6_k", "q5_k_m")}


def _smaller_quant(model: ModelSpec, query: FitQuery, precision: str, gpu, n: int) -> tuple[str, float, float] | None:
    """A near miss: the first slightly smaller quantization of the same class that fits at the context
    asked: (precision, GB needed, GB to spare), all GPUs together."""
    for quant in _SMALLER_QUANTS.get(precision, ()):
        est = _estimate(model, query, quant, n, "inference")
        f = memory.fit(est, gpu.memory_gb, n)
        if f.fits:
            return quant, est.total_gb * n, f.headroom_gb * n
    return None


def _offload_speed(env: Env, est, dec, memory_gb: float, n: int) -> tuple[str, float, float]:
    """The speed of a model that does not fit: the GB over the cards' memory are offloaded to system RAM
    (llama.cpp -ngl), read by the CPU at SYSTEM_RAM_GB_S (§llm.offload), never the all-on-GPU speed.
    (sentence, tokens/s, GB offloaded); empty when even the weights would be mostly in RAM."""
    weights = dict(est.components).get("weights", 0.0) * n
    offloaded = est.total_gb * n - memory_gb * n
    tps = llm.offload_tokens_per_s(dec.tokens_per_s, weights, offloaded)
    if tps <= 0 or offloaded >= weights:
        return "", 0.0, 0.0
    text = env.t(
        "fit.expect_offload",
        off=f"{offloaded:.1f}",
        tps=f"{tps:.1f}" if tps < 10 else f"{tps:.0f}",
        ram=f"{C.SYSTEM_RAM_GB_S:g}",
    )
    return text, tps, offloaded


def _speed(env: Env, speed) -> str:
    return env.term(llm.tokens_per_s_text(speed))


@dataclasses.dataclass(frozen=True)
class _Card:
    """ "a 24 GB card": a nameless GPU with that much memory (fit only; no speed, no sources)."""

    memory_gb: float
    name: str = ""
    unified_memory: bool = False  # a graphics card's own memory
    vendor: str = ""

    @property
    def short_name(self) -> str:
        return f"{self.memory_gb:g} GB GPU"


def _card(memory_gb: float, env: Env) -> _Card:
    return _Card(float(memory_gb))


def _rule_answer(query: FitQuery, env: Env) -> Answer | None:
    """ "12GB显存够跑Transformer吗": no model named, a memory size (or a GPU) and a workload: the reference rule."""
    workload = getattr(query, "workload", None)
    gpu, n = _gpu(query, env)
    memory_gb = (gpu.memory_gb * n if gpu else None) or getattr(query, "memory_gb", None)
    if workload not in _FLOORS or not memory_gb:
        return None
    floor, key = _FLOORS[workload]
    fits = memory_gb >= floor
    what = env.t(key)
    head = env.t("fit.rule_yes" if fits else "fit.rule_no", memory=f"{memory_gb:g}", floor=f"{floor:g}", rule=what)
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=[gpu.name] if gpu else [],
        workload=workload,
        choice=gpu.name if gpu and fits else None,
        steps=[env.t("fit.rule_step")],
        figures={"vram_required_gb": floor, "fits": fits, "gpu_count": n, "memory_gb": memory_gb},
        sources=[
            "Tim Dettmers, 'Which GPU(s) to Get for Deep Learning' (2023), memory rules",
            "method: docs/model.md §rec",
        ],
        lang=env.lang,
    )


def largest_llm(env: Env, memory_gb: float) -> str | None:
    """The largest KB LLM that fits `memory_gb` at q4_k_m with a 4k context (the 4-bit way people run them)."""
    best = None
    for m in env.reader.models:
        if m.kind != "llm" or m.experts:
            continue
        need = memory.inference_memory(m, "q4_k_m", context=4096).total_gb
        if need <= memory_gb and (best is None or m.params_b > best.params_b):
            best = m
    return best.name if best else None
