"""Answer "will MODEL fit on GPU(s)?" and "how fast does MODEL run on GPU?".

Contract: memory per component for each precision shown (docs/model.md §mem), fits / fits on
N / does not fit with the headroom, and for LLM inference the decode and prefill speed
(§llm). `figures`: vram_required_gb (all GPUs together, for the precision asked, else the
best-quality one that fits), fits, gpu_count, per_gpu_gb, and tokens_per_second when speed
is asked or the model fits.
"""

from __future__ import annotations

import dataclasses

from assistant.answer import Answer, Table
from assistant.models import llm, memory
from assistant.queries import FitQuery
from assistant.respond.common import Env, spec_source
from assistant.specs import GpuSpec, ModelSpec

_INFER_LADDER = ("fp16", "q8_0", "q4_k_m")
_TRAIN_MODES = {"full_finetune": "full", "lora": "lora", "qlora": "qlora"}
_MODE_WORDS = {"inference": "inference", "full_finetune": "full fine-tuning (Adam, mixed precision)",
               "lora": "LoRA fine-tuning", "qlora": "QLoRA fine-tuning"}


def _model(query: FitQuery, env: Env) -> tuple[ModelSpec | None, str]:
    if query.model:
        return env.reader.model(query.model.key), ""
    if query.params_b:
        llms = [m for m in env.reader.models if m.kind == "llm" and m.attention != "mla"]
        near = min(llms, key=lambda m: abs(m.params_b - query.params_b), default=None)
        if near is None:
            return None, ""
        shaped = dataclasses.replace(near, key=f"{query.params_b:g}b", name=f"a {query.params_b:g}B model",
                                     params_b=query.params_b, active_params_b=query.params_b)
        return shaped, f"A {query.params_b:g}B model is assumed to be shaped like {near.name} (layers, heads, KV heads)."
    return None, ""


def _estimate(model: ModelSpec, query: FitQuery, precision: str, n: int) -> memory.MemoryEstimate:
    if model.kind == "image":
        return memory.image_memory(model, precision=precision if precision in ("fp32", "fp16", "fp8", "int8") else "fp16",
                                   batch=query.batch or 1)
    if query.mode in _TRAIN_MODES:
        return memory.training_memory(model, _TRAIN_MODES[query.mode], seq=query.context_tokens or 2048,
                                      batch=query.batch or 1, checkpointing=query.mode != "full_finetune", n_gpus=n,
                                      zero_stage=3 if n > 1 and query.mode == "full_finetune" else 0)
    return memory.inference_memory(model, precision, context=query.context_tokens, batch=query.batch or 1, n_gpus=n)


def _precisions(model: ModelSpec, query: FitQuery) -> list[str]:
    if query.precision:
        return [query.precision]
    if query.mode in _TRAIN_MODES or model.kind != "llm":
        return ["fp16"]
    return list(_INFER_LADDER)


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
    steps.append("Name a GPU to check the fit, e.g. \"on two 3090s\".")
    return Answer(question=query.text, intent="fit", headline=f"{model.name} needs about {need:.1f} GB for {_MODE_WORDS[query.mode]} at {prec}.",
                  tables=[rows], steps=steps, figures={"vram_required_gb": round(need, 2), "fits": None, "gpu_count": est.n_gpus},
                  sources=env.cite(model.source) + ["method: docs/model.md §mem"], lang=env.lang)


def respond(query: FitQuery, env: Env) -> Answer:
    model, note = _model(query, env)
    if model is None:
        return Answer(question=query.text, intent="fit", headline="",
                      clarification="Which model? For example \"will llama 3 70b fit on two 3090s?\" or \"a 13b model on a 4090\".")
    gpu, n = _gpu(query, env)
    estimates = [(p, _estimate(model, query, p, n)) for p in _precisions(model, query)]
    comps = [c for c, _ in estimates[0][1].components]
    capacity = f"{n} x {gpu.memory_gb:g} GB" if gpu else "—"
    table = Table(headers=["precision", *comps, "total", f"fits on {capacity}"], rows=[])
    fits = []
    for prec, est in estimates:
        f = memory.fit(est, gpu.memory_gb if gpu else None, n) if gpu else None
        fits.append((prec, est, f))
        total = est.total_gb * est.n_gpus
        mark = "n/a" if f is None else ("yes" if f.fits else "no") + f" ({f.headroom_gb:+.1f} GB/GPU)"
        table.rows.append([prec, *[f"{v * est.n_gpus:.1f}" for _, v in est.components], f"{total:.1f} GB", mark])
    table.title = "GB, all GPUs together" if n > 1 else "GB"
    if gpu is None:
        return _no_gpu_answer(query, env, model, table, estimates, note)
    ok = [x for x in fits if x[2].fits]
    pick = next((x for x in fits if x[0] == query.precision), None) or (ok[0] if ok else fits[-1])
    prec, est, f = pick
    where = f"{n} x {gpu.short_name}" if n > 1 else f"a {gpu.short_name}"
    if ok:
        no = [p for p, _, x in fits if not x.fits]
        head = f"Yes at {prec}, with about {ok[0][2].headroom_gb * n:.1f} GB to spare on {where} ({n * gpu.memory_gb:g} GB)"
        head = f"Yes at {ok[0][0]}" + head[len(f"Yes at {prec}"):] if pick is ok[0] else head
        head += f"; not at {', '.join(no)}." if no else "."
    else:
        more = f" It would fit on {f.min_gpus} of them." if f.min_gpus and f.min_gpus > n else ""
        head = f"No: {model.name} needs about {est.total_gb * n:.1f} GB at {prec} for {_MODE_WORDS[query.mode]}; {where} has {n * gpu.memory_gb:g} GB.{more}"
    steps = [note] if note else []
    steps.append(f"{_MODE_WORDS[query.mode].capitalize()}, {est.setup}; the largest part is {est.dominant}.")
    if model.attention in ("gqa", "mqa", "mla") and model.kind == "llm":
        kv = memory.kv_cache_bytes_per_token(model) / 1e6
        steps.append(f"{model.attention.upper()} attention keeps the KV cache at {kv:.3f} MB per token "
                     f"({kv * 1000:.0f} MB per 1k tokens of context).")
    figures = {"vram_required_gb": round(est.total_gb * n, 2), "per_gpu_gb": round(est.total_gb, 2), "fits": f.fits,
               "gpu_count": n, "precision": prec, "headroom_gb": round(f.headroom_gb, 2), "min_gpus": f.min_gpus}
    if model.kind == "llm" and query.mode == "inference" and (query.want_speed or f.fits):
        dec = llm.decode_speed(gpu, model, prec, context=query.context_tokens or 1024, batch=query.batch or 1, n_gpus=n)
        pre = llm.prefill_speed(gpu, model, prec, n_gpus=n)
        figures["tokens_per_second"] = round(dec.tokens_per_s, 1)
        figures["prefill_tokens_per_second"] = round(pre.tokens_per_s, 0)
        split = " (layers split across GPUs over PCIe)" if n > 1 else ""
        steps.append(f"Speed at {prec}: about {llm.tokens_per_s_text(dec)} generating at batch {dec.batch}{split}, "
                     f"{llm.tokens_per_s_text(pre)} reading the prompt; {dec.dominant} dominates (docs/model.md §llm).")
        if query.want_speed:
            head += f" Expect about {llm.tokens_per_s_text(dec)} when generating."
    sources = env.cite(model.source) + [spec_source(gpu), "method: docs/model.md §mem, §llm"]
    return Answer(question=query.text, intent="fit", headline=head, gpus=[gpu.name], choice=gpu.name if f.fits else None,
                  workload="llm_finetune" if query.mode in _TRAIN_MODES else ("image_generation" if model.kind == "image" else "llm_inference"),
                  precision=prec, tables=[table], steps=steps, figures=figures, sources=sources, lang=env.lang)
