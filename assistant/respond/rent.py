"""Answer "should I rent or buy X if I use it N hours a week?".

Contract: buying = GPU price + desktop base (docs/model.md §cost.tco), owning costs whole-system
electricity per hour of use (GPU board power + 100 W for the rest, the reference's 2020
example); renting = the cheapest on-demand rate for that GPU in knowledge/cloud.csv and cloud_cn.csv
(the clouds of the answer's market first), else for a version of it with at least its memory, else
for the cheapest rented card with at least its memory (never a smaller sibling the workload may not
fit in). The
break-even in hours of use is buy / (rent - own electricity per hour) (§cost.breakeven), the rent counted per hour of
the bought card's work when another card is rented (rent x bought card's 16-bit training speed / rented card's); the
calendar time follows from the usage pattern. `figures`: break_even_hours, break_even_days,
verdict (rent | buy, for the ownership period in force), rent_usd_per_hour. The chart is the
cumulative cost of renting vs owning over time.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer, Chart, Table
from assistant.models import constants as C
from assistant.models import cost
from assistant.periods import CALENDAR_WEEKS
from assistant.queries import RentOrBuyQuery
from assistant.respond import (
    fit_hardware,
    hosting,
    own_draw,
    rent_resale,
    rent_stated,
    rent_total,
    rent_years,
    video_rent,
)
from assistant.respond.env import Env
from assistant.respond.offers import DOMESTIC, home_market, market_rates, of_provider
from assistant.respond.pricing import assumption_text, price_of, price_text, purchase_price, score
from assistant.respond.rent_job import job_lead
from assistant.respond.rent_sides import rented_first
from assistant.respond.rent_spend import by_spend
from assistant.respond.rent_terms import (
    asked_bill,
    bills_in_currency,
    china_version_steps,
    duration_text,
    home_version_of,
    provider_of_text,
    provider_unpriced,
    rented_serving_set,
    sibling_notes,
    weekly_usage,
    without_users,
)
from assistant.respond.unpriced import rent_ceiling
from assistant.respond.variants import rated_variant, rented_with_memory
from assistant.respond.wording import counted, spec_source

WEEKS_PER_PERIOD = CALENDAR_WEEKS


def respond(query: RentOrBuyQuery, env: Env) -> Answer:
    """Rent or buy; a model served to several users on the GPU named ("部署qwen2.5 72b给五十个人用，l20要几张")
    is weighed on the cards that serve them (respond/serving.py), which lead, and around the clock unless the
    hours it runs are said."""
    from assistant.respond import rent_holds
    from assistant.respond.serving import serving_of

    query, holds = rent_holds.sized(query, env)  # "rent vs buy an h100 for full finetuning mistral 7b": the 2 it takes
    users = int(dict(query.targets).get("users", 0)) if query.model else 0
    usage_asked = bool(query.hours_per_week or query.utilization) or "utilization" in env.assumptions.changed
    around_clock = users > 1 and not usage_asked
    if around_clock:  # a service runs all week, not the 15 % of a desktop
        query = dataclasses.replace(query, hours_per_week=168.0)
    served = serving_of(query, env)
    clips = video_rent.respond(query, env, _respond) if served is None else None
    if clips is not None:  # "wan 2.2 14b ... ~30 clips a week. buy or rent": the hours the clips take
        answer = clips
    elif served is None and (spent := by_spend(query, env, _respond)) is not None:
        answer = rent_years.lead(spent, query, env)  # "$300/month on runpod": the hours that money rents
    elif served is None:
        answer = rent_years.lead(
            _budget_hours(_respond(query, env), query, env), query, env
        )  # "2 year cost vs renting"
        answer = rent_total.lead(answer, query, env)  # "about 200 hours of training total": both sides for those hours
    else:
        lead, figures, cards = served
        ref = next(r for r in query.gpus if r.name)
        answer = _respond(dataclasses.replace(query, gpus=(dataclasses.replace(ref, count=cards),)), env)
        answer.headline = i18n.gap(env.lang).join([lead, answer.headline])
        answer.figures |= figures | {"targets": dict(query.targets)}
    if around_clock:
        answer.steps.insert(0, env.t("serve.around_clock", users=users))
        answer.figures.setdefault("targets", dict(query.targets))
    if holds:
        answer.headline = i18n.gap(env.lang).join([holds, answer.headline])
    return answer


def _budget_hours(answer: Answer, query: RentOrBuyQuery, env: Env) -> Answer:
    """ "我手上有1万块 想租卡跑qwen2.5 72b 能跑多久": a budget to rent with and a time asked: the hours that budget
    rents of the set the answer rents, around the clock and at the usage assumed, first."""
    from assistant.respond.asked import parts

    asked = any(s.key == "budget_usd" for s in query.settings) and "time" in parts(query.text, env.lang)
    if not asked or "budget_hours" in answer.figures:  # said once (the pick's answer comes through here too)
        return answer
    budget = env.for_query(query).assumptions.budget_usd
    rate, gpu = answer.figures.get("rent_usd_per_hour"), env.reader.gpu(answer.figures.get("rent_gpu") or "")
    if not budget or not rate or gpu is None:
        return answer
    hours = budget / rate
    week = float(answer.figures.get("hours_per_week") or 0.0)
    lead = env.t(
        "rent.budget_hours",
        budget=env.money(budget),
        what=counted(env, gpu, int(answer.figures.get("rent_gpu_count") or 1)),
        provider=answer.figures.get("rent_provider", ""),
        rate=env.money(rate, 2),
        hours=f"{hours:,.0f}",
        days=f"{hours / 24:,.0f}",
        weeks=f"{hours / week:,.0f}" if week else "?",
        week=f"{week:.0f}",
    )
    answer.headline = i18n.gap(env.lang).join([lead, answer.headline])
    answer.figures["budget_hours"] = round(hours, 1)
    return answer


def _platform(query: RentOrBuyQuery, gpu, n: int, desktop_usd: float | None) -> tuple[str, float]:
    """The wording key and USD of the machine bought around n of the card: none for "i already have a pc", a server
    for passively cooled datacenter cards and SXM modules (they need its airflow or baseboard), else the desktop /
    workstation tier that holds n, with the desktop of the answer's market (§cost.platform)."""
    if query.own_platform:
        return "cost.platform_owned", 0.0
    if gpu.passively_cooled and not gpu.unified_memory:
        return "serve.platform_passive", fit_hardware.machine_usd(gpu, n, server=True) * -(-n // 8)
    form, base = cost.platform(n, desktop_usd)
    return f"cost.platform_{form}", base


def _respond(query: RentOrBuyQuery, env: Env) -> Answer:
    env = env.for_query(query)
    named = [r for r in query.gpus if r.name]
    if not named:  # "一个月就用十几个小时 有必要自己买卡吗", "租卡还是买卡划算": the pick for the (default) work
        return _for_the_pick(query, env)
    if query.rented:  # "runpod a40 at $0.35/hr vs buying a used 3090 for $700": the rate says which is rented
        named = rent_stated.ordered(query, named)
    elif len(named) > 1 and rented_first(query.text, named, env):
        named = [named[1], named[0], *named[2:]]  # "rent an h100 or buy a 5090": the verb before each name decides
    ref = named[0]
    gpu = env.reader.known_gpu(ref.name or "")
    # "buy a 3090 or rent a V100 on AWS": buy the first GPU named, rent the second
    rented = env.reader.known_gpu(named[1].name or "") if len(named) > 1 else gpu
    n = ref.count
    a = env.assumptions
    market = home_market(query.text, env, query.provider)  # "rent or buy a 4090 in china": Chinese clouds
    rates = market_rates(rented.name, env, market)
    mine = of_provider(query.provider, env.reader.cloud_rates(rented.name)) if query.provider else []
    notes = []
    need = rented.memory_gb or 0.0  # the rent side keeps the memory of the card weighed (a 32B model on 32 GB)
    settled = mine or (rates and not query.provider) or query.rent_rate  # a rate the user pays rents this very card
    other = None if settled else rated_variant(rented.name, env, query.provider, need)
    if other is not None:  # RTX 5090 D: no cloud rents it, AutoDL rents the RTX 5090
        notes.append(env.t("rates.sibling", gpu=rented.short_name, other=other.short_name))
    elif not rates and not query.rent_rate and (other := rented_with_memory(rented.name, env, market)) is not None:
        notes.append(env.t("rent.by_memory", gpu=rented.short_name, gb=f"{need:g}", other=other.short_name))
    stated = mine or query.rent_rate or query.provider or other is not None
    home = None if stated or market != DOMESTIC else home_version_of(rented, env, rates, need)
    if home is not None:  # "a100租一个月": no cloud in China rents that form; the version they rent (AutoDL's PCIe)
        notes.append(env.t("rent.home_version", gpu=rented.short_name, other=home.short_name))
        other = home
    asked_rented = rented if len(named) > 1 else None  # the card the user said to rent ("rent an h100 or buy ...")
    if other is not None:
        rented, rates = other, market_rates(other.name, env, market)
        mine = of_provider(query.provider, env.reader.cloud_rates(other.name)) if query.provider else []
    asked = mine[0].provider if mine else provider_of_text(query.text, rates)
    unpriced = None if asked else provider_unpriced(query.text, env, getattr(rented, "name", ""))
    rate = cost.cheapest_cloud(rented.name, mine or [r for r in rates if r.provider == asked] or rates)
    rate = rent_stated.user_rate(query, env, rented, rate)  # "renting at $0.89/hr": the user's rent, not the cloud's
    # "买一张二手4090 多久回本": the condition said on the card bought, before the conversation's
    said = price_of(gpu.name, env, ref.condition) if ref.condition in ("new", "used") else None
    price = rent_stated.stated_lookup(query, env, gpu, said or purchase_price(gpu.name, env))  # "二手a6000 2.6万": used
    if price is None and a.condition in ("new", "used"):  # no price in the condition asked: the other one, said
        price = price_of(gpu.name, env, "new" if a.condition == "used" else "used")
        if price is not None:
            notes.append(
                env.t(
                    "rent.other_condition",
                    gpu=gpu.short_name,
                    wanted=env.t(f"cond.{a.condition}"),
                    price=price_text(price, env),
                )
            )
    horizon_days = (query.months * 30.44) if query.months else a.years * 365.25
    if rate is not None and price is None:  # no price to break even on: the most buying may cost
        return rent_ceiling(
            query,
            env,
            (gpu, rented),
            rate,
            notes,
            weekly_usage(query, env),
            (horizon_days, duration_text(horizon_days, env)),
        )
    if rate is None or price is None:
        missing = env.t("rent.no_rate") if rate is None else env.t("rent.no_price", snapshot=env.snapshot_label())
        return Answer(
            question=query.text,
            intent="rent_or_buy",
            gpus=[gpu.name],
            lang=env.lang,
            headline=env.t("rent.cannot", gpu=gpu.short_name, missing=missing),
            steps=notes
            + sibling_notes(gpu, env, rate is None)
            + [
                env.t(
                    "rent.covered",
                    gpus=i18n.listing(env.lang).join(sorted({r.gpu for r in env.reader.cloud_rates()})[:12]),
                )
            ],
            figures={"break_even_hours": None, "verdict": None},
        )
    hours_week, usage = weekly_usage(query, env)
    card_only = rent_stated.card_only(query, gpu)  # a card's price against a rent: the card alone, said
    form, base = _platform(
        dataclasses.replace(query, own_platform=card_only or query.own_platform), gpu, n, env.local_desktop_usd()
    )
    buy = price.usd * n + base
    own = own_draw.draw_of(query, gpu, n)  # "it does about 340w under load": the user's draw, not the board power
    rest = own_draw.rest_of(query, C.SYSTEM_BASE_POWER_W)  # "~180w for the rest of the box": the rest said
    power = own.watts if own and own.wall else (own.watts if own else gpu.tdp_w or 0) * n + rest
    notes += [own_said] if (own_said := own_draw.said_step(env, query, gpu, n)) else []
    rent_h = rate.on_demand_usd_per_gpu_hour * n
    work = _work_ratio(gpu, rented)
    rent_w = rent_h * work  # renting the work an hour of the cards bought does (the rent itself for the same card)
    fee, fee_h = hosting.fee_of(query, env, hours_week)  # "colo quote is $180/mo": per hour of use too
    be = cost.break_even(
        buy,
        rent_w,
        power_w=power,
        usd_per_kwh=a.electricity_usd_per_kwh,
        hours_per_week=hours_week,
        fee_usd_per_hour=fee_h,
    )
    verdict = "rent" if be.never or be.calendar_days > horizon_days else "buy"
    what = counted(env, gpu, n)
    if be.never:
        head = env.t("rent.head_never", rate=env.money(rent_h, 2), what=what)
    elif verdict == "buy":
        head = env.t(
            "rent.head_buy",
            duration=duration_text(be.calendar_days, env),
            usage=usage,
            what=what,
            hours=f"{be.hours_of_use:,.0f}",
        )
    else:
        head = env.t(
            "rent.head_rent",
            usage=usage,
            what=what,
            hours=f"{be.hours_of_use:,.0f}",
            duration=duration_text(be.calendar_days, env),
            horizon=duration_text(horizon_days, env),
        )
    sold = rent_resale.lead(
        query, env, what, (buy, price.usd * n), (be.own_usd_per_hour, rent_w), hours_week, rate.provider
    )
    if sold is not None:  # "and if i sell it after 2 years": owning net of the sale over those years decides
        head = sold[0]  # the break-even without the sale would contradict it; the Why keeps its formula
    month_rent = rent_w * hours_week * 52 / 12
    month_own = be.own_usd_per_hour * hours_week * 52 / 12
    # "autodl上一个月多少钱" after 那租呢: the bill asked leads; "200 daily users" says who, not a period
    billed = asked_bill(without_users(query), env.lang)
    if billed is not None:
        weeks = WEEKS_PER_PERIOD[billed]
        head = i18n.gap(env.lang).join(
            (
                env.t(
                    "rent.bill_head",
                    what=what,
                    provider=rate.provider,
                    period=env.t(f"cost.period_{billed}"),
                    bill=env.money(rent_h * hours_week * weeks),
                    hours=f"{hours_week * weeks:,.0f}",
                    rate=env.money(rent_h, 2),
                    full=env.money(rent_h * 24 * 7 * weeks),
                ),
                head,
            )
        )
    if (
        query.own_fee is not None
    ):  # the month of each side leads: what a hosted box costs to keep against renting it (§cost.breakeven)
        head = i18n.gap(env.lang).join([hosting.lead(env, hours_week, month_own, fee, month_rent, rate.provider), head])
    stated = rent_stated.lead(query, env, gpu, rented, n, rent_h, price.usd, buy)
    if stated:  # "At your rent of $0.89/h ... and your $2,400 for the RTX 5090:" first
        head = i18n.gap(env.lang).join([stated, head])
    job = job_lead(query, env, gpu, n, rented, rent_h / n, price.usd)
    if job is not None:  # "rent an h100 or buy a 4090 to pretrain a 1b model on 20b tokens": the job leads
        # with the runs a month said, that pace is the use: the hours-a-week comparison after it would be another use
        ongoing = [] if query.runs_per_month else [env.t("rent.job_then"), head]
        head = i18n.gap(env.lang).join([job[0], *ongoing])
    table = Table(
        headers=["", env.t("rent.col_rent"), env.t("rent.col_buy")],
        rows=[
            [
                env.t("rent.row_upfront"),
                env.money(0),
                env.t(
                    "rent.upfront_buy",
                    buy=env.money(buy),
                    price=price_text(price, env),
                    n=n,
                    desktop=env.money(base),
                    platform=env.t(form),
                ),
            ],
            [
                env.t("rent.row_hour"),
                env.t("rent.hour_rent", rate=env.money(rent_h, 2), provider=rate.provider, observed=rate.observed)
                + (env.t("rent.hour_rent_work", rate=env.money(rent_w, 2), gpu=gpu.short_name) if work != 1 else ""),
                env.t("rent.hour_own", cost=env.money(be.own_usd_per_hour - fee_h, 3), watts=f"{power:,.0f}"),
            ],
            [env.t("rent.row_month", hours=f"{round(hours_week, 1):g}"), env.money(month_rent), env.money(month_own)],
        ],
    )
    spot = cost.cheapest_cloud(rented.name, [r for r in rates if r.provider == asked] or rates, spot=True)
    steps = [
        env.t(
            "rent.break_even",
            buy=env.money(buy),
            rent=env.money(rent_w, 2),
            own=env.money(be.own_usd_per_hour, 3),
            hours=f"{be.hours_of_use:,.0f}",
        )
        if not be.never
        else env.t("rent.never")
    ]
    steps = notes + ([env.t("rent.own_platform")] if query.own_platform else []) + (job[1] if job else []) + steps
    if fee:
        steps.append(hosting.step(env, fee, fee_h, hours_week))
    if card_only:
        desk = _platform(query, gpu, n, env.local_desktop_usd())[1]
        steps.append(rent_stated.with_desktop(env, price.usd * n, desk, rent_h, power, hours_week, duration_text))
    if spot and spot.spot_usd_per_gpu_hour and spot.spot_usd_per_gpu_hour < rate.on_demand_usd_per_gpu_hour:
        spot_be = cost.break_even(
            buy,
            spot.spot_usd_per_gpu_hour * n * work,
            power_w=power,
            usd_per_kwh=a.electricity_usd_per_kwh,
            hours_per_week=hours_week,
        )
        then = (
            env.t("rent.spot_never")
            if spot_be.never
            else env.t(
                "rent.spot_hours",
                hours=f"{spot_be.hours_of_use:,.0f}",
                duration=duration_text(spot_be.calendar_days, env),
            )
        )
        steps.append(
            env.t("rent.spot", provider=spot.provider, rate=env.money(spot.spot_usd_per_gpu_hour, 2), then=then)
        )
    if price.usd * n < buy:
        own_pc = cost.break_even(
            price.usd * n,
            rent_w,
            power_w=power,
            usd_per_kwh=a.electricity_usd_per_kwh,
            hours_per_week=hours_week,
            fee_usd_per_hour=fee_h,
        )
        if not own_pc.never:
            steps.append(
                env.t(
                    "rent.own_desktop",
                    hours=f"{own_pc.hours_of_use:,.0f}",
                    duration=duration_text(own_pc.calendar_days, env),
                )
            )
    if work != 1:
        cards = (gpu, rented, other, asked_rented)
        steps.insert(0, _other_work(env, cards, rate.provider, work, (buy, rent_h, be, hours_week)))
    if unpriced:
        key = "rent.unpriced_gpu_at_provider" if unpriced[1] else "rent.unpriced_provider"
        steps.insert(0, env.t(key, provider=unpriced[0], gpu=rented.short_name, used=rate.provider))
    steps += china_version_steps(gpu, n, base, rent_w, hours_week, env)
    steps.append(env.t("rent.rule"))
    weeks = max(horizon_days / 7, 1)
    points = [w * weeks / 12 for w in range(13)]
    chart = Chart(
        kind="lines",
        title=env.t("rent.chart"),
        x_label=env.t("rent.weeks"),
        y_label="USD",
        series={
            "rent": [(w, rent_w * hours_week * w) for w in points],
            "buy": [(w, buy + be.own_usd_per_hour * hours_week * w) for w in points],
        },
    )
    figures = (
        (sold[1] if sold else {})
        | {
            "break_even_hours": None if be.never else round(be.hours_of_use, 1),
            "break_even_days": None if be.never else round(be.calendar_days, 1),
            "verdict": verdict,
            "rent_usd_per_hour": round(rent_h, 4),
            "rent_work_ratio": round(work, 3),
            "rent_work_usd_per_hour": round(rent_w, 4),  # the rent of an hour of the bought cards' work
            "own_usd_per_hour": round(be.own_usd_per_hour, 4),  # electricity (and a hosting fee) an hour of use
            "rent_gpu": rate.gpu,
            "rent_gpu_count": n,
            "rent_provider": rate.provider,
            "buy_usd": round(buy, 2),
            "cards_usd": round(price.usd * n, 2),  # the cards alone: what sells again after the years (§cost.resale)
            "hours_per_week": hours_week,
        }
        | (job[2] if job else {})
    )
    sources = (
        [spec_source(gpu, env)]
        + env.cite(rate.source, price.source)
        + env.rate_sources()
        + ["method: docs/model.md §cost.breakeven"]
    )
    return Answer(
        question=query.text,
        intent="rent_or_buy",
        headline=head,
        gpus=[gpu.name],
        choice=gpu.name if verdict == "buy" else None,
        workload=query.workload,
        tables=[table],
        steps=steps,
        figures=figures,
        chart=chart,
        assumptions=env.assumption_dict(),
        assumption_text=assumption_text(env, buying=True, desktop=not query.own_platform),
        sources=sources,
        lang=env.lang,
    )


def _for_the_pick(query: RentOrBuyQuery, env: Env) -> Answer:
    """ "rent or buy for finetuning 8b models, ~20h a week": no GPU named, the work is: renting or buying the
    best-ranked GPUs of the recommendation for that work (with the memory said, "need 80gb vram") that a cloud rents
    (the cloud named, when it rents one of them; as many as it ranks), named first."""
    from assistant.queries import GpuRef, RecommendQuery
    from assistant.respond import recommend

    pick = recommend.respond(
        RecommendQuery(
            text=query.text,
            workload=query.workload,
            model=query.model,
            params_b=query.params_b,
            settings=(),
            targets=query.targets,  # "serve it to 20 users": the sets that serve them (respond/serving_sets.py)
            min_memory_gb=_memory_said(query),  # "need 80gb vram for a project, buy or rent": cards with that much
        ),
        env,
    )
    ranked = (pick.figures.get("serving_sets") or {}).get("sets") or pick.figures.get("ranking") or []
    rows = [row for row in ranked if isinstance(row, dict) and row.get("gpu")]
    rented = [row for row in rows if env.cloud_rates(row["gpu"])]  # the best-ranked one the clouds rent
    # a cloud that bills in the answer's currency first: a dollar asker is not sent to AutoDL, nor a yuan one to RunPod
    rented = [row for row in rented if bills_in_currency(env, row["gpu"])] or rented
    if query.provider:  # "on runpod": the best-ranked one that cloud rents, when it rents any
        theirs = [row for row in rented if of_provider(query.provider, env.cloud_rates(row["gpu"]))]
        if not theirs and query.model is not None:  # none of the bought sets: the set that cloud rents for the users
            theirs = [row for row in [rented_serving_set(query, env)] if row]
        rented = theirs or rented
    top = (rented or rows or [{}])[0]
    if not top:
        return Answer(
            question=query.text, intent="rent_or_buy", headline="", clarification=env.t("rent.which_gpu"), lang=env.lang
        )
    n = int(top.get("gpu_count") or 1)
    answer = _respond(dataclasses.replace(query, gpus=(GpuRef(mention="", name=top["gpu"], count=n),)), env)
    gpu = env.reader.known_gpu(top["gpu"])
    buy, budget = answer.figures.get("buy_usd"), env.assumptions.budget_usd  # the verdict first, then what it assumed
    over = (
        env.t("rent.buy_over", buy=env.money(buy), budget=env.money(budget)) if budget and buy and buy > budget else ""
    )
    said = env.t("rent.for_pick", gpus=counted(env, gpu, n, article=False))
    answer.headline = i18n.gap(env.lang).join(p for p in (answer.headline, over, said) if p)
    answer.steps = [*pick.steps[:1], *answer.steps]
    answer.workload = pick.workload
    return answer


def _memory_said(query: RentOrBuyQuery) -> float | None:
    """The GPU memory the question says it needs ("need 80gb vram"), the largest size stated, else None."""
    sizes = [st.value for st in getattr(query, "stated", ()) if st.dim == "gb" and st.value]
    return max(sizes) if sizes else None


def _work_ratio(gpu, rented) -> float:
    """The bought card's 16-bit training speed over the rented card's (docs/model.md §perf): what share of an hour of
    the rented card an hour of the bought card's work takes; 1.0 for the same card or a card with no score."""
    if rented.name == gpu.name:
        return 1.0
    theirs = score(rented, "train16").score
    return score(gpu, "train16").score / theirs if theirs > 0 else 1.0


def _other_work(env: Env, cards: tuple, provider: str, work: float, money: tuple) -> str:
    """The step saying the rented card is another one, the break-even counted per hour of the bought card's work,
    and what it would be hour for hour."""
    gpu, rented, other, asked = cards
    buy, rent_h, be, hours_week = money
    key = "rent.other_gpu" if other is None else "rent.other_gpu_stands_in"
    if other is not None and asked is not None and asked.name != rented.name:  # an H800 for the H100 asked to rent
        key = "rent.other_gpu_for_asked"
    said = env.t(
        key,
        asked=asked.short_name if asked is not None else "",
        rented=rented.short_name,
        provider=provider,
        bought=gpu.short_name,
        ratio=f"{work:.2f}",
    )
    # hour for hour: the rent less the electricity (and fee) an hour of owning costs, as in `be`
    plain = cost.break_even(buy, rent_h - be.own_usd_per_hour, power_w=0.0, hours_per_week=hours_week)
    return i18n.gap(env.lang).join(
        [
            said,
            env.t(
                "rent.by_work" if not plain.never else "rent.by_work_never",
                rate=env.money(rent_h, 2),
                ratio=f"{work:.2f}",
                work=env.money(rent_h * work, 2),
                gpu=gpu.short_name,
                hours=f"{plain.hours_of_use:,.0f}",
            ),
        ]
    )
