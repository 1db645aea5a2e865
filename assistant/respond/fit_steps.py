"""The explanation steps of a fit answer: the set-up (stated vs assumed values), the levers that matter
for image models and QLoRA, the KV cache per token (GQA/MQA/MLA, sliding windows), the longest context
the cards hold, and notes on unified memory and non-CUDA stacks.

Contract: `setup_steps(query, env, model, est, short_of_gb)` and `memory_steps(case, est)` return lists of
sentences in the answer's language; `longest_context(case)` the longest context that fits (0: not asked).
"""

from __future__ import annotations

import re

from assistant.models import constants as C
from assistant.models import diffusion_memory, memory, train_memory
from assistant.queries import FitQuery
from assistant.respond import setup
from assistant.respond.env import Env
from assistant.respond.fit_rows import FitCase
from assistant.specs import GpuSpec, ModelSpec

FUSED_LOSS_SHARE = 0.25  # the logits are at least this share of the need: name the fused loss [A]


def setup_steps(query: FitQuery, env: Env, model: ModelSpec, est, short_of_gb: float | None = None) -> list[str]:
    """The set-up line (stated vs assumed values) and, for image models, the lever that matters most:
    VAE slicing when decoding the batch is the peak, sequential offload when the weights do not fit,
    and the caveat that image-training activations are assumed (§mem.image)."""
    chosen = setup.memory_setup(model, query, query.mode)
    steps = [x for x in [setup.setup_step(env, chosen)] if x]
    parts = dict(est.components)
    if chosen.kind == "llm_train" and query.mode == "qlora":
        load = train_memory.quantize_load_peak_gb(model)
        if load > est.total_gb:
            steps.append(env.t("fit.qlora_load_peak", gb=f"{load:.1f}"))
    logits = parts.get("logits", 0.0)
    if chosen.kind == "llm_train" and chosen.values["loss"] == "plain" and logits >= FUSED_LOSS_SHARE * est.total_gb:
        total = (est.total_gb - logits) * est.n_gpus
        steps.append(env.t("fit.fused_loss", gb=f"{logits * est.n_gpus:.1f}", total=f"{total:.1f}"))
    if model.kind != "image":
        return steps
    if chosen.kind == "image_train":
        steps.append(env.t("fit.image_train_assumed"))
        if short_of_gb is not None and not _low_vram_fits(model, chosen.values, short_of_gb):  # nothing fits
            steps.append(env.t("fit.image_train_block_swap"))
        return steps
    return steps + _image_levers(query, env, model, est, chosen.values, short_of_gb)


def _low_vram_fits(model: ModelSpec, values: dict, avail_gb: float) -> bool:
    """The published low-VRAM recipe (fp8 base, Adafactor, blocks swapped) fits: the answer leads with it
    (image_route.lora_route), so the 'not modelled' note would contradict it."""
    return diffusion_memory.low_vram_lora(model, avail_gb, **(values | {"precision": "fp8"})) is not None


def _image_levers(query: FitQuery, env: Env, model: ModelSpec, est, values: dict, short_of_gb) -> list[str]:
    steps = []
    parts = dict(est.components)
    prec = est_precision(est)

    def total_with(**changed) -> float:
        return setup.estimate(model, setup.Setup("image", values | changed), prec, 1, "", query).total_gb

    plain = {"offload": "none", "vae_tiling": False, "vae_upcast": None}  # diffusers' defaults
    if values["offload"] == "text_encoders" and not set(query.setup) & {"text_encoder_offload", "no_offload"}:
        steps.append(env.t("fit.offload_default", total=f"{total_with(**plain):.1f}"))
    if values.get("vae_tiling"):
        whole = total_with(vae_tiling=False)
        if whole > est.total_gb + 0.05:
            steps.append(env.t("fit.vae_tiled", gb=f"{whole:.1f}"))
    if values["batch"] > 1 and not values["vae_slicing"] and parts.get("activations", 0) >= 0.25 * est.total_gb:
        steps.append(env.t("fit.vae_slicing", gb=f"{total_with(vae_slicing=True):.1f}"))
    if short_of_gb is not None and values["offload"] != "sequential":
        streamed = total_with(offload="sequential")
        if streamed <= short_of_gb:
            steps.append(env.t("fit.sequential_offload", gb=f"{streamed:.1f}"))
    return steps


def est_precision(est) -> str:
    """The denoiser precision an image estimate was made for (its set-up line)."""
    m = re.match(r"image generation (\S+),", est.setup)
    return m.group(1) if m else "fp16"


def kv_steps(env: Env, model: ModelSpec) -> list[str]:
    """The KV cache per token of a GQA/MQA/MLA model, and what sliding-window layers keep."""
    if model.attention not in ("gqa", "mqa", "mla") or model.kind != "llm":
        return []
    kv = memory.kv_cache_bytes_per_token(model) / 1e6
    steps = [env.t("fit.kv", attention=model.attention.upper(), kv=f"{kv:.3f}", kv1k=f"{kv * 1000:.0f}")]
    local = memory.local_layers(model)
    beyond = kv * (int(model.layers or 0) - local) / max(int(model.layers or 1), 1)
    if local and not model.sliding_window:  # linear-attention layers keep a fixed state, no growing cache
        steps.append(env.t("fit.kv_linear", local=local, layers=model.layers, beyond=f"{beyond * 1000:.0f}"))
    elif local:  # sliding-window layers keep only the last window of tokens
        steps.append(
            env.t(
                "fit.kv_sliding",
                local=local,
                layers=model.layers,
                window=f"{model.sliding_window:,}",
                beyond=f"{beyond * 1000:.0f}",
            )
        )
    return steps


def longest_context(case: FitCase) -> tuple[str, int]:
    """(precision, tokens): how long a context the cards hold at the picked precision; when it does not fit at the
    context asked, a shorter context at that precision (at least C.NEAR_CONTEXT tokens), else the best precision that
    fits (a row of the table or the slightly smaller quantization the answer offers); ("", 0) when none fits or it is
    no LLM inference."""
    from assistant.respond.fit_hints import smaller_quant

    if case.model.kind != "llm" or case.query.mode != "inference":
        return "", 0
    mem, batch = case.gpu.memory_gb or 0.0, case.query.batch or 1
    prec, _, f = case.pick
    if f is not None and f.fits:
        return prec, memory.max_context(case.model, prec, mem, case.n, batch=batch)
    shorter = memory.max_context(case.model, prec, mem, case.n, batch=batch)
    if shorter >= C.NEAR_CONTEXT:
        return prec, shorter
    smaller = smaller_quant(case.model, case.query, prec, case.gpu, case.n)
    other = case.ok[0][0] if case.ok else smaller[0] if smaller else ""
    return (other, memory.max_context(case.model, other, mem, case.n, batch=batch)) if other else ("", 0)


def device_notes(env: Env, gpu) -> list[str]:
    """Unified memory (shared with the system) and a stack other than CUDA."""
    steps = []
    if gpu.unified_memory and gpu.vendor != "Apple":  # a Mac's share of it: fit.macos_gpu_limit
        steps.append(env.t("fit.unified", gpu=gpu.short_name, gb=f"{gpu.memory_gb:g}"))
    if gpu.vendor == "Apple":  # a Mac the KB does not list goes by the words the user wrote
        name = gpu.short_name if isinstance(gpu, GpuSpec) else (gpu.name or gpu.short_name)
        steps.append(env.t("fit.not_cuda", gpu=name))
    return steps


MAC_WORDS = re.compile(r"\b(?:mac|macbook|imac|mac ?mini|mac ?studio|mac ?pro|m[1-5](?: ?(?:pro|max|ultra))?)\b", re.I)


def unlisted_mac(query: FitQuery) -> str:
    """The words of a Mac the KB does not list ("macbook air m3 16gb"), whose memory the question states: the fit
    uses the share macOS gives the GPU (§mem.apple); "" when no unlisted mention names a Mac. A Mac named by its
    memory alone, no chip ("a 64gb mac", "64gb unified memory mac"), is "Mac with 64 GB"."""
    found = next((m for m in getattr(query, "unrecognized", ()) if MAC_WORDS.search(m)), "")
    memory = getattr(query, "memory_gb", None)
    if found or not memory or any(g.name for g in getattr(query, "gpus", ())):
        return found
    return f"Mac with {memory:g} GB" if _MAC_ALONE.search(getattr(query, "text", "") or "") else ""


_MAC_ALONE = re.compile(r"\b(?:mac|macbook|imac|mac ?mini|mac ?studio)\b", re.I)
