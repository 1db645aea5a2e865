"""Several GPUs against fewer: data-parallel training and split LLM inference (§perf.multigpu).

Contract: `link(gpu, n)` names how n GPUs of one kind talk (NVSwitch, NVLink bridge, PCIe with
peer-to-peer, PCIe through host memory); `training_scaling(gpus)` gives the data-parallel speed of a
group (possibly mixed) relative to one of its fastest cards; `llm_scaling(gpus, model, quant, ...)`
the batch-1 and batched decode speed of a group split by layer or by tensor. Every result is a
frozen value with the link, the figures and the assumption tags; nothing raises on odd input.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import llm, performance
from assistant.models.values import finite, safe_div
from assistant.specs import GpuSpec, ModelSpec

LINKS = ("nvswitch", "nvlink", "pcie", "pcie_host", "infiniband")


def link(gpu: GpuSpec, n: int) -> str:
    """Interconnect of n GPUs of this kind (§perf.multigpu): SXM parts sit on NVSwitch boards (8), more of
    them are such nodes joined by InfiniBand; cards with an NVLink bridge pair up (2; more than 2 talk over PCIe
    between pairs); GeForce 40 and 50 have no peer-to-peer at all, so their traffic goes through host memory."""
    if n <= 1:
        return "nvswitch" if "SXM" in gpu.name else "pcie"
    if "SXM" in gpu.name:
        return "nvswitch" if n <= 8 else "infiniband"
    if n == 2 and takes_nvlink_bridge(gpu):
        return "nvlink"
    if re.search(C.NO_P2P_GENERATIONS, gpu.generation or ""):
        return "pcie_host"
    return "pcie"


def takes_nvlink_bridge(gpu: GpuSpec) -> bool:
    """A card that takes a 2-way NVLink bridge (C.NVLINK_BRIDGE_PATTERNS; laptop parts never do)."""
    return not gpu.is_mobile and any(re.search(p, gpu.name) for p in C.NVLINK_BRIDGE_PATTERNS)


@dataclass(frozen=True)
class TrainingScaling:
    """How training speed scales over several GPUs on one link."""

    n_gpus: int
    link: str
    speedup: float  # group throughput / one of its fastest GPUs
    efficiency: float  # speedup / n
    slowest: str  # the card that sets the pace of a mixed group ("" when all alike)


def training_scaling(gpus: list[GpuSpec], workload: str = "train16", via: str | None = None) -> TrainingScaling:
    """Data parallel: every GPU runs the same step, so a mixed group runs at its slowest card
    [P2020]; gradient all-reduce costs an overhead per doubling of the GPU count that depends on
    the link [A] (`via`: a link in LINKS instead of the group's own, "the same cards without the bridge")."""
    n = len(gpus)
    if n == 0:
        return TrainingScaling(0, "pcie", 0.0, 0.0, "")
    scored: dict[int, float] = {}  # by card object: a set of n of the same card is scored once, not n times
    for g in gpus:
        if id(g) not in scored:
            scored[id(g)] = performance.relative_performance(g, workload, batch_policy="none").score
    scores = [scored[id(g)] for g in gpus]
    kinds = {g.name for g in gpus}
    lk = via or (link(gpus[0], n) if len(kinds) == 1 else _mixed_link(gpus))
    overhead = C.DP_OVERHEAD_PER_DOUBLING[lk]
    parallel = n / (1.0 + overhead * math.log2(n)) if n > 1 else 1.0
    slowest = min(range(n), key=lambda i: scores[i])
    speedup = parallel * safe_div(scores[slowest], max(scores))
    return TrainingScaling(n, lk, speedup, speedup / n, gpus[slowest].name if len(kinds) > 1 else "")


def _mixed_link(gpus: list[GpuSpec]) -> str:
    """Different cards never share an NVLink bridge; one GeForce 40/50 card forces host copies."""
    if any(re.search(C.NO_P2P_GENERATIONS, g.generation or "") for g in gpus):
        return "pcie_host"
    return "pcie"


@dataclass(frozen=True)
class LlmScaling:
    """How LLM serving speed scales over several GPUs (layer or tensor split)."""

    n_gpus: int
    link: str
    split: str  # layer | tensor
    batch: int
    tokens_per_s: float  # the group, all sequences together
    single_tokens_per_s: float  # one GPU of the fastest kind (0 = not rated)
    single_fits: bool  # does the model fit on that one GPU?
    speedup: float  # group / single (0 when the single GPU cannot hold the model)


def llm_scaling(
    gpus: list[GpuSpec],
    model: ModelSpec,
    quant: str = "q4_k_m",
    *,
    split: str = "layer",
    batch: int = 1,
    context: int = 4096,
    single_fits: bool = True,
    via: str | None = None,
) -> LlmScaling:
    """Decode speed of the group: a layer split passes each token through the GPUs in turn (no
    speed-up at batch 1, the slower cards' layers cost their own bandwidth); a tensor split reads
    1/n of the weights on each GPU and pays two all-reduces per layer (§perf.multigpu, §llm.decode); `via` as
    for training_scaling."""
    n = len(gpus)
    if n == 0:
        return LlmScaling(0, "pcie", split, batch, 0.0, 0.0, single_fits, 0.0)
    kinds = {g.name for g in gpus}
    lk = via or (link(gpus[0], n) if len(kinds) == 1 else _mixed_link(gpus))
    fastest = max(gpus, key=lambda g: finite(g.memory_bandwidth_gb_s))
    single = llm.decode_speed(fastest, model, quant, context=context, batch=batch).tokens_per_s
    if len(kinds) == 1 or split == "tensor":
        slow = min(gpus, key=lambda g: finite(g.memory_bandwidth_gb_s))  # a tensor split waits for the slowest
        group = llm.decode_speed(
            slow, model, quant, context=context, batch=batch, n_gpus=n, split=split, interconnect=_llm_link(lk)
        ).tokens_per_s
    else:
        group = _mixed_layer_split(gpus, model, quant, context, batch, lk)
    speedup = safe_div(group, single) if single_fits else 0.0
    return LlmScaling(n, lk, split, batch, group, single, single_fits, speedup)


def _llm_link(lk: str) -> str:
    """The link a split LLM pays per layer: NVLink latency on NVSwitch boards, PCIe latency between nodes."""
    return "nvlink" if lk in ("nvswitch", "nvlink") else "pcie" if lk == "infiniband" else lk


def _mixed_layer_split(gpus, model, quant, context, batch, lk) -> float:
    """Layers spread in proportion to memory: the time per token is the sum of each GPU's share of
    the step on that GPU, plus one hop per boundary."""
    total_mem = sum(finite(g.memory_gb) for g in gpus) or 1.0
    step = 0.0
    for g in gpus:
        one = llm.decode_speed(g, model, quant, context=context, batch=batch)
        if one.tokens_per_s <= 0:
            return 0.0
        step += finite(g.memory_gb) / total_mem * batch / one.tokens_per_s
    hop = C.PP_HOP_US[_llm_link(lk)] * 1e-6 * (len(gpus) - 1)
    return batch / (step + hop)
