"""Two values of one price, each costed, and what the cheaper saves (CostQuery kind "two_rates"): "spot a100 at $0.80/h
or on-demand at $1.60/h for a 40 hour job, how much each", "off-peak 11p/kwh, peak 28p, my 3090 trains 6h a day, how
much do i save a month", "峰电0.9 谷电0.3 4090每天跑8小时 全放谷电一个月省多少".

Contract: `respond(query, env)` -> Answer. Hours: the hours in all said (hours_total), else hours a week over the
period asked (a month unless said; docs/model.md §cost.period), else the utilization in force over that period (said).
Per hour: cost = rate x hours x cards. Per kWh: cost = draw x hours x rate, the draw stated (CostQuery.watts) or the
cards' board power (docs/model.md §cost.electricity). Two draws ("from 350 to 280w", rate_unit "watts"): each draw x
hours x cards x the price per kWh in force. The headline gives both costs and the difference; figures:
two_costs (label, rate, cost_usd each), saving_usd, hours.
"""

from __future__ import annotations

from typing import NamedTuple

from assistant import i18n
from assistant.answer import Answer
from assistant.periods import ASKED_HOURS as PERIOD_HOURS
from assistant.periods import CALENDAR_WEEKS
from assistant.queries import CostQuery
from assistant.respond.env import Env
from assistant.respond.wording import counted


def _hours(query: CostQuery, env: Env) -> tuple[float, str]:
    """(hours the costs are for, how they were read)."""
    if query.hours_total:
        return query.hours_total, env.t("two_costs.basis_total", hours=f"{query.hours_total:,.0f}")
    period = query.period if query.period in PERIOD_HOURS else "month"
    span = env.t(f"cost.period_{period}")
    if query.hours_per_week:
        hours = query.hours_per_week * CALENDAR_WEEKS[period]
        return hours, env.t("two_costs.basis_week", hours=f"{hours:,.0f}", period=span)
    hours = env.assumptions.utilization * PERIOD_HOURS[period]
    share = f"{env.assumptions.utilization * 100:.0f}"
    return hours, env.t("two_costs.basis_assumed", hours=f"{hours:,.0f}", period=span, share=share)


def respond(query: CostQuery, env: Env) -> Answer:
    env = env.for_query(query)
    hours, basis = _hours(query, env)
    refs = [r for r in query.gpus if r.name]
    n = sum(r.count for r in refs) or 1
    draw = query.watts or sum((env.gpu(r.name).tdp_w or 0) * r.count for r in refs)
    what = ""
    if refs:
        what = counted(env, env.gpu(refs[0].name), refs[0].count, article=False)
    if query.rate_unit == "watts":  # "from 350 to 280w": two draws at the price per kWh in force
        rate_usd = env.assumptions.electricity_usd_per_kwh
        per = hours / 1000.0 * rate_usd * max(n, 1)
        basis += env.t("two_costs.at_price", kwh=env.money(rate_usd, 3), cards=f"{n}")
    elif query.rate_unit == "kwh":
        per = draw / 1000.0 * hours  # kWh over the hours
        basis += env.t(
            "two_costs.energy", what=what or env.t("two_costs.the_draw"), watts=f"{draw:,.0f}", kwh=f"{per:,.0f}"
        )
    else:
        per = hours * n
        if n > 1:
            basis += env.t("two_costs.cards", n=n)
    stock = (env.gpu(refs[0].name).tdp_w or 0) if refs else 0
    each = query.hours_each if len(query.hours_each) == len(query.rates) else ()
    if each:
        basis = env.t("two_costs.basis_each", a=f"{each[0]:,.0f}", b=f"{each[1]:,.0f}")
    rows: list[Row] = []
    for k, value in enumerate(query.rates):
        value = value or float(stock) if query.rate_unit == "watts" else value  # 0 W: the card's stock power
        if query.rate_unit == "watts" and 0 < value < 1:  # "power limit to 70%": that share of the stock power
            value = value * float(stock)
        usd = value if query.rate_unit == "watts" else env.to_usd(value, query.rates_currency) or 0.0
        label = query.rate_labels[k] if k < len(query.rate_labels) and query.rate_labels[k] else None
        rate = f"{value:,.0f} " if query.rate_unit == "watts" else env.money(usd, 3 if query.rate_unit == "kwh" else 2)
        share = each[k] / hours if each else 1.0  # its own hours
        rows.append(Row(label, f"{rate}{env.t(f'two_costs.per_{query.rate_unit}')}", usd * per * share))
    a, b = rows[:2]
    low, high = sorted((a, b), key=lambda row: row.cost_usd)
    saving = high.cost_usd - low.cost_usd
    both = env.t("two_costs.head", a=_side(a, env), b=_side(b, env), basis=basis)
    pct = f"{saving / high.cost_usd * 100:.0f}" if high.cost_usd else "0"
    saves = env.t("two_costs.saves", cheaper=low.label or low.rate, saving=_money(saving, env), pct=pct)
    head = i18n.cap(env.lang, both) + i18n.gap(env.lang) + i18n.cap(env.lang, saves)
    figures = {
        "two_costs": [{"label": r.label, "rate": r.rate, "cost_usd": round(r.cost_usd, 2)} for r in rows],
        "saving_usd": round(saving, 2),
        "hours": round(hours, 1),
    }
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        gpus=[env.gpu(r.name).name for r in refs],
        figures=figures,
        steps=[env.t("two_costs.step", basis=basis)],
        assumptions=env.assumption_dict(),
        sources=["method: docs/model.md §cost.electricity, §cost.period, §cost.two_rates"],
        lang=env.lang,
    )


class Row(NamedTuple):
    """One option: its label as typed (None: named by its rate), its rate as shown, its cost in USD."""

    label: str | None
    rate: str
    cost_usd: float


def _side(row: Row, env: Env) -> str:
    if not row.label:
        return env.t("two_costs.side_plain", rate=row.rate, cost=_money(row.cost_usd, env))
    return env.t("two_costs.side", label=row.label, rate=row.rate, cost=_money(row.cost_usd, env))


def _money(usd: float, env: Env) -> str:
    return env.money_total(usd)  # cents below 100 of the answer's currency
