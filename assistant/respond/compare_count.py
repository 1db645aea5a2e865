"""How many of each card a language model needs, when a comparison with a model is asked for a count ("要几张跑
qwen2.5 72b" after "a100还是h100跑推理", "how many of each for llama 3 70b").

Contract: `lead(model, prec, names, ctx, figures, env)` gives "How many of each: 1 x A100 SXM4 80 GB, 1 x H100
SXM5 80 GB at q4_k_m; at 16-bit: 2 x ..., 2 x ..." : for each card the fewest cards (up to MAX_CARDS, split by
layers, each card's memory the model's share plus its runtime overhead, §mem) that hold the model at the precision
weighed, and at 16-bit when that precision is a quantized one; `served` (serving words or users said): rounded up
to a tensor-parallel set, as vLLM splits the attention heads; "" when no card holds it within MAX_CARDS at the
precision weighed; a count that does not split the attention heads evenly is followed by the tensor-parallel sets vLLM /
SGLang would need (llama.cpp's split by layers takes any count). Sets figures["model_cards_needed"] = {card: count or
None}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import hardware, memory
from assistant.respond.env import Env
from assistant.respond.serving import tensor_parallel_count

MAX_CARDS = 8
_SIXTEEN = ("fp16", "bf16")


def fewest(model, prec: str, gpu, ctx: int | None) -> int | None:
    """The fewest of `gpu` that hold `model` at `prec` (memory.fit's min_gpus; None beyond MAX_CARDS)."""
    est = memory.inference_memory(model, prec, context=ctx, batch=1)
    n = memory.fit(est, hardware.gpu_memory_limit_gb(gpu), 1).min_gpus
    return n if 0 < n <= MAX_CARDS else None


def lead(model, prec: str, names: list[str], ctx: int | None, figures: dict, env: Env, served: bool = False) -> str:
    gpus = [env.reader.known_gpu(n) for n in names]
    counts = [_split(model, fewest(model, prec, g, ctx), served) for g in gpus]
    figures["model_cards_needed"] = {n: c for n, c in zip(names, counts, strict=True)}
    if not any(counts):
        return ""
    more = ""
    if prec not in _SIXTEEN:
        full = [_split(model, fewest(model, "fp16", g, ctx), served) for g in gpus]
        more = env.t("compare.count_sixteen", items=_items(gpus, full, env)) if any(full) else ""
    head = env.t("compare.count_lead", items=_items(gpus, counts, env), prec=prec, more=more)
    tp = [_split(model, c, True) if c else None for c in counts]
    if tp != counts:  # "7 x H20" for DeepSeek V3: vLLM / SGLang split the attention heads, which 7 does not divide
        head += env.t("compare.count_tp", items=_items(gpus, tp, env))
    return head


def _split(model, count: int | None, served: bool) -> int | None:
    """A served model (vLLM) runs on a tensor-parallel set: the fewest cards at or above `count` that split its
    attention heads evenly (respond/serving.tensor_parallel_count)."""
    if count is None or not served:
        return count
    return tensor_parallel_count(model.attention_heads, count, model.kv_heads)


def _items(gpus, counts, env: Env) -> str:
    return i18n.listing(env.lang).join(
        f"{c} x {g.short_name}" if c else env.t("compare.count_none", gpu=g.short_name, n=MAX_CARDS)
        for g, c in zip(gpus, counts, strict=True)
    )
