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


FAVOURED_MIN_RATIO = 1.1  # a spec counts as what the favoured card has when it is at least this much larger [A]


def why_favoured(query, rows: dict, names: list[str], env: Env) -> str:
    """ "why would anyone pay for an h100 when a 5090 has similar fp16 flops", "为什么训练都推荐a100不推荐4090": what
    the card others pick (the first named) has that the other lacks: dense 16-bit tensor throughput, memory, bandwidth
    (each as a ratio, when at least FAVOURED_MIN_RATIO larger) and a fast link between cards (§perf.multigpu); "" when
    the question is not asked that way ([lists] why_others_pick_words) or the card leads on none of them."""
    from assistant import i18n
    from assistant.models import scaling

    if len(names) != 2 or not lexicon(env.lang).words_in("why_others_pick_words", f" {query.text.lower()} "):
        return ""
    first = next((g.name for g in query.gpus if g.name in names), names[0])
    a, b = rows[first], rows[names[1] if first == names[0] else names[0]]
    ga, gb = a.gpu, b.gpu
    items = []
    ta, tb = hw.tensor_tflops(ga, "fp16_acc32").value, hw.tensor_tflops(gb, "fp16_acc32").value
    pairs = (
        ("compare.favoured_tensor", ta, tb),
        ("compare.favoured_memory", ga.memory_gb or 0, gb.memory_gb or 0),
        ("compare.favoured_bandwidth", ga.memory_bandwidth_gb_s or 0, gb.memory_bandwidth_gb_s or 0),
    )
    for key, x, y in pairs:
        if x and y and x / y >= FAVOURED_MIN_RATIO:
            items.append(env.t(key, a=num(x, 0), b=num(y, 0), ratio=f"{x / y:.1f}"))
    fast_link = ("nvswitch", "nvlink")
    if scaling.link(ga, 2) in fast_link and scaling.link(gb, 2) not in fast_link:
        items.append(env.t("compare.favoured_link", b=b.label))
    if not items:
        return ""
    return env.t("compare.favoured", a=a.label, b=b.label, items=i18n.listing(env.lang).join(items))
