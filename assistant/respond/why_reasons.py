""" "why?" / "为什么" / "why so slow" / "怎么这么贵" after any answer that is not a ranked pick: its reasons first.

Contract: `reasons_lead(answer, env)` -> the sentence that leads a "why" follow-up's answer: for a speed of text
generation, the bandwidth ceiling that sets it (bytes read per token over the card's memory bandwidth, docs/model.md
§llm); for a comparison's pick of one of two cards, what decided it (speed ratio, value per dollar, prices, memory,
a software-stack caveat); otherwise the answer's own reasons (its "Why:" steps), the ones about what the question's
cue asks first (a speed: the steps with a rate; money: the steps with an amount or a formula), at most two. "" when
the answer has no steps. A rent-or-buy weighed on the hours in all the user said ("20 hours"): the break-even formula
and those hours against it. The answer below stays as it is; the tables were already shown and are dropped by the
engine.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import hardware
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm
from assistant.respond.why_fit import fit_why
from assistant.respond.why_gap import gap_why
from assistant.respond.why_model import model_pick_why

MAX_REASONS = 2
_SPEED_CUE = re.compile(r"slow|fast|speed|quick|tok|慢|快|速度")
_MONEY_CUE = re.compile(r"much|expensive|pric|cost|cheap|bill|贵|便宜|钱|电费|成本")
_SPEED_STEP = re.compile(r"tokens?/s|token/秒|it/s|per image|每张|GB/s|TFLOPS|GPU-hours|\d(?:\.\d+)?x|倍")
_FORMULA_STEP = re.compile(r"=|\d W\b|\d W[（(]|kWh|度|hours a week|小时/周|每周")  # how a figure was worked out
_MONEY_STEP = re.compile(r"[$¥€£]\s?\d")
_RATIO_STEP = re.compile(r"\d(?:\.\d+)?x\b|倍|GB/s|TFLOPS")  # a comparison's reasons: how far apart the two are


def reasons_lead(answer: Answer, env: Env) -> str:
    said = answer.figures.get("why_said")  # an answer that worked out its own reason (respond/video_why.py)
    if isinstance(said, str) and said:
        return said
    asked = (answer.question or "").lower()
    tps = float(answer.figures.get("tokens_per_second") or 0)
    fits = answer.figures.get("fits", True)  # "why not" after a no: the memory, not the speed of a spill to RAM
    led = bool(tps) and fits and f"{tps:,.1f}" in answer.headline  # the answer led with a generation speed
    speed = _speed_ceiling(answer, env) if _SPEED_CUE.search(asked) or "speed" in _asked(answer) or led else ""
    if speed:
        return speed
    gap = gap_why(answer, env)  # "说说为什么差这么多" after a comparison: the specs apart most
    if gap:
        return env.t("answer.why_lead", reasons=gap)
    pick = _compare_pick(answer, env)  # "why?" after "4070 ti super or 7900 xt": what decided the pick
    if pick is not None:
        return pick
    memory = fit_why(answer, env)  # "why?" after "is a 3060 enough for qwen 14b": the memory arithmetic
    if memory:
        return memory
    setup = env.t("fit.setup_line", parts="").split(" ")[0].rstrip("。.")  # "Set-up:" lines state settings, no reason
    steps = [s.strip() for s in answer.steps if s and s.strip() and not s.strip().startswith(setup)]
    if not steps:
        return ""
    jobs = answer.figures.get("jobs_to_break_even") if answer.intent == "rent_or_buy" else None
    if jobs and answer.figures.get("job_rent_usd") is not None:  # "why?" after renting or buying for a job
        return _job_why(answer, env, float(jobs))
    total = answer.figures.get("total") if answer.intent == "rent_or_buy" else None
    if isinstance(total, dict) and total.get("hours"):  # "why?" after renting 20 hours against buying: those hours
        return _total_hours_why(answer, env, steps, total)
    if answer.intent == "rig":  # "显卡为什么推荐这个" after a build: what it was rated by, and the build beside it
        instead = env.t("rig.alternative", line="\x00").split("\x00")[0]
        beside = next((s for s in steps if s.startswith(instead)), "")
        return env.t("answer.why_lead", reasons=i18n.gap(env.lang).join(p for p in (steps[0], beside) if p))
    if _SPEED_CUE.search(asked):
        wanted = [_SPEED_STEP]
    elif _MONEY_CUE.search(asked):
        wanted = [_FORMULA_STEP, _MONEY_STEP]
    else:
        wanted = [_RATIO_STEP] if answer.intent == "compare" else [_FORMULA_STEP]
    first = [s for pattern in wanted for s in steps if pattern.search(s)]
    chosen = list(dict.fromkeys(first + steps))[:MAX_REASONS]
    return env.t("answer.why_lead", reasons=" ".join(chosen))


def _job_why(answer: Answer, env: Env, jobs: float) -> str:
    """Why renting wins for a job: one run's rent against the purchase and one run's electricity owned, the runs
    buying pays back after, and (with the runs a month said) that many runs in years."""
    f = answer.figures
    said = {
        "rent": env.money_total(float(f["job_rent_usd"])),
        "buy": env.money(float(f.get("job_own_buy_usd") or 0)),
        "power": env.money_total(float(f.get("job_own_power_usd") or 0)),
        "jobs": f"{jobs:,.0f}",
    }
    months = f.get("months_to_break_even")
    if months:
        why = env.t("answer.why_job_paced", **said, years=f"{float(months) / 12:,.0f}")
    else:
        why = env.t("answer.why_job", **said)
    return env.t("answer.why_lead", reasons=why)


def _total_hours_why(answer: Answer, env: Env, steps: list[str], total: dict) -> str:
    """The reasons of a rent-or-buy weighed on the hours in all the user said: the break-even formula, then those
    hours set against it (not the verdict at the default use the answer's steps also give)."""
    formula = next((s for s in steps if "§cost.breakeven" in s), "")  # (the break-even step cites its formula)
    hours = float(total["hours"])
    be = float(answer.figures.get("break_even_hours") or 0)
    against = env.t(
        "answer.why_total_below" if hours < be else "answer.why_total_above",
        hours=f"{hours:,.0f}",
        rent=env.money(total.get("rent_usd")),
        own=env.money(total.get("own_usd")),
    )
    return env.t("answer.why_lead", reasons=i18n.gap(env.lang).join(p for p in (formula, against) if p))


_STACK_STEP = re.compile(r"ROCm|CUDA|Metal|oneAPI|XPU")  # a caveat about the software stack, said with the reasons


def _compare_pick(answer: Answer, env: Env) -> str | None:
    """The reasons of a comparison's pick of one of two cards, from its figures: how much faster the pick is at the
    work compared and how much more it gives per dollar over the years of ownership, at their prices (as many of
    each as compared), then a software-stack caveat among its steps; "" when the pick was decided by a model's fit
    (its own headline says why: nothing is put before it) or the figures are not there; None when the answer is no
    comparison of two cards with a pick; for a pick by memory, the memory of each."""
    f = answer.figures
    pick, speed, value = (
        (f.get("pick") or {}).get("gpu") or answer.choice,
        f.get("relative_speed"),
        f.get("value_per_tco"),
    )
    if answer.intent != "compare" or not pick:
        return None
    by_model = model_pick_why(answer, env)  # "mac mini or a 3090 pc for 32b" -> "why?": that model's memory or speed
    if by_model:
        return env.t("answer.why_lead", reasons=by_model)
    if f.get("model_sets_pick"):  # "3090 vs 4090 for 70b": "Get 2 x RTX 3090", the sets that hold the model weighed
        return _sets_pick(f.get("model_sets") or {}, pick, env)
    if not isinstance(speed, dict):
        return None
    other = next((g for g in speed if g != pick), None)
    if other is None or len(speed) != 2 or not isinstance(value, dict) or not speed.get(other):
        return ""
    counts, price = f.get("counts") or {}, f.get("price_usd") or {}
    if not value.get(other) or not price.get(pick) or not price.get(other):
        # "4070 super vs 7900 gre" with no price for the GRE (or none on record for the pick): speed alone decided it
        return _unpriced_pick(answer, env, (pick, other), speed, pick if value.get(other) else other)
    label = {g: _set_label(env, g, int(counts.get(g, 1))) for g in (pick, other)}
    fast, more = speed[pick] / speed[other], ((value.get(pick) or 0.0) / value[other] - 1) * 100
    said = {
        "pick": label[pick],
        "other": label[other],
        "speed": f"{fast:.2f}" if fast >= 1 else f"{1 / fast:.2f}",
        "pct": f"{abs(more):.0f}",
        "years": f"{env.assumptions.years:g}",
        "price": env.money(price[pick] * counts.get(pick, 1)),
        "other_price": env.money(price[other] * counts.get(other, 1)),
    }
    reason = (f.get("pick") or {}).get("reason", "numbers")  # no pick sentence: the numbers below say why
    if reason == "budget" and (f.get("pick") or {}).get("budget_usd"):  # "rx 9070 xt or 5070 ti, budget $800"
        said["budget"] = env.money(float(f["pick"]["budget_usd"]))
        other_wins = fast < 1 and more < 0  # without the budget the other card would be both faster and better value
        said |= {"speed": f"{1 / fast:.2f}"} if other_wins else {}
        key = "budget_other" if other_wins else "budget"
    elif reason == "memory":  # "4070 ti super or 3090 for lora training": the larger memory decided it
        memory = {
            g: (gpu.memory_gb or 0) * int(counts.get(g, 1)) for g in (pick, other) if (gpu := env.reader.known_gpu(g))
        }
        said |= {"mem": f"{memory.get(pick, 0):g}", "other_mem": f"{memory.get(other, 0):g}", "ratio": f"{fast:.2f}"}
        key = "memory"
    elif reason not in ("value", "speed", "numbers") or (fast < 1 and more < 0):
        return ""  # a server room, a passive card, a model's speed: the pick's own sentence says why
    else:
        key = "both" if fast >= 1 and more >= 0 else "value" if more >= 0 else "speed"
    lead = env.t(f"answer.why_pick_{key}", **said)
    stack = next((s.strip() for s in answer.steps if s and _STACK_STEP.search(s)), "")
    return env.t("answer.why_lead", reasons=i18n.gap(env.lang).join(p for p in (lead, stack) if p))


def _unpriced_pick(answer: Answer, env: Env, cards: tuple[str, str], speed: dict, unpriced: str) -> str:
    """Why a pick when one card (`unpriced`, either side) has no price: how much faster the pick is at the work
    compared, that value could not be weighed, then a software-stack caveat among the steps ("" when the pick is not
    the faster one)."""
    pick, other = cards
    counts = answer.figures.get("counts") or {}
    if (answer.figures.get("pick") or {}).get("reason") == "memory" and speed.get(pick) and speed.get(other):
        return _unpriced_memory_pick(answer, env, cards, speed[other] / speed[pick], counts)
    if not speed.get(pick) or speed[pick] < speed[other]:
        return ""
    said = {g: _set_label(env, g, int(counts.get(g, 1))) for g in (pick, other)}
    lead = env.t(
        "answer.why_pick_unpriced",
        pick=said[pick],
        other=said[other],
        unpriced=said[unpriced],
        speed=f"{speed[pick] / speed[other]:.2f}",
    )
    stack = next((s.strip() for s in answer.steps if s and _STACK_STEP.search(s)), "")
    return env.t("answer.why_lead", reasons=i18n.gap(env.lang).join(p for p in (lead, stack) if p))


def _unpriced_memory_pick(answer: Answer, env: Env, cards: tuple[str, str], ratio: float, counts: dict) -> str:
    """Why the card with more memory was picked when a price is missing: the memory each gives its GPU and the
    largest model each runs at 4-bit (as the comparison's memory sentence), and how much faster the other is on the
    models both hold."""
    pick, other = cards
    gpus = {g: env.reader.known_gpu(g) for g in cards}
    if any(gpu is None for gpu in gpus.values()):
        return ""
    usable = {g: hardware.gpu_memory_limit_gb(gpu) * int(counts.get(g, 1)) for g, gpu in gpus.items() if gpu}
    label = {g: _set_label(env, g, int(counts.get(g, 1))) for g in cards}
    lead = env.t(
        "answer.why_pick_memory_unpriced",
        pick=label[pick],
        other=label[other],
        usable=f"{usable[pick]:g}",
        other_usable=f"{usable[other]:g}",
        big=largest_llm(env, usable[pick], experts=True) or "?",
        small=largest_llm(env, usable[other], experts=True) or "?",
        ratio=f"{ratio:.2f}",
    )
    return env.t("answer.why_lead", reasons=lead)


def _sets_pick(sets: dict, pick: str, env: Env) -> str:
    """Why the set picked among the sets that hold the model: its speed and price against the other's ("" when
    there is no other set to weigh)."""
    other = next((g for g in sets if g != pick), None)
    mine, theirs = sets.get(pick) or {}, sets.get(other) or {}
    if other is None or not mine.get("usd") or not theirs.get("usd") or not mine.get("tokens_per_s"):
        return ""
    said = {
        "pick": _set_label(env, pick, int(mine.get("count", 1))),
        "other": _set_label(env, other, int(theirs.get("count", 1))),
        "speed": f"{theirs.get('tokens_per_s', 0) / mine['tokens_per_s']:.2f}",
        "price": env.money(mine["usd"]),
        "other_price": env.money(theirs["usd"]),
        "times": f"{theirs['usd'] / mine['usd']:.1f}",
    }
    key = "answer.why_pick_sets" if theirs["usd"] >= mine["usd"] else "answer.why_pick_sets_faster"
    return env.t("answer.why_lead", reasons=env.t(key, **said))


def _set_label(env: Env, name: str, n: int) -> str:
    gpu = env.reader.known_gpu(name)
    short = gpu.short_name if gpu is not None else name
    return f"{n} x {short}" if n > 1 else short


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
