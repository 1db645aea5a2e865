"""LLM speed when the question gives a memory size but no card ("24b q8 on a 16gb card with some offload, what speed"):
the speed is the card's, so it is given as the range over the desktop NVIDIA cards of that size the price data lists
(§llm.decode), with the layers that do not fit read from system RAM (§llm.offload; a mixture-of-experts model: the
experts of the layers that do not fit, llama.cpp --n-cpu-moe, §llm.moe_offload, as a named card's fit answers), and
the user is asked to name the card for its own figure.

Contract: `llm_range(env, query, model, prec, est, memory_gb)` -> (sentence, figures); ("", {}) when the question
asks no speed, the model is no LLM run for inference, or no priced card of that size is rated. figures:
llm_speed_range [slowest, fastest tokens/s], llm_speed_cards, and offloaded_gb when part of the model stays in RAM.
"""

from __future__ import annotations

from assistant.models import llm, moe_offload
from assistant.respond.env import Env
from assistant.respond.pricing import snapshot_quotes


def _rate(tps: float) -> str:
    return f"{tps:,.0f}" if tps >= 100 else f"{tps:.1f}"


def llm_range(env: Env, query, model, prec: str, est, memory_gb: float) -> tuple[str, dict]:
    if model.kind != "llm" or query.mode != "inference" or not memory_gb or not query.want_speed:
        return "", {}
    weights = dict(est.components).get("weights", 0.0)
    offloaded = max(est.total_gb - memory_gb, 0.0)
    if offloaded >= weights:
        return "", {}
    names = sorted({q.gpu for q in snapshot_quotes(env.reader, env.assumptions.snapshot, env.price_market())})
    timed, experts = [], None
    for gpu in env.reader.gpus(names):
        if gpu.memory_gb != memory_gb or gpu.vendor != "NVIDIA" or gpu.is_mobile or gpu.passively_cooled:
            continue
        dec = llm.decode_speed(gpu, model, prec, context=query.context_tokens or 1024, batch=query.batch or 1)
        tps = llm.offload_tokens_per_s(dec.tokens_per_s, weights, offloaded) if offloaded else dec.tokens_per_s
        plan = _experts_off(env, query, model, gpu, prec) if offloaded and model.experts else None
        if plan is not None:  # "30b a3b on a 16gb gpu + 64gb ram": only the routed experts are read from RAM
            tps, experts = plan.tokens_per_s, plan
        if tps > 0:
            timed.append((tps, gpu.short_name))
    if not timed:
        return "", {}
    timed.sort()
    (slow, slow_gpu), (fast, fast_gpu) = timed[0], timed[-1]
    figures: dict = {"llm_speed_range": [round(slow, 1), round(fast, 1)], "llm_speed_cards": len(timed)}
    ram = env.t("fit.llm_range_ram", off=f"{offloaded:.1f}") if offloaded else ""
    if experts is not None:
        ram = env.t("fit.llm_range_moe", layers=experts.layers_in_ram, off=f"{experts.experts_in_ram_gb:.1f}")
        offloaded = experts.experts_in_ram_gb
    if offloaded:
        figures["offloaded_gb"] = round(offloaded, 1)
    if len(timed) == 1:
        text = env.t("fit.llm_range_one", gb=f"{memory_gb:g}", gpu=fast_gpu, tps=_rate(fast), prec=prec, ram=ram)
    else:
        text = env.t(
            "fit.llm_range",
            gb=f"{memory_gb:g}",
            n=len(timed),
            slow=_rate(slow),
            slow_gpu=slow_gpu,
            fast=_rate(fast),
            fast_gpu=fast_gpu,
            prec=prec,
            ram=ram,
        )
    return text, figures


def _experts_off(env: Env, query, model, gpu, prec: str):
    """llama.cpp's expert offload of an MoE model on `gpu` (models.moe_offload, the RAM's read rate said or
    assumed as in respond/moe_fit.py); None when it does not apply or has no speed."""
    from assistant.respond.fit_speed import ram_of

    bw, _ = ram_of(env, query)
    plan = moe_offload.expert_offload(
        gpu, model, prec, 1, context=query.context_tokens or None, batch=query.batch or 1, ram_gb_s=bw
    )
    return plan if plan is not None and plan.tokens_per_s > 0 else None
