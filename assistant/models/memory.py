"""GPU memory needed to run or train a model, and whether it fits (§mem).

Contract: `inference_memory`, `training_memory` and `image_memory` take a `ModelSpec` and
plain numbers and return a frozen `MemoryEstimate`: GB per component (1 GB = 1e9 bytes), the
total per GPU, the factors and the largest component. `fit(estimate, gpu_memory_gb, n_gpus)`
says fits / fits on N GPUs / does not fit, with the headroom. Never raises on odd inputs;
missing model shape fields count as 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models.explain import Factor, dominant_of, finite
from assistant.specs import ModelSpec


@dataclass(frozen=True)
class MemoryEstimate:
    model: str
    setup: str  # e.g. "inference q4_k_m, 8192 ctx, batch 1"
    components: tuple[tuple[str, float], ...]  # (name, GB per GPU)
    total_gb: float  # per GPU
    n_gpus: int
    factors: tuple[Factor, ...]
    dominant: str


@dataclass(frozen=True)
class Fit:
    fits: bool
    n_gpus: int
    needed_gb: float  # per GPU
    available_gb: float  # per GPU
    headroom_gb: float  # available - needed (negative: short by)
    min_gpus: int  # smallest GPU count that fits (0 = none up to 64)
    verdict: str


def bits_per_weight(quant: str) -> float:
    return C.BITS_PER_WEIGHT.get((quant or "fp16").lower().replace("-", "_"), 16.0)


def kv_cache_bytes_per_token(model: ModelSpec, kv_type: str = "fp16") -> float:
    """Bytes of KV cache per token: 2 x layers x kv_heads x head_dim x bytes (GQA/MQA through
    kv_heads); MLA caches one latent (kv_lora_rank + qk_rope_head_dim) per layer (§mem.kv)."""
    per = C.KV_CACHE_BYTES.get(kv_type, 2.0)
    layers = finite(model.layers)
    if (model.attention or "").lower() == "mla" and model.kv_lora_rank:
        return layers * (finite(model.kv_lora_rank) + finite(model.qk_rope_head_dim)) * per
    kv_heads = finite(model.kv_heads) or finite(model.attention_heads)
    return 2 * layers * kv_heads * finite(model.head_dim) * per


def _estimate(model, setup, parts: dict[str, float], n_gpus, factors) -> MemoryEstimate:
    clean = {k: max(finite(v), 0.0) for k, v in parts.items()}
    return MemoryEstimate(
        model.key, setup, tuple(clean.items()), sum(clean.values()), n_gpus, tuple(factors), dominant_of(clean)
    )


def inference_memory(
    model: ModelSpec,
    quant: str = "fp16",
    *,
    context: int | None = None,
    batch: int = 1,
    n_gpus: int = 1,
    framework: str = "llama.cpp",
    kv_type: str = "fp16",
) -> MemoryEstimate:
    """Weights + KV cache + compute buffers + CUDA context, split evenly over n_gpus."""
    n = max(int(n_gpus or 1), 1)
    ctx = max(int(context if context is not None else min(finite(model.context) or 4096, 8192)), 0)
    batch = max(int(batch or 1), 1)
    bpw = bits_per_weight(quant)
    weights = finite(model.params_b) * 1e9 * bpw / 8 / C.GB
    kv = kv_cache_bytes_per_token(model, kv_type) * ctx * batch / C.GB
    buffers = (
        finite(model.hidden) * 4 * C.INFER_BUFFER_TOKENS * 8
        + finite(model.vocab) * 4 * min(batch * C.INFER_BUFFER_TOKENS, C.INFER_BUFFER_TOKENS)
    ) / C.GB
    context_gb = C.CUDA_CONTEXT_GB.get(framework, C.CUDA_CONTEXT_GB["pytorch"])
    parts = {"weights": weights / n, "KV cache": kv / n, "compute buffers": buffers, "CUDA context": context_gb}
    factors = [
        Factor("bits per weight", bpw, "bits", "§mem.weights", quant),
        Factor(
            "KV cache per token",
            kv_cache_bytes_per_token(model, kv_type) / 1e6,
            "MB",
            "§mem.kv",
            f"{model.attention or '?'} attention",
        ),
        Factor("context", ctx, "tokens", "input"),
        Factor("batch", batch, "sequences", "input"),
    ]
    return _estimate(model, f"inference {quant}, {ctx} ctx, batch {batch}", parts, n, factors)


def lora_params(model: ModelSpec, rank: int = C.LORA_DEFAULT_RANK, targets: str = "all") -> float:
    """Adapter parameters for LoRA on every linear layer ("all") or on the query and value
    projections only ("attention", peft's default) of every block (§mem.lora)."""
    h = finite(model.hidden)
    q_out = finite(model.attention_heads) * finite(model.head_dim) or h
    kv_out = (finite(model.kv_heads) or finite(model.attention_heads)) * finite(model.head_dim) or h
    inter = finite(model.intermediate) or 4 * h
    mlp_mats = 3 if model.kind == "llm" else 2
    if targets == "attention":
        return rank * ((h + q_out) + (h + kv_out)) * finite(model.layers)
    per_layer = (h + q_out) + 2 * (h + kv_out) + (q_out + h) + mlp_mats * (h + inter)
    return rank * per_layer * finite(model.layers)


def activation_bytes_per_token(model: ModelSpec, seq: int, checkpointing: bool, flash: bool, act_bytes: float) -> float:
    """Korthikanti et al. 2022: per layer 34 h + 5 a s bytes in 16-bit (no attention scores with
    flash attention); with checkpointing only each layer's input (2 h) plus one full layer."""
    h, layers = finite(model.hidden), finite(model.layers)
    full_layer = C.ACT_BYTES_PER_HIDDEN * h + (
        0 if flash else C.ACT_ATTN_SCORE_BYTES * finite(model.attention_heads) * seq
    )
    scale = act_bytes / 2.0
    if checkpointing:
        return (layers * 2 * h + full_layer) * scale
    return layers * full_layer * scale


def training_memory(
    model: ModelSpec,
    method: str = "full",
    *,
    seq: int = 2048,
    batch: int = 1,
    checkpointing: bool = False,
    flash_attention: bool = True,
    n_gpus: int = 1,
    zero_stage: int = 0,
    precision: str = "mixed",
    lora_rank: int = C.LORA_DEFAULT_RANK,
    base_bits: float | None = None,
    lora_targets: str = "all",
) -> MemoryEstimate:
    """method: full | lora | qlora; precision: mixed | fp32; zero_stage 0-3 shards over n_gpus;
    lora_targets: all (every linear) | attention (query/value only: frozen linears without an
    adapter keep no saved input, so activations shrink to LORA_ATTN_ONLY_ACT_SHARE)."""
    n = max(int(n_gpus or 1), 1)
    p = finite(model.params_b) * 1e9
    tokens = max(int(seq), 1) * max(int(batch), 1)
    act_bytes = 4.0 if precision == "fp32" else 2.0
    parts: dict[str, float] = {}
    if method == "full":
        w_bytes = 4.0 if precision == "fp32" else 2.0
        opt_bytes = C.ADAM_BYTES_PER_PARAM["fp32" if precision == "fp32" else "mixed"] - 2 * w_bytes
        shard = {k: (n if zero_stage >= s else 1) for k, s in (("weights", 3), ("gradients", 2), ("optimizer", 1))}
        parts["weights"] = p * w_bytes / shard["weights"] / C.GB
        parts["gradients"] = p * w_bytes / shard["gradients"] / C.GB
        parts["optimizer states (Adam)"] = p * opt_bytes / shard["optimizer"] / C.GB
    else:
        bits = base_bits or (C.BITS_PER_WEIGHT["nf4"] if method == "qlora" else 32.0 if precision == "fp32" else 16.0)
        adapters = lora_params(model, lora_rank, lora_targets)
        # bitsandbytes quantizes the block linears only: embeddings and LM head stay 16-bit (§mem.lora)
        embed = (
            min(p, finite(model.vocab) * finite(model.hidden) * (2 if model.kind == "llm" else 1))
            if method == "qlora"
            else 0.0
        )
        parts["frozen weights"] = ((p - embed) * bits / 8 + embed * 2) / (n if zero_stage >= 3 else 1) / C.GB
        # sharded (ZeRO-3) or split by layer over n GPUs, each GPU holds 1/n of the adapters too
        parts["adapters + their Adam states"] = (
            adapters * C.ADAM_BYTES_PER_PARAM["mixed"] / (n if zero_stage >= 3 else 1) / C.GB
        )
    per_token = activation_bytes_per_token(model, seq, checkpointing, flash_attention, act_bytes)
    if method != "full" and lora_targets == "attention" and not checkpointing:
        per_token *= C.LORA_ATTN_ONLY_ACT_SHARE
    parts["activations"] = per_token * tokens / C.GB
    if model.kind == "llm":
        parts["logits"] = tokens * finite(model.vocab) * C.LOGIT_COPIES_BYTES / C.GB
    parts["CUDA context"] = C.CUDA_CONTEXT_GB["pytorch"]
    factors = [
        Factor("parameters", p / 1e9, "B", "models.toml"),
        Factor(
            "activation bytes per token",
            per_token / 1e6,
            "MB",
            "§mem.train",
            "checkpointing" if checkpointing else "no checkpointing",
        ),
        Factor("tokens per step", tokens, "tokens", "input"),
    ]
    if method != "full":
        factors.append(
            Factor(
                "LoRA adapter parameters",
                lora_params(model, lora_rank, lora_targets) / 1e6,
                "M",
                "§mem.lora",
                f"rank {lora_rank}, {lora_targets} linears",
            )
        )
    setup = f"training {method} ({precision}), seq {seq} x batch {batch}, ZeRO-{zero_stage} on {n} GPU(s)"
    return _estimate(model, setup, parts, n, factors)


def image_memory(
    model: ModelSpec, *, batch: int = 1, precision: str = "fp16", resolution: int | None = None
) -> MemoryEstimate:
    """Denoiser + text encoders + VAE in `precision`, activations scaled by pixels and batch."""
    b = 4.0 if precision == "fp32" else 1.0 if precision in ("fp8", "int8") else 2.0
    res = resolution or model.native_resolution or 512
    scale = (res / (model.native_resolution or res)) ** 2 * max(int(batch), 1)
    parts = {
        "denoiser weights": finite(model.params_b) * b,
        "text encoders": finite(model.text_encoder_params_b) * b,
        "VAE": finite(model.vae_params_b) * b,
        "activations": finite(model.params_b) * C.IMAGE_ACT_GB_PER_B_PARAMS * scale,
        "CUDA context": C.CUDA_CONTEXT_GB["pytorch"],
    }
    return _estimate(
        model,
        f"image generation {precision}, {res}px, batch {batch}",
        parts,
        1,
        [Factor("activation GB per B params", C.IMAGE_ACT_GB_PER_B_PARAMS, "GB", "§mem.image")],
    )


def fit(estimate: MemoryEstimate, gpu_memory_gb: float | None, n_gpus: int | None = None) -> Fit:
    """Does the estimate fit on `n_gpus` GPUs of `gpu_memory_gb` each (default: the estimate's)?"""
    n = max(int(n_gpus or estimate.n_gpus or 1), 1)
    avail = finite(gpu_memory_gb)
    need = estimate.total_gb
    ok = avail > 0 and need <= avail
    headroom = avail - need
    min_gpus = _min_gpus(estimate, avail)
    if ok:
        tight = headroom < C.HEADROOM_WARN * avail
        verdict = f"fits on {n} GPU(s) with {headroom:.1f} GB to spare" + (" (tight)" if tight else "")
    elif min_gpus:
        verdict = f"does not fit on {n} GPU(s) (short by {-headroom:.1f} GB); fits on {min_gpus}"
    else:
        verdict = f"does not fit (needs {need:.1f} GB per GPU, has {avail:g} GB)"
    return Fit(ok, n, need, avail, headroom, min_gpus, verdict)


def _min_gpus(estimate: MemoryEstimate, avail: float) -> int:
    """Smallest n for which the shardable parts divided by n plus the fixed parts fit."""
    if avail <= 0:
        return 0
    n0 = max(estimate.n_gpus, 1)
    fixed = {"CUDA context", "compute buffers", "activations", "logits", "adapters + their Adam states"}
    shard_total = sum(v * n0 for k, v in estimate.components if k not in fixed)
    rest = sum(v for k, v in estimate.components if k in fixed)
    if rest >= avail:
        return 0
    n = math.ceil(shard_total / (avail - rest)) if shard_total > 0 else 1
    return max(n, 1) if n <= 64 else 0
