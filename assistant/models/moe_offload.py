"""MoE expert offload: a mixture-of-experts model whose experts stay in system RAM (§llm.moe_offload).

Contract: `expert_offload(gpu, model, quant, n_gpus, ...)` returns a frozen `ExpertOffload` when the model does
not fit the GPUs but everything except its routed experts does (llama.cpp `--n-cpu-moe N` / `-ot exps=CPU`:
attention, shared experts, embeddings, KV cache and buffers on the GPUs, the experts of N layers in RAM), else
None (a dense model, a model that fits, or one whose shared part alone is too big). The GPUs keep as many whole
layers' experts as fit. Decode reads per token the shared weights and the selected experts of the GPU layers at
GPU speed (§llm.decode) and the selected experts of the RAM layers (k/E of them) at `ram_gb_s`, plus a hand-over
of MOE_OFFLOAD_LAYER_US per RAM layer (hidden state to the CPU and back, the CPU's expert ops). System RAM
needed = the experts kept there + SYSTEM_RAM_RESERVE_GB for the OS and programs [A]. Never raises.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models import llm, memory
from assistant.models.values import finite
from assistant.specs import GpuSpec, ModelSpec


@dataclass(frozen=True)
class ExpertOffload:
    """A mixture-of-experts model with part of its experts kept in system RAM."""

    quant: str
    layers: int  # layers holding experts
    layers_in_ram: int  # layers whose experts stay in system RAM (llama.cpp --n-cpu-moe N)
    experts_in_ram_gb: float  # expert weights in system RAM
    gpu_gb: float  # per GPU: shared weights, the GPU layers' experts, KV cache, buffers, context
    ram_needed_gb: float  # experts in RAM + the OS reserve
    tokens_per_s: float  # single-user decode with the experts split
    all_on_gpu_tokens_per_s: float  # the same model if it fitted (for the answer's comparison)
    ram_gb_s: float


def expert_offload(
    gpu: GpuSpec,
    model: ModelSpec,
    quant: str,
    n_gpus: int = 1,
    *,
    context: int | None = None,
    batch: int = 1,
    ram_gb_s: float = C.SYSTEM_RAM_GB_S,
    layers_in_ram: int | None = None,
) -> ExpertOffload | None:
    """The split and its decode speed; tokens/s 0 for a GPU without a bandwidth figure (a nameless "16 GB
    card"): the memory split and the RAM needed stand without it. `layers_in_ram` fixes the split (a
    measured set-up's --n-cpu-moe) instead of filling the GPUs."""
    n = max(int(n_gpus or 1), 1)
    experts_gb = memory.weights_gb(model, quant) - memory.weights_gb(model, quant, routed_share=0.0)
    layers = int(finite(model.layers))
    memory_gb = finite(gpu.memory_gb)
    if experts_gb <= 0 or layers <= 0 or memory_gb <= 0 or ram_gb_s <= 0:
        return None
    full = memory.inference_memory(model, quant, context=context, batch=batch, n_gpus=n)
    if memory.fit(full, memory_gb, n).fits:
        return None
    base_per_gpu = full.total_gb - experts_gb / n  # everything but the experts, per GPU
    free_gb = (memory_gb - base_per_gpu) * n
    if free_gb <= 0:
        return None
    per_layer = experts_gb / layers
    on_gpu = min(layers, int(free_gb // per_layer))
    if layers_in_ram is not None:
        on_gpu = max(0, min(layers, layers - int(layers_in_ram)))
    ram_experts = (layers - on_gpu) * per_layer
    tps, all_gpu = _decode(gpu, model, quant, n, context, batch, ram_experts, ram_gb_s, layers - on_gpu)
    return ExpertOffload(
        quant,
        layers,
        layers - on_gpu,
        ram_experts,
        base_per_gpu + on_gpu * per_layer / n,
        ram_experts + C.SYSTEM_RAM_RESERVE_GB,
        tps,
        all_gpu,
        ram_gb_s,
    )


def _decode(gpu, model, quant, n, context, batch, ram_experts_gb, ram_gb_s, ram_layers) -> tuple[float, float]:
    """(tokens/s with the experts split, tokens/s all on the GPUs): the GPU step of §llm.decode with the
    selected experts of the RAM layers read at `ram_gb_s` instead of the GPU's effective bandwidth, plus the
    hand-over of each RAM layer (MOE_OFFLOAD_LAYER_US)."""
    if not getattr(gpu, "name", "") or getattr(gpu, "arch", None) is None:
        return 0.0, 0.0
    dec = llm.decode_speed(gpu, model, quant, context=context or 1024, batch=batch, n_gpus=n)
    bw = hw.effective_bandwidth(gpu).value * 1e9
    if dec.tokens_per_s <= 0 or bw <= 0:
        return 0.0, 0.0
    share = min(1.0, (model.experts_per_token or 0) / (model.experts or 1) * max(int(batch or 1), 1))
    read_gb = ram_experts_gb * share  # selected experts of the RAM layers, per step
    handover = ram_layers * C.MOE_OFFLOAD_LAYER_US * 1e-6
    step = 1 / dec.tokens_per_s - read_gb * C.GB / bw + memory.transfer_seconds(read_gb, ram_gb_s) + handover
    tps = max(int(batch or 1), 1) / step if step > 0 and math.isfinite(step) else 0.0
    return tps, dec.tokens_per_s
