"""The reasons under a comparison: bandwidth and tensor throughput side by side, what dominates each
card, the matmul-bound ratio for large-model training when it differs from the benchmark mix, missing
tensor cores / fp8 / CUDA; and, for "why X over Y" or questions naming Dettmers, the value with his 2023
method and inputs (models/dettmers2023.py), labelled."""

from __future__ import annotations

import math

from assistant import i18n
from assistant.models import constants as C
from assistant.models import cost, dettmers2023
from assistant.models import hardware as hw
from assistant.models.values import safe_div
from assistant.queries import CompareQuery
from assistant.respond.compare_table import SPEED_ROWS
from assistant.respond.env import Env
from assistant.respond.pricing import (
    ValueRow,
    workload_title,
)
from assistant.respond.wording import join_names, num, software_stack

LARGE_TRAINING_GAP = 1.25  # show the matmul-bound ratio when it and the score differ by more than 25 % [A]


def _large_training(a: ValueRow, b: ValueRow, key: str) -> tuple[ValueRow, ValueRow, float, float] | None:
    """Training a large model (an LLM) is matmul-bound: its time is FLOPs / (MFU x tensor peak), as the
    training-time answers compute it (§cost.training). When that ratio and the 16-bit training score (the
    benchmark's mix of mid-sized networks, §perf.roofline) differ by more than LARGE_TRAINING_GAP, both are
    shown (H100 vs H20: 6.7x against 1.4x; B200 vs H100: 2.3x against 1.6x), but only when both name the same card
    faster: a peak that says the opposite of the measured score is not evidence against it (Turing's full-rate FP32
    accumulate gives the Titan RTX 130 TFLOPS to the RTX 3090's 71, yet the 3090 trains faster). (faster, slower,
    its peak, the other's peak) or None."""
    if key != "train16" or a.n_gpus != 1 or b.n_gpus != 1:
        return None
    ta, tb = hw.matmul_tflops(a.gpu, "fp16_acc32").value, hw.matmul_tflops(b.gpu, "fp16_acc32").value
    rated = safe_div(a.perf.score, b.perf.score)
    if ta <= 0 or tb <= 0 or rated <= 0 or abs(math.log(ta / tb / rated)) <= math.log(LARGE_TRAINING_GAP):
        return None
    if (ta >= tb) != (rated >= 1.0):
        return None  # the peaks name the other card faster (Titan RTX 130 vs RTX 3090 71): the measured score stands
    return (a, b, ta, tb) if ta >= tb else (b, a, tb, ta)


def large_training_text(a: ValueRow, b: ValueRow, key: str, env: Env, form: str) -> str:
    """form: "why" (the reasons' line) or "head" (a clause for the headline)."""
    found = _large_training(a, b, key)
    if found is None:
        return ""
    fast, slow, tf, ts = found
    return env.t(
        "compare.why_large_training" if form == "why" else "compare.head_large_training",
        faster=fast.label,
        slower=slow.label,
        ratio=f"{tf / ts:.1f}",
        tf=f"{tf:,.0f}",
        ts=f"{ts:,.0f}",
        mfu=f"{C.DEFAULT_MFU * 100:.0f}",
    )


def why(a: ValueRow, b: ValueRow, key: str, env: Env) -> list[str]:
    ga, gb = a.gpu, b.gpu
    steps = []
    bw = safe_div(hw.bandwidth_gb_s(ga), hw.bandwidth_gb_s(gb))
    steps.append(
        env.t(
            "compare.why_bandwidth", a=num(ga.memory_bandwidth_gb_s), b=num(gb.memory_bandwidth_gb_s), ratio=f"{bw:.2f}"
        )
    )
    ta, tb = hw.matmul_tflops(ga, "fp16_acc32").value, hw.matmul_tflops(gb, "fp16_acc32").value
    if a.perf.dominant == b.perf.dominant:
        dominated = env.t("compare.dominates_both", what=env.term(a.perf.dominant or "nothing known"))
    else:
        dominated = env.t(
            "compare.dominates_each",
            a=env.term(a.perf.dominant or "n/a"),
            ga=ga.short_name,
            b=env.term(b.perf.dominant or "n/a"),
            gb=gb.short_name,
        )
    if ta > 0 and tb > 0:  # an unrated side (Apple: no tensor figure) has nothing to set against
        steps.append(env.t("compare.why_tensor", ta=f"{ta:,.0f}", tb=f"{tb:,.0f}", dominated=dominated))
    large = large_training_text(a, b, key, env, "why")
    if large:
        steps.append(large)
    for g in (ga, gb):
        if not hw.has_tensor_cores(g):
            steps.append(env.t("compare.why_no_tensor", gpu=g.short_name))
        elif (
            g.arch and g.arch.product_class == "geforce" and g.arch.fp16_acc32 and g.arch.fp16_acc16 > g.arch.fp16_acc32
        ):
            steps.append(env.t("compare.why_geforce", gpu=g.short_name))
    if key == "infer8":
        for g in (ga, gb):
            if g.arch and not (g.arch.fp8_acc16 or g.arch.fp8_acc32):
                steps.append(env.t("compare.why_no_fp8", gpu=g.short_name))
    others = [g for g in (ga, gb) if g.vendor != "NVIDIA"]
    if others:
        steps.append(
            env.t(
                "compare.why_software",
                gpus=join_names([g.short_name for g in others], env.lang),
                stack=software_stack(others),
            )
        )
    return steps


def dettmers_2023(query: CompareQuery, gpus, key: str, env: Env) -> list[tuple[str, dict]]:
    """(step, {workload: {gpu: value per $1,000}}) with Dettmers' 2023 method and inputs, for "why X over
    Y" questions and questions naming Dettmers; for inference both 8- and 16-bit (his two picks)."""
    if not (query.premise or "dettmers" in query.text.lower()) or len(gpus) < 2:
        return []
    quotes = env.reader.prices("2023-01")
    inputs = dettmers2023.VALUE_INPUTS
    values = {}
    for gpu in gpus:
        price = cost.lookup_price(gpu.name, [q for q in quotes if q.gpu == gpu.name])
        if price is None:
            return [(env.t("compare.dettmers2023_no_price", gpu=gpu.short_name), {})]
        total = cost.tco(
            gpu.name,
            price.usd,
            gpu.tdp_w or 0,
            years=inputs["years"],
            utilization=inputs["utilization"],
            usd_per_kwh=inputs["usd_per_kwh"],
            base_usd=inputs["base_usd"],
        ).total_usd
        values[gpu] = {w: dettmers2023.relative_performance(gpu, w).score * 1000 / total for w in SPEED_ROWS}
    a, b = gpus
    items, figures = [], {}
    inference = key.startswith("infer") or key not in SPEED_ROWS  # single-user chat ("llm_chat") is inference too
    for workload in ("infer8", "infer16") if inference else (key,):
        va, vb = values[a][workload], values[b][workload]
        winner = a if va >= vb else b
        gap = abs(safe_div(max(va, vb), min(va, vb)) - 1) * 100
        items.append(
            env.t(
                "compare.dettmers2023_item",
                title=workload_title(env, workload),
                a=a.short_name,
                b=b.short_name,
                va=f"{va:.2f}",
                vb=f"{vb:.2f}",
                winner=winner.short_name,
                gap=f"{gap:.0f}",
            )
        )
        figures[workload] = {"first": round(va, 3), "second": round(vb, 3)}  # value per $1,000, gpus order
    return [(env.t("compare.dettmers2023", items=i18n.listing(env.lang).join(items)), figures)]
