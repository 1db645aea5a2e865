"""Answer "should I rent or buy X if I use it N hours a week?".

Contract: buying = GPU price + desktop base (docs/model.md §cost.tco), owning costs whole-system
electricity per hour of use (GPU board power + 100 W for the rest, the reference's 2020
example); renting = the cheapest on-demand rate for that GPU in knowledge/cloud.csv. The
break-even in hours of use is buy / (rent - own electricity per hour) (§cost.breakeven); the
calendar time follows from the usage pattern. `figures`: break_even_hours, break_even_days,
verdict (rent | buy, for the ownership period in force), rent_usd_per_hour. The chart is the
cumulative cost of renting vs owning over time.
"""

from __future__ import annotations

from assistant.answer import Answer, Chart, Table
from assistant.models import constants as C
from assistant.models import cost
from assistant.queries import RentOrBuyQuery
from assistant.respond.common import Env, spec_source
from assistant.respond.pricing import assumption_text, price_of, price_text


def _usage(query: RentOrBuyQuery, env: Env) -> tuple[float, str]:
    """Hours of use per week and how we know."""
    if query.hours_per_week:
        return min(query.hours_per_week, 168.0), f"{query.hours_per_week:g} hours a week"
    u = query.utilization or env.assumptions.utilization
    return 168.0 * u, f"{u * 100:.0f} % utilization ({168 * u:.0f} hours a week)"


def _duration(days: float) -> str:
    if days < 60:
        return f"{days:.0f} days"
    if days < 730:
        return f"{days / 30.44:.0f} months"
    return f"{days / 365.25:.1f} years"


def respond(query: RentOrBuyQuery, env: Env) -> Answer:
    ref = next((r for r in query.gpus if r.name), None)
    if ref is None:
        return Answer(question=query.text, intent="rent_or_buy", headline="",
                      clarification="Which GPU would you rent or buy? For example \"rent or buy a 4090 for 10 hours a week?\"")
    gpu = env.reader.gpu(ref.name)
    n = ref.count
    a = env.assumptions
    rates = env.reader.cloud_rates(gpu.name)
    rate = cost.cheapest_cloud(gpu.name, rates)
    price = price_of(gpu.name, env)
    if rate is None or price is None:
        missing = "no cloud rate" if rate is None else f"no price in the '{a.snapshot}' snapshot"
        return Answer(question=query.text, intent="rent_or_buy", gpus=[gpu.name], headline=f"I cannot compare renting and buying the {gpu.short_name}: {missing} for it in my data.",
                      steps=["Cloud rates cover: " + ", ".join(sorted({r.gpu for r in env.reader.cloud_rates()})[:12]) + ", ..."],
                      figures={"break_even_hours": None, "verdict": None})
    hours_week, usage = _usage(query, env)
    buy = price.usd * n + C.DESKTOP_BASE_USD
    power = (gpu.tdp_w or 0) * n + C.SYSTEM_BASE_POWER_W
    rent_h = rate.on_demand_usd_per_gpu_hour * n
    be = cost.break_even(buy, rent_h, power_w=power, usd_per_kwh=a.electricity_usd_per_kwh, hours_per_week=hours_week)
    horizon_days = (query.months * 30.44) if query.months else a.years * 365.25
    verdict = "rent" if be.never or be.calendar_days > horizon_days else "buy"
    count = f"{n} x " if n > 1 else "a "
    if be.never:
        head = f"Rent: at {env.money(rent_h, 2)}/hour the cloud is cheaper than the electricity of owning {count}{gpu.short_name}."
    elif verdict == "buy":
        head = (f"Buy, if you will keep it for more than {_duration(be.calendar_days)}: at {usage}, owning {count}{gpu.short_name} "
                f"breaks even after about {be.hours_of_use:,.0f} hours of use.")
    else:
        head = (f"Rent: at {usage}, buying {count}{gpu.short_name} only pays off after {be.hours_of_use:,.0f} hours of use, "
                f"about {_duration(be.calendar_days)} — longer than {_duration(horizon_days)}.")
    month_rent = rent_h * hours_week * 52 / 12
    month_own = be.own_usd_per_hour * hours_week * 52 / 12
    table = Table(headers=["", "rent", "buy"], rows=[
        ["up front", env.money(0), f"{env.money(buy)} ({price_text(price, env)} x {n} + {env.money(C.DESKTOP_BASE_USD)} desktop)"],
        ["per hour of use", f"{env.money(rent_h, 2)} ({rate.provider}, {rate.observed})", f"{env.money(be.own_usd_per_hour, 3)} electricity ({power:,.0f} W)"],
        [f"per month at {hours_week:g} h/week", env.money(month_rent), env.money(month_own)],
    ])
    spot = cost.cheapest_cloud(gpu.name, rates, spot=True)
    steps = [f"Break-even = purchase / (rent per hour - own electricity per hour) = {env.money(buy)} / "
             f"({env.money(rent_h, 2)} - {env.money(be.own_usd_per_hour, 3)}) = {be.hours_of_use:,.0f} hours (docs/model.md §cost.breakeven)."
             if not be.never else "Owning never catches up: the hourly rent is below the electricity cost."]
    if spot and spot.spot_usd_per_gpu_hour:
        spot_be = cost.break_even(buy, spot.spot_usd_per_gpu_hour * n, power_w=power, usd_per_kwh=a.electricity_usd_per_kwh,
                                  hours_per_week=hours_week)
        steps.append(f"With spot instances ({spot.provider}, {env.money(spot.spot_usd_per_gpu_hour, 2)}/hour) the break-even moves to "
                     + ("never." if spot_be.never else f"{spot_be.hours_of_use:,.0f} hours ({_duration(spot_be.calendar_days)})."))
    if price.usd * n < buy:
        own_pc = cost.break_even(price.usd * n, rent_h, power_w=power, usd_per_kwh=a.electricity_usd_per_kwh, hours_per_week=hours_week)
        if not own_pc.never:
            steps.append(f"If you already own a desktop to put it in: {own_pc.hours_of_use:,.0f} hours ({_duration(own_pc.calendar_days)}).")
    steps.append("The reference's rule: for more than about a year of deep learning, a desktop is cheaper; for sporadic use "
                 "(a few hours every few days) rent.")
    weeks = max(horizon_days / 7, 1)
    points = [w * weeks / 12 for w in range(13)]
    chart = Chart(kind="lines", title="Cumulative cost: renting vs buying", x_label="weeks", y_label="USD",
                  series={"rent": [(w, rent_h * hours_week * w) for w in points],
                          "buy": [(w, buy + be.own_usd_per_hour * hours_week * w) for w in points]})
    figures = {"break_even_hours": None if be.never else round(be.hours_of_use, 1),
               "break_even_days": None if be.never else round(be.calendar_days, 1), "verdict": verdict,
               "rent_usd_per_hour": round(rent_h, 4), "buy_usd": round(buy, 2), "hours_per_week": hours_week}
    sources = [spec_source(gpu)] + env.cite(rate.source, price.source) + ["method: docs/model.md §cost.breakeven"]
    return Answer(question=query.text, intent="rent_or_buy", headline=head, gpus=[gpu.name], choice=gpu.name if verdict == "buy" else None,
                  workload=query.workload, tables=[table], steps=steps, figures=figures, chart=chart,
                  assumption_text=assumption_text(env), sources=sources, lang=env.lang)
