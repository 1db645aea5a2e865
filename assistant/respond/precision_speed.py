"""Two number formats on one card ("how much faster is fp8 than fp16 on a 4090", "4090 fp8比fp16快多少").

Contract: `answer(query, env)` -> Answer for a SpecQuery with `precisions` (two formats) and one GPU. The headline
gives each format's dense tensor peak on that card (models/hardware.tensor_tflops: knowledge/tensor_throughput.csv
or §perf.tensor) and their ratio "on paper"; a format the card has no tensor path for is said so, with the rate it
falls back to. For an 8-bit format against a 16-bit one, a second sentence gives what one person chatting with an LLM
sees: batch-1 decoding follows the bytes of the weights, not the math (§llm.decode, Llama 3 8B at q8_0 and f16).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import hardware
from assistant.queries import SpecQuery
from assistant.respond.env import Env
from assistant.respond.pricing import chat_tokens_per_s
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

# a format as typed -> (label, tensor format of models/hardware); fp32 is the training rate (TF32 or vector FP32)
_FORMATS = {
    "fp16": ("FP16", "fp16_acc32"),
    "half": ("FP16", "fp16_acc32"),
    "bf16": ("BF16", "bf16"),
    "tf32": ("TF32", "tf32"),
    "fp32": ("FP32", None),
    "fp8": ("FP8", "fp8_acc32"),
    "int8": ("INT8", "int8"),
    "fp4": ("FP4", "fp4"),
}
_EIGHT = {"fp8", "int8"}
_SIXTEEN = {"fp16", "half", "bf16"}
_CHAT = ("llama-3-8b", {"8": "q8_0", "16": "f16"})  # the model of the single-user sentence [A]
_SIXTEEN_FITS_GB = 20.0  # a card that holds Llama 3 8B at 16-bit with its cache (about 17 GB, §mem)


def _peak(gpu: GpuSpec, fmt: str) -> float:
    tensor = _FORMATS[fmt][1]
    if tensor is None:
        return hardware.training_tflops(gpu, "fp32").value
    return hardware.tensor_tflops(gpu, tensor).value


def _label(gpu: GpuSpec, fmt: str, env: Env) -> str:
    """The format's name; FP32 on a card whose TF32 tensor path beats plain FP32 says that it is TF32 math (A100:
    156 TFLOPS TF32 against 19.5 plain FP32), as PyTorch runs FP32 matmuls there when TF32 is allowed."""
    if fmt == "fp32" and hardware.tensor_tflops(gpu, "tf32").value > hardware.vector_tflops(gpu).value:
        return env.t("precision.fp32_as_tf32")
    return _FORMATS[fmt][0]


def answer(query: SpecQuery, env: Env) -> Answer:
    gpu = env.gpu(next(r.name for r in query.gpus if r.name))
    first, second = query.precisions[:2]
    known = [f for f in (first, second) if f in _FORMATS]
    if len(known) < 2:
        unknown = next(f for f in (first, second) if f not in _FORMATS)
        head = env.t("precision.unknown", fmt=unknown.upper(), gpu=gpu.short_name)
        return Answer(question=query.text, intent="spec", headline=head, gpus=[gpu.name], lang=env.lang)
    a, b = _peak(gpu, first), _peak(gpu, second)
    la, lb = _label(gpu, first, env), _label(gpu, second, env)
    cells = [f"{p:,.1f}" if p > 0 else env.t("precision.no_path_cell") for p in (a, b)]  # no path: said, not 0.0
    table = Table(headers=["", gpu.short_name], rows=[[env.t("precision.row", fmt=la), cells[0]]])
    table.rows.append([env.t("precision.row", fmt=lb), cells[1]])
    if a > 0 and b > 0:
        head = env.t(
            "precision.head", gpu=gpu.short_name, a=la, b=lb, pa=f"{a:,.0f}", pb=f"{b:,.0f}", ratio=f"{a / b:.2f}"
        )
    else:
        missing, other = (la, lb) if a <= 0 else (lb, la)
        head = env.t("precision.no_path", gpu=gpu.short_name, fmt=missing, other=other)
    chat = _chat_sentence(query, gpu, env)
    if chat:
        head = i18n.gap(env.lang).join([head, chat])
    return Answer(
        question=query.text,
        intent="spec",
        headline=head,
        gpus=[gpu.name],
        tables=[table],
        steps=[env.t("precision.dense")],
        figures={
            "precisions": {la: round(a, 1), lb: round(b, 1)},
            "ratio": round(a / b, 3) if a > 0 and b > 0 else None,
        },
        sources=[spec_source(gpu, env), "method: docs/model.md §perf.tensor, §llm.decode"],
        lang=env.lang,
    )


def _chat_sentence(query: SpecQuery, gpu: GpuSpec, env: Env) -> str:
    """8-bit against 16-bit: single-user decoding at 8-bit and 16-bit weights on the card (§llm.decode)."""
    pair = set(query.precisions[:2])
    if not (pair & _EIGHT and pair & _SIXTEEN):
        return ""
    model = env.reader.model(_CHAT[0])
    if model is None or (gpu.memory_gb or 0) < _SIXTEEN_FITS_GB:  # its 16-bit weights (16 GB) must fit to compare
        return ""
    eight, sixteen = (chat_tokens_per_s(model, _CHAT[1][bits], gpu) for bits in ("8", "16"))
    if not (eight > 0 and sixteen > 0):
        return ""
    return env.t("precision.chat", model=model.name, eight=f"{eight:,.0f}", sixteen=f"{sixteen:,.0f}")
