""" "why?" / "为什么" / "why so slow" / "怎么这么贵" after any answer that is not a ranked pick: its reasons first.

Contract: `reasons_lead(answer, env)` -> the sentence that leads a "why" follow-up's answer: for a speed of text
generation, the bandwidth ceiling that sets it (bytes read per token over the card's memory bandwidth, docs/model.md
§llm); otherwise the answer's own reasons (its "Why:" steps), the ones about what the question's cue asks first (a
speed: the steps with a rate; money: the steps with an amount or a formula), at most two. "" when the answer has no
steps. The answer below stays as it is; the tables were already shown and are dropped by the engine.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env

MAX_REASONS = 2
_SPEED_CUE = re.compile(r"slow|fast|speed|quick|tok|慢|快|速度")
_MONEY_CUE = re.compile(r"much|expensive|pric|cost|cheap|bill|贵|便宜|钱|电费|成本")
_SPEED_STEP = re.compile(r"tokens?/s|token/秒|it/s|per image|每张|GB/s|TFLOPS|GPU-hours|\d(?:\.\d+)?x|倍")
_FORMULA_STEP = re.compile(r"=|\d W\b|\d W[（(]|kWh|度|hours a week|小时/周|每周")  # how a figure was worked out
_MONEY_STEP = re.compile(r"[$¥€£]\s?\d")
_RATIO_STEP = re.compile(r"\d(?:\.\d+)?x\b|倍|GB/s|TFLOPS")  # a comparison's reasons: how far apart the two are


def reasons_lead(answer: Answer, env: Env) -> str:
    asked = (answer.question or "").lower()
    tps = float(answer.figures.get("tokens_per_second") or 0)
    led = bool(tps) and f"{tps:,.1f}" in answer.headline  # the answer led with a generation speed
    speed = _speed_ceiling(answer, env) if _SPEED_CUE.search(asked) or "speed" in _asked(answer) or led else ""
    if speed:
        return speed
    setup = env.t("fit.setup_line", parts="").split(" ")[0].rstrip("。.")  # "Set-up:" lines state settings, no reason
    steps = [s.strip() for s in answer.steps if s and s.strip() and not s.strip().startswith(setup)]
    if not steps:
        return ""
    if _SPEED_CUE.search(asked):
        wanted = [_SPEED_STEP]
    elif _MONEY_CUE.search(asked):
        wanted = [_FORMULA_STEP, _MONEY_STEP]
    else:
        wanted = [_RATIO_STEP] if answer.intent == "compare" else [_FORMULA_STEP]
    first = [s for pattern in wanted for s in steps if pattern.search(s)]
    chosen = list(dict.fromkeys(first + steps))[:MAX_REASONS]
    return env.t("answer.why_lead", reasons=" ".join(chosen))


def _asked(answer: Answer) -> list:
    return list(answer.figures.get("asked") or [])


def _speed_ceiling(answer: Answer, env: Env) -> str:
    """Text generation at batch 1 reads the model once per token: memory over bandwidth is its ceiling."""
    figures = answer.figures
    tps, need = float(figures.get("tokens_per_second") or 0), float(figures.get("vram_required_gb") or 0)
    name = (figures.get("verdict") or {}).get("gpu") or answer.choice
    gpu = env.reader.known_gpu(name) if name and tps and need else None
    bandwidth = getattr(gpu, "memory_bandwidth_gb_s", None) if gpu is not None else None
    if not bandwidth or tps > bandwidth / need * 1.05:  # faster than a full read allows (a mixture of experts)
        return ""
    split = env.t("answer.why_speed_split") if int(figures.get("gpu_count") or 1) > 1 else ""
    return i18n.gap(env.lang).join(p for p in (_one(env, gpu, need, bandwidth, tps), split) if p)


def _one(env: Env, gpu, need: float, bandwidth: float, tps: float) -> str:
    return env.t(
        "answer.why_speed",
        gb=f"{need:,.1f}",
        gpu=gpu.short_name,
        bw=f"{bandwidth:,.0f}",
        cap=f"{bandwidth / need:,.1f}",
        tps=f"{tps:,.1f}",
    )
