"""Why one card is faster than another ("why is the 4090 faster than the 3090", "为啥3090跑大模型比4070快"): the
spec that decides the work compared, in numbers, as one sentence the comparison adds to its headline.

Contract: `why_faster(query, rows, names, key, env)` returns "" unless the question asks why ([lists] why_words) of
two cards; else the sentence for the faster of the two (by the comparison's own score for `key`): single-user LLM
speed (llm_chat) is set by memory bandwidth (§llm.decode); training, batched inference and image generation by the
three terms of the roofline score (§perf.roofline): dense tensor throughput in the format asked, memory bandwidth and
L2 cache, each as a ratio. "" when none favours the faster card (the model's other terms decide; the table shows them).
"""

from __future__ import annotations

from assistant.models import hardware as hw
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.wording import num

_FORMATS = {"train16": "fp16_acc32", "infer16": "fp16_acc32", "image_gen": "fp16_acc32", "infer8": "int8"}
_FORMAT_NAMES = {"fp16_acc32": "FP16", "int8": "INT8"}


def why_faster(query, rows: dict, names: list[str], key: str, env: Env) -> str:
    if len(names) != 2 or not lexicon(env.lang).words_in("why_words", f" {query.text.lower()} "):
        return ""
    a, b = sorted(names, key=lambda n: -(rows[n].perf.score or 0))
    fast, slow = rows[a].gpu, rows[b].gpu
    if not (fast.memory_bandwidth_gb_s and slow.memory_bandwidth_gb_s):
        return ""
    bw_ratio = fast.memory_bandwidth_gb_s / slow.memory_bandwidth_gb_s
    values = dict(
        fast=rows[a].label,
        slow=rows[b].label,
        fbw=num(fast.memory_bandwidth_gb_s, 0),
        sbw=num(slow.memory_bandwidth_gb_s, 0),
        bw_ratio=f"{bw_ratio:.2f}",
    )
    if key == "llm_chat":
        return env.t("compare.why_decode", **values) if bw_ratio > 1.02 else ""
    fmt = _FORMATS.get(key)
    if fmt is None:
        return ""
    ft, st = hw.tensor_tflops(fast, fmt).value, hw.tensor_tflops(slow, fmt).value
    l2 = (fast.l2_cache_mb or 0) / slow.l2_cache_mb if slow.l2_cache_mb else 0.0
    if not (ft and st) or max(ft / st, bw_ratio, l2) <= 1.02:
        return ""  # the faster card leads on none of the three: the model's other terms decide (the table shows them)
    return env.t(
        "compare.why_matmul",
        fmt=_FORMAT_NAMES[fmt],
        ft=num(ft, 0),
        st=num(st, 0),
        ratio=f"{ft / st:.2f}",
        fl2=num(fast.l2_cache_mb, 0),
        sl2=num(slow.l2_cache_mb, 0),
        l2_ratio=f"{l2:.1f}",
        **values,
    )
