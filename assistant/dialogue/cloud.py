"""Follow-ups about renting and running what the last answer was about: "which provider is cheapest",
"vs buying?", "and on lambda?", "and per month?".

Contract: each function takes the dialogue, the question the follow-up continues and the
follow-up, and returns the rental / rent-or-buy / running-cost query for the GPUs of that
question with their counts (or the GPU the last answer favoured). Raises `NothingToReferTo`
when no GPU was talked about.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.dialogue.references import NothingToReferTo, focus_refs, refer
from assistant.periods import ASKED_HOURS, HOURS_PER_WEEK
from assistant.queries import Query
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def cloud_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "which provider is cheapest" (the cloud prices of the GPUs just talked about) and "vs buying?"
    (renting them weighed against buying), with the counts the last question had."""
    from assistant.dialogue.rent_context import served_job
    from assistant.queries import FitQuery, RatesQuery, RecommendQuery, RentOrBuyQuery

    counts = dlg.context.counts  # "what if i rented instead" after a fit on 2 x RTX 3090: both of them
    gpus = tuple(
        dataclasses.replace(g, count=max(g.count, counts.get(g.name, 1))) for g in getattr(base, "gpus", ()) if g.name
    ) or focus_refs(dlg)
    pointed = tuple(g for ref in follow.gpus if (ref.pronoun or "").startswith("vendor:") for g in refer(dlg, ref))
    gpus = pointed or gpus  # "how much to rent the nvidia one": the card of that maker talked about
    if follow.ask == "rent_pick":  # "what would i need to rent for that": the cheapest rented set for the job
        return _rent_pick(dlg, follow)
    if base is not None and base.intent == "compare" and dlg.context.compare_pick and follow.ask == "rent_or_buy":
        gpus = focus_refs(dlg)  # "换成租呢" after "Get the RTX 3090": renting against buying the card picked
    if not gpus:
        setup = dlg.context.setup
        if not setup.named():
            raise NothingToReferTo(follow.text)
        if follow.ask == "rates" and follow.providers and setup.trains() and not (follow.hours_total or follow.period):
            # "在autodl上租要多少钱" after a fine-tune's memory (no card named): that job rented at that cloud
            from assistant.dialogue.rent_context import job_rates

            return job_rates(follow, (), follow.providers[0], setup)
        if follow.ask == "rates" and setup.model is not None and not setup.trains():
            # "租的话呢，国内哪家便宜", "where's cheapest to rent it" after a model's memory: the sets that hold it,
            # rented, cheapest first (the rent of running it, RatesQuery mode serve)
            return RatesQuery(
                text=follow.text,
                mode="serve",
                model=setup.model,
                precision=setup.precision,
                provider=follow.providers[0] if follow.providers else None,
                period=follow.period,
                targets=setup.targets,
                settings=follow.settings,
            )
        # "那租呢" after "公司想部署qwen2.5 72b" (a fit with no card named): renting against buying for that model
        return RentOrBuyQuery(
            text=follow.text,
            model=setup.model,
            params_b=setup.params_b,
            workload=setup.workload or ("llm_finetune" if setup.trains() else "llm_inference"),
            mode=setup.mode,
            samples=setup.samples,
            sample_tokens=setup.sample_tokens,
            epochs=setup.epochs,
            tokens=setup.tokens,
            settings=follow.settings,
            targets=served_job(dlg.context.last_query).get("targets", ()),  # a service's users: their serving set
        )
    if follow.gpu_count:  # "vs buying one?" after 4 x H100 rates
        gpus = tuple(dataclasses.replace(g, count=follow.gpu_count) for g in gpus)
    trained = isinstance(base, (RecommendQuery, FitQuery)) and dlg.context.setup.trains()
    if follow.ask == "rates" and trained and not (follow.hours_total or follow.period):
        # "那租呢，autodl上大概要多少钱" after a pick for a QLoRA job: that job rented there, its hours and total
        from assistant.dialogue.rent_context import job_rates

        provider = follow.providers[0] if follow.providers else None
        return job_rates(follow, gpus, provider, dlg.context.setup)
    if follow.ask == "rates":
        # "which is cheapest": every provider, cheapest first (not only the one named before); "租100小时多少钱" after
        # a rate at AutoDL: those hours there
        kept = base.provider if isinstance(base, RatesQuery) and (follow.hours_total or follow.period) else None
        before = base.provider if isinstance(base, RatesQuery) and not kept else None  # "cheaper provider?": than it
        rates = (
            dataclasses.replace(
                base, text=follow.text, settings=follow.settings, provider=kept, cheaper_than_provider=before
            )
            if isinstance(base, RatesQuery) and not pointed
            else RatesQuery(text=follow.text, gpus=gpus, settings=follow.settings)
        )
        return _over_span(rates, follow)  # "租100小时多少钱", "租的话一个月多少钱": the rent for those hours
    own = follow.own_platform or (isinstance(base, RentOrBuyQuery) and base.own_platform)
    if isinstance(base, RentOrBuyQuery) and not follow.gpu_count:  # "what if i already have a pc": the same weighing
        return dataclasses.replace(base, text=follow.text, settings=follow.settings, own_platform=own)
    provider = base.provider if isinstance(base, RatesQuery) else None  # "vs buying?" after rates at vast.ai
    provider = follow.providers[0] if follow.providers else provider  # "vs renting one on runpod": at that cloud
    month = _rent_for_period(follow, gpus, provider)
    if month is not None:  # "what about renting instead, roughly per month at 9 hours a day": that month's rent
        return month
    job = served_job(dlg.context.last_query)  # "vs buying?" after serving 20 users: the cards that serve them
    job = job or _rented_job(base)  # "is buying cheaper if i do this every month" after a cloud job: that job
    return RentOrBuyQuery(
        text=follow.text,
        gpus=gpus,
        settings=follow.settings,
        own_platform=own,
        provider=provider,
        runs_per_month=follow.runs_per_month,  # "is buying cheaper if i do this every month": the job at that pace
        **job,
    )


def _rent_pick(dlg: Dialogue, follow: FollowUpQuery) -> Query:
    """The cheapest rented set that does the thread's job: a training job priced on it, else the model run on the
    cheapest cards that hold it; raises NothingToReferTo with neither."""
    from assistant.dialogue.rent_context import job_rates
    from assistant.queries import RatesQuery

    setup = dlg.context.setup
    if setup.trains():  # at the cloud the thread named ("autodl租卡...", then "租哪张卡合适": AutoDL's cards)
        said = follow.providers[0] if follow.providers else getattr(dlg.context.last_query, "provider", None)
        return job_rates(follow, (), said, setup)
    if not setup.named():
        raise NothingToReferTo(follow.text)
    return RatesQuery(
        text=follow.text,
        mode="by_memory",
        model=setup.model,
        params_b=setup.params_b,
        workload=setup.workload,
        settings=follow.settings,
    )


def _rented_job(base) -> dict:
    """The training job of a cloud job answer (RatesQuery mode "job"), as RentOrBuyQuery fields; {} otherwise."""
    from assistant.queries import RatesQuery

    if not (isinstance(base, RatesQuery) and base.mode == "job" and (base.model or base.params_b)):
        return {}
    return {
        "model": base.model,
        "params_b": base.params_b,
        "workload": "llm_finetune",
        "mode": base.method,
        "samples": base.samples,
        "sample_tokens": base.sample_tokens,
        "epochs": base.epochs,
        "tokens": base.tokens,
        "pretrain": base.pretrain,
    }


def _rent_for_period(follow: FollowUpQuery, gpus: tuple, provider: str | None) -> Query | None:
    """ "what about renting instead, roughly per month if it's on 9 hours a day on weekdays": renting asked for a
    period (no buying word) is the rent of that period, of the hours of use said (the utilization setting) or of
    all of it; None when no period is said or buying is named too ("rent or buy, per month?", "vs renting one")."""
    from assistant.queries import RatesQuery

    weeks = _PERIOD_WEEKS.get(follow.period or "")
    if follow.ask != "rent_or_buy" or weeks is None or _BUYING.search(follow.text.lower()):
        return None
    use = next((s.value for s in follow.settings if s.key == "utilization" and isinstance(s.value, float)), None)
    hours = round(use * 168 * weeks, 1) if use else None
    period = None if hours else follow.period
    rent = RatesQuery(text=follow.text, gpus=gpus, mode="rent", provider=provider, hours=hours, period=period)
    return dataclasses.replace(rent, settings=follow.settings)


_BUYING = re.compile(r"\b(?:buy|buying|bought|own|owning|purchase|vs|versus|compared|than)\b|买|购|比")


# set beside the last cloud: "vs runpod?", "what about vs lambda", "跟vast比呢"
_AGAINST = re.compile(
    r"\s*(?:(?:what|how) about |and )?(?:vs\.?\s|versus\s|compared (?:to|with)\s|against\s|跟|和|与|对比)"
)


def at_providers(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "and on lambda?", "runpod vs coreweave?" after an answer about GPUs: their rates at those clouds
    (the last rental with its hours and counts; after renting weighed against buying, at that cloud)."""
    from assistant.queries import FitQuery, RatesQuery, RecommendQuery, RentOrBuyQuery

    keys = follow.providers
    several = keys if len(keys) > 1 else ()
    if not several and dlg.context.setup.trains() and isinstance(base, FitQuery) and base.want_time and base.gpus:
        # "how much would that cost on runpod" after the time of a training job: that job rented there
        from assistant.dialogue.rent_context import job_rates

        return job_rates(follow, base.gpus, keys[0], base)
    if not several and dlg.context.setup.trains() and isinstance(base, FitQuery) and not base.gpus:
        # "在autodl上租要多少钱" after a fine-tune's memory with no card named: the job at that cloud, its cards
        from assistant.dialogue.rent_context import job_rates

        return job_rates(follow, (), keys[0], dlg.context.setup)
    if not several and follow.ask == "rates" and isinstance(base, RecommendQuery) and dlg.context.setup.trains():
        # "那租呢，autodl上大概要多少钱" after a pick for a QLoRA job: that job rented there, its hours and total
        from assistant.dialogue.rent_context import job_rates

        return job_rates(follow, focus_refs(dlg), keys[0], dlg.context.setup)
    if isinstance(base, RatesQuery):
        against = not several and base.provider not in (None, keys[0]) and _AGAINST.match(follow.text.lower())
        if against:  # "vs runpod?" after a rate at Lambda: both side by side
            several = (str(base.provider), keys[0])
        return _over_span(
            dataclasses.replace(
                base,
                text=follow.text,
                settings=follow.settings,
                provider=None if against else keys[0],
                providers=several,
            ),
            follow,
        )
    if isinstance(base, RentOrBuyQuery) and not several:
        return dataclasses.replace(base, text=follow.text, settings=follow.settings, provider=keys[0])
    gpus = tuple(g for g in getattr(base, "gpus", ()) if g.name)[:1] or focus_refs(dlg)
    rates = RatesQuery(text=follow.text, gpus=gpus, provider=keys[0], providers=several, settings=follow.settings)
    return _over_span(rates, follow)


def _over_span(rates, follow: FollowUpQuery):
    """ "how much per month to rent those on aws", "租100小时多少钱": the rent over the hours or period said."""
    if follow.hours_total:
        return dataclasses.replace(rates, mode="rent", hours=follow.hours_total, period=None)
    if follow.period:
        return dataclasses.replace(rates, mode="rent", hours=None, period=follow.period)
    return rates


def per_period(dlg: Dialogue, base: Query, period: str | None = None, settings: tuple = ()) -> Query:
    """ "and per month?", "for a week?": the last cost or rental, for that period; after another answer
    about GPUs, what owning them (or renting, after a rent-or-buy answer) costs per period. A rental for a period
    with a use said beside it ("每天跑6个小时 一个月呢", `settings`' utilization) rents those hours of the period,
    not all of it."""
    from assistant.queries import CostQuery, RatesQuery, RentOrBuyQuery

    if isinstance(base, CostQuery):
        return base
    if isinstance(base, RatesQuery):
        use = next((float(s.value) for s in settings if s.key == "utilization"), None)
        weeks = _PERIOD_WEEKS.get(period or "")
        hours = round(use * 168 * weeks, 1) if use and weeks and base.mode in ("rates", "rent") else None
        # the same work on another card ("autodl上租个4090" after a LoRA timed on a 4060 Ti) rented by the day: that
        # card's hours of the period, no longer the job's
        work_of = None if hours else base.work_of
        mode = "rent" if base.mode == "rates" else base.mode
        return dataclasses.replace(base, mode=mode, hours=hours, work_of=work_of)
    gpus = tuple(g for g in getattr(base, "gpus", ()) if g.name) or focus_refs(dlg)
    if not gpus:
        raise NothingToReferTo(base.text)
    if isinstance(base, RentOrBuyQuery):  # "一个月多少钱" after "每个月用40小时 买还是租": the rent of those hours
        return RatesQuery(
            text=base.text, gpus=gpus, mode="rent", provider=base.provider, hours=_use_in(dlg, base, period)
        )
    rated = rented_before(dlg)
    if rated is not None:  # "monthly if its up 24/7" after a comparison of two rented cards: the rent at that use
        use = next((float(s.value) for s in settings if s.key == "utilization"), None)
        weeks = _PERIOD_WEEKS.get(period or "")
        hours = round(use * 168 * weeks, 1) if use and weeks else None
        return RatesQuery(
            text=base.text,
            gpus=gpus[:1],
            mode="rent",
            provider=rated.provider,
            hours=hours,
            period=None if hours else period,
        )
    return CostQuery(text=base.text, gpus=gpus, kind="tco")


def rented_before(dlg: Dialogue):
    """The thread's rates asked (a RatesQuery of rates or a rent among its last questions), or None."""
    from assistant.queries import RatesQuery

    ctx = dlg.context
    return next(
        (
            q
            for q in reversed([*ctx.history, ctx.last_query])
            if isinstance(q, RatesQuery) and q.mode in ("rates", "rent")
        ),
        None,
    )


_PERIOD_WEEKS = {name: hours / HOURS_PER_WEEK for name, hours in ASKED_HOURS.items()}


def _use_in(dlg: Dialogue, base, period: str | None) -> float | None:
    """The hours of use in the follow-up's period that the conversation stated (the rent-or-buy question's own hours a
    week or utilization, else a utilization set in the conversation); None when none was stated (the whole period)."""
    weeks = _PERIOD_WEEKS.get(period or "")
    if weeks is None:
        return None
    if base.hours_per_week:
        per_week = base.hours_per_week
    elif base.utilization:
        per_week = base.utilization * 168
    elif "utilization" in dlg.assumptions.changed:
        per_week = dlg.assumptions.utilization * 168
    else:
        return None
    return round(per_week * weeks, 1)


def total_of_rent_or_buy(base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "what if its more like 1500 hours" after a rent or buy of 500 hours in all: the same weighing at those hours
    (read alone they are hours a week, a utilization, which is dropped); None otherwise."""
    from assistant.queries import RentOrBuyQuery

    hours = follow.hours_total or follow.hours_bare
    if not (isinstance(base, RentOrBuyQuery) and base.total_hours and hours) or follow.gpus or follow.ask:
        return None
    kept = tuple(s for s in follow.settings if s.key != "utilization")
    return dataclasses.replace(base, settings=kept, total_hours=hours)  # its own words: which card is bought, rented


def hours_of_rent(base: Query | None, follow: FollowUpQuery) -> FollowUpQuery:
    """ "and at 25 hours?", "那50小时呢" after the rent of a number of hours: the rent for those hours (read alone they
    are hours a week of use, a utilization setting, which is dropped); a use per week or month stated instead
    ("每月40小时的话呢"): a month's rent at that use; otherwise the follow-up as it is."""
    from assistant.queries import RatesQuery

    # a rent of hours, or of a period ("what about for a month?" then "and 200 hours?")
    rented = isinstance(base, RatesQuery) and (base.hours or (base.period and base.mode == "rent"))
    # "need about 200 hours" after a card's hourly rate: the rent of those hours, not hours a week of use
    rate_only = isinstance(base, RatesQuery) and base.mode == "rates" and bool(base.gpus)
    if rate_only and not rented and follow.hours_bare and follow.hours_total is None:
        kept = tuple(s for s in follow.settings if s.key != "utilization")
        return dataclasses.replace(follow, hours_total=follow.hours_bare, hours_bare=None, settings=kept)
    if not rented or follow.hours_total is not None:
        return follow
    if follow.hours_bare:
        kept = tuple(s for s in follow.settings if s.key != "utilization")
        return dataclasses.replace(follow, hours_total=follow.hours_bare, hours_bare=None, settings=kept)
    usage = [float(s.value) for s in follow.settings if s.key == "utilization" and s.value]
    if usage and not (follow.gpus or follow.ask or follow.period or follow.fields):
        # "每月40小时的话呢", "what about 40 hours a month" after a rent of hours: a month's rent at that use (the use
        # is kept as the conversation's utilization, as said)
        return dataclasses.replace(follow, hours_total=round(usage[0] * 730, 1))
    return follow
