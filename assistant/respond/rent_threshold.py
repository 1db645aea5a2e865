"""How much use makes buying beat renting, per day, week or month: the break-even hours of a rent-or-buy answer
(docs/model.md §cost.breakeven) spread over the ownership period ("每天几个小时是临界点", "how many hours a day before
buying beats renting", "每周用多少小时以上买才划算").

Contract: `lead(answer, text, env)` -> the sentence that answers it, "" when the question asks no such threshold
(lexicon list usage_threshold_asked, and a period: usage_period_day / usage_period_week / usage_period_month) or the
answer has no break-even. Per day = break-even hours / (365 x years of ownership); per week x 7; per month x 365 / 12.
When the question asks the energy too ("一个月能用多少电 才值得"), the kWh a month at that use: the own machine's
draw (own cost per hour / the electricity price) x the hours a month. Sets figures["use_threshold_hours"] and declares
covers (time, electricity, payback).
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

_PERIODS = (("day", 1.0), ("week", 7.0), ("month", 365.0 / 12.0))
DAYS_A_YEAR = 365.0


def lead(answer: Answer, text: str, env: Env) -> str:
    if answer.intent != "rent_or_buy" or not answer.headline:
        return ""
    lex = lexicon(env.lang)
    low = f" {' '.join(text.lower().split())} "
    if not (lex.words_in("usage_threshold_asked", low) and lex.words_in("usage_threshold_hours", low)):
        return ""  # "i use it ~5h a day, in which month do i break even": a date asked, the use is said
    period = next(((p, days) for p, days in _PERIODS if lex.words_in(f"usage_period_{p}", low)), None)
    f = answer.figures
    hours, rent_h, buy = f.get("break_even_hours"), f.get("rent_usd_per_hour"), f.get("buy_usd")
    if period is None or not isinstance(hours, (int, float)) or not hours:
        return ""
    years = env.assumptions.years
    name, days = period
    per = hours / (DAYS_A_YEAR * years) * days
    f["use_threshold_hours"] = {"period": name, "hours": round(per, 1)}
    f["covers"] = sorted(set(f.get("covers") or ()) | {"time", "electricity", "payback"})
    line = env.t(
        "rent.threshold" if per <= 24 * days else "rent.threshold_never",
        hours=f"{per:,.1f}",
        period=env.t(f"cost.period_{name}"),
        total=f"{hours:,.0f}",
        years=f"{years:g}",
    )
    kwh_price = env.assumptions.electricity_usd_per_kwh
    energy = lex.words_in("energy_asked", low) or lex.words_in("usage_energy_asked", low)
    if energy and isinstance(rent_h, (int, float)) and isinstance(buy, (int, float)) and kwh_price:
        own_h = max(rent_h - buy / hours, 0.0)  # the own machine's electricity an hour (§cost.breakeven)
        kw = own_h / kwh_price
        month = hours / (DAYS_A_YEAR * years) * DAYS_A_YEAR / 12.0
        line += env.t("rent.threshold_energy", kwh=f"{kw * month:,.0f}", watts=f"{round(kw * 1000, -1):,.0f}")
    return line
