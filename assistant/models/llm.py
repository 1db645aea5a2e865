"""LLM generation (decode) and prompt-processing (prefill) speed (§llm).

Contract: `decode_speed(gpu, model, quant, ...)` and `prefill_speed(...)` return a frozen
`LlmSpeed` with tokens/s (all sequences together and per sequence), the time parts per step,
the factors and the dominant part. Works for any GPU and any `ModelSpec`; unknown specs give
0 tokens/s with a note, never an exception, NaN or a negative number. Whether the model fits
is the memory model's job (`memory.inference_memory`).
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.memory import active_weights_gb, bits_per_weight, kv_cache_bytes, transfer_seconds
from assistant.models.values import Factor, dominant_of, finite, safe_div
from assistant.specs import GpuSpec, ModelSpec


@dataclass(frozen=True)
class LlmSpeed:
    """Tokens per second of one model and quantization on one GPU, decode or prefill."""

    gpu: str
    model: str
    quant: str
    mode: str  # decode | prefill
    tokens_per_s: float  # all sequences together
    per_sequence: float
    batch: int
    n_gpus: int
    times_ms: tuple[tuple[str, float], ...]
    factors: tuple[Factor, ...]
    dominant: str
    note: str = ""


def effective_bandwidth(gpu: GpuSpec, engine: str = "llama.cpp") -> Factor:
    """Smooth min of efficiency x peak and llama.cpp's bytes-in-flight cap (§llm.decode); a serving engine
    ("vllm") is not held to the cap (§serve); the same definition the roofline uses (`hardware.effective_bandwidth`)."""
    return hw.effective_bandwidth(gpu, engine)


def _compute_tflops(gpu: GpuSpec) -> Factor:
    """llama.cpp GEMMs run FP16 inputs with FP16 accumulate where the hardware has it."""
    t = hw.tensor_tflops(gpu, "fp16_acc16")
    return t if t.value > 0 else hw.matmul_tflops(gpu, "fp16_acc32")


def _clock(gpu: GpuSpec) -> float:
    return hw.clock_ghz(gpu) or C.DEFAULT_CLOCK_GHZ


def _layer_overhead_s(model: ModelSpec, gpu: GpuSpec) -> float:
    """Per-token kernel time of all layers: launches and small ops, faster on a faster clock; an MoE layer
    adds the FFN kernels of each selected expert past the first (MOE_EXPERT_FFN_SHARE)."""
    layers = finite(model.layers)
    width = finite(model.hidden) / 4096.0
    per_layer = C.DECODE_LAYER_US_GHZ + C.DECODE_LAYER_US_GHZ_PER_4K * width + moe_layer_extra_us_ghz(model)
    return layers * per_layer / _clock(gpu) * 1e-6


def moe_layer_extra_us_ghz(model: ModelSpec) -> float:
    """Kernel time an MoE layer adds per token, in microseconds at 1 GHz: (selected experts - 1) x the FFN's
    share of the fixed per-layer time; 0 for a dense model (§llm.decode)."""
    k = int(model.experts_per_token or 0) if (model.experts or 0) > 1 else 0
    return max(k - 1, 0) * C.MOE_EXPERT_FFN_SHARE * C.DECODE_LAYER_US_GHZ


def prefill_class(gpu: GpuSpec) -> str:
    """llama.cpp's quantized-matmul path on NVIDIA: int8 mma (Ampere and later, Turing) or DP4A/FP16
    (Volta, Pascal); "" for other vendors and GPUs without tensor cores or DP4A data."""
    arch = gpu.arch
    if arch is None or arch.vendor != "NVIDIA":
        return ""
    if arch.key.startswith(("nvidia-pascal", "volta")):
        return "pre-turing"
    if arch.key.startswith("turing"):
        return "turing" if arch.tensor_generation else ""
    return "ampere+" if arch.tensor_generation else ""


def mmq_tflops(gpu: GpuSpec) -> Factor:
    """Rate llama.cpp's quantized prompt kernels reach (§llm.prefill): SMs x clock x the per-SM
    rate of the path, lowered on power-limited boards; value 0 when no class applies."""
    cls = prefill_class(gpu)
    rate = C.PREFILL_FLOP_PER_SM_CLK.get(cls, 0.0)
    power = hw.power_clock_factor(gpu)
    value = hw.compute_units(gpu) * hw.clock_ghz(gpu) * rate * power / 1e3
    note = f"{hw.compute_units(gpu):.0f} SM x {hw.clock_ghz(gpu):.2f} GHz x {rate:g} FLOP/SM/clk x power {power:.2f}"
    return Factor("llama.cpp quantized matmul rate", value, "TFLOPS", "§llm.prefill", note)


def decode_speed(
    gpu: GpuSpec,
    model: ModelSpec,
    quant: str = "q4_k_m",
    *,
    context: int = 1024,
    batch: int = 1,
    n_gpus: int = 1,
    split: str = "layer",
    interconnect: str = "pcie",
    kv_type: str = "fp16",
    engine: str = "llama.cpp",
) -> LlmSpeed:
    """Generation speed at `context` tokens already in the cache, `batch` sequences at once, on llama.cpp's kernels
    or a serving engine's (`engine="vllm"`, §serve)."""
    batch, n = max(int(batch or 1), 1), max(int(n_gpus or 1), 1)
    bw = effective_bandwidth(gpu, engine)
    weight_bytes = active_weights_gb(model, quant, batch) * C.GB  # a batch touches more experts, at most all
    kv_bytes = kv_cache_bytes(model, context, kv_type) * batch
    flops = 2 * finite(model.active_params_b, finite(model.params_b)) * 1e9 * batch
    tflops = _compute_tflops(gpu)
    if bw.value <= 0 or not model.layers:
        return _unrated(gpu, model, quant, "decode", batch, n, (bw,), "missing bandwidth or model shape")
    ways = n if split == "tensor" else 1
    mem_s = (weight_bytes + kv_bytes) / (bw.value * 1e9 * ways)
    compute_s = safe_div(flops, tflops.value * 1e12 * C.PREFILL_EFFICIENCY * ways, 0.0)
    overhead_s = _layer_overhead_s(model, gpu) + _split_overhead_s(model, n, split, interconnect)
    step = max(mem_s, compute_s) + overhead_s
    parts = {"weights and KV cache from memory": mem_s, "compute": compute_s, "per-layer kernel overhead": overhead_s}
    factors = (
        bw,
        Factor(
            "weight bytes per step",
            weight_bytes / C.GB,
            "GB",
            "§mem.weights",
            f"{quant}, {bits_per_weight(quant):g} bits/weight",
        ),
        Factor("KV cache bytes per step", kv_bytes / C.GB, "GB", "§mem.kv", f"context {context}, batch {batch}"),
        tflops,
    )
    return LlmSpeed(
        gpu.name,
        model.key,
        quant,
        "decode",
        batch / step,
        1 / step,
        batch,
        n,
        tuple((k, v * 1e3) for k, v in parts.items()),
        factors,
        dominant_of(parts),
    )


def layer_split_tokens_per_s(parts, model: ModelSpec, quant: str = "q4_k_m", *, context: int = 1024) -> float:
    """Single-user tokens/s of a model split by layers over different GPUs (`parts`: (GpuSpec, share of the
    layers) pairs, shares summing to 1): each token passes through every card's layers in turn, so its time is
    the share-weighted sum of each card's time per token for the whole model, plus one hop per card boundary
    (§llm.mixed). 0.0 when a card is unrated."""
    step = 0.0
    for gpu, share in parts:
        speed = decode_speed(gpu, model, quant, context=context)
        if speed.tokens_per_s <= 0:
            return 0.0
        step += share / speed.tokens_per_s
    return safe_div(1.0, step + _split_overhead_s(model, len(parts), "layer", "pcie"), 0.0)


def _split_overhead_s(model: ModelSpec, n: int, split: str, interconnect: str) -> float:
    if n <= 1:
        return 0.0
    if split == "tensor":
        per = C.TP_ALLREDUCE_US.get(interconnect, C.TP_ALLREDUCE_US["pcie"])
        return 2 * finite(model.layers) * per * 1e-6
    hop = C.PP_HOP_US.get(interconnect, C.PP_HOP_US["pcie"])
    return (n - 1) * hop * 1e-6


def prefill_speed(
    gpu: GpuSpec,
    model: ModelSpec,
    quant: str = "q4_k_m",
    *,
    prompt: int = 1024,
    n_gpus: int = 1,
    split: str = "layer",
    interconnect: str = "pcie",
) -> LlmSpeed:
    """Prompt processing: 2 x active params FLOPs per token (+ attention) at PREFILL_EFFICIENCY."""
    n = max(int(n_gpus or 1), 1)
    gguf = quant.lower() in C.GGUF_TYPES
    mmq = mmq_tflops(gpu) if gguf else None
    tflops = mmq if mmq is not None and mmq.value > 0 else _compute_tflops(gpu)
    if tflops.value <= 0 or not model.layers:
        return _unrated(gpu, model, quant, "prefill", 1, n, (tflops,), "missing compute specs or model shape")
    active = finite(model.active_params_b, finite(model.params_b)) * 1e9
    attn = 2 * finite(model.layers) * finite(model.attention_heads) * finite(model.head_dim) * max(prompt, 1)
    if tflops is mmq:  # 2025-26 MMQ kernels: the per-SM rate already includes the dequantization
        efficiency, extra = 1.0, 1.0
        layer_s = finite(model.layers) * C.PREFILL_LAYER_US_GHZ / _clock(gpu) * 1e-6
    else:
        efficiency = C.PREFILL_EFFICIENCY
        extra = 1 + (C.PREFILL_QUANT_EXTRA if gguf or quant.lower() in ("int4", "nf4", "int8") else 0)
        layer_s = _layer_overhead_s(model, gpu)
    flops = (2 * active + attn) * extra
    ways = n if split == "tensor" else 1
    per_token = flops / (tflops.value * 1e12 * efficiency * ways)
    # kernels run once per micro-batch of INFER_BUFFER_TOKENS prompt tokens
    overhead = (layer_s + _split_overhead_s(model, n, split, interconnect)) / C.INFER_BUFFER_TOKENS
    step = per_token + overhead
    parts = {"compute": per_token, "per-layer kernel overhead": overhead}
    factors = (
        tflops,
        Factor("FLOPs per prompt token", flops / 1e9, "GFLOP", "§llm.prefill"),
        Factor("prefill efficiency", efficiency, "", "§llm.prefill"),
    )
    return LlmSpeed(
        gpu.name,
        model.key,
        quant,
        "prefill",
        1 / step,
        1 / step,
        1,
        n,
        tuple((k, v * 1e3) for k, v in parts.items()),
        factors,
        dominant_of(parts),
    )


def _unrated(gpu, model, quant, mode, batch, n, factors, note) -> LlmSpeed:
    return LlmSpeed(gpu.name, model.key, quant, mode, 0.0, 0.0, batch, n, (), tuple(factors), "", note)


def offload_tokens_per_s(
    gpu_tokens_per_s: float, weights_gb: float, offloaded_gb: float, ram_gb_s: float = C.SYSTEM_RAM_GB_S
) -> float:
    """Decode with part of the weights in system RAM (llama.cpp -ngl below the layer count, §llm.offload):
    per token the GPU reads its share at its own speed and the CPU reads the offloaded share at
    SYSTEM_RAM_GB_S (or the RAM speed the user states): t = (1 - share) / gpu tokens/s + offloaded GB / RAM GB/s."""
    if gpu_tokens_per_s <= 0 or weights_gb <= 0:
        return 0.0
    off = min(max(offloaded_gb, 0.0), weights_gb)
    t = (1.0 - off / weights_gb) / gpu_tokens_per_s + transfer_seconds(off, ram_gb_s)
    return 1.0 / t if t > 0 else 0.0
