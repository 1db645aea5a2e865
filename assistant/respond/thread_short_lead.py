"""The lead of a short thread follow-up answered by a whole earlier question: "how many hours a month before buying
wins" after a rent or buy is that rent or buy again, led by the use per period at which owning breaks even; "what
mobo supports two of them" (a build of the thread's cards) is led by the platform those cards need.

Contract: `lead(answer, parsed, env)` -> the answer, its headline led by that sentence when `parsed` is a
FollowUpQuery with ask "break_even_use" and the answer gives `break_even_hours`; unchanged otherwise. The use per
period = break-even hours / (years of ownership x periods in a year); the use now is the answer's `hours_per_week`
in that period (docs/model.md §cost.breakeven: the break-even hours are the purchase over the hourly saving).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env

_PER_YEAR = {"day": 365.25, "week": 52.18, "month": 12.0, "year": 1.0}  # periods in a year


def lead(answer: Answer, parsed, env: Env) -> Answer:
    if getattr(parsed, "asked_figure", None) == "platform":  # nlu/intents/thread_short.platform_of_cards
        answer = _platform(answer, env)
    if getattr(parsed, "ask", None) != "break_even_use" or answer.clarification:
        return answer
    total = answer.figures.get("break_even_hours")
    if not isinstance(total, (int, float)) or total <= 0:
        return answer
    period = getattr(parsed, "period", None) or "month"
    years = env.assumptions.years
    n = years * _PER_YEAR.get(period, 12.0)
    per = total / n
    weekly = answer.figures.get("hours_per_week")
    now = weekly * 52.18 / _PER_YEAR.get(period, 12.0) if isinstance(weekly, (int, float)) else None
    sentence = env.t(
        "thread_short.break_even_use",
        per=f"{per:,.0f}" if per >= 10 else f"{per:.1f}",
        period=env.t(f"thread_short.period_{period}"),
        periods=env.t(f"thread_short.periods_{period}"),
        total=f"{int(total):,}",
        years=f"{years:g}",
        n=f"{n:,.0f}",
        now=f"{now:,.1f}" if now is not None else "?",
        verdict=env.t("thread_short.break_even_use_buy" if now and now >= per else "thread_short.break_even_use_rent"),
    )
    answer.headline = i18n.gap(env.lang).join([sentence, answer.headline])
    answer.figures["break_even_per_period"] = {"period": period, "hours": round(per, 1)}
    return answer


def _platform(answer: Answer, env: Env) -> Answer:
    """A build of several cards asked for its board, CPU or lanes ("guess i'll go 3090s, what mobo supports two of
    them"): the platform line (respond/platform_note.py) first."""
    from assistant.respond import platform_note

    rig = answer.figures.get("rig")
    if answer.intent != "rig" or not isinstance(rig, dict) or (rig.get("gpu_count") or 0) < 2:
        return answer
    gpu = env.reader.gpu(rig.get("gpu") or "")
    if gpu is None:
        return answer
    line = platform_note.line(gpu, int(rig["gpu_count"]), env)
    answer.headline = i18n.gap(env.lang).join([line, answer.headline])
    answer.sources += [s for s in platform_note.sources(int(rig["gpu_count"]), env) if s not in answer.sources]
    return answer
