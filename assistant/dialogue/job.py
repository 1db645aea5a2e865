"""The job thread: the card, the count, the cloud and the hours of the job a conversation is about, and the
follow-ups that read it instead of starting over ("训一个7b全参 大概多久" after AutoDL's A800 rate, "would 2 h100s be
faster and cheaper overall" after 120 hours on an A100, "what if i only have 48 hours to finish").

Contract: `job_after(job, query, gpus, figures)` is the conversation's `Job` once `query` was answered (`gpus` and
`figures` are the answer's): a rate, a rent or a rented job of one card sets the card as answered (the version the
cloud rents), its count, the cloud named and the hours rented (a rate per hour is no job's hours); a rented job, a
training run or a timed fit also sets the work and its hours; a pick of cards to rent starts a rented job with no
card yet; anything else keeps the job. The readers of the job
take a query read from one message and return it completed, or unchanged when it does not leave the job open:
`work_on_the_rented` (a training job with no card after a rent: on that card, at that cloud), `same_work_on`
(other cards after a rent of hours: the same work on them, timed and priced against the job as rented),
`buy_for_the_job` (buying cards instead: renting against buying for that job), `run_on_named` (other cards after a
training run: that run on them), `on_owned` (a training run with no card: on the cards the user said they have), and
for follow-ups
`work_of_follow` (other cards or a deadline for the job rented by its hours), and `time_of_the_job` (a time asked of
a model's job rented for hours said: that job timed). Nothing here raises.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.dialogue.state import Job
from assistant.queries import CompareQuery, CostQuery, FitQuery, GpuRef, Query, RatesQuery, RentOrBuyQuery, SpecQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_RENTS = ("rates", "rent", "job", "spend")


def job_after(job: Job, query: Query, gpus: list[str], figures: dict) -> Job:
    """The job thread after `query` was answered (see the module contract)."""
    from assistant.queries import RecommendQuery

    if isinstance(query, RecommendQuery) and query.cloud:  # "想租卡微调qwen2.5 7b lora": the work is rented
        return Job(rented=True)
    names = list(dict.fromkeys(gpus))
    if len(names) > 1 and isinstance(query, RatesQuery) and query.mode in _RENTS:
        return dataclasses.replace(job, rented=True)  # "国内租 a800 和 h800 哪个划算": the thread rents
    if len(names) != 1:
        return job
    gpu = names[0]
    same = gpu == job.gpu
    if isinstance(query, RatesQuery) and query.work_of:
        return job  # the same work on other cards: the job stays the one rented
    if isinstance(query, RatesQuery) and query.mode in _RENTS:
        count = int(figures.get("gpu_count") or max((g.count for g in query.gpus), default=1))
        provider = query.provider or (job.provider if same else None)
        if query.mode == "job":
            return Job(gpu=gpu, count=count, provider=provider, hours=figures.get("hours"), work=query, rented=True)
        hours = query.hours if query.hours and query.hours > 1 else None  # "多少钱一小时" is a rate, not a job
        if hours is None and same:  # "and on vast?" after the hours were said: the same job elsewhere
            return dataclasses.replace(job, provider=provider, rented=True)
        return Job(gpu=gpu, count=count, provider=provider, hours=hours, rented=True)
    if isinstance(query, CostQuery) and query.kind == "training_run" and figures.get("days"):
        hours = figures["days"] * 24  # the wall-clock time on the cards the answer chose (8 x H100 with none named)
        count = max(1, round((figures.get("gpu_hours") or hours) / hours)) if hours else 1
        return Job(gpu=gpu, count=count, provider=job.provider, hours=hours, work=query, rented=job.rented)
    if isinstance(query, FitQuery) and figures.get("job_hours"):
        count = int(figures.get("gpu_count") or 1)
        provider = job.provider if same else None
        return Job(gpu=gpu, count=count, provider=provider, hours=figures["job_hours"], work=query, rented=job.rented)
    return job


def work_on_the_rented(dlg: Dialogue, query: Query) -> Query:
    """ "训一个7b全参 数据5亿token 大概多久", "how much to full finetune a 7b on 500m tokens", "... how long on
    those" with no card named, right after a card was rented at a cloud (AutoDL's A800 rate): that job on that
    card at that cloud (the cards the method needs, the hours and the rent), not the cheapest card anywhere."""
    from assistant.dialogue.rent_context import job_rates

    job = dlg.context.job
    if not job.rented or job.gpu is None or job.work is not None:
        return query
    asks = (isinstance(query, CostQuery) and query.kind == "training_run") or (
        isinstance(query, RatesQuery) and query.mode == "job"
    )
    # a card named, not only "on those" / "on it" (the card rented): a question of its own
    refs = getattr(query, "gpus", ())
    several = len(set(dlg.context.gpus)) > 1 or any(g.pronoun == "implicit" for g in refs)  # "which one": each
    named = any(g.pronoun is None for g in refs) or (bool(refs) and several)
    if not asks or named or not (getattr(query, "model", None) or getattr(query, "params_b", None)):
        return query
    provider = getattr(query, "provider", None) or job.provider
    rent = job_rates(query, (GpuRef(mention=job.gpu, name=job.gpu),), provider, query)
    # "训一个7b全参 数据5亿token": data stated, so the run is timed on it (a run from scratch only when none is)
    return dataclasses.replace(rent, pretrain=rent.pretrain and not rent.tokens)


def same_work_on(dlg: Dialogue, query: Query) -> Query:
    """ "would 2 h100s be faster and cheaper overall", "换成两张h100会不会更快更便宜" right after a rent of hours (120
    hours of an A100 at vast.ai) with no job of a model behind them: the same work on the cards named, its hours
    scaled by their training speed, priced against the job as rented; after a rented job of a model, that job on
    the cards named. Questions that name work of their own keep their reading."""
    from assistant.queries import VerdictQuery

    job = dlg.context.job
    # "would h100s finish fast enough to end up cheaper": a speed verdict that asks the money is the same question
    money_verdict = isinstance(query, VerdictQuery) and query.kind == "enough" and query.asked_figure == "price"
    if not job.rented or job.gpu is None or not (isinstance(query, CompareQuery) or money_verdict):
        return query
    if getattr(query, "model", None) or getattr(query, "params_b", None):
        return query
    own_work = (None, "training", "llm_finetune") if money_verdict else (None, "training")  # a verdict reads fine-tune
    if getattr(query, "workload", None) not in own_work:
        return query
    named = _cards_named(query, job)
    if not named:
        return query
    asked = GpuRef(mention=job.gpu, name=job.gpu, count=job.count)
    if isinstance(job.work, RatesQuery):  # a model's job rented: that job on these cards too
        return dataclasses.replace(job.work, text=query.text, gpus=(asked, *named), settings=query.settings)
    if not job.hours:
        return query
    return RatesQuery(
        text=query.text,
        gpus=(asked, *named),
        provider=job.provider,
        mode="rent",
        hours=job.hours,
        work_of=(job.gpu, job.count, job.hours),
        settings=query.settings,
    )


def on_owned(dlg: Dialogue, query: Query) -> Query:
    """ "how long to finetune llama 3 8b on 100m tokens" with no card or cloud named after "we have 4 a100s in our
    lab": the training run on the user's own cards, with their count (not on rented H100s)."""
    owned = dlg.context.owned
    if not (isinstance(query, CostQuery) and query.kind == "training_run") or query.gpus or query.provider:
        return query
    if not owned or dlg.context.job.rented:
        return query
    return dataclasses.replace(query, gpus=tuple(GpuRef(mention=name, name=name, count=n) for name, n in owned))


def run_on_named(dlg: Dialogue, query: Query) -> Query:
    """ "what about renting one h100 instead", "换成h100呢" (a rate or a comparison of cards named, with no work of
    their own) right after a training run was timed (a model trained on so many tokens): that run on the cards named,
    timed and priced there (at the cloud named), not their hourly rates."""
    work = dlg.context.job.work
    if not (isinstance(work, CostQuery) and work.kind == "training_run"):
        return query
    if isinstance(query, RentOrBuyQuery):  # "should i just buy the second 4090": renting against buying for the run
        stated = (query.model, query.params_b, query.mode, query.hours_per_week, query.utilization, query.tokens)
        if any(v is not None for v in stated) or query.months or query.workload not in (None, "training"):
            return query
        return dataclasses.replace(
            query,
            model=work.model,
            params_b=work.params_b,
            tokens=work.tokens,
            workload="training",
            mode="full_finetune",
            pretrain=True,
            gpus=query.gpus or work.gpus,
        )
    if isinstance(query, RatesQuery) and query.mode in ("rates", "rent") and not (query.hours and query.hours > 1):
        own = query.model or query.params_b or query.tokens
    elif isinstance(query, CompareQuery):
        own = query.model or query.params_b or query.workload not in (None, "training")
    else:
        return query
    named = tuple(g for g in query.gpus if g.name and not g.pronoun and g.name not in {r.name for r in work.gpus})
    if own or not named:
        return query
    provider = getattr(query, "provider", None) or work.provider
    return dataclasses.replace(work, text=query.text, gpus=named, provider=provider, settings=query.settings)


def rent_for_the_fit(dlg: Dialogue, query: Query) -> Query:
    """ "would renting an h100 be faster", "租一张h100会快多少" (the rates of a card named, with no work or hours of
    their own) right after a fine-tuning job was timed on the thread's cards ("how long would that take" after a LoRA
    of Qwen2.5 14B on one 4090): that job rented on the card named, set against the same job on the thread's cards,
    so the answer says which is faster and what the run costs, not the card's hourly rates."""
    from assistant.dialogue.rent_context import job_rates

    work = dlg.context.job.work
    last = dlg.context.last_query
    if not isinstance(work, FitQuery) and isinstance(last, FitQuery) and dlg.context.setup.trains():
        work = last  # "租一张h100会更快吗" right after the fit of the job, before any time was asked
    if not (isinstance(work, FitQuery) and work.mode in ("lora", "qlora", "full_finetune")):
        return query
    if not (isinstance(query, RatesQuery) and query.mode == "rates") or (query.hours and query.hours > 1):
        return query
    if query.model or query.params_b or query.tokens or query.spot or query.stated_rate or query.job_open:
        return query  # a job asked open ("what if i rent an a100 instead") is rent_context.rent_of_the_job's
    thread_cards = {g.name for g in work.gpus}
    named = tuple(g for g in query.gpus if g.name and not g.pronoun and g.name not in thread_cards)
    if not named or len(named) != len(query.gpus):
        return query
    against = tuple(g for g in work.gpus if g.name) if _WEIGHED.search(query.text) else ()
    return job_rates(query, (*named, *against), query.provider, work)


# "would renting an h100 be faster", "租一张h100会更快吗", "cheaper?": the job on the thread's cards is the other side
_WEIGHED = re.compile(r"faster|quicker|slower|cheaper|speed ?up|worth|更快|快吗|快多少|快不快|更便宜|划算|值得", re.I)


def _cards_named(query, job: Job) -> tuple[GpuRef, ...]:
    """The cards a comparison names that are not the job's (a scaling reading "2 x H100 vs 1 x H100" of "would 2
    h100s be faster" names one set: the larger count)."""
    refs = [g for g in query.gpus if g.name and not g.pronoun]
    if len({g.name for g in refs}) == 1 and len(refs) == 2:  # "2 x H100 SXM5 vs 1 x H100 SXM5": the set asked about
        refs = [max(refs, key=lambda g: g.count)]
    if len(refs) == 1 and refs[0].count == 1 and job.count > 1:  # "would h100s be cheaper" after 4 x A100: 4 of them
        refs = [dataclasses.replace(refs[0], count=job.count)]
    return tuple(g for g in refs if not (g.name == job.gpu and g.count == job.count))


def buy_for_the_job(dlg: Dialogue, query: Query) -> Query:
    """ "还是买两张4090 48g魔改自己训划算", "or is buying 2 3090s cheaper for this" (a verdict on cards named, with no
    work of its own) while the conversation rents a training job: renting that job against buying those cards."""
    from assistant.queries import VerdictQuery

    job = dlg.context.job
    if not (isinstance(query, VerdictQuery) and query.kind in ("worth", "good") and query.gpus):
        return query
    own = query.workload not in (None, "training", "llm_finetune") or query.model or query.params_b or query.offer
    if not job.rented or job.work is None or own:
        return query
    work = job.work
    if any(g.pronoun for g in query.gpus):
        return query
    return RentOrBuyQuery(
        text=query.text,
        gpus=query.gpus,
        provider=job.provider,
        model=getattr(work, "model", None),
        params_b=getattr(work, "params_b", None),
        workload="llm_finetune",
        mode=getattr(work, "method", None) or "full_finetune",
        samples=getattr(work, "samples", None),
        sample_tokens=getattr(work, "sample_tokens", None),
        epochs=getattr(work, "epochs", None),
        tokens=getattr(work, "tokens", None),
        pretrain=getattr(work, "pretrain", False),
        settings=query.settings,
    )


def work_of_follow(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """A follow-up about the job rented by its hours: "h100 instead?", "same job on 4 4090s?", "换成两张h100呢" (other
    cards: the same work on them, against the job), "what if i only have 48 hours to finish", "两天内要跑完" (a
    deadline: the fewest cards of each kind talked about that finish in time); None when it is not about that."""
    job = dlg.context.job
    if follow.deadline_hours:
        return _by_deadline(dlg, base, follow)
    more = follow.same_work and not follow.gpus and (follow.gpu_count or 0) > 1  # "same job on 4 of them"
    if not (job.rented and job.gpu and job.hours and job.work is None) or not (follow.gpus or more) or follow.model:
        return None
    if any(g.pronoun for g in follow.gpus) or follow.ask or follow.params_b or follow.workload:
        return None
    if any((g.name or "").startswith("Apple ") for g in follow.gpus):
        return None  # "how about a mac studio for this instead": no card to rent, the thread's work on the Mac
    if not (isinstance(base, RatesQuery) and (base.work_of or (base.mode == "rent" and base.hours == job.hours))):
        return None
    own = [st.value for st in follow.stated if st.dim == "hours" and st.per is None]
    if len(own) == 1 and own[0] != job.hours and follow.gpus:
        # "and 50 hours on the h100?" after renting an A100 for 20: a rental of its own, those hours on that card (not
        # the same work, and not 50 hours a week of use)
        return RatesQuery(
            text=follow.text,
            gpus=follow.gpus,
            provider=job.provider,
            mode="rent",
            hours=own[0],
            settings=tuple(s for s in follow.settings if s.key != "utilization"),
        )
    asked = GpuRef(mention=job.gpu, name=job.gpu, count=job.count)
    count = follow.gpu_count if follow.gpu_count and follow.gpu_count > 1 and len(follow.gpus) == 1 else None
    # a card named without a count after a set ("h100s?" after 4 x A100): as many as the job's set, as merges read it
    named = tuple(
        dataclasses.replace(g, count=count or (job.count if g.count == 1 else g.count)) for g in follow.gpus
    ) or (GpuRef(mention=job.gpu, name=job.gpu, count=follow.gpu_count or 1),)
    return RatesQuery(
        text=follow.text,
        gpus=(asked, *(g for g in named if not (g.name == job.gpu and g.count == job.count))),
        provider=job.provider,
        mode="rent",
        hours=job.hours,
        work_of=(job.gpu, job.count, job.hours),
        settings=follow.settings,
    )


def _by_deadline(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """The job talked about within `follow.deadline_hours`: a fit timed on a model asks its own deadline (the cards it
    needs); a job known by its hours on some cards is scaled to the fewest cards of each kind talked about (the
    job's own, those compared with it, those named now) that finish in time."""
    job = dlg.context.job
    if isinstance(base, FitQuery) and (base.model or base.params_b) and base.mode != "inference":
        gpus = follow.gpus or base.gpus
        return dataclasses.replace(base, text=follow.text, gpus=gpus, deadline_hours=follow.deadline_hours)
    if not (job.gpu and job.hours):
        return None
    kinds = [GpuRef(mention=job.gpu, name=job.gpu, count=job.count)]
    if isinstance(base, RatesQuery) and base.work_of:
        kinds += [g for g in base.gpus if g.name]
    kinds += [g for g in follow.gpus if g.name and not g.pronoun]
    # the cards a job's method needs for memory are counted only when its answer checked them (a rented job, a fit)
    work = job.work if isinstance(job.work, (RatesQuery, FitQuery)) else None
    return RatesQuery(
        text=follow.text,
        gpus=tuple({g.name: g for g in reversed(kinds)}[n] for n in dict.fromkeys(g.name for g in kinds)),
        provider=job.provider,
        mode="rent",
        hours=job.hours,
        work_of=(job.gpu, job.count, job.hours),
        deadline_hours=follow.deadline_hours,
        model=getattr(work, "model", None),
        params_b=getattr(work, "params_b", None),
        method=getattr(work, "method", None) or getattr(work, "mode", None) or "full_finetune",
        settings=follow.settings,
    )


def time_of_the_job(dlg: Dialogue, query: Query) -> Query:
    """ "how long would the training actually take on it", "how long would that take" (a time asked, no card of its
    own but the one talked about) right after a model's job was rented for hours said ("pretrain a 350m gpt on a
    rented h100 for a week, how much"): that job timed and priced on the card rented, not the rent of those hours
    again nor the card's spec sheet."""
    work, job = dlg.context.job.work, dlg.context.job
    if not (isinstance(work, RatesQuery) and work.mode == "job" and work.hours and job.gpu):
        return query
    if not isinstance(query, (FollowUpQuery, SpecQuery)) or query.asked_figure != "time":
        return query
    if isinstance(query, SpecQuery) and set(query.fields) - {"speed", "time"}:
        return query
    refs = getattr(query, "gpus", ())
    if any(g.pronoun is None and g.name != job.gpu for g in refs) or getattr(query, "model", None):
        return query
    return dataclasses.replace(work, text=query.text, hours=None, settings=(*work.settings, *query.settings))
