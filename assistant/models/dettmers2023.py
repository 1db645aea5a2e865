"""Dettmers' 2023 method, reproduced from what the post states (docs/model.md §findings.dettmers2023).

Contract: `relative_performance(gpu, workload, n_gpus=1)` returns a `performance.Performance` (RTX 3090
= 1.00) computed with the post's own rules only: memory bandwidth as the proxy between tensor-core GPUs,
the asynchronous-copy credit of its cycle example for GPUs that have it, and twice the 8-bit speed on
FP8 tensor-core GPUs; no L2 credit (the post states no number for it), no fixed cost, no power limits,
no batch factor. GPUs without tensor cores score 0 (the post does not rate them). `VALUE_INPUTS` are
the post's cost inputs: GPU price + 5 years of electricity at 0.175 USD/kWh and 15 % utilization, no
desktop. It sits next to the project's model (models/performance.py); answers label which is which.
"""

from __future__ import annotations

import re

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.performance import WORKLOADS, Performance, multi_gpu_speedup
from assistant.models.values import Factor

VALUE_INPUTS = {"years": 5.0, "utilization": 0.15, "usd_per_kwh": 0.175, "base_usd": 0.0}
SNAPSHOT = "2023-01"
# The cards on sale in January 2023 that his value chart covers: GeForce RTX 30 and 40 desktop cards [A: the
# chart is an image whose card list we cannot read].
CARDS = r"^GeForce RTX (30|40)\d\d"


def in_chart(gpu) -> bool:
    return bool(re.match(CARDS, gpu.name)) and not gpu.is_mobile


def has_fp8(gpu) -> bool:
    return hw.tensor_tflops(gpu, "fp8_acc32").value > 0


def relative_performance(gpu, workload: str, n_gpus: int = 1) -> Performance:
    workload = workload if workload in WORKLOADS else "train16"
    n = max(int(n_gpus or 1), 1)
    if not hw.has_tensor_cores(gpu):
        return Performance(gpu.name, workload, 0.0, 0.0, n, 0.0, 0.0, 1.0, (), "", "no tensor cores: not rated")
    bandwidth = hw.bandwidth_gb_s(gpu)
    score = bandwidth / C.REF_BANDWIDTH_GB_S
    factors = [Factor("memory bandwidth", bandwidth, "GB/s", "§findings.dettmers2023 [P]")]
    if not hw.async_copy(gpu):
        score /= C.D2023_ASYNC_CREDIT
        factors.append(Factor("no async copy", 1 / C.D2023_ASYNC_CREDIT, "x", "cycle example 235 -> 200 [P]"))
    if C.D2023_ADA_L2_CREDIT != 1.0 and gpu.arch is not None and gpu.arch.key.startswith("ada"):
        score *= C.D2023_ADA_L2_CREDIT
        factors.append(Factor("Ada L2 credit", C.D2023_ADA_L2_CREDIT, "x", "sensitivity only [R]"))
    if workload == "infer8" and has_fp8(gpu):
        score *= C.D2023_FP8_CREDIT
        factors.append(Factor("FP8 tensor cores", C.D2023_FP8_CREDIT, "x", "8-bit on FP8 hardware [P]"))
    total = score * multi_gpu_speedup(n)
    return Performance(gpu.name, workload, total, score, n, 0.0, 1.0, 1.0, tuple(factors), "memory bandwidth")
