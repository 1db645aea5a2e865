"""The power bill of a machine whose draws the user states at load and at idle ("my rig idles at 95w and pulls ~510w
during sd batches ... on 24/7 for a discord bot, per month?", "server idles at 60w, about 300w under load maybe 2
hours a day, on 24/7"): the load hours at the load draw and the other powered hours at the idle draw, both as said
(docs/model.md §cost.idle), never one draw over every hour.

Contract: `bill(query, env)` -> an Answer, or None unless the question states an idle draw (Stated watts, whole
"idle") and a load draw beside it (another watts amount, not a limit or a PSU) and the machine is on for more hours
than it works (CostQuery.powered_hours_per_week). The load hours are the question's (CostQuery.hours_per_week, from
the usage reader, its assumption said in the usage note); with none, the bill's two ends are given (all idle, all
load) and the hours asked for. Several of one card named ("3 machines with 4090s ... they idle at 80w"): the draws
are each one's, times the count. Figures as cost_settings.idle_figures, plus load_w (all of them).
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import cost
from assistant.queries import CostQuery
from assistant.respond import cost_settings
from assistant.respond.env import Env
from assistant.respond.wording import counted

_LOAD_ROLES = (None, "card", "wall")


def draws(query: CostQuery) -> tuple[float, float] | None:
    """(load W, idle W) as stated, or None."""
    stated = getattr(query, "stated", ())
    idle = [s.value for s in stated if s.dim == "watts" and s.whole == "idle" and not s.direction]
    load = [s.value for s in stated if s.dim == "watts" and s.whole in (*_LOAD_ROLES, "idle") and not s.direction]
    if not idle or len(load) < 2 or max(load) <= min(idle):  # "待机80w 跑模型的时候400w": the idle word reaches both
        return None
    return max(load), min(idle)


def bill(query: CostQuery, env: Env) -> Answer | None:
    found = draws(query) if query.kind == "running" else None
    powered = query.powered_hours_per_week
    if found is None or not powered:
        return None
    load_w, idle_w = found
    refs = [r for r in query.gpus if r.name]
    n = refs[0].count if len(refs) == 1 else 1  # "3 machines with 4090s ... they idle at 80w": each machine's draws
    if any(s.dim == "watts" and s.whole == "wall" for s in query.stated):  # "my 2x 3090 rig ... pulls 700w"
        n = refs[0].machines if len(refs) == 1 else 1  # the machine's own draws, once per machine
    load_w, idle_w = load_w * n, idle_w * n
    kwh = env.assumptions.electricity_usd_per_kwh
    load_h = query.hours_per_week
    figures: dict = {"load_w": load_w, "idle_w": idle_w, "period": query.period}
    if load_h is None or load_h >= powered:  # no share of work said: the two ends of the bill
        low = cost.electricity_usd(idle_w, powered / cost.HOURS_PER_WEEK, C.HOURS_PER_YEAR, kwh)
        high = cost.electricity_usd(load_w, powered / cost.HOURS_PER_WEEK, C.HOURS_PER_YEAR, kwh)
        share = cost_settings.PERIOD_SHARE.get(query.period or "", 1.0)
        figures |= {"electricity_low_usd_per_year": round(low, 2), "electricity_high_usd_per_year": round(high, 2)}
        head = env.t(
            "cost.draw_range",
            low=env.money_total(low * share),
            high=env.money_total(high * share),
            period=env.t(f"cost.period_{query.period}") if query.period else env.t("cost.period_year"),
            idle_w=f"{idle_w:,.0f}",
            load_w=f"{load_w:,.0f}",
            hours=f"{powered:g}",
            kwh=env.money(kwh, 3),
        )
    else:
        split = cost.load_and_idle(load_w, idle_w, load_h, powered, kwh)
        cost_settings.idle_figures(split, idle_w, figures)
        figures["electricity_usd_per_year"] = round(split.total_usd, 2)
        label = counted(env, env.gpu(refs[0].name), n, article=False) if n > 1 else env.t("cost.your_machine")
        head = cost_settings.idle_head(env, label, split, load_w, idle_w / n, n, query.period)
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        steps=[
            env.t("cost.draw_split_step", load_w=f"{load_w / n:,.0f}", idle_w=f"{idle_w / n:,.0f}")
            + (env.t("cost.draw_split_each", n=n) if n > 1 else "")
        ],
        figures=figures,
        assumptions=env.assumption_dict(),
        sources=env.rate_sources() + ["method: docs/model.md §cost.electricity, §cost.idle"],
        lang=env.lang,
    )
