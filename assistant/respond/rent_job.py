"""A rent-or-buy question that names a training job ("rent an h100 or buy a 4090 to pretrain a 1b model on 20b
tokens", "rent or buy a 4090 to qlora llama 3 8b on 50k samples"): the job on each side, before the break-even.

Contract: `job_lead(query, env, bought, n, rented, rate_usd, price_usd)` -> (headline, steps, figures) or None when
the question names no job (a model or size with its data, "from scratch", or LoRA / QLoRA; a bare "fine tuning" is
no job of a known size). The job is timed as a rates answer times it (respond/rates_job.py: FLOPs / (peak x MFU),
§cost.run) on the rented cards and on the bought ones, each count raised to the fewest cards the method fits on;
renting costs hours x rate x cards; owning costs the purchase (the cards the job needs and their platform,
§cost.platform) plus whole-system electricity for the hours it runs (§cost.electricity). When renting one job costs
less than buying, the jobs of this size that buying pays back after are said (purchase / (rented job - electricity
of the owned job)); with the runs a month said ("2 runs a month"), the verdict at that pace leads: those jobs in
months, against the ownership years assumed. `figures`: job_rent_hours, job_rent_usd, job_own_hours, job_own_usd
(job_own_buy_usd + job_own_power_usd), job_rent_cards, job_own_cards, jobs_to_break_even (None when one job already
favours buying), months_to_break_even (with the runs said).
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import constants as C
from assistant.queries import RatesQuery, RentOrBuyQuery
from assistant.respond import rates_job
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.wording import counted, duration


def _names_job(query: RentOrBuyQuery) -> bool:
    sized = query.model is not None or bool(query.params_b)
    data = bool(query.tokens or query.samples or query.pretrain)
    training = query.workload in ("training", "llm_finetune") or query.pretrain
    # a bare "fine tuning" reads as a full fine-tune by default: the job leads only with its data or a method named
    return sized and training and (data or query.mode in ("lora", "qlora"))


def _as_job(query: RentOrBuyQuery) -> RatesQuery:
    return RatesQuery(
        text=query.text,
        gpus=query.gpus,
        mode="job",
        model=query.model,
        method=query.mode or "full_finetune",
        tokens=query.tokens,
        samples=query.samples,
        sample_tokens=query.sample_tokens,
        epochs=query.epochs,
        params_b=query.params_b,
        pretrain=query.pretrain,
    )


def job_lead(
    query: RentOrBuyQuery,
    env: Env,
    bought,
    n: int,
    rented,
    rate_usd: float,
    price_usd: float,
) -> tuple[str, list[str], dict] | None:
    """The job on the rented and on the bought cards (see the module contract)."""
    if not _names_job(query):
        return None
    job = _as_job(query)
    n_rent, rent_steps, _ = rates_job.cards(job, env, rented, n)
    n_own, own_steps, own_need = rates_job.cards(job, env, bought, n)
    rent_hours, rent_figures, steps = rates_job.job_hours(job, env, rented, n_rent)
    own_hours, _, _ = rates_job.job_hours(job, env, bought, n_own)
    if rent_hours is None or own_hours is None:
        return None
    rent_usd = rent_figures["gpu_hours"] * rate_usd
    # the purchase is of the cards the job needs and the platform that holds them (§cost.platform)
    own_buy = price_usd * n_own + (0.0 if query.own_platform else env.platform_usd(n_own))
    watts = (bought.tdp_w or 0) * n_own + C.SYSTEM_BASE_POWER_W
    own_power = own_hours * watts / 1000 * env.assumptions.electricity_usd_per_kwh
    model, _ = sized_model(job, env)
    tokens = rates_job.job_tokens(job, model)
    saved = rent_usd - own_power  # what each job owned saves against renting it
    one_job_buys = own_buy + own_power <= rent_usd
    jobs = own_buy / saved if saved > 0 and not one_job_buys else None
    head = env.t(
        "rent.job_head",
        method=rates_job.method_text(job, env),
        model=model.name if model is not None else "",
        tokens=rates_job.tokens_text(job, env, tokens),
        rented=counted(env, rented, n_rent),
        rent_time=duration(env, rent_hours),
        rent=env.money_total(rent_usd),
        bought=counted(env, bought, n_own),
        own_time=duration(env, own_hours),
        buy=env.money(own_buy),
        power=env.money_total(own_power),
    )
    if one_job_buys:
        then = env.t("rent.job_buy_wins")
    elif jobs is None:
        then = env.t("rent.job_never")
    else:
        then = env.t("rent.job_rent_wins", jobs=f"{jobs:,.0f}" if jobs >= 10 else f"{jobs:.1f}")
    head = i18n.gap(env.lang).join([head, then])
    if n_own > n:  # "买两张4090 48g" for a job that needs 3: the count asked does not hold it, said first
        short = env.t(
            "rent.job_count_short",
            asked=counted(env, bought, n),
            method=rates_job.method_text(job, env),
            gb=f"{own_need.get('memory_gb_one_card', 0):,.0f}",
            n=n_own,
        )
        head = i18n.gap(env.lang).join([short, head])
    paced = _at_runs(query, env, jobs, one_job_buys, (rent_usd, own_power))
    if paced:  # "i do maybe 2 runs a month": the verdict at that pace leads
        head = i18n.gap(env.lang).join([paced, head])
    figures = {
        "job_rent_hours": round(rent_hours, 1),
        "job_rent_usd": round(rent_usd, 2),
        "job_own_hours": round(own_hours, 1),
        "job_own_usd": round(own_buy + own_power, 2),
        "job_own_buy_usd": round(own_buy, 2),
        "job_own_power_usd": round(own_power, 2),
        "job_rent_cards": n_rent,
        "job_own_cards": n_own,
        "jobs_to_break_even": None if jobs is None else round(jobs, 1),
    }
    if query.runs_per_month and jobs is not None:
        figures["months_to_break_even"] = round(jobs / query.runs_per_month, 1)
    return head, rent_steps + own_steps + steps, figures


def _at_runs(
    query: RentOrBuyQuery, env: Env, jobs: float | None, one_job_buys: bool, per_job: tuple[float, float]
) -> str | None:
    """The verdict at the runs a month said ("2 runs a month"): buying pays back after jobs / runs months, set against
    the ownership years assumed, then what a month of those runs costs each way (`per_job`: one job's rent and one
    job's electricity when owned); None when no pace is said."""
    runs = query.runs_per_month
    if not runs:
        return None
    n = f"{runs:g}" if runs == round(runs) else f"{runs:.1f}"
    pace = env.t("rent.runs_pace_one" if n == "1" else "rent.runs_pace", n=n)
    verdict = _verdict_at(env, pace, runs, jobs, one_job_buys)
    month = env.t("rent.runs_month", rent=env.money_total(runs * per_job[0]), power=env.money_total(runs * per_job[1]))
    return i18n.gap(env.lang).join([verdict, month])


def _verdict_at(env: Env, pace: str, runs: float, jobs: float | None, one_job_buys: bool) -> str:
    if one_job_buys:
        return env.t("rent.runs_buy_now", runs=pace)
    if jobs is None:
        return env.t("rent.runs_never", runs=pace)
    months = jobs / runs
    years = env.assumptions.years
    when = f"{months:,.0f}" if months >= 10 else f"{months:.1f}"
    if months > years * 12:
        return env.t("rent.runs_rent", runs=pace, months=when, years_payback=f"{months / 12:,.0f}", years=f"{years:g}")
    return env.t("rent.runs_buy", runs=pace, months=when, years=f"{years:g}")
