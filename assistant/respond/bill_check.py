"""A bill the user states, checked against the cards' draw: "my electric bill went up $38 last month after i started
leaving my 2x 3090 llm box on. does that math check out at $0.16/kwh?".

Contract: `check(query, env, gpu, count, load_w, figures)` -> the sentence that leads the answer, or "" when the
question states no bill (CostQuery.bill_stated). The stated bill over the period (a month unless said) at the
electricity price in force is an energy (kWh) and an average draw around the clock (W = kWh x 1000 / hours); it is
set against the cards idling all the time (the idle draw of respond/cost_settings.idle_watts) and at board power all
the time, and, between the two, the hours of load a day it pays for: (average - idle) / (load - idle) x 24. The cards
alone are counted; the rest of the machine (CPU, board, fans, power-supply losses) adds to every figure, said.
Adds its figures to `figures`.
"""

from __future__ import annotations

from assistant.periods import ASKED_HOURS as PERIOD_HOURS
from assistant.queries import CostQuery
from assistant.respond.cost_settings import idle_watts
from assistant.respond.env import Env
from assistant.respond.wording import counted
from assistant.specs import GpuSpec


def check(query: CostQuery, env: Env, gpu: GpuSpec, count: int, load_w: float, figures: dict) -> str:
    rate = env.assumptions.electricity_usd_per_kwh
    usd = env.to_usd(query.bill_stated, query.bill_stated_currency) if query.bill_stated else None
    if not usd or not rate or not load_w:
        return ""
    hours = PERIOD_HOURS.get(query.period or "month", PERIOD_HOURS["month"])
    kwh = usd / rate
    average_w = kwh * 1000.0 / hours
    idle_w = idle_watts(gpu, env)[0] * count
    idle_usd, full_usd = idle_w * hours / 1000.0 * rate, load_w * hours / 1000.0 * rate
    figures |= {
        "bill_kwh": round(kwh, 1),
        "bill_average_w": round(average_w, 1),
        "bill_idle_usd": round(idle_usd, 2),
        "bill_full_load_usd": round(full_usd, 2),
    }
    if average_w <= idle_w:
        key, load_hours = "bill_check.below_idle", 0.0
    elif average_w >= load_w:
        key, load_hours = "bill_check.above_load", 24.0
    else:
        key, load_hours = "bill_check.between", (average_w - idle_w) / (load_w - idle_w) * 24.0
    figures["bill_load_hours_per_day"] = round(load_hours, 1)
    return env.t(
        key,
        bill=env.money(usd, 2 if usd < 20 else 0),
        period=env.t(f"cost.period_{query.period or 'month'}"),
        rate=env.money(rate, 3),
        kwh=f"{kwh:,.0f}",
        average=f"{average_w:,.0f}",
        what=counted(env, gpu, count, article=False),
        idle=env.money(idle_usd, 2 if idle_usd < 20 else 0),
        idle_w=f"{idle_w:,.0f}",
        full=env.money(full_usd, 2 if full_usd < 20 else 0),
        load_w=f"{load_w:,.0f}",
        hours=f"{load_hours:.1f}",
    )
