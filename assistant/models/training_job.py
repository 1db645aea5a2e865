"""The time and cost of one training job on n GPUs of one kind (§cost.run): the one computation every answer that
times a job uses (a training-run cost, a cloud job, a fit's "how long", rent or buy with a job, model comparisons).

Contract: `job_run(gpu, n, params_b, tokens, flops_per_param_token=6.0, ...)` -> `cost.TrainingRun`: FLOPs =
flops_per_param_token x active parameters x tokens, at DEFAULT_MFU of the GPU's 16-bit training peak
(`hardware.training_tflops`), n cards at the data-parallel efficiency of `scaling.training_scaling` (§perf.multigpu);
electricity at `power_w` per card and the rent at `rent_usd_per_gpu_hour` when given. Never raises.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import cost
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from assistant.specs import GpuSpec


def job_run(
    gpu: GpuSpec,
    n: int,
    params_b: float,
    tokens: float,
    flops_per_param_token: float = C.TRAIN_FLOPS_PER_PARAM_TOKEN,
    *,
    power_w: float = 0.0,
    usd_per_kwh: float = C.DEFAULT_KWH_USD,
    rent_usd_per_gpu_hour: float | None = None,
) -> cost.TrainingRun:
    n = max(int(n or 1), 1)
    peak = hw.training_tflops(gpu, "fp16").value
    efficiency = training_scaling([gpu] * n).efficiency if n > 1 else 1.0
    scaled_tokens_b = tokens * flops_per_param_token / C.TRAIN_FLOPS_PER_PARAM_TOKEN / 1e9
    return cost.training_run(
        params_b,
        scaled_tokens_b,
        peak,
        n_gpus=n,
        power_w=power_w,
        usd_per_kwh=usd_per_kwh,
        rent_usd_per_gpu_hour=rent_usd_per_gpu_hour,
        scaling=efficiency,
    )
