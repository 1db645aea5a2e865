"""The lead of a cost question about several GPUs: each one's cost in the period asked and the difference.

Contract: `head(query, env, each, years)` -> the first sentence of a cost answer comparing the GPUs of `each` (dicts
with "label", "watts", "electricity_usd_per_year", "total_cost_usd", "total_with_desktop_usd"). A running cost gives
each card's electricity in the period asked (a year when none; over the ownership period when a number of years
is stated: "按三年算电费差多少" -> three years) and what the dearer costs more; the cost of owning gives each total over
the ownership; when the question asks the total all in (respond/cost_asked.total_asked), each total counts the machine
around the cards too, and the cheaper leads ("which costs less all in": the two 3090s, by how much). A cost of owning
with a card of no price says so and compares the electricity alone.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.respond import usage_note
from assistant.respond.env import Env


def _decimals(usd: float) -> int:
    return 2 if usd < 20 else 0


def _years_stated(query, env: Env) -> bool:
    """A number of years stated for a running cost ("按三年算", "over 3 years") and no shorter period asked."""
    years = query.years or env.assumptions.years
    stated = bool(query.years) or "years" in env.assumptions.changed
    return query.period is None and years != 1 and stated


def head(query, env: Env, each: list[dict], years: float, all_in: bool = False) -> str:
    unpriced = [e["label"] for e in each if e["total_cost_usd"] is None]
    if query.kind != "running" and unpriced:  # "三年下来哪个总成本低" with a card of no price: say what is left out
        note = env.t("cost.several_unpriced", gpus=i18n.join_names(env.lang, unpriced))
        return note + i18n.gap(env.lang) + head(dataclasses.replace(query, kind="running"), env, each, years)
    running = query.kind == "running"
    if all_in and not running and all(e.get("total_with_desktop_usd") for e in each):
        return _all_in(env, each, years)
    share = usage_note.year_share(query)
    if running and _years_stated(query, env):
        share = years  # "按三年算电费差多少": the difference over the years said, not a year's
        period = env.t("cost.over_years", years=f"{years:g}")
    elif running:
        period = env.t(f"cost.period_{query.period or 'year'}")
    else:
        period = env.t("cost.over_years", years=f"{years:g}")
    amounts = [e["electricity_usd_per_year"] * share for e in each] if running else [e["total_cost_usd"] for e in each]
    items = i18n.sep(env.lang).join(
        env.t("cost.several_item", gpu=e["label"], watts=f"{e['watts']:,.0f}", money=env.money(m, _decimals(m)))
        if e["watts"] > 0
        else env.t("cost.several_item_no_power", gpu=e["label"])  # never "0 W, $0": the draw is not known
        for e, m in zip(each, amounts, strict=True)
    )
    powered = [k for k, e in enumerate(each) if e["watts"] > 0]
    if len(powered) < 2:
        return env.t("cost.several_items_only", items=items, period=period)
    hi = max(powered, key=lambda k: amounts[k])
    lo = min(powered, key=lambda k: amounts[k])
    diff = amounts[hi] - amounts[lo]
    key = "cost.several_running" if running else "cost.several_tco"
    return env.t(
        key,
        items=items,
        period=period,
        dearer=each[hi]["label"],
        cheaper=each[lo]["label"],
        diff=env.money(diff, _decimals(diff)),
        watts=f"{each[hi]['watts'] - each[lo]['watts']:,.0f}",
    )


def _all_in(env: Env, each: list[dict], years: float) -> str:
    """ "which costs less all in": each total with its machine, split into cards + electricity and the machine; the
    cheaper first, by how much."""
    order = sorted(range(len(each)), key=lambda k: each[k]["total_with_desktop_usd"])
    items = i18n.sep(env.lang).join(
        env.t(
            "cost.all_in_item",
            gpu=each[k]["label"],
            money=env.money(each[k]["total_with_desktop_usd"]),
            own=env.money(each[k]["total_cost_usd"]),
            base=env.money(each[k]["total_with_desktop_usd"] - each[k]["total_cost_usd"]),
        )
        for k in order
    )
    lo, hi = each[order[0]], each[order[-1]]
    diff = hi["total_with_desktop_usd"] - lo["total_with_desktop_usd"]
    return env.t(
        "cost.all_in_head", years=f"{years:g}", items=items, cheaper=lo["label"], diff=env.money(diff, _decimals(diff))
    )
