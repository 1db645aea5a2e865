"""Follow-ups about renting, buying and the cost of what the conversation rents or trains: "那租的话一共多少钱",
"how much would that cost" after a rent, "买的话多久能回本", "rent or buy?" after a job, "how much is that if i rent the
4090" while a training job is talked about.

Contract: each function takes the dialogue and a query read from one message and returns it completed from the
conversation (the training job, the cloud rented, the cards with their counts), or the query unchanged when it does
not leave that open. `job_rates` builds the rent of a training job; `served_job` the service a rent-or-buy weighs;
`rented_last` the last question when it rented something. Nothing here raises.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.queries import GpuRef, Query

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue
    from assistant.queries import RatesQuery, RentOrBuyQuery


def break_even_of_context(dlg: Dialogue, query: Query) -> Query:
    """ "买的话多久能回本", "when does buying pay off" asked as the buy-or-rent concept with no GPU named, in a
    conversation about GPUs: the break-even of the GPUs talked about (with their count), not the concept page."""
    from assistant.dialogue.references import focus_refs
    from assistant.queries import RentOrBuyQuery
    from assistant.query_talk import ExplainQuery

    if not (isinstance(query, ExplainQuery) and query.concept == "buy-vs-rent" and not query.gpus):
        return query
    last = dlg.context.last_query
    gpus = focus_refs(dlg)
    if not gpus or last is None or last.intent == "explain":
        return query
    return RentOrBuyQuery(text=query.text, gpus=gpus, settings=query.settings, **served_job(last))


def served_job(last: Query | None) -> dict:
    """The model and the users of a service talked about ("公司想部署qwen2.5 72b 给二十个人用"), for a rent-or-buy
    follow-up to weigh the cards that serve them around the clock; {} when the last question served nobody."""
    users = dict(getattr(last, "targets", ())).get("users", 0)
    model = getattr(last, "model", None)
    return {"targets": last.targets, "model": model} if last is not None and users > 1 and model else {}


def job_cost_of_context(dlg: Dialogue, query: Query) -> Query:
    """The rent of the training job just timed (a fit's time or a training run's cost on named GPUs): "那租的话一共
    多少钱", "租的话呢", "what about renting" (a rental question naming nothing), or "一共要花多少钱", "and the
    total?" with nothing else named when the conversation was renting (a cloud rate asked before); not owning the
    GPUs."""
    from assistant.queries import CostQuery, FitQuery, RatesQuery

    ctx = dlg.context
    last = ctx.last_query
    job: FitQuery | CostQuery | None = None
    if isinstance(last, FitQuery) and last.want_time or isinstance(last, CostQuery) and last.kind == "training_run":
        job = last
    elif _time_and_money(query) and isinstance(last, FitQuery) and last.mode in ("lora", "qlora", "full_finetune"):
        job = last  # "大概跑多久，总共多少钱" after the job's fit on a card: its time and its rent
    if job is None or not job.gpus:
        return query
    if getattr(query, "ask", None) == "rent_pick":
        return query  # "what would i need to rent for that": the cheapest rented set for the job, not its cards
    settled = ctx.setup.mode  # "一共多少钱" after "5.6 hours, with LoRA" (full fine-tuning did not fit): the LoRA run
    if isinstance(job, FitQuery) and job.mode in (None, "full_finetune") and settled in ("lora", "qlora"):
        job = dataclasses.replace(job, mode=settled)
    stepped = _stepped_rent(dlg, query, job)
    if stepped is not None:
        return stepped
    if _asks_rent(query):
        # "what would that cost on runpod": the cloud named (a follow-up's providers) heads the answer
        named = getattr(query, "provider", None) or next(iter(getattr(query, "providers", ())), None)
        return job_rates(query, job.gpus, named, job, tokens=job.tokens)
    if not (_total_asked(query) or isinstance(query, CostQuery) and query.kind == "tco" and not query.model):
        return query
    if any(getattr(query, k, None) for k in ("gpus", "years", "hours_per_week", "utilization")):
        return query
    rented = next((q for q in reversed(ctx.history) if isinstance(q, RatesQuery)), None)
    if rented is None and not ctx.job.rented:  # "想租卡微调..." (a pick of cards to rent) rents too
        return query
    provider = rented.provider if rented is not None else ctx.job.provider
    return job_rates(query, job.gpus, provider, job, tokens=job.tokens)


def _total_asked(query: Query) -> bool:
    """ "and the total?", "whats the total cost" (the cost of what was talked about, nothing named, no period)."""
    from assistant.query_talk import FollowUpQuery

    return isinstance(query, FollowUpQuery) and query.ask == "cost_of_that" and not (query.gpus or query.period)


def _time_and_money(query: Query) -> bool:
    """ "大概跑多久，总共多少钱", "how long and what's the total": the time asked with the money (a cost of nothing
    named)."""
    from assistant.queries import CostQuery

    return isinstance(query, CostQuery) and query.asked_figure == "time" and not (query.gpus or query.model)


def cost_of_the_rent(dlg: Dialogue, query: Query) -> Query:
    """ "那一共多少钱", "总共多少钱" (a cost of nothing named, or of "that") right after a rent of hours, a period, a
    job or a service: that rent, the cost asked, not owning the card ("how much would that cost":
    followup_costs.cost_of_that; "how much would that cost per run" after a rented job: that job's rent)."""
    from assistant.queries import CostQuery, SpecQuery

    last = rented_last(dlg)
    if last is None:
        return query
    if _price_per_run(query) and getattr(last, "mode", None) == "job":  # "那跑一次要多少钱" after a rented job
        return dataclasses.replace(last, text=query.text, settings=query.settings)
    pointed = bool(query_gpus := getattr(query, "gpus", ())) and all(g.pronoun and not g.name for g in query_gpus)
    if isinstance(query, SpecQuery) and query.fields == ("price",) and pointed and not _BUYING.search(query.text):
        return dataclasses.replace(last, text=query.text, settings=query.settings)  # "how much would that run me"
    if not isinstance(query, CostQuery) or any(g.name or not g.pronoun for g in query.gpus):
        return query  # a card named: its own cost
    # "how much would that cost per run then" after a rented job: "that" is the rent, not owning the card
    if not (
        query.kind == "tco"
        or (
            query.kind == "running"
            and (query.gpus or _PER_RUN.search(query.text))
            and getattr(last, "mode", None) == "job"
        )
    ):
        return query
    if query.years or query.period or query.hours_per_week or query.utilization or query.model:
        return query
    return dataclasses.replace(last, text=query.text, settings=query.settings)


_BUYING = re.compile(r"\b(?:buy|buying|purchase|own)\b|买|购", re.I)  # "how much would that cost to buy": its price
_PER_RUN = re.compile(r"\b(?:per|a|each|every|one|single)\s+(?:run|job|training)\b|跑一次|一次|每次|一轮|每轮", re.I)


def rent_cost_of_the_job(dlg: Dialogue, query: Query) -> Query:
    """ "不够的话租云的要多少钱", "how much to just rent it in the cloud" (a price of renting asked, no card named,
    nothing bought) while the thread is a training job (its model or size, its method): that job rented on the
    cheapest cards that hold it, not the cards talked about weighed against buying."""
    from assistant.queries import RatesQuery, RentOrBuyQuery

    setup = dlg.context.setup
    priced = isinstance(query, RatesQuery) and _provider_priced(query)
    if priced and isinstance(query, RatesQuery) and setup.rents() and dlg.context.last_query is not None:
        # "用autodl租卡的话大概花多少钱", "how much would it cost on runpod" after the job's fit: the job at that cloud
        return job_rates(query, (), query.provider, setup)
    if not (isinstance(query, RentOrBuyQuery) and query.asked_figure == "price") or not setup.rents():
        return query
    if query.gpus or query.model or query.params_b or _BUY_WORD.search(query.text.lower()):
        return query
    if query.hours_per_week or query.utilization or query.months or query.total_hours:
        return query
    return job_rates(query, (), query.provider, setup)


def _provider_priced(query: Query) -> bool:
    """A price asked at a cloud named, with no card, hours, period or amount of its own ("在autodl上租要多少钱")."""
    from assistant.queries import RatesQuery

    if not (isinstance(query, RatesQuery) and query.mode in ("rates", "providers") and query.provider):
        return False
    own = (query.gpus, query.model, query.params_b, query.hours, query.period, query.spend, query.min_memory_gb)
    return query.asked_figure == "price" and not any(own)


def _price_per_run(query: Query) -> bool:
    """A price follow-up with no card named that asks it per run ("那跑一次要多少钱", "and per run?")."""
    from assistant.query_talk import FollowUpQuery

    if not isinstance(query, FollowUpQuery) or query.asked_figure != "price" or query.gpus or query.model:
        return False
    return bool(_PER_RUN.search(query.text))


def rented_last(dlg: Dialogue) -> RatesQuery | None:
    """The last question when it rented something (hours, a period, a job, a service), else None."""
    from assistant.queries import RatesQuery

    last = dlg.context.last_query
    return last if isinstance(last, RatesQuery) and last.mode in ("rent", "job", "serve") else None


def _stepped_rent(dlg: Dialogue, query: Query, job) -> Query | None:
    """ "总共多少钱", "租的话呢" right after an image LoRA was timed in steps (2,000 steps, about 7 minutes on a 4090):
    the rent of those hours on those cards, at the cloud rented before, so the money matches the time just said;
    another card named to rent ("autodl上租个4090"): the same work on it (RatesQuery.work_of: scaled by its training
    speed) at the cloud named; None when the last answer timed no such job or the question is no rent or cost of it."""
    from assistant.queries import CostQuery, FitQuery, RatesQuery

    hours = dlg.context.job_hours
    if not hours or not isinstance(job, FitQuery):
        return None
    other = _other_cards_rented(query, job)
    if other:  # "那租呢，autodl上租个4090" after the LoRA timed on a 4060 Ti: the same steps on the 4090, rented
        own = next(g for g in job.gpus if g.name)
        return RatesQuery(
            text=query.text,
            gpus=other,
            provider=getattr(query, "provider", None),
            mode="rent",
            hours=hours,
            work_of=(own.name or "", own.count, hours),
            settings=query.settings,
        )
    asked = _asks_rent(query) or (
        isinstance(query, CostQuery) and not query.gpus and not query.model and query.kind == "tco"
    )
    if not asked:
        return None
    rented = next((q for q in reversed(dlg.context.history) if isinstance(q, RatesQuery)), None)
    provider = getattr(query, "provider", None) or (rented.provider if rented else None)
    return RatesQuery(
        text=query.text, gpus=job.gpus, provider=provider, mode="rent", hours=hours, settings=query.settings
    )


def _other_cards_rented(query: Query, job) -> tuple[GpuRef, ...]:
    """The cards a rental question names that the timed job did not run on ("autodl上租个4090" after a 4060 Ti),
    with no hours or work of its own; () otherwise."""
    from assistant.queries import RatesQuery

    if not isinstance(query, RatesQuery) or query.mode not in ("rates", "rent") or (query.hours and query.hours > 1):
        return ()
    if query.model or query.params_b or query.tokens or query.period:
        return ()
    timed = {g.name for g in job.gpus}
    named = tuple(g for g in query.gpus if g.name and not g.pronoun)
    return named if named and not timed & {g.name for g in named} else ()


def _asks_rent(query: Query) -> bool:
    """A rental question that names no GPU, hours or period of its own ("租的话呢", "那租的话一共多少钱")."""
    from assistant.queries import RentOrBuyQuery
    from assistant.query_talk import FollowUpQuery

    if isinstance(query, FollowUpQuery):
        return query.ask in ("rent_or_buy", "rates") and not (query.gpus or query.hours_total or query.period)
    if isinstance(query, RentOrBuyQuery):
        named = any(g.pronoun is None for g in query.gpus)
        return not (named or query.hours_per_week or query.utilization or query.months)
    return False


def job_rates(query: Query, gpus: tuple[GpuRef, ...], provider: str | None, job, tokens: float | None = None):
    """The rent of `job`'s training run (its model or size, LoRA / QLoRA or a full fine-tune, its data) on `gpus` at
    the clouds (`provider` first when one was named), asked in `query`'s words."""
    from assistant.queries import RatesQuery

    method = getattr(job, "mode", None)
    return RatesQuery(
        text=query.text,
        gpus=gpus,
        provider=provider,
        mode="job",
        model=job.model,
        params_b=job.params_b,
        method=method if method in ("lora", "qlora") else "full_finetune",
        tokens=tokens or getattr(job, "tokens", None),
        samples=getattr(job, "samples", None),
        sample_tokens=getattr(job, "sample_tokens", None),
        epochs=getattr(job, "epochs", None),
        # "训练一个13b模型 数据500亿token", "rent it instead?" after a small gpt from scratch: a run from scratch
        pretrain=getattr(job, "kind", None) == "training_run" or bool(getattr(job, "pretrain", False)),
        settings=query.settings,
    )


def rent_of_the_job(dlg: Dialogue, query: Query) -> Query:
    """ "how much is that if i rent the 4090" while the conversation is about a training job: that job (its model,
    method and data) rented on those GPUs; with no job talked about, their rates."""
    from assistant.queries import RatesQuery

    if not (isinstance(query, RatesQuery) and query.job_open):
        return query
    setup = dlg.context.setup
    if setup.rents():  # "租a100的话要花多少钱" after the run timed on 8 x A100: those 8
        counts = dlg.context.counts
        gpus = tuple(
            dataclasses.replace(g, count=counts.get(g.name or "", 1)) if g.count == 1 else g for g in query.gpus
        )
        return job_rates(query, gpus, query.provider, setup)
    if setup.model is not None and setup.workload in (None, "llm_inference") and setup.mode in (None, "inference"):
        # "ok and renting h100s instead?" after serving llama 3.3 70b on 2 x A6000: that model served on rented
        # H100s (as many as hold it), around the clock
        return dataclasses.replace(
            query,
            mode="serve",
            model=setup.model,
            precision=setup.precision,
            job_open=False,
            period="month",
            targets=query.targets or setup.targets,  # "改成租h100呢" after serving 30 users: the cards that serve them
        )
    return dataclasses.replace(query, job_open=False)


def pick_for_the_job(dlg: Dialogue, query: Query) -> Query:
    """ "what gpu should i rent" (no card, model or work named) while the thread is a training job ("i want to finetune
    mistral 7b on 30k instruction pairs"): the cheapest way to rent that job, as when it is asked in one message."""
    from assistant.queries import RatesQuery
    from assistant.query_talk import FollowUpQuery

    if not dlg.context.setup.trains():
        return query
    if isinstance(query, FollowUpQuery) and query.ask == "rates" and query.asked_figure == "which" and not query.gpus:
        if dlg.context.gpus or query.providers:
            return query  # "which provider is cheapest for that" after the job on an H100: that card's clouds
        # "which gpu should i rent for it" with no card talked about: read as a follow-up for its pronoun
        query = RatesQuery(text=query.text, mode="by_memory")
    if not isinstance(query, RatesQuery) or query.mode != "by_memory" or query.gpus or query.min_memory_gb:
        return query
    if query.model is not None or query.params_b or query.workload or not dlg.context.setup.trains():
        return query
    return job_rates(query, (), query.provider, dlg.context.setup)


def schedule_of_rent(dlg: Dialogue, query: Query) -> Query:
    """ "自己买划算吗", "is buying better" right after a rent of hours over a period ("24/7 for a month": 728 hours a
    month): renting against buying at that use (hours a week), not the default use, when the question states none;
    after a rent of hours in all ("rent a 4090 for 200 hours"), those hours rented against buying."""
    from assistant.dialogue.cloud import _PERIOD_WEEKS
    from assistant.queries import RatesQuery, RentOrBuyQuery

    last = _last_timed_rent(dlg)
    lq = dlg.context.last_query
    if last is None and isinstance(lq, RatesQuery) and lq.mode == "job" and lq.hours and not lq.period:
        last = lq  # "how much would that cost for like 20 hours" after a rented job: those hours in all
    if not isinstance(query, RentOrBuyQuery) or last is None:
        return query
    if query.hours_per_week or query.utilization or any(s.key == "utilization" for s in query.settings):
        return query
    if getattr(query, "usage", None) is not None:
        return query  # the use the question (or its message) states: nlu's usage reader said it
    weeks = _PERIOD_WEEKS.get(last.period or "")
    if not weeks and last.hours and last.hours > 1 and not (query.total_hours or query.months):
        # "200 hours" alone: the hours in all, no use a week: renting them against buying (RentOrBuyQuery.total_hours)
        return dataclasses.replace(query, total_hours=last.hours)
    if not weeks:
        return query
    # "rent 8x h100 on aws for a month" (no hours): the whole period was rented, as that answer billed it (the hours
    # of a use set in the conversation, else around the clock)
    changed = "utilization" in dlg.assumptions.changed
    hours = last.hours or weeks * 168.0 * (dlg.assumptions.utilization if changed else 1.0)
    per_week = hours / weeks
    per_week = 168.0 if per_week > 167.0 else round(per_week, 1)  # 728 h in a month of 730: around the clock
    return dataclasses.replace(query, hours_per_week=per_week)


def _last_timed_rent(dlg: Dialogue):
    """The rent of hours over a period the thread's last rent questions stated ("跑一周 每天8小时": 56 hours in a
    week), looking past the same rent on another card ("换成3090呢": the same work timed there, no period of its
    own); None when the last question is no rent."""
    from assistant.queries import RatesQuery

    recent = [q for q in [*dlg.context.history, dlg.context.last_query] if q is not None]
    last = recent[-1] if recent else None
    if not isinstance(last, RatesQuery) or last.mode != "rent":
        return None
    for q in reversed(recent):
        if not isinstance(q, RatesQuery) or q.mode != "rent":
            break
        if q.hours and q.period:
            return q
    return last


def rent_or_buy_of_context(dlg: Dialogue, query: Query) -> Query:
    """ "rent or buy?", "租还是买" with no GPU, model or work named, after an answer about GPUs: renting against
    buying the GPU the last answer favoured, as many as it was about ("2 x H100" after serving a 70B model on them)."""
    from assistant.dialogue.references import focus_refs
    from assistant.queries import RentOrBuyQuery

    if not isinstance(query, RentOrBuyQuery):
        return query
    weighed = _at_the_provider_talked_about(dlg, query)
    if weighed.gpus and all(g.pronoun and not g.mention for g in weighed.gpus) and focus_refs(dlg):
        # "租卡的话呢": no card typed, the one talked about (not the last two cards a plural pronoun would give)
        weighed = dataclasses.replace(weighed, gpus=focus_refs(dlg))
    if weighed.gpus or weighed.model or weighed.params_b or weighed.workload:
        return weighed
    gpus = focus_refs(dlg)
    return dataclasses.replace(weighed, gpus=gpus) if gpus else weighed


def _at_the_provider_talked_about(dlg: Dialogue, query: RentOrBuyQuery) -> RentOrBuyQuery:
    """ "买一张4090多久回本" after the rates of AutoDL: buying weighed against renting there (not the cheapest cloud),
    when the question names no cloud of its own; the rates asked since the last question about something else."""
    from assistant.queries import RatesQuery

    if query.provider:
        return query
    recent = [q for q in [*dlg.context.history, dlg.context.last_query] if q is not None]
    job = dlg.context.job  # the thread rents a card at a cloud ("一个月花了八百多" at AutoDL): weighed there
    provider = job.provider if job.rented and job.gpu in {g.name for g in query.gpus} | {None} else None
    for q in reversed(recent):
        if not isinstance(q, RatesQuery):
            break
        if q.provider:
            provider = q.provider
            break
    provider = provider or (job.provider if job.rented else None)
    return dataclasses.replace(query, provider=provider) if provider else query


def job_to_rent_or_buy(dlg: Dialogue, query: Query) -> Query:
    """ "ok scrap buying, renting an h100 for this job, what's the bill", "rent or buy a 4090 then?" while the
    conversation is about a training job: renting against buying for that job (its model, method and data) on those
    GPUs, when the question names no work, model or usage of its own. A card named to rent right after a run timed
    ("vs renting an a100 for that") is that run's rent on it (job_rates)."""
    from assistant.queries import CostQuery, RentOrBuyQuery

    setup = dlg.context.setup
    run = dlg.context.last_query
    if isinstance(query, RentOrBuyQuery) and isinstance(run, CostQuery) and run.kind == "training_run" and run.gpus:
        named = tuple(g for g in query.gpus if g.name and not g.pronoun)
        own_job = (query.model, query.params_b) in ((None, None), (run.model, run.params_b))  # (filled from it)
        timed_on = {g.name for g in run.gpus}  # "or should i just buy the second 4090": the run's own card weighed
        if named and not timed_on & {g.name for g in named} and own_job and not (query.hours_per_week or query.months):
            # "vs renting an a100 for that" after a run timed on the user's card: that run rented on the A100
            return job_rates(query, named, query.provider, run)
    if not isinstance(query, RentOrBuyQuery) or not setup.trains():
        return query
    own = (query.model, query.params_b, query.workload, query.mode, query.hours_per_week, query.utilization)
    if any(v is not None for v in own) or query.months or query.tokens:
        return query
    return dataclasses.replace(
        query,
        model=setup.model,
        params_b=setup.params_b,
        workload="llm_finetune",
        mode=setup.mode or "lora",
        samples=setup.samples,
        sample_tokens=setup.sample_tokens,
        epochs=setup.epochs,
        tokens=setup.tokens,
    )


def buy_instead(dlg: Dialogue, query: Query) -> Query:
    """ "这样的话自己买一张划算吗", "would buying one pay off?" (value or worth asked, no card of its own) while the
    thread rents a card at a cloud or for hours or a period: buying that card weighed against that rent, at the use the
    thread runs at."""
    from assistant.queries import CostQuery, RentOrBuyQuery, VerdictQuery

    job = dlg.context.job
    refs = tuple(getattr(query, "gpus", ()))
    named = [g for g in refs if not g.pronoun and g.name]
    if job.rented and job.gpu and _buying_against(query, named):  # "vs buying a 4090 at 6h a day" after an H100 rent
        rented = GpuRef(mention=job.gpu, name=job.gpu, count=job.count)
        return RentOrBuyQuery(
            text=query.text, gpus=(rented, named[0]), rented=job.gpu, provider=job.provider, settings=query.settings
        )
    if not (job.rented and job.gpu and (job.provider or job.hours or rented_last(dlg) is not None)):
        return query  # a rent at a cloud, or of hours or a period ("租的话一个月多少钱" then "还是买划算？")
    value = isinstance(query, CostQuery) and query.kind == "perf_per_dollar" and not query.gpus
    # "买一张二手3090划算吗" while renting a 3090, "自己买一张4090划算吗" while renting an A100: buying that card (or
    # the card rented when none is named) weighed against renting it there, at the thread's use
    worth = isinstance(query, VerdictQuery) and query.kind == "worth" and len(named) <= 1 and not query.offer
    if worth and named:
        return RentOrBuyQuery(text=query.text, gpus=tuple(named), provider=job.provider, settings=query.settings)
    if (
        not (value or worth)
        or getattr(query, "model", None)
        or getattr(query, "workload", None) not in (None, "training")
    ):
        return query
    card = GpuRef(mention=job.gpu, name=job.gpu, count=job.count)
    return RentOrBuyQuery(text=query.text, gpus=(card,), provider=job.provider, settings=query.settings)


_BUY_WORD = re.compile(r"\b(?:buy|buying|bought|purchase|own|owning)\b|买|入手|自己买")


def _buying_against(query: Query, named: list) -> bool:
    """A comparison of one card named to be bought with the card the thread rents ("vs buying a 4090", "那自己买4090
    呢 对比一下")."""
    from assistant.queries import CompareQuery

    if not isinstance(query, CompareQuery) or len(named) != 1:
        return False
    return bool(_BUY_WORD.search(query.text.lower())) and any(g.pronoun == "context" for g in query.gpus)


def compare_of_rented(dlg: Dialogue, query: Query) -> Query:
    """ "which one is better value for finetuning llama 3 8b", "哪个更划算" after the rents of two cards: the cards
    talked about weighed as rentals (their rates, and the job's cost on each when a model or job is said), not as
    purchases; `query` unchanged when it is no comparison of the cards rented or the last question rented nothing."""
    from assistant.queries import CompareQuery, RatesQuery

    last = rented_last(dlg)
    if (
        not isinstance(query, CompareQuery)
        or last is None
        or len(query.gpus) < 2
        or not all(g.name for g in query.gpus)
    ):
        return query
    if query.price_gap is not None or query.premise is not None:
        return query
    job = query.model is not None or query.params_b is not None
    return RatesQuery(
        text=query.text,
        gpus=query.gpus,
        provider=getattr(last, "provider", None),
        mode="job" if job else "rates",
        model=query.model,
        params_b=query.params_b,
        workload=query.workload,
    )


def rent_of_compared(dlg: Dialogue, query: Query) -> Query:
    """ "vs an h100", "和 H20 比呢", "is it cheaper than 8x h100" (one card set against the thread's, nothing bought, no
    model or aspect of its own) right after a rent of hours, a period, a job or a card's rates: the same rent of both
    cards, side by side, not a purchase comparison (a set said of the new card, "和H100 8卡比", is set against as many
    of the thread's single card); `query` unchanged otherwise."""
    from assistant.queries import CompareQuery, RatesQuery

    last = dlg.context.last_query  # a rent, a job, or the rates of a card ("how much to rent an mi300x per hour")
    if not isinstance(last, RatesQuery) or last.mode not in ("rent", "job", "rates"):
        return query
    if not isinstance(query, CompareQuery):
        return query
    if query.aspect not in (None, "value") or query.price_gap is not None or query.premise is not None:
        return query  # "is the h100 faster", "why the h100 over it": a comparison of the cards themselves
    if _BUY_WORD.search(query.text.lower()) or query.params_b is not None:
        return query
    if query.model is not None and getattr(last, "model", None) != query.model:
        return query
    rented = [g for g in last.gpus if g.name]
    names = {g.name for g in rented}
    added = [g for g in query.gpus if g.name and not g.pronoun and g.name not in names]
    if not rented or len(added) != 1 or any(g.name and not g.pronoun and g.name in names for g in query.gpus):
        return query
    if added[0].count > 1 and all(g.count == 1 for g in rented):  # "和H100 8卡比谁便宜": a node against a node
        rented = [dataclasses.replace(g, count=added[0].count) for g in rented]
    return dataclasses.replace(last, text=query.text, gpus=(*rented, added[0]), settings=query.settings)


_DAYS = {"day": 1.0, "week": 7.0, "month": 365.0 / 12.0}  # days in each period a use or a plan is said in


def use_of_plan(dlg: Dialogue, query: Query) -> Query:
    """ "我一个月实际只用 60 小时，哪个划算" (hours of use said, no card of its own) right after a month plan's price
    ("AutoDL 上 4090 包月多少钱"): that plan weighed against paying by the hour at those hours a month; "按量一小时呢"
    (bare hours) the rent of those hours by the hour at the same cloud; `query` unchanged otherwise."""
    from assistant.queries import CompareQuery, RatesQuery, RentOrBuyQuery
    from assistant.query_talk import FollowUpQuery, SetQuery

    recent: list = list(dlg.context.history[-2:]) or [dlg.context.last_query]  # "按量一小时呢" may stand between
    last = next((q for q in reversed(recent) if isinstance(q, RatesQuery) and q.mode == "plan"), None)
    if last is None or not isinstance(query, (FollowUpQuery, CompareQuery, RentOrBuyQuery, SetQuery)):
        return query  # "每天跑8小时 电费多少" is a bill, not the plan's hours
    if any(g.name and not g.pronoun for g in getattr(query, "gpus", ())) or getattr(query, "model", None):
        return query
    said = next((s for s in query.stated if s.dim == "hours"), None)
    if said is None:
        return query
    if said.per is None and isinstance(query, FollowUpQuery) and query.hours_bare:
        kept = tuple(s for s in query.settings if s.key != "utilization")  # one hour is no week's use
        return dataclasses.replace(last, text=query.text, mode="rent", hours=said.value, period=None, settings=kept)
    plan = last.period or "month"  # the hours of use in the plan's own period ("包周" then "一周就用20个小时")
    used = said.value * _DAYS.get(plan, 1.0) / _DAYS.get(said.per or plan, 1.0)
    return dataclasses.replace(last, text=query.text, hours=round(used, 1), settings=query.settings)
