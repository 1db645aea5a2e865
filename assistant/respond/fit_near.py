"""How fast a model that does not fit as asked would run where it does: the all-on-GPU alternative of a near miss
(a shorter context, else a smaller quantization) and, on unified memory (a Mac: nothing to offload to), the speed at
the quantization that fits, else the speed at the one asked "where it fits".

Contract: `on_gpu_alternative(case)` -> (what, tokens/s) of the near miss's all-on-GPU way, or None;
`unified_speed(case, head)` -> the headline with that speed said (first when a quantization fits; after, at the one
asked, otherwise), unchanged when no speed is asked; `figures_of(case)` -> {"tokens_per_second": ...} of the speed
`unified_speed` said, or {}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import llm, memory
from assistant.respond.fit_hints import lighter_quant, smaller_quant
from assistant.respond.fit_rows import FitCase

ALT_MIN_CONTEXT = 2048  # a shorter context that fits is offered as the all-on-GPU way from this length on [A]


def on_gpu_alternative(case: FitCase) -> tuple[str, float] | None:
    """A near miss that fits all in GPU memory: the same precision at a shorter context (at least
    ALT_MIN_CONTEXT tokens; its speed at that context), else the first slightly smaller quantization at the
    context asked, else the lower one the answer names (q4_k_m under fp16): (what, tokens/s); None when none fits."""
    query, model, gpu, n = case.query, case.model, case.gpu, case.n
    prec = case.pick[0]
    ctx = memory.max_context(model, prec, gpu.memory_gb or 0.0, n, batch=query.batch or 1)
    if ctx >= ALT_MIN_CONTEXT and case.spec is not None:  # its speed at that context (the KV cache read is shorter)
        at = min(ctx, query.context_tokens or 1024)
        shorter = llm.decode_speed(case.spec, model, prec, context=at, batch=query.batch or 1, n_gpus=n)
        return case.env.t("fit.alt_context", prec=prec, ctx=f"{ctx:,}"), shorter.tokens_per_s
    smaller = smaller_quant(model, query, prec, gpu, n) or lighter_quant(model, query, prec, gpu, n)
    if smaller is None or case.spec is None:
        return None
    context = query.context_tokens or 1024
    speed = llm.decode_speed(case.spec, model, smaller[0], context=context, batch=query.batch or 1, n_gpus=n)
    return smaller[0], speed.tokens_per_s


def _unified(case: FitCase) -> tuple[str, str, float] | None:
    """(key, precision, tokens/s) of the speed a unified-memory machine is said to run at, or None."""
    query, spec = case.query, case.spec
    if not query.want_speed or spec is None or not spec.unified_memory:
        return None
    alt = on_gpu_alternative(case)
    if alt is not None and alt[1] > 0:  # "tok/s?" after Maverick at q4 on a 192 GB Mac: at the quant that fits
        return "fit.unified_fit_speed", alt[0], alt[1]
    prec = case.pick[0]  # "mac mini m4 16g 能跑14b吗 多快": the speed where it fits
    near = llm.decode_speed(spec, case.model, prec, context=1024, batch=1, n_gpus=case.n)
    return ("fit.unified_near_speed", prec, near.tokens_per_s) if near.tokens_per_s > 0 else None


def unified_speed(case: FitCase, head: str) -> str:
    said = _unified(case)
    if said is None:
        return head
    key, prec, tps = said
    line = case.env.t(key, tps=f"{tps:.1f}", prec=prec)
    gap = i18n.gap(case.env.lang)
    return line + gap + head if key == "fit.unified_fit_speed" else head + gap + line


def figures_of(case: FitCase) -> dict:
    said = _unified(case)
    return {"tokens_per_second": round(said[2], 1)} if said else {}
