"""What an answer says about a GPU the speed model cannot rate (Apple silicon, parts with no published
tensor or FP16/FP32 throughput): never a "0.00x" ratio, but "not rated" with the reason, and the
single-user LLM decode speed, which needs only memory bandwidth (docs/model.md §llm.decode).

Contract: `is_unrated(perf)`; `llm_speeds(env, gpu, n)` -> (model name, quant, tokens/s or None when the
model does not fit, GB needed) for a small and a large common model; `llm_text(env, gpu, n)` the
sentence listing them; `llm_text_largest(env, gpu)` the same with, when the large one does not fit, the largest
KB model that does (one card). Pure; never raises.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import llm, memory
from assistant.respond.env import Env
from assistant.respond.pricing import CHAT_CONTEXT

# a small and a large model people run locally, at the usual 4-bit GGUF quantization [A]
MODELS = (("llama-3-8b", "q4_k_m"), ("llama-3-70b", "q4_k_m"))


def is_unrated(perf) -> bool:
    return not perf.score or perf.score <= 0


def llm_speeds(env: Env, gpu, n: int = 1) -> list[tuple[str, str, float | None, float]]:
    out = []
    for key, quant in MODELS:
        model = env.reader.model(key)
        if model is None:
            continue
        est = memory.inference_memory(model, quant, n_gpus=n)
        fits = memory.fit(est, gpu.memory_gb or 0.0, n).fits
        speed = llm.decode_speed(gpu, model, quant, context=CHAT_CONTEXT, n_gpus=n).tokens_per_s if fits else None
        out.append((model.name, quant, speed, est.total_gb * n))
    return out


def llm_text(env: Env, gpu, n: int = 1, speeds: list | None = None) -> str:
    """ "Llama 3 8B q4_k_m about 107 tokens/s, Llama 3 70B q4_k_m about 14 (42.5 GB)" (`speeds`: llm_speeds' rows when
    the caller has them)."""
    parts = []
    for name, quant, speed, need in speeds if speeds is not None else llm_speeds(env, gpu, n):
        key = "unrated.model_speed" if speed else "unrated.model_no_fit"
        parts.append(env.t(key, model=name, quant=quant, tps=f"{speed or 0:,.0f}", gb=f"{need:.1f}"))
    return i18n.listing(env.lang).join(parts)


def llm_text_largest(env: Env, gpu) -> str:
    """ "Llama 3 8B q4_k_m about 44 tokens/s, Llama 3 70B q4_k_m does not fit (43.1 GB needed); the largest that fits,
    Qwen2.5 32B q4_k_m, about 10": a card's speed asked on its own names a model it can run beside the 8B."""
    from assistant.respond.fit_sizing import largest_llm

    speeds = llm_speeds(env, gpu)
    text = llm_text(env, gpu, speeds=speeds)
    if speeds[-1][2] is not None:
        return text
    name = largest_llm(env, gpu.memory_gb or 0.0)
    model = next((m for m in env.reader.models if m.name == name), None)
    if model is None or name == speeds[0][0] or model.params_b < 12:
        return text
    tps = llm.decode_speed(gpu, model, "q4_k_m", context=CHAT_CONTEXT).tokens_per_s
    return text + env.t("unrated.largest_speed", model=name, quant="q4_k_m", tps=f"{tps:,.0f}")
