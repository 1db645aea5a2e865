"""The lead of a short thread follow-up answered by a whole earlier question: "how many hours a month before buying
wins" after a rent or buy is that rent or buy again, led by the use per period at which owning breaks even.

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
