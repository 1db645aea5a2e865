"""Embedding a corpus with an encoder model (docs/model.md §embed.speed): compute-bound, like reading a prompt.

Contract: `flops_per_token(shape, tokens_each)` is the forward pass of one token through an encoder of `shape`
(layers, hidden, intermediate): 2 x the matrix weights of its layers (attention projections 4 x hidden^2, the MLP
2 x hidden x intermediate) plus the attention scores over the document (4 x layers x tokens_each x hidden); the
embedding table is a lookup, no FLOPs. `seconds(gpu, shape, documents, tokens_each)` is the time at the card's
FP16-accumulate tensor peak (its FP32-accumulate matmul rate where it has none) x PREFILL_EFFICIENCY, the rule of
§llm.prefill for FP16 weights through cuBLAS. `params(shape, vocab)` is the model's parameter count. Pure.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.values import Factor
from assistant.specs import GpuSpec


def flops_per_token(layers: int, hidden: int, intermediate: int, tokens_each: float) -> float:
    matrices = layers * (4 * hidden * hidden + 2 * hidden * intermediate)
    return 2.0 * matrices + 4.0 * layers * tokens_each * hidden


def params(layers: int, hidden: int, intermediate: int, vocab: int) -> float:
    return layers * (4 * hidden * hidden + 2 * hidden * intermediate) + vocab * hidden


def rate(gpu: GpuSpec) -> Factor:
    """The tensor rate an FP16 encoder pass runs at before PREFILL_EFFICIENCY (TFLOPS)."""
    t = hw.tensor_tflops(gpu, "fp16_acc16")
    return t if t.value > 0 else hw.matmul_tflops(gpu, "fp16_acc32")


def seconds(gpu: GpuSpec, layers: int, hidden: int, intermediate: int, documents: float, tokens_each: float) -> float:
    tflops = rate(gpu).value * C.PREFILL_EFFICIENCY
    if tflops <= 0:
        return 0.0
    return documents * tokens_each * flops_per_token(layers, hidden, intermediate, tokens_each) / (tflops * 1e12)
