"""A rent-or-buy whose question states the hours of use in all, with no pace ("should i buy a 3090 or rent for my
thesis, about 200 hours of training total", "4090买还是租 总共要跑500小时"): both sides' totals for those hours lead.

Contract: `lead(answer, query, env)` -> the answer with a headline that weighs renting those hours (rent per hour x
hours) against buying and running the machine for them (what buying costs + the own cost per hour of use, i.e.
rent - buy / break-even hours, docs/model.md §cost.breakeven, x the hours; less a resale the answer weighs), and the
break-even; the answer's own headline (a verdict at an assumed weekly use) becomes a step. Unchanged when the
question states no total (RentOrBuyQuery.total_hours) or the answer lacks a break-even (figures break_even_hours,
rent_usd_per_hour, buy_usd). figures["total"] = {hours, rent_usd, own_usd}; figures["verdict"] = the cheaper side.
A use said with its span ("3 hours a day for a year", "每天4小时 用半年": RentOrBuyQuery.months with a utilization or
hours a week) is those hours in all too: hours a week x the span's weeks, said first.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.periods import CALENDAR_WEEKS
from assistant.respond.env import Env
from assistant.respond.rent_terms import duration_text


def lead(answer: Answer, query, env: Env) -> Answer:
    stated = getattr(query, "total_hours", None)  # hours of the card rented ("for like 20 hours")
    f = answer.figures
    span = _span_hours(query, f)  # hours of use of the card bought, over a span said
    hours = stated or span
    if not hours or answer.clarification or not all(f.get(k) for k in ("break_even_hours", "rent_usd_per_hour")):
        return answer
    if not f.get("buy_usd"):
        return answer
    env = env.for_query(query)
    rent_h, buy, even = float(f["rent_usd_per_hour"]), float(f["buy_usd"]), float(f["break_even_hours"])
    # a span of the bought card's use is rented as that work (another card rented: respond/rent.py); hours said of
    # the card rented are its own
    work_h = float(f.get("rent_work_usd_per_hour") or rent_h) if not stated else rent_h
    own_h = float(f.get("own_usd_per_hour") or max(rent_h - buy / even, 0.0))
    resale = float(f.get("resale_usd") or 0.0)
    # hours said of another card rented are its work: the card bought needs hours / ratio for it, and the break-even
    # (counted in the bought card's hours) is said in the rented card's hours too, so the totals cross where it says
    ratio = float(f.get("rent_work_ratio") or 1.0) if stated else 1.0
    own_hours = hours / ratio if ratio > 0 else hours
    even = even * ratio
    rent, own = work_h * hours, buy + own_h * own_hours - resale
    verdict = "rent" if rent <= own else "buy"
    f["total"] = {"hours": hours, "rent_usd": round(rent, 2), "own_usd": round(own, 2)}
    f["verdict"] = verdict
    head = env.t(
        f"rent.total_{verdict}",
        hours=f"{hours:,.0f}",
        rent=env.money(rent),
        rate=_rate_text(f, rent_h, env),
        provider=f.get("rent_provider", ""),
        own=env.money(own),
        buy=env.money(buy),
        power=env.money(own_h * own_hours),
        resale=env.t("rent.total_resale", resale=env.money(resale)) if resale else "",
        even=f"{even:,.0f}",
    )
    bought = answer.gpus[0] if answer.gpus else ""
    head += _work_text(f, work_h, rent_h, bought, env)  # the total rented is that work, said
    if abs(ratio - 1.0) > 0.005:
        head += _hours_text(f, own_hours, bought, env)
    if span and not getattr(query, "total_hours", None):  # "3 hours a day for a year": where the hours come from
        week, lasting = float(f["hours_per_week"]), duration_text(query.months * 30.44, env)
        day = week / 7.0
        if abs(day * 2 - round(day * 2)) < 0.05:  # "3 hours a day": said by the day, as typed
            head = env.t("rent.span_hours_day", day=f"{day:g}", span=lasting) + head
        else:
            head = env.t("rent.span_hours", week=f"{week:,.0f}", span=lasting) + head
    answer.steps = [answer.headline, *answer.steps]
    answer.headline = head
    answer.choice = None if verdict == "rent" else answer.choice or (answer.gpus[0] if answer.gpus else None)
    return answer


def _rate_text(f: dict, rent_h: float, env: Env) -> str:
    """The rent per hour of use: "$2.25", or for several rented cards "4 x H100 SXM5 80 GB at $2.25 each, $9.00"."""
    n = int(f.get("rent_gpu_count") or 1)
    spec = env.gpu(f["rent_gpu"]) if n > 1 and f.get("rent_gpu") else None
    if spec is None:
        return env.money(rent_h, 2)
    return env.t(
        "rent.total_rate_set", n=n, gpu=spec.short_name, each=env.money(rent_h / n, 2), rate=env.money(rent_h, 2)
    )


def _work_text(f: dict, work_h: float, rent_h: float, bought: str, env: Env) -> str:
    """ "The rent is counted as $0.97 per hour of the RTX 4090's work." when another card is rented."""
    if abs(work_h - rent_h) < 0.005 or not f.get("rent_work_ratio"):
        return ""
    spec = env.gpu(bought) if bought else None
    return env.t("rent.total_rate_work", rate=env.money(work_h, 2), gpu=spec.short_name if spec else bought)


def _hours_text(f: dict, own_hours: float, bought: str, env: Env) -> str:
    """ "(Hours of the A100's work: the RTX 3090 needs about 1,190 hours for it.)" for hours said of another card."""
    rented, spec = env.gpu(f["rent_gpu"]) if f.get("rent_gpu") else None, env.gpu(bought) if bought else None
    if rented is None or spec is None:
        return ""
    return env.t("rent.total_hours_work", rented=rented.short_name, gpu=spec.short_name, hours=f"{own_hours:,.0f}")


def _span_hours(query, figures: dict) -> float | None:
    """The hours of use a use said with its span adds up to: hours a week x the weeks of `months`; None without both."""
    months = getattr(query, "months", None)
    week = figures.get("hours_per_week")
    said = getattr(query, "utilization", None) or getattr(query, "hours_per_week", None)
    if not (months and week and said):
        return None
    return float(week) * CALENDAR_WEEKS["month"] * float(months)
