"""A machine weighed against a limit or a bill the user states: a power cap at the wall ("宿舍限电800w 4090加13600k会
跳闸吗", "my ups is 1500va / 900w, enough for a 4090 box?"), an energy cap ("landlord caps me at 300 kwh a month, will a
3090 at 420w for 14h a day blow it?") and the cards' share of a stated bill ("$212 electric bill ..., how much of it is
the pc").

Contract:
- `wall_cap(query, build, env)` -> (sentence, figures) for a RigQuery with cap_w / cap_va: the build's draw at the wall
  under full load (Build.wall_w, docs/model.md §rig) against the cap; over it, the per-card power limit that fits
  (the cap x PSU efficiency - CPU - rest of the machine, shared by the cards) when it keeps 60 % of stock power, else
  "fewer cards". A VA rating with no watts is read at UPS_POWER_FACTOR [A], said.
- `energy_cap(query, env, label, draw_w, util, figures)` -> the lead for a CostQuery with cap_kwh: the energy over the
  cap's period (draw x share of the time x hours of the period) against the cap, what is left, or the hours a day that
  stay under (docs/model.md §cost.electricity).
- `bill_share(query, env, label, draw_w, util, figures)` -> the lead for a CostQuery with share_asked: the cards' kWh
  and money over the bill's period at the electricity price in force, as a share of the stated bill; the rest of the
  machine is not counted, said.
Each returns "" when its setting is absent; figures gain cap_* / share_* keys.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.periods import ASKED_HOURS as PERIOD_HOURS
from assistant.respond.builds import Build, power
from assistant.respond.env import Env
from assistant.respond.limit_floor import min_limit_share

UPS_POWER_FACTOR = 0.6  # watts a consumer UPS delivers per VA of its rating when only the VA is known (APC BX-M series)
UPS_SOURCE = "rig-apc-bx-ups-specs"  # knowledge/sources/rigs.csv: 510-900 W for 850-1500 VA, 0.6 W per VA


def wall_cap(query, b: Build, env: Env) -> tuple[str, dict]:
    cap_w, va = query.cap_w, query.cap_va
    assumed = ""
    if not cap_w and va:
        cap_w = va * UPS_POWER_FACTOR
        assumed = env.t("limits.va_assumed", va=f"{va:,.0f}", w=f"{cap_w:,.0f}", pf=f"{UPS_POWER_FACTOR:g}")
    if not cap_w:
        return "", {}
    wall = b.wall_w
    values = {"build": b.label, "wall": f"{wall:,.0f}", "cap": f"{cap_w:,.0f}"}
    figures = {"cap_w": round(cap_w), "wall_w": round(wall), "cap_fits": wall <= cap_w}
    if wall <= cap_w:
        text = env.t("limits.wall_fits", spare=f"{cap_w - wall:,.0f}", **values)
    else:
        rules = power()
        per_card = (cap_w * float(rules["efficiency"]) - b.platform.cpu_w - float(rules["rest_w"])) / max(b.n, 1)
        stock = b.gpu.tdp_w or 0
        if stock and per_card >= min_limit_share() * stock:
            limit = env.t("limits.wall_limit", limit=f"{per_card:,.0f}", tdp=f"{stock:,}")
            figures["power_limit_w"] = round(per_card)
        else:
            limit = env.t("limits.wall_no_limit")
        text = env.t("limits.wall_over", over=f"{wall - cap_w:,.0f}", limit=limit, **values)
    return i18n.gap(env.lang).join(p for p in (text, assumed) if p), figures


def energy_cap(query, env: Env, label: str, draw_w: float, util: float, figures: dict) -> str:
    cap, period = query.cap_kwh, query.cap_period or "month"
    if not cap or not draw_w:
        return ""
    hours = PERIOD_HOURS.get(period, PERIOD_HOURS["month"])
    kwh = draw_w * util * hours / 1000.0
    figures |= {"cap_kwh": cap, "cap_period": period, "cap_use_kwh": round(kwh, 1), "cap_fits": kwh <= cap}
    values = {
        "label": label,
        "watts": f"{draw_w:,.0f}",
        "share": f"{util * 100:.0f}",
        "kwh": f"{kwh:,.0f}",
        "cap": f"{cap:,.0f}",
        "period": env.t(f"cost.period_{period}"),
    }
    if kwh <= cap:
        return env.t("limits.energy_fits", left=f"{cap - kwh:,.0f}", pct=f"{kwh / cap * 100:.0f}", **values)
    per_day = cap * 1000.0 / draw_w / (hours / 24.0)  # hours a day at that draw the cap allows
    figures["cap_hours_per_day"] = round(per_day, 1)
    return env.t("limits.energy_over", over=f"{kwh - cap:,.0f}", hours=f"{per_day:.1f}", **values)


def bill_share(query, env: Env, label: str, draw_w: float, util: float, figures: dict) -> str:
    if not query.share_asked or not query.bill_stated or not draw_w:
        return ""
    bill_usd = env.to_usd(query.bill_stated, query.bill_stated_currency)
    rate = env.assumptions.electricity_usd_per_kwh
    if not bill_usd or not rate:
        return ""
    period = query.period if query.period in PERIOD_HOURS else "month"
    kwh = draw_w * util * PERIOD_HOURS[period] / 1000.0
    usd = kwh * rate
    share = usd / bill_usd
    figures |= {"share_kwh": round(kwh, 1), "share_usd": round(usd, 2), "share_of_bill": round(share, 3)}
    key = "limits.share" if share <= 1.0 else "limits.share_over"
    return env.t(
        key,
        money=env.money(usd),
        bill=env.money(bill_usd),
        pct=f"{share * 100:.0f}",
        label=label,
        watts=f"{draw_w:,.0f}",
        util=f"{util * 100:.0f}",
        kwh=f"{kwh:,.0f}",
        period=env.t(f"cost.period_{period}"),
        rate=env.money(rate, 3),
    )


def lead(query, env: Env, label: str, cards_w: float, util: float, figures: dict) -> str:
    """The energy cap or the bill share a running-cost question asks, at the draw the user states (CostQuery.watts,
    "420w at the wall") or else the cards' board power."""
    if query.kind != "running":
        return ""
    draw = query.watts or cards_w
    found = (
        energy_cap(query, env, label, draw, util, figures)
        or bill_share(query, env, label, draw, util, figures)
        or energy_budget(query, env, label, draw, figures)
        or job_energy(query, env, label, draw, figures)
    )
    if found and not query.watts:  # the cards' board power: the rest of the machine is not counted, said
        found += i18n.gap(env.lang) + env.t("limits.cards_only", rest=f"{float(power()['rest_w']):,.0f}")
    return found


def energy_budget(query, env: Env, label: str, draw_w: float, figures: dict) -> str:
    """ "一个月电费就想花100块 电价0.5 4090满载能跑多少小时": the kWh the money buys at the price in force, and the
    hours of the draw that uses them, per the budget's period (a month unless said) and a day."""
    cap = query.money_cap
    rate = env.assumptions.electricity_usd_per_kwh
    if not cap or not draw_w or not rate:
        return ""
    usd = env.to_usd(cap[0], cap[1]) or 0.0
    period = cap[2] or query.period or "month"
    kwh = usd / rate
    hours = kwh * 1000.0 / draw_w
    days = PERIOD_HOURS.get(period, PERIOD_HOURS["month"]) / 24.0
    figures |= {"budget_kwh": round(kwh, 1), "budget_hours": round(hours, 1), "cap_fits": True}
    return env.t(
        "limits.energy_budget",
        money=env.money_total(usd),
        period=env.t(f"cost.period_{period}"),
        rate=env.money(rate, 3),
        kwh=f"{kwh:,.0f}",
        hours=f"{hours:,.0f}",
        per_day=f"{min(hours / days, 24.0):.1f}",
        label=label,
        watts=f"{draw_w:,.0f}",
    )


def answer_lead(answer, query, env: Env) -> str:
    """After the answer: a budget said beside a running cost, against the answer's total ("our lab has $500/month
    ... for a 30 hour run, does that fit"); a time to be done in, against the answer's job time when the answer did
    not weigh it ("paper deadline in 5 days ... will i make it"). "" when neither applies."""
    figures = answer.figures
    cap = getattr(query, "money_cap", None)
    total = next((figures[k] for k in _TOTALS if isinstance(figures.get(k), (int, float))), None)
    if cap and total and "cap_fits" not in figures and answer.intent == "rates":
        limit = env.to_usd(cap[0], cap[1]) or 0.0
        fits = total <= limit
        figures |= {"cap_fits": fits, "cap_usd": round(limit, 2)}
        key = "limits.budget_fits" if fits else "limits.budget_over"
        return env.t(
            key, total=env.money_total(total), cap=env.money_total(limit), gap=env.money_total(abs(limit - total))
        )
    deadline = getattr(query, "deadline_asked", None)
    hours = figures.get("job_hours") or (figures["days"] * 24.0 if figures.get("days") else None)
    spans = "job_kwh" in figures and hours == deadline  # "how much electricity in one hour": the span, no deadline
    if deadline and hours and "deadline_hours" not in figures and "done_at" not in figures and not spans:
        figures["deadline_met"] = hours <= deadline
        key = "limits.deadline_met" if hours <= deadline else "limits.deadline_missed"
        from assistant.respond.wording import duration

        return env.t(key, time=duration(env, hours), limit=duration(env, deadline))
    return ""


_TOTALS = ("total_at_stated_rate_usd", "total_usd")  # a rent's total (a cost answer's total_cost_usd is 5-year TCO)


def job_energy(query, env: Env, label: str, draw_w: float, figures: dict) -> str:
    """ "how many kwh will a 72 hour training run on 4x 4090 use": the draw x the job's hours in all (CostQuery
    hours_total), and what that costs at the price in force (docs/model.md §cost.electricity)."""
    hours = getattr(query, "hours_total", None)
    if not hours or not draw_w or query.rates:
        return ""
    kwh = draw_w * hours / 1000.0
    rate = env.assumptions.electricity_usd_per_kwh
    figures |= {"job_kwh": round(kwh, 1), "job_hours": hours, "job_electricity_usd": round(kwh * rate, 2)}
    return env.t(
        "limits.job_energy",
        label=label,
        watts=f"{draw_w:,.0f}",
        hours=env.t(
            "limits.energy_hour" if hours == 1 else "limits.energy_hours", n=f"{hours:,.1f}".removesuffix(".0")
        ),
        kwh=f"{kwh:,.2f}" if kwh < 10 else f"{kwh:,.0f}",
        money=env.money_total(kwh * rate),
        rate=env.money(rate, 3),
    )


_BILL_ASKED = re.compile(r"electricity|power (?:cost|bill)|energy|kwh|电费|耗电|度电|用电")
_DAILY = re.compile(r"\b(?:a|per|each|every) day\b|\bdaily\b|每天|每日|一天")  # a job said to recur each day


def answer_energy(answer, query, env: Env) -> str:
    """Energy asked of a job an answer timed ("energy used for generating 1000 flux dev images on a 5090": the fit
    answer's hours): board power x cards x those hours (the cards alone, said)."""
    asked = getattr(query, "asked_figure", None) in ("energy", "bill")
    if answer.intent != "fit" or not (asked or _BILL_ASKED.search((getattr(query, "text", "") or "").lower())):
        return ""  # "how long ... and what's the electricity": the bill asked beside the time
    figures = answer.figures
    hours = figures.get("images_hours") or figures.get("job_hours")
    refs = [g for g in getattr(query, "gpus", ()) if g.name]
    if not hours or not refs or "job_kwh" in figures:
        return ""
    spec = env.gpu(refs[0].name)
    watts = (spec.tdp_w or 0) * refs[0].count
    if not watts:
        return ""
    from assistant.respond.wording import counted

    env = env.for_query(query)  # the question's money: its household price per kWh when no price was set
    rate = env.assumptions.electricity_usd_per_kwh
    kwh = watts * float(hours) / 1000.0
    figures |= {"job_kwh": round(kwh, 2), "job_electricity_usd": round(kwh * rate, 2)}
    label = counted(env, spec, refs[0].count, article=False)
    money = env.money_total(kwh * rate)
    text = env.t(
        "limits.job_energy",
        label=label,
        watts=f"{watts:,.0f}",
        hours=env.t("limits.energy_hours", n=f"{float(hours):,.1f}".removesuffix(".0")),
        kwh=f"{kwh:,.1f}",
        money=money,
        rate=env.money(rate, 3),
    )
    if _DAILY.search(getattr(query, "text", "") or ""):  # "每天出图1000张", "2000 images a day": that much every day
        figures["job_electricity_month_usd"] = round(kwh * rate * 365 / 12, 2)
        text += i18n.gap(env.lang) + env.t("limits.job_energy_daily", month=env.money_total(kwh * rate * 365 / 12))
    return text + i18n.gap(env.lang) + env.t("limits.cards_only", rest=f"{float(power()['rest_w']):,.0f}")
