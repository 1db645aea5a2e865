"""What does fit instead, after a no for a language model run for inference (docs/model.md §llm.moe_offload): "can
4x 3090 run r1", "一张4090跑满血r1可以吗" -> the largest of the model's smaller relatives the KB holds that fits the
same cards at the precision asked (else q4_k_m) with its default context, with that memory and its single-user speed
(§llm.decode).

Relatives: the models of the same family (Llama 3.1 70B for Llama 3.1 405B), and the models of a family named after
the model ("DeepSeek-R1 distill" for DeepSeek R1: the distills people run when they say "r1" at home), smaller than
it. Contract: `with_instead(case, head, figures)` -> the headline and figures with that said (figures
"fits_instead": {model_key, precision, vram_required_gb, tokens_per_second}); unchanged when the fit's verdict is
not a no (nor a yes only at iq1_s with the experts in system RAM, nor a yes only with layers in system RAM), when a
deeper quant of the model itself fits at LOW_BITS or more (said already; below it a smaller relative at 4 bits is
often better, so it is named too), when the model is not an LLM asked for inference, or when no relative fits.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import hardware, llm, memory
from assistant.respond.fit_hints import LOW_BITS, deep_fit
from assistant.respond.fit_rows import FitCase
from assistant.specs import GpuSpec

PRECISION = "q4_k_m"  # how local models are usually run (§mem.weights), the precision the relative is shown at


def with_instead(case: FitCase, head: str, figures: dict) -> tuple[str, dict]:
    text, found = instead(case, figures)
    return (i18n.gap(case.env.lang).join([head, text]), figures | found) if text else (head, figures)


def instead(case: FitCase, figures: dict) -> tuple[str, dict]:
    model, query = case.model, case.query
    low_only = "runs_at" in figures.get("moe_offload", {})  # only at iq1_s with the experts in system RAM
    verdict = figures.get("verdict") or {}
    # a no, or a yes only with layers in system RAM ("will gemma 3 27b run on a 4060 8gb at all"): what fits whole
    no = verdict.get("answer") == "no" or verdict.get("condition") == "layers_in_system_ram"
    if not (no or low_only) or model.kind != "llm" or query.mode not in (None, "inference"):
        return "", {}
    deep = deep_fit(model, query, case.gpu, case.n) if no else None
    if deep is not None and memory.bits_per_weight(deep) >= LOW_BITS:
        return "", {}  # "qwen 32b q4_k_s on a 4080": a deeper quant of the model itself fits, said already
    # (a deep quant below LOW_BITS loses noticeable quality: "gemma 3 27b on a 4060 8gb" names Gemma 3 12B too)
    found = _largest_fitting(case)
    if found is None:
        return "", {}
    other, need, speed, prec = found
    env = case.env
    figures = {"model_key": other.key, "precision": prec, "vram_required_gb": round(need, 1)}
    if speed:
        figures["tokens_per_second"] = round(speed, 1)
        text = env.t("fit.instead_speed", model=other.name, prec=prec, need=f"{need:.1f}", tps=f"{speed:.0f}")
    else:
        text = env.t("fit.instead", model=other.name, prec=prec, need=f"{need:.1f}")
    return text, {"fits_instead": figures}


def relatives(model, models) -> list:
    """The smaller models of the same family or of a family named after the model, largest first."""
    own = _plain(model.name)
    return sorted(
        (
            m
            for m in models
            if m.kind == "llm"
            and m.key != model.key
            and 0 < (m.params_b or 0) < (model.params_b or 0)
            and (m.family == model.family or _plain(m.family).startswith(own + " "))
        ),
        key=lambda m: -(m.params_b or 0),
    )


def _largest_fitting(case: FitCase):
    """(model, GB on all cards, tokens/s or None, precision) of the largest relative that fits, or None."""
    limit = hardware.gpu_memory_limit_gb(case.gpu) if isinstance(case.gpu, GpuSpec) else case.memory_gb
    prec = case.query.precision or PRECISION
    for other in relatives(case.model, case.env.reader.models):
        est = memory.inference_memory(other, prec, batch=1, n_gpus=case.n)
        if not memory.fit(est, limit, case.n).fits:
            continue
        speed = None
        if isinstance(case.gpu, GpuSpec):
            speed = llm.decode_speed(case.gpu, other, prec, context=1024, batch=1, n_gpus=case.n).tokens_per_s
        return other, est.total_gb * case.n, speed, prec
    return None


def _plain(name: str) -> str:
    return " ".join(name.lower().replace("-", " ").split())
