"""A cloud's period plan (包月 / 包周) against paying by the hour: "autodl 4090 按量和包月哪个划算 每天用6小时",
"从按量换成包月 能省多少", "包月租两张a100 三个月 总共多少钱", "autodl 4090包月多少钱".

Contract: `respond(query, env)` for a RatesQuery in mode "plan". The hourly rate is the one the user states, else
the provider's on-demand rate for the card (AutoDL unless another cloud is named; a version of the card the cloud
rents when it lacks the card itself, said). A month plan's price is the one stated, else an estimate: the hourly
rate x 720 h less AutoDL's month-plan discount range (knowledge/rules_of_thumb.toml [cloud_plan], sourced; said to
be an estimate, and said to be AutoDL's when another cloud is asked). With hours of use stated, the headline says
which way is cheaper and by how much, and the hours a day above which the plan pays; without, what the plan costs.
A week plan has no discount on record: the on-demand cost of the period is given and the missing figure said.
Counts of cards and of periods ("两张", "三个月") multiply every figure.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RatesQuery
from assistant.respond import plan_buy
from assistant.respond.env import Env, rules_of_thumb
from assistant.respond.offers import of_provider, provider_name
from assistant.respond.variants import rated_variant_kept
from assistant.specs import GpuSpec

DAY_HOURS = 24.0


def respond(query: RatesQuery, env: Env) -> Answer:
    env = env.for_query(query)
    named = [r for r in query.gpus if r.name]
    both_said = bool(query.stated_rate and query.plan_price)  # "按量¥1.98一小时 包月要¥1052": no card needed
    rule = rules_of_thumb()["cloud_plan"]
    if not named and not both_said and query.period == "month":  # "按量计费和包月 怎么选 每周用30个小时": any card
        return _any_card(query, env, rule)
    if not named and not both_said:
        return Answer(
            question=query.text, intent="rates", headline="", clarification=env.t("rates.which_gpu"), lang=env.lang
        )
    gpu = env.reader.known_gpu(named[0].name or "") if named else None
    cards = max(named[0].count, 1) if named else 1
    n = cards * (query.plan_periods or 1.0)
    found = _hourly(query, gpu, env, rule)
    if found is None or (gpu is None and found[2] is None and not both_said):
        name = gpu.short_name if gpu is not None else ""
        return Answer(question=query.text, intent="rates", headline=env.t("plan.no_rate", gpu=name), lang=env.lang)
    rate, where, rated, note, cited = found
    steps: list[str] = [note] if note else []
    plan_hours = float(rule["month_hours"] if query.period == "month" else rule["week_hours"])
    low, high = _plan_range(query, rate, plan_hours, rule, env)
    if low is not None and query.plan_price is None:
        steps.append(env.t("plan.estimate", low=rule["discount_low_pct"], high=rule["discount_high_pct"]))
        cited = [*cited, *env.cite(rule["source"])]
        if query.provider and query.provider != rule["provider"]:
            share = {"low": rule["discount_low_pct"], "high": rule["discount_high_pct"]}
            steps.append(env.t("plan.other_cloud", provider=provider_name(query.provider), **share))
    what = _what(env, rated, cards, query.plan_periods, query.period or "month")
    head = _headline(query, env, rate, low, high, plan_hours, n, what, where)
    steps.append(env.t("plan.billed", hours=f"{plan_hours:,.0f}"))
    bought = plan_buy.line(query.text, env, gpu, cards, (low + high) / 2) if low is not None and high else None
    if bought:  # "和自己买一张挂机跑一年比": the card bought and run all the time against the plan
        head = i18n.gap(env.lang).join([head, bought])
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[rated.name] if rated is not None else [],
        steps=steps,
        figures={
            "plan": {
                "period": query.period,
                "rate_usd": round(rate, 4),
                "plan_low_usd": round(low, 2) if low is not None else None,
                "plan_high_usd": round(high, 2) if high is not None else None,
                "hours_used": query.hours,
                "units": n,
            }
        },
        sources=list(dict.fromkeys(cited)),
        lang=env.lang,
    )


def month_estimate(gpu: GpuSpec, env: Env) -> tuple[float, float, GpuSpec, str] | None:
    """A month plan for one `gpu` at AutoDL by the discount on record: (low USD, high USD, the card rated (a version
    of `gpu` when AutoDL rents that instead), source id of the plan rule), or None without an AutoDL rate."""
    rule = rules_of_thumb()["cloud_plan"]
    found = _hourly(RatesQuery(text="", mode="plan", period="month"), gpu, env, rule, at_home_only=True)
    if found is None:
        return None
    rate, _, rated, _, _ = found
    full = rate * float(rule["month_hours"])
    return (
        full * (1 - rule["discount_high_pct"] / 100),
        full * (1 - rule["discount_low_pct"] / 100),
        rated,
        rule["source"],
    )


def _hourly(query: RatesQuery, gpu, env: Env, rule: dict, at_home_only: bool = False):
    """(USD per GPU-hour, where it is from, the card it is for, a note, source ids), or None without any rate."""
    if query.stated_rate:
        rate = env.to_usd(query.stated_rate, query.stated_rate_currency) or 0.0
        return rate, env.t("plan.your_rate"), gpu, "", []
    key = query.provider or rule["provider"]
    rates = sorted(of_provider(key, env.reader.cloud_rates(gpu.name)), key=lambda r: r.on_demand_usd_per_gpu_hour)
    rated, note = gpu, ""
    other = None if rates else rated_variant_kept(query, gpu, env, key)
    if other is not None:  # "腾讯云 a100 80g 按月租": the A800 80 GB it rents, not its A100 40 GB
        rated, note = other, env.t("rates.sibling", gpu=gpu.short_name, other=other.short_name)
        rates = sorted(of_provider(key, env.reader.cloud_rates(other.name)), key=lambda r: r.on_demand_usd_per_gpu_hour)
    if not rates and not query.provider and not at_home_only:  # not at AutoDL: the cheapest yuan rate elsewhere
        rates = sorted(
            (r for r in env.reader.cloud_rates(gpu.name) if r.currency == "CNY"),
            key=lambda r: r.on_demand_usd_per_gpu_hour,
        )
        rated, note = gpu, ""
    if not rates:
        return None
    best = rates[0]
    where = env.t("plan.at_provider", provider=best.provider, observed=best.observed)
    return best.on_demand_usd_per_gpu_hour, where, rated, note, env.cite(best.source)


def _plan_range(query: RatesQuery, rate: float, plan_hours: float, rule: dict, env: Env):
    """The plan's price for one card and one period: stated, else the estimate range (month plans only)."""
    if query.plan_price:
        price = env.to_usd(query.plan_price, query.plan_price_currency) or 0.0
        return price, price
    if query.period != "month":
        return None, None
    full = rate * plan_hours
    return full * (1 - rule["discount_high_pct"] / 100), full * (1 - rule["discount_low_pct"] / 100)


def _what(env: Env, gpu, cards: int, periods: float | None, period: str) -> str:
    name = gpu.short_name if gpu is not None else env.t("plan.the_card")
    text = name if cards <= 1 else env.t("plan.cards", n=cards, gpu=name)
    if periods and periods > 1:
        text += env.t(f"plan.periods_{period}", n=f"{periods:g}")
    return text


def _range(env: Env, low: float, high: float, n: float) -> str:
    if abs(high - low) < 0.5:
        return env.money(low * n)
    return env.t("plan.range", low=env.money(low * n), high=env.money(high * n))


def _headline(query, env: Env, rate, low, high, plan_hours, n, what, where) -> str:
    hourly = env.money(rate, 2)
    if low is None:  # a week plan: no discount on record
        head = env.t("plan.no_week", what=what, hourly=hourly, where=where, full=env.money(rate * plan_hours * n))
        if query.hours:  # "其实一周就用20个小时": those hours by the hour, against the week run through
            used = min(query.hours, plan_hours)
            head += env.t("plan.week_used", hours=f"{used:,.0f}", ondemand=env.money(rate * used * n))
        return head
    plan = _range(env, low, high, n)
    day_low, day_high = low / rate / (plan_hours / DAY_HOURS), high / rate / (plan_hours / DAY_HOURS)
    pays = _hours_range(env, day_low, day_high)
    if not query.hours:
        return env.t("plan.cost", what=what, plan=plan, hourly=hourly, where=where, pays=pays)
    used = min(query.hours, plan_hours)
    ondemand = rate * used
    values = {"what": what, "plan": plan, "hourly": hourly, "where": where, "pays": pays}
    values |= {"hours": f"{used:,.0f}", "ondemand": env.money(ondemand * n)}
    if ondemand < low:
        return env.t("plan.ondemand_wins", **values, save=_range(env, low - ondemand, high - ondemand, n))
    if ondemand > high:
        return env.t("plan.plan_wins", **values, save=_range(env, ondemand - high, ondemand - low, n))
    return env.t("plan.about_even", **values)


def _hours_range(env: Env, low: float, high: float) -> str:
    if abs(high - low) < 0.1:
        return f"{low:.0f}"
    return f"{low:.0f}{i18n.t(env.lang, 'plan.to')}{high:.0f}"


def _any_card(query: RatesQuery, env: Env, rule: dict) -> Answer:
    """A month plan against by the hour with no card named: the plan's discount on record is the same for every card,
    so the hours a month from which the plan is cheaper are too (month hours x (1 - discount)); the hours stated are
    set against them."""
    month = float(rule["month_hours"])
    low_h, high_h = month * (1 - rule["discount_high_pct"] / 100), month * (1 - rule["discount_low_pct"] / 100)
    values = {
        "provider": provider_name(rule["provider"]),
        "low": rule["discount_low_pct"],
        "high": rule["discount_high_pct"],
        "month": f"{month:.0f}",
        "h_low": f"{low_h:.0f}",
        "h_high": f"{high_h:.0f}",
        "d_low": f"{low_h / 30:.0f}",
        "d_high": f"{high_h / 30:.0f}",
    }
    head = env.t("plan.any_card", **values)
    if query.hours:
        key = "plan.any_card_hourly" if query.hours < low_h else "plan.any_card_month" if query.hours > high_h else ""
        head = env.t(key, used=f"{query.hours:.0f}") + head if key else env.t("plan.any_card_near") + head
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        steps=[env.t("plan.any_card_why")],
        figures={"plan": {"period": "month", "hours_used": query.hours, "break_even_hours": [low_h, high_h]}},
        sources=env.cite(rule["source"]),
        lang=env.lang,
    )
