"""Cloud prices as the answer: the rate of each provider for a GPU, what renting it for some hours
costs, what a training / fine-tuning job or a month of serving costs on rented GPUs.

Contract: rates come from knowledge/cloud.csv and cloud_cn.csv (per GPU-hour, on demand and spot
where known, each with its date and source), cheapest on-demand first, single-GPU and multi-GPU
instances alike. Unless the question names a provider, the clouds of the answer's market (those
billing in its currency: Chinese clouds for an answer in yuan) come first and carry the headline;
when none of them rents the GPU, the answer says so and names the home-market clouds that rent another
form of the same product (A100 PCIe 40 GB for an A100 SXM4 80 GB) or its China-market version (H800 for an
H100, knowledge/market_variants.csv).
Rent: rate x hours x GPUs (a month = 730 hours). Job: GPU-hours = FLOPs / (peak x MFU) with
FLOPs = 6 x active params x tokens for full fine-tuning or training and 4 x for LoRA / QLoRA
(no weight gradients) (docs/model.md §cost.run); the default is one pass over 100 M tokens.
Serve: the fewest GPUs that hold the model (§mem) for the period. `figures.rates`: one object
per offer (provider, gpu, gpus_per_instance, on_demand_usd_per_gpu_hour, spot_usd_per_gpu_hour,
observed, source, cost_usd when hours are known); `cheapest_provider`, `hours`, `gpu_count`,
`total_usd`, `gpu_hours` (job).
"""

from __future__ import annotations

import dataclasses
import math

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.periods import ASKED_HOURS
from assistant.periods import ASKED_HOURS as _PERIOD_HOURS
from assistant.queries import RatesQuery
from assistant.respond import (
    rates_by_memory,
    rates_family,
    rates_job,
    rates_node,
    rates_providers,
    rates_serve,
    rates_several,
    rates_value,
    rent_plan,
    video_rent,
)
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.offers import (
    DOMESTIC,
    abroad_asked,
    domestic_asked,
    figure,
    home_first,
    home_market,
    of_provider,
    provider_name,
    shown_provider,
)
from assistant.respond.rates_serve import serve_count
from assistant.respond.rates_side import side_by_side
from assistant.respond.variants import home_versions, kept_memory, rated_variant, rated_variant_kept, rented_with_memory
from assistant.respond.wording import counted, duration, spec_source


def _cheaper_form(query: RatesQuery, env: Env, gpu, rates: list, market: str) -> list[str]:
    """For a family name the reader resolved to a default form ("国内租a100 40g" -> the SXM4): another form with as
    much memory that the answer's market rents for less than every offer shown (AutoDL's A100 PCIe 40 GB), said."""
    ref = next((r for r in query.gpus if r.name), None)
    if ref is None or not ref.assumed or ref.name != gpu.name or query.provider or not rates:
        return []
    best = min(r.on_demand_usd_per_gpu_hour for r in rates)
    for version, offer, is_form in home_versions(gpu, env, market, gpu.memory_gb or 0.0):
        if is_form and (version.memory_gb or 0) >= (gpu.memory_gb or 0) and offer.on_demand_usd_per_gpu_hour < best:
            rate = env.money(offer.on_demand_usd_per_gpu_hour, 2)
            return [
                env.t(
                    "rates.cheaper_form",
                    gpu=gpu.short_name,
                    other=version.short_name,
                    provider=offer.provider,
                    rate=rate,
                    observed=offer.observed,
                )
            ]
    return []


def _home_alternatives(gpu, env: Env, query: RatesQuery, market: str) -> list[str]:
    """When no cloud of the home market rents `gpu`: the cheapest home-market offer of each of its
    other forms and China-market versions (H20, H800 for an H100); for a job, the job on the first of them too."""
    found = home_versions(gpu, env, market, kept_memory(query, gpu))
    if not found:
        return []
    offers = [
        env.t(
            "rates.home_offer",
            version=version.short_name,
            provider=best.provider,
            rate=env.money(best.on_demand_usd_per_gpu_hour, 2),
            observed=best.observed,
        )
        for version, best, _ in found
    ]
    jobs = rates_job.on_offer(query, env, found[0][0], found[0][1]) if query.mode == "job" else []
    forms = any(is_form for _, _, is_form in found)
    key = ("rates.home_forms" if forms else "rates.home_none") + ("_china" if market == DOMESTIC else "")
    return [env.t(key, gpu=gpu.short_name, offers=i18n.listing(env.lang).join(offers)), *jobs]


def _tier(rate, env: Env) -> str:
    """The offer's tier as its note names it (lexicon cloud_tiers: "Community Cloud", "Secure Cloud"), to tell apart
    two offers of one provider for the same instance; "" when the note names none."""
    note = (rate.note or "").lower()
    return next(
        (w for w in sorted(lexicon(env.lang).listed("cloud_tiers"), key=len, reverse=True) if w.lower() in note), ""
    )


def _table(env: Env, rates: list, hours: float | None, n: int, market: str) -> Table:
    headers = [
        env.t("rates.col_provider"),
        env.t("rates.col_instance"),
        env.t("rates.col_on_demand"),
        env.t("rates.col_spot"),
    ]
    if hours:
        headers.append(env.t("rates.col_cost", hours=_hours_text(hours), n=n))
    headers.append(env.t("rates.col_observed"))
    rows = []
    twice = {
        k
        for k in ((r.provider, r.gpus_per_instance) for r in rates)
        if sum(1 for r in rates if (r.provider, r.gpus_per_instance) == k) > 1
    }
    for r in rates:
        tier = _tier(r, env) if (r.provider, r.gpus_per_instance) in twice else ""
        row = [
            shown_provider(r, env, market),
            env.t("rates.instance", n=r.gpus_per_instance) + (f", {tier}" if tier else ""),
            env.money(r.on_demand_usd_per_gpu_hour, 2),
            env.money(r.spot_usd_per_gpu_hour, 2) if r.spot_usd_per_gpu_hour else "—",
        ]
        if hours:
            row.append(env.money_total(r.on_demand_usd_per_gpu_hour * hours * n))
        row.append(r.observed)
        rows.append(row)
    return Table(headers=headers, rows=rows)


def _no_rates(query: RatesQuery, env: Env, gpu, provider_rates: list) -> Answer:
    covered = sorted({r.gpu for r in env.reader.cloud_rates()})
    family = gpu.short_name.split()[0]
    near = [g for g in covered if family in g.split()]
    if query.provider and env.reader.cloud_rates(gpu.name):
        head = env.t("rates.none_at_provider", gpu=gpu.short_name, provider=provider_name(query.provider))
    else:
        head = env.t("rates.none", gpu=gpu.short_name)
    steps = [env.t("rates.covered", gpus=", ".join(near or covered[:15]))]
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[gpu.name],
        steps=steps,
        figures={"rates": [], "cheapest_provider": None},
        lang=env.lang,
    )


def _hours(query: RatesQuery) -> float | None:
    if query.hours:
        return query.hours
    return _PERIOD_HOURS.get(query.period or "")


def _serve_users(query: RatesQuery, env: Env) -> tuple[int, list[str]] | None:
    """A model served to several users on rented cards ("改成租h100呢" after serving Qwen3 32B to 30 people): the
    cards that serve them all (weights and each user's KV cache, respond/serving.py) and that lead; None when the
    question serves nobody in particular."""
    from assistant.respond.serving import serving_of

    if dict(query.targets).get("users", 0) < 2:
        return None
    served = serving_of(query, env)
    return (served[2], [served[0]]) if served else None


def _at_stated_rate(query: RatesQuery, env: Env, what: str, gpu_hours: float, head: str, extra: dict) -> str:
    """ "if i rent an h100 at $2.49/hr for 6 hours every saturday, what does that come to over a year": the total at
    the rate the user states leads; the cheapest rate in the data follows as a comparison. `head` when none is
    stated (or its currency cannot be converted)."""
    usd = env.to_usd(query.stated_rate, query.stated_rate_currency) if query.stated_rate else None
    if not usd:
        return head
    extra["stated_rate_usd"] = round(usd, 4)
    extra["total_at_stated_rate_usd"] = round(usd * gpu_hours, 2)
    lead = env.t(
        "rates.head_stated_rate",
        what=what,
        hours=_hours_text(gpu_hours),
        rate=env.money(usd, 2),
        total=env.money_total(usd * gpu_hours),
    )
    extra["stated_rate_line"] = lead  # dropped when calc's bill of the question's numbers leads (respond/calc.py)
    return i18n.gap(env.lang).join((lead, head))


def _model_name(query: RatesQuery, env: Env) -> str:
    model, _ = sized_model(query, env)
    return model.name if model else ""


def respond(query: RatesQuery, env: Env) -> Answer:
    answer = _respond(query, env)
    family = rates_family.lead(query, env.for_query(query)) if not answer.clarification else ""
    if family:  # "阿里云 腾讯云 autodl 按小时租a100 哪家最便宜": the cheapest of any version first
        answer.headline = i18n.gap(env.lang).join([family, answer.headline])
    return answer


def _respond(query: RatesQuery, env: Env) -> Answer:
    clips = video_rent.rates_of_clips(query, env, respond) if query.clips else None
    if clips is not None:  # "在autodl上租5090跑一百段要花多少钱": the rent of the hours those clips take
        return clips
    if query.hours_per_day:  # "每天只用4小时呢" after a rented job: the same rent, said in days at that use
        return _in_days(respond(dataclasses.replace(query, hours_per_day=None), env), query.hours_per_day, env)
    if query.work_of:  # "would 2 h100s be faster and cheaper overall" after 120 hours of an A100: that work on them
        from assistant.respond import rates_same_work

        return rates_same_work.respond(query, env, respond)
    if query.mode == "providers":  # "autodl和恒源云哪个便宜": the clouds' price lists, no GPU named
        return rates_providers.respond(query, env, rates_by_memory.respond)
    # "cheapest cloud gpu for llama 3.3 70b": the cheapest set that holds it ("best value ...": the work per dollar);
    # "per month if i run it 8h a day" after it: that time's rent
    timed = bool(query.period or query.hours)
    if query.mode == "by_memory" and _model_to_run(query) and (timed or not rates_value.wanted(query, env)):
        return rates_serve.cheapest(dataclasses.replace(query, mode="serve", hours=_hours_used(query)), env)
    if query.mode == "by_memory":
        return rates_by_memory.respond(query, env)
    if query.mode == "plan":  # "autodl 4090 按量和包月哪个划算 每天用6小时": a period plan against by the hour
        return rent_plan.respond(query, env)
    if query.mode == "job" and not any(r.name for r in query.gpus):
        return rates_job.cheapest(query, env)
    if query.mode == "serve" and not any(r.name for r in query.gpus):  # "serve a 70b model for a month": the set
        return rates_serve.cheapest(query, env)
    env = env.for_query(query)
    named = [r for r in query.gpus if r.name]
    if query.mode in ("rates", "rent", "job") and len({r.name for r in named}) > 1:
        return rates_several.respond(query, env, respond)  # "l40s or a100 80gb, which is better value to rent"
    if not named and len(query.providers) >= 2 and query.mode == "rates":  # "runpod or vast?": their prices
        return respond(dataclasses.replace(query, mode="providers", provider=query.providers[0]), env)
    if not named:
        return Answer(
            question=query.text, intent="rates", headline="", clarification=env.t("rates.which_gpu"), lang=env.lang
        )
    gpu = env.reader.known_gpu(named[0].name or "")
    n = max(named[0].count, 1)
    market = home_market(query.text, env, query.provider)
    everyone = home_first(env.reader.cloud_rates(gpu.name), env, market)
    sibling, asked = "", gpu.name
    if not everyone:
        # a version with as much memory, else the cheapest card with as much, else a smaller version (said)
        other = rated_variant(gpu.name, env, min_memory_gb=gpu.memory_gb or 0.0)
        if other is not None:
            sibling = env.t("rates.sibling", gpu=gpu.short_name, other=other.short_name)
        elif (other := rented_with_memory(gpu.name, env, market)) is not None:  # "5070 ti 一个月多少钱"
            sibling = env.t("rates.by_memory", gpu=gpu.short_name, gb=f"{gpu.memory_gb or 0:g}", other=other.short_name)
        elif (other := rated_variant(gpu.name, env)) is not None:
            sibling = env.t("rates.sibling", gpu=gpu.short_name, other=other.short_name)
        else:
            return _no_rates(query, env, gpu, everyone)
        gpu, everyone = other, home_first(env.reader.cloud_rates(other.name), env, market)
    rates = of_provider(query.provider, everyone)
    other = (
        rated_variant_kept(query, gpu, env, query.provider) if query.provider and not rates and not sibling else None
    )
    if other is not None:  # "autodl租a100": AutoDL rents the A100 PCIe 40 GB, not the SXM4 80 GB assumed
        sibling = env.t(
            "rates.sibling_at_provider",
            gpu=gpu.short_name,
            other=other.short_name,
            provider=provider_name(query.provider or ""),
        )
        gpu, everyone = other, home_first(env.reader.cloud_rates(other.name), env, market)
        rates = of_provider(query.provider, everyone)
    compared = ""
    if len(query.providers) > 1:  # "runpod or vast for a 4090?": only the providers named, side by side
        rates, compared = side_by_side(query.providers, env, gpu, everyone)
    steps: list[str] = []
    extra: dict = {}
    missing = ""
    if not rates and compared:  # none of the providers named rents it: say so, then show the others
        missing, rates, compared = compared + " ", everyone, ""
    if not rates:  # the provider asked has no rate for this GPU: say so, then show the others
        provider = provider_name(query.provider or "")
        key = "rates.none_at_provider" if of_provider(query.provider, env.reader.cloud_rates()) else "rates.unpublished"
        missing = env.t(key, gpu=gpu.short_name, provider=provider) + " "
        rates = everyone
    lead = ""
    if (not query.provider or missing) and not compared and not any(r.currency == market for r in everyone):
        found = _home_alternatives(gpu, env, query, market)
        if market != DOMESTIC:
            steps += found
        elif not found:  # "国内租h200": no cloud inside China rents it or a version of it
            lead = env.t("rates.no_home", gpu=gpu.short_name)
        elif (domestic_asked(query.text, env) or query.provider) and not sibling and not abroad_asked(query.text, env):
            version = home_versions(gpu, env, market, kept_memory(query, gpu))[0][0]  # "国内哪里租a100最便宜"
            lead = i18n.gap(env.lang).join([found[0], env.t("rates.home_switch", other=version.short_name)])
            gpu, everyone = version, home_first(env.reader.cloud_rates(version.name), env, market)
            rates = everyone
        else:  # an answer in yuan: the versions China rents lead, the foreign offers follow
            lead, steps = found[0], found[1:]
    steps += _cheaper_form(query, env, gpu, rates, market)
    hours = _hours(query)
    if query.mode == "job":
        n, card_steps, extra = rates_job.cards(query, env, gpu, n)
        hours, job_figures, job_steps = rates_job.job_hours(query, env, gpu, n)
        if hours is None and job_steps:  # no time model for the job (an image model's LoRA): said first
            lead, job_steps = i18n.gap(env.lang).join([job_steps[0], lead]) if lead else job_steps[0], job_steps[1:]
        steps += card_steps + job_steps + rates_job.node_step(query, env, gpu, n, rates[0].on_demand_usd_per_gpu_hour)
        extra |= job_figures
        if query.hours:  # "lora on a rented a100 for about 10 hours": the hours stated are what is rented
            estimate = (
                env.t(
                    "rates.job_estimate",
                    time=duration(env, hours),
                    data=rates_job.tokens_text(query, env, extra.get("tokens", 0.0)),
                )
                if hours
                else ""
            )
            steps.insert(0, env.t("rates.job_hours_stated", hours=f"{query.hours:,.0f}", estimate=estimate))
            hours = query.hours
    elif query.mode == "serve":
        n, steps = _serve_users(query, env) or serve_count(query, env, gpu)
        n = max([n, *(r.count for r in query.gpus if r.name)])  # "and for 2 of them?": the cards asked, if more
        hours = hours or _PERIOD_HOURS["month"]
    rates, node = rates_node.node_rate(query, env, rates, n, lambda r: shown_provider(r, env, market))  # a server
    steps += [node] if node else []
    best = rates[0]
    best_name = shown_provider(best, env, market)
    what = counted(env, gpu, n)
    spot = min((r for r in rates if r.spot_usd_per_gpu_hour), key=lambda r: r.spot_usd_per_gpu_hour, default=None)
    spot_lead = _spot_asked(query, env, gpu, spot, best, market)
    if spot and (spot.spot_usd_per_gpu_hour >= best.on_demand_usd_per_gpu_hour or (query.spot and not hours)):
        spot = None  # a spot rate above the cheapest on-demand one saves nothing; asked, it leads instead
    if query.mode == "spend" and best.on_demand_usd_per_gpu_hour:  # "1万块能租多久的4090": the hours it rents
        hours = (env.to_usd(query.spend, query.spend_currency) or 0.0) / (best.on_demand_usd_per_gpu_hour * n)
        per = _PERIOD_HOURS.get(query.period or "")
        if per:  # "一个月花了八百多": the hours a period's spend rents, a day's share, the use weighed next
            extra["spend_hours_week"] = round(hours * 168.0 / per, 1)
            steps.insert(0, env.t("rates.spend_per_day", per_day=f"{hours * 24.0 / per:,.1f}"))
        else:
            steps.insert(0, env.t("rates.spend_day", days=f"{hours / 8:,.0f}"))
    if hours:
        total = best.on_demand_usd_per_gpu_hour * hours * n
        key = {"job": "head_job_on", "serve": "head_serve", "spend": "head_spend"}.get(query.mode, "head_rent")
        key = "head_spend_period" if query.mode == "spend" and query.period in _PERIOD_HOURS else key
        key = "head_rent" if query.mode == "job" and query.hours else key
        key = "head_serve_hours" if query.mode == "serve" and query.hours else key  # the hours used, not all day
        head = env.t(
            f"rates.{key}",
            method=rates_job.method_text(query, env),
            data=rates_job.tokens_text(query, env, extra.get("tokens", 0.0)),
            time=duration(env, hours),
            what=what,
            hours=_hours_text(hours),
            total=env.money_total(total),
            provider=best_name,
            rate=env.money(best.on_demand_usd_per_gpu_hour, 2),
            observed=best.observed,
            model=_model_name(query, env),
            period=env.t(f"cost.period_{query.period}") if query.period in _PERIOD_HOURS else "",
        )
        if spot and query.mode != "spend":
            head += env.t(
                "rates.head_spot",
                total=env.money_total(spot.spot_usd_per_gpu_hour * hours * n),
                provider=shown_provider(spot, env, market),
            )
        extra["total_usd"] = round(total, 2)
        head = _at_stated_rate(query, env, what, hours * n, head, extra)
    elif compared:
        head = ""
    else:
        # "lambda h100 hourly": the provider named is not "the cheapest"; one offer has no range
        key = "rates.head_at_provider" if query.provider and not missing else "rates.head_rates"
        lower_inside = _inside_china_lower(best, rates, env, market)
        key = "rates.head_rates_outside" if lower_inside and key == "rates.head_rates" else key
        head = env.t(
            key if len(rates) > 1 or key == "rates.head_at_provider" else "rates.head_one",
            gpu=gpu.short_name,
            provider=best_name,
            rate=env.money(best.on_demand_usd_per_gpu_hour, 2),
            observed=best.observed,
            count=len(rates),
            high=env.money(max(r.on_demand_usd_per_gpu_hour for r in rates), 2),
        )
        head += lower_inside  # "$0.67 at Akash", yet the clouds inside China list it for less
        if n > 1:  # "8x h100 per hour", "price of an 8x a100 node on lambda": the whole set's hour leads
            head = env.t(
                "rates.head_count_hour",
                what=what,
                n=n,
                total=env.money(best.on_demand_usd_per_gpu_hour * n, 2),
                provider=best_name,
                rate=env.money(best.on_demand_usd_per_gpu_hour, 2),
                observed=best.observed,
            )
        if spot:
            head += env.t(
                "rates.head_spot_rate",
                rate=env.money(spot.spot_usd_per_gpu_hour, 2),
                provider=shown_provider(spot, env, market),
            )
    parts = (sibling, missing, lead, spot_lead, compared, head)
    if query.stated_rate:  # "阿里云a10按量 ¥9.5/时 ... 一个月花多少": the user's rate leads, the missing data follows
        parts = (sibling, head, missing, lead, spot_lead, compared)
    head = i18n.gap(env.lang).join(p.strip() for p in parts if p.strip())
    if query.cheaper_than_provider:  # "cheaper provider?" after a rent at a cloud: whether it is already the cheapest
        head = i18n.gap(env.lang).join([_against_before(query.cheaper_than_provider, rates, env, hours, n), head])
    if len({r.gpus_per_instance for r in rates}) > 1:
        steps.append(env.t("rates.nodes"))
    # the cheapest cloud of the same market only: a yuan-billing cloud is no offer to a dollar question, or the reverse
    cheapest = min((r for r in everyone if r.currency == best.currency), key=lambda r: r.on_demand_usd_per_gpu_hour)
    if cheapest not in rates or (
        cheapest is not best and cheapest.on_demand_usd_per_gpu_hour < best.on_demand_usd_per_gpu_hour
    ):
        steps.append(
            env.t("rates.elsewhere", cheapest=cheapest.provider, rate=env.money(cheapest.on_demand_usd_per_gpu_hour, 2))
        )
    if hours and hours >= _PERIOD_HOURS["month"] and query.mode == "rent":
        steps.append(env.t("rates.monthly_plans"))  # "包月呢": on-demand x 730 h is an upper bound
    steps.append(env.t("rates.dated"))
    figures = {
        "rates": [figure(r, hours, n) for r in rates],
        "cheapest_provider": best.provider,
        "hours": round(hours, 2) if hours else None,
        "gpu_count": n,
        "variant_of": asked if sibling else None,
        **extra,
    }
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[gpu.name],
        tables=[_table(env, rates, hours, n, market)],
        steps=steps,
        figures=figures,
        assumptions=env.assumption_dict(),
        sources=env.cite(*dict.fromkeys(r.source for r in rates))
        + ([spec_source(gpu, env), "method: docs/model.md §cost.training, §cost.run"] if query.mode == "job" else [])
        + (env.cite("chinchilla-2022") if query.pretrain and not query.tokens else [])
        + env.rate_sources(),
        lang=env.lang,
    )


def _in_days(answer: Answer, per_day: float, env: Env) -> Answer:
    """The answer led by the days its hours take at `per_day` hours a day (the rent does not change)."""
    jobs = answer.figures.get("jobs") or [{}]
    hours = answer.figures.get("hours") or jobs[0].get("hours")
    if not hours or per_day <= 0:
        return answer
    days = env.t("rates.per_day", per_day=f"{per_day:g}", days=f"{math.ceil(hours / per_day):,}")
    answer.headline = i18n.gap(env.lang).join([days, answer.headline])
    answer.figures["days_at_use"] = math.ceil(hours / per_day)
    return answer


def _against_before(key: str, rates: list, env: Env, hours: float | None, n: int) -> str:
    """The cloud rented before set against the cheapest: already the cheapest, or how much the cheapest saves."""
    before = of_provider(key, rates)
    if not before:
        return ""
    was, best = before[0], rates[0]
    if was.on_demand_usd_per_gpu_hour <= best.on_demand_usd_per_gpu_hour:
        nxt = next((r for r in rates if r.provider != was.provider), None)  # "runpod down, any alternatives": the next
        if nxt is None:
            return env.t("rates.already_cheapest", provider=was.provider)
        rate = env.money(nxt.on_demand_usd_per_gpu_hour, 2)
        return env.t("rates.already_cheapest_next", provider=was.provider, next=nxt.provider, rate=rate)
    per = was.on_demand_usd_per_gpu_hour - best.on_demand_usd_per_gpu_hour
    saved = env.money_total(per * hours * n) if hours else env.money(per, 2)
    key_ = "rates.cheaper_than_before_total" if hours else "rates.cheaper_than_before_rate"
    return env.t(key_, provider=best.provider, before=was.provider, saved=saved)


def _spot_asked(query: RatesQuery, env: Env, gpu, spot, best, market: str) -> str:
    """ "h100 spot price", "cheapest spot a100", "h100竞价实例": the cheapest spot (interruptible) rate of the offers
    shown leads, said no cheaper than on demand when it is not, or that none is in the data; "" when not asked."""
    if not query.spot:
        return ""
    if spot is None:
        return env.t("rates.spot_asked_none", gpu=gpu.short_name)
    dear = spot.spot_usd_per_gpu_hour >= best.on_demand_usd_per_gpu_hour
    return env.t(
        "rates.spot_asked_dear" if dear else "rates.spot_asked",
        gpu=gpu.short_name,
        rate=env.money(spot.spot_usd_per_gpu_hour, 2),
        provider=shown_provider(spot, env, market),
        observed=spot.observed,
    )


def _hours_text(hours: float) -> str:
    """Hours as said in a rent: whole hours, or with one decimal under 10 ("0.1" for a 7-minute LoRA, not "0")."""
    return f"{hours:.1f}" if hours < 10 and not float(hours).is_integer() else f"{hours:,.0f}"


def _inside_china_lower(best, rates: list, env: Env, market: str) -> str:
    """A dollar (or euro) answer whose cheapest offer is outside China while clouds inside China, listed in its table,
    rent the card for less: said, with why it is not the lead (billed in yuan, a Chinese account); "" otherwise."""
    if market == DOMESTIC or best.currency == DOMESTIC:
        return ""
    inside = [r for r in rates if r.currency == DOMESTIC]
    low = min(inside, key=lambda r: r.on_demand_usd_per_gpu_hour, default=None)
    if low is None or low.on_demand_usd_per_gpu_hour >= best.on_demand_usd_per_gpu_hour:
        return ""
    return i18n.gap(env.lang) + env.t(
        "rates.inside_china_lower", provider=low.provider, rate=env.money(low.on_demand_usd_per_gpu_hour, 2)
    )


def _model_to_run(query: RatesQuery) -> bool:
    """The cheapest cloud GPU asked for a model to run (no memory size, no job): the cheapest set that holds it."""
    named = query.model is not None or bool(query.params_b)
    return named and not query.min_memory_gb and query.workload in (None, "llm_inference")


def _hours_used(query: RatesQuery) -> float | None:
    """The hours of the period asked at the use said ("per month if i run it 8h a day": a third of 730), else the
    hours asked (None: the period around the clock)."""
    use = next((s.value for s in query.settings if s.key == "utilization"), None)
    whole = ASKED_HOURS.get(query.period or "")
    return whole * float(use) if use and whole and not query.hours else query.hours
