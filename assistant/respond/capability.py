"""What a card runs, asked as such ("what can i realistically run on a 4060 8gb laptop? llms, image gen, anything?",
"我只有一张1660s 6g 能跑啥模型", "m2 max 96g的macbook能跑什么"): one clause per kind of work, first.

Contract: `lead(answer, query, env, gpu, n)` for a FitQuery asked "what_runs" with no model named puts first what the
card runs: LLMs (the largest KB model at q4_k_m with 4k context and its batch-1 speed, §llm.decode), images
(Stable Diffusion 1.5, SDXL and FLUX.1 [dev] as ComfyUI / Forge run them: 16-bit, else fp8, else a GGUF Q4_K_S
denoiser, §mem.image), fine-tuning (the largest LLM a QLoRA fits, §mem.train) and training (16-bit speed against an
RTX 3090, §perf; not on a Mac), in the memory the GPU may use (macOS's share on a Mac, §mem.apple; on a Jetson /
GB10 / Strix Halo the unified memory less the OS's share, §mem.unified); over several cards LLMs take all of it
(split by layers), images and QLoRA one card's; a memory size said with no card ("what can i run on 8gb vram")
gets the same clauses, LLMs without a speed. The answer's own headline becomes a reason below. Other answers return
unchanged.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import hardware, llm
from assistant.models.diffusion_memory import AS_USUALLY_RUN, image_memory
from assistant.respond.env import Env

IMAGE_MODELS = ("sd-1.5", "sdxl-base", "flux.1-dev")  # the image models people start with, smallest first
IMAGE_LADDER = ("fp16", "fp8", "q4_k_s", "q3_k_m")  # how each is tried: 16-bit, fp8, GGUF Q4_K_S, Q3_K_M
MARGIN_GB = 0.3  # a fit counts only with this much to spare [A]
UNIFIED_OS_GB = 2.0  # unified memory the OS and CPU side keep at least (a headless Jetson, a desktop Linux) [A]
UNIFIED_OS_SHARE = 0.125  # ... or this share of it, whichever is more [A]


def lead(answer: Answer, query, env: Env, gpu, n: int) -> Answer:
    if getattr(query, "asked", "") != "what_runs" or getattr(query, "model", None):
        return answer
    if gpu is None:  # "what can i run on 8gb vram": a memory size, no card
        return _lead_memory(answer, query, env)
    if answer.clarification or not gpu.memory_gb:
        return answer
    apple = (gpu.vendor or "").lower() == "apple"
    total = hardware.gpu_memory_limit_gb(gpu)
    shared = bool(getattr(gpu, "unified_memory", False)) and not apple  # a Jetson, the GB10, Strix Halo
    each = free_for_models(total) if shared else total
    memory_gb = each * n  # LLMs split by layers over the cards; an image model and a QLoRA run on one card
    quant = query.precision if query.precision in C.BITS_PER_WEIGHT else "q4_k_m"  # "and at q8 instead?"
    parts = [_llms(env, gpu, n, memory_gb, quant), _images(env, each), _tuning(env, each, apple)]
    if not apple:  # a Mac's training speed is not on the reference's scale (no tensor-core roofline)
        parts.append(_training(env, gpu, n))
    parts = [p for p in parts if p]
    if not parts:
        return answer
    if n > 1:
        head = env.t("capability.lead_many", gpu=gpu.short_name, n=n, memory=f"{memory_gb:g}", each=f"{each:g}")
    elif shared:  # the OS and the CPU side keep part of that memory
        head = env.t("capability.lead_unified", gpu=gpu.short_name, memory=f"{total:g}", free=f"{memory_gb:g}")
    else:
        head = env.t("capability.lead", gpu=gpu.short_name, memory=f"{memory_gb:g}")
    rule = answer.headline  # the largest model and the buying rule: a reason below, not the lead
    answer.headline = head + i18n.sep(env.lang).join(parts) + env.t("capability.end")
    if not shared:  # sized in the whole shared memory, with a buying rule ("Not comfortably"): not beside the lead
        answer.steps = [s for s in (rule, *answer.steps) if s]
    answer.figures["capability"] = {"memory_gb": memory_gb, "kinds": len(parts)}
    return answer


def _lead_memory(answer: Answer, query, env: Env) -> Answer:
    """What runs in a memory size said with no card: the same clauses, LLMs without a speed (no card to rate)."""
    memory_gb = getattr(query, "memory_gb", None)
    if answer.clarification or not memory_gb:
        return answer
    from assistant.respond.fit_sizing import largest_llm

    name = largest_llm(env, memory_gb)
    llms = env.t("capability.llm_unrated", model=name) if name else env.t("capability.llm_none")
    parts = [p for p in (llms, _images(env, memory_gb), _tuning(env, memory_gb, False)) if p]
    rule = answer.headline
    answer.headline = env.t("capability.lead_memory", memory=f"{memory_gb:g}") + i18n.sep(env.lang).join(parts)
    answer.headline += env.t("capability.end")
    answer.steps = [s for s in (rule, *answer.steps) if s]
    answer.figures["capability"] = {"memory_gb": memory_gb, "kinds": len(parts)}
    return answer


def free_for_models(unified_gb: float) -> float:
    """Unified memory left for models on a device whose CPU and operating system share it (a Jetson, the GB10,
    Strix Halo): the total less max(UNIFIED_OS_GB, UNIFIED_OS_SHARE of it) [A] (docs/model.md §mem.unified)."""
    return round(unified_gb - max(UNIFIED_OS_GB, unified_gb * UNIFIED_OS_SHARE), 1)


def _llms(env: Env, gpu, n: int, memory_gb: float, quant: str = "q4_k_m") -> str:
    from assistant.respond.fit_sizing import largest_llm

    name = largest_llm(env, memory_gb, quant=quant)
    model = next((m for m in env.reader.models if m.name == name), None) if name else None
    if model is None:
        return env.t("capability.llm_none")
    tps = llm.decode_speed(gpu, model, quant, context=4096, n_gpus=n).tokens_per_s
    if quant != "q4_k_m":  # a precision asked ("and at q8 instead?"): said in the clause
        return env.t("capability.llm_at", model=name, quant=quant, tps=f"{tps:,.0f}" if tps else "?")
    if not tps:
        return env.t("capability.llm_unrated", model=name)
    return env.t("capability.llm", model=name, tps=f"{tps:,.0f}")


def image_verdict(env: Env, memory_gb: float) -> tuple[str, bool]:
    """ "is 8gb vram enough for stable diffusion": yes / yes for some / no by the image models that fit `memory_gb`
    as usually run (the reference's 12 GB rule is advice for buying, said after); (text, any fits)."""
    fits = [_image_fit(env, key, memory_gb) for key in IMAGE_MODELS]
    found = [f for f in fits if f is not None]
    if not found:
        return "", False
    items = i18n.listing(env.lang).join(text for text, _ in found)
    fitting = sum(1 for _, ok in found if ok)
    key = "all" if fitting == len(found) else "some" if fitting else "none"
    return env.t(f"capability.image_verdict_{key}", items=items, memory=f"{memory_gb:g}"), key != "none"


def _image_fit(env: Env, key: str, memory_gb: float) -> tuple[str, bool] | None:
    model = next((m for m in env.reader.models if m.key == key), None)
    if model is None:
        return None
    for precision in IMAGE_LADDER:
        gb = image_memory(model, precision=precision, **AS_USUALLY_RUN).total_gb
        if gb <= memory_gb - MARGIN_GB:
            how = "" if precision == "fp16" else env.t(f"capability.as_{precision}")
            return env.t("capability.image_one", model=model.name, how=how, gb=f"{gb:.1f}"), True
    return env.t("capability.image_not", model=model.name), False


def _images(env: Env, memory_gb: float) -> str:
    said = [f[0] for f in (_image_fit(env, key, memory_gb) for key in IMAGE_MODELS) if f is not None]
    return env.t("capability.images", items=i18n.listing(env.lang).join(said)) if said else ""


def _training(env: Env, gpu, n: int) -> str:
    """Training from scratch: the card's 16-bit training speed against an RTX 3090 (§perf), or that it has no
    tensor cores to train on ("" when the model has no figure for it)."""
    from assistant.respond.pricing import score

    if not hardware.has_tensor_cores(gpu):
        return env.t("capability.training_no_tensor")
    speed = score(gpu, "train16", n).score
    if speed <= 0:
        return ""
    if gpu.name == C.REF_NAME and n == 1:
        return env.t("capability.training_reference")
    return env.t("capability.training", speed=f"{speed:.2f}")


def _tuning(env: Env, memory_gb: float, apple: bool) -> str:
    """On a Mac the 4-bit LoRA is MLX's (bitsandbytes' QLoRA needs CUDA)."""
    from assistant.respond.fit_sizing import largest_finetunable

    name = largest_finetunable(env, memory_gb, "qlora")
    if not name:
        return env.t("capability.tuning_none")
    return env.t("capability.tuning_apple" if apple else "capability.tuning", model=name)
