"""Cost settings a question states beside a running cost or a cost of owning: hours of load against hours idle
("idles 24/7 and does ~4h of load a day") and selling the card after the years owned ("用两年再卖掉").

Contract: `load_idle(query, env, gpu, count, watts, load_share)` -> (LoadAndIdle, idle watts per card, measured?)
when the question states powered hours beyond its load hours (CostQuery.powered_hours_per_week), else None;
the idle draw is the one the question says (CostQuery.idle_w), else the card's measurement in
knowledge/idle_power.csv, else the highest measured there (said).
`idle_head` / `idle_step` word it. `resale_lead(query, env, gpu, figures, years)` -> (headline, steps) when the
question sells the card (CostQuery.resale / resale_usd / resale_share: the amount or share said), else None: resale
= paid x retention ** years with the
card's own used-price retention when the KB has used USD quotes in both snapshots, else the all-card median
(models/constants.USED_RETENTION_PER_YEAR); net per month = (paid - resale + electricity) / months
(docs/model.md §cost.idle, §cost.resale). Adds its figures to `figures`.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import constants as C
from assistant.models import cost
from assistant.periods import ASKED_YEARS
from assistant.queries import CostQuery
from assistant.respond.env import Env
from assistant.respond.idle_power import _measured
from assistant.specs import GpuSpec

EARLY_SNAPSHOT = "2023-01"  # the KB's older price snapshot (Dettmers' Jan 2023 market)


def idle_watts(gpu: GpuSpec, env: Env) -> tuple[float, bool, str | None]:
    """(idle W of one card, measured?, source id): the card's row in knowledge/idle_power.csv, else the highest
    measured there [A]."""
    measured = _measured(env.lang)
    if gpu.name in measured:
        watts, _state, _observed, source = measured[gpu.name]
        return watts, True, source
    watts, *_rest, source = max(measured.values(), key=lambda row: row[0])
    return watts, False, source


def load_idle(
    query: CostQuery, env: Env, gpu: GpuSpec, count: int, watts: float, load_share: float
) -> tuple[cost.LoadAndIdle, float, bool, str | None] | None:
    """The year's electricity split into load and idle (see the module contract); None without powered hours
    beyond the load."""
    powered = query.powered_hours_per_week
    load_hours = query.hours_per_week if query.hours_per_week is not None else load_share * cost.HOURS_PER_WEEK
    if not powered or powered <= load_hours:
        return None
    idle_w, measured, source = idle_watts(gpu, env)
    if query.idle_w:  # "mostly idle ~60w each": the draw said
        idle_w, measured, source = query.idle_w, True, None
    split = cost.load_and_idle(watts, idle_w * count, load_hours, powered, env.assumptions.electricity_usd_per_kwh)
    return split, idle_w, measured, source


def idle_figures(split: cost.LoadAndIdle, idle_w: float, figures: dict) -> None:
    figures |= {
        "electricity_load_usd_per_year": round(split.load_usd, 2),
        "electricity_idle_usd_per_year": round(split.idle_usd, 2),
        "load_hours_per_week": round(split.load_hours_per_week, 1),
        "idle_hours_per_week": round(split.idle_hours_per_week, 1),
        "idle_w": idle_w,
    }


# of a year (§cost.period): a day, week, month, quarter or semester asked leads with its share of the year
PERIOD_SHARE = {"day": 1 / 365.0, "week": 7 / 365.0, "month": 1 / 12.0} | {
    p: share for p, share in ASKED_YEARS.items() if p in ("quarter", "semester")
}


def idle_head(
    env: Env, label: str, split: cost.LoadAndIdle, watts: float, idle_w: float, count: int, period: str | None = None
) -> str:
    """ "Running it costs about €208 a year: €155 for 28 hours of load a week at 355 W and €53 for 140 idle
    hours at 28 W"; led by the period asked ("monthly bill?": about $23 a month) when it is shorter than a year."""
    share = PERIOD_SHARE.get(period or "")
    lead = ""
    if share:
        amount = split.total_usd * share
        lead = env.t("cost.head_load_idle_period", money=env.money_total(amount), period=env.t(f"cost.period_{period}"))
    return lead + env.t(
        "cost.head_load_idle",
        gpu=label,
        pronoun=env.t("cost.it" if count == 1 else "cost.them"),
        money=env.money(split.total_usd),
        load_money=env.money(split.load_usd),
        load_hours=f"{round(split.load_hours_per_week, 1):g}",
        watts=f"{watts:,.0f}",
        idle_money=env.money(split.idle_usd),
        idle_hours=f"{round(split.idle_hours_per_week, 1):g}",
        idle_w=f"{idle_w * count:g}",
        kwh=env.money(env.assumptions.electricity_usd_per_kwh, 3),
    )


def idle_step(env: Env, gpu: GpuSpec, idle_w: float, measured: bool, stated: bool = False) -> str:
    if stated:
        return env.t("cost.idle_stated", idle_w=f"{idle_w:g}")
    if measured:
        return env.t("cost.idle_measured", gpu=gpu.short_name, idle_w=f"{idle_w:g}")
    return env.t("cost.idle_assumed", gpu=gpu.short_name, idle_w=f"{idle_w:g}")


def retention(gpu: GpuSpec, env: Env) -> cost.Retention:
    """The card's own used-price retention per year when the KB has used USD quotes in both snapshots, else the
    all-card median."""
    early = env.reader.prices_for(gpu.name, EARLY_SNAPSHOT)
    late = env.reader.prices_for(gpu.name, env.assumptions.snapshot)
    own = cost.used_retention(early, late) if env.assumptions.snapshot != EARLY_SNAPSHOT else None
    if own is None:
        return cost.Retention(C.USED_RETENTION_PER_YEAR, 0.0, False)
    return cost.Retention(own, 0.0, True)


def resale_lead(
    query: CostQuery, env: Env, gpu: GpuSpec, count: int, figures: dict, years: float
) -> tuple[str, list[str]] | None:
    """The cost of owning net of selling the card(s) after `years` (see the module contract)."""
    if not (query.resale or query.resale_usd or query.resale_share) or figures.get("purchase_usd") is None:
        return None
    paid = figures["purchase_usd"]
    kept = retention(gpu, env)
    general = cost.resale_usd(paid, years)
    stated = bool(query.resale_usd or query.resale_share)
    if query.resale_usd:
        resale, how = (env.to_usd(query.resale_usd, query.resale_currency) or 0.0) * count, env.t("cost.resale_stated")
    elif query.resale_share:  # "sell it after 2 years for half": that share of what the cards cost
        resale, how = paid * query.resale_share, env.t("cost.resale_share", share=f"{query.resale_share * 100:.0f}")
    else:
        resale = general
        how = env.t("cost.resale_median", per_year=f"{(1 - C.USED_RETENTION_PER_YEAR) * 100:.0f}", years=f"{years:g}")
    electricity = figures["electricity_usd"]
    month = cost.net_per_month(paid, resale, electricity, years)
    figures |= {
        "resale_usd": round(resale, 2),
        "net_cost_usd": round(paid - resale + electricity, 2),
        "net_usd_per_month": round(month, 2),
        "retention_per_year": None if stated else C.USED_RETENTION_PER_YEAR,
    }
    yearly = getattr(query, "period", None) == "year" and years != 1  # "the per-year cost": a year's share
    key = "cost.head_resale_year" if yearly else "cost.head_resale"
    if getattr(query, "period", None) is None:  # "total cost?", "总成本多少": the net over the years leads
        key = "cost.head_resale_total"
    head = env.t(
        key,
        net=env.money_total(paid - resale + electricity),
        money=env.money_total(month * 12 if yearly else month),
        paid=env.money(paid),
        resale=env.money(resale),
        electricity=env.money(electricity),
        years=f"{years:g}",
        months=f"{years * 12:g}",
        how=how,
    )
    if query.resale_asked:  # "5090用两年卖掉大概能回多少钱": the price it sells for leads
        asked = env.t(
            "cost.head_resale_asked", years=f"{years:g}", resale=env.money(resale), paid=env.money(paid), how=how
        )
        head = i18n.gap(env.lang).join([asked, head])
    steps = [] if stated else [env.t("cost.resale_step", per_year=f"{C.USED_RETENTION_PER_YEAR:.2f}")]
    if not stated and kept.own and abs(kept.per_year - C.USED_RETENTION_PER_YEAR) >= 0.03:
        own_resale = cost.resale_usd(paid, years, kept.per_year)
        own_month = cost.net_per_month(paid, own_resale, electricity, years)
        figures["own_retention_per_year"] = round(kept.per_year, 3)
        steps.append(
            env.t(
                "cost.resale_own",
                gpu=gpu.short_name,
                per_year=f"{kept.per_year:.2f}",
                resale=env.money(own_resale),
                month=env.money_total(own_month),
            )
        )
    return head, steps
