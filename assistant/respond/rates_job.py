"""A training or fine-tuning job on rented GPUs, as rates answers and fit answers tell it.

Contract: the job's tokens are those asked, else samples x an assumed sample length, else for a
pretraining run the compute-optimal 20 tokens per parameter, else one pass over 100 M tokens, each
assumption a step of its own; the cards are the count asked, or the fewest on which the method fits
when that is more (job_plan.cards_needed: ZeRO-3 / FSDP for full fine-tuning); the time is FLOPs /
(peak x MFU) (§cost.run). With no GPU named the job is priced on every GPU with a cloud rate (at the
provider named; the answer's market first) and the cheapest is the headline (`cheapest`).
`figures`: gpu_hours, flops, tokens, model, cards_needed, memory_gb_one_card, and for the cheapest
job a `jobs` list (gpu, gpus, hours, cost_usd, provider, on_demand_usd_per_gpu_hour, observed).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from assistant.queries import RatesQuery
from assistant.respond import job_plan
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.offers import of_provider
from assistant.respond.wording import duration, token_amount

SHOWN = 8  # rows of the cheapest-job table [A]
SHOWN_EFFICIENCY = 0.95  # the scaling step is said when n cards give less than 95 % of n times one [A]
NODE = 8  # a pretraining run is also timed on one node of this many GPUs


def job_tokens(query, model) -> float:
    """The job's tokens (see the module contract)."""
    if getattr(query, "pretrain", False) and not query.tokens:
        return job_plan.CHINCHILLA_TOKENS_PER_PARAM * model.params_b * 1e9
    return job_plan.job_tokens(
        query.tokens,
        getattr(query, "samples", None),
        getattr(query, "epochs", None),
        getattr(query, "sample_tokens", None),
        model,
    )


def _tokens_steps(query, env: Env, model=None) -> list[str]:
    epochs = getattr(query, "epochs", None)
    if query.tokens:
        if not epochs or epochs == 1:
            return []
        total = query.tokens * epochs / 1e6
        return [
            env.t(
                "rates.job_tokens_epochs",
                tokens=f"{query.tokens / 1e6:,.1f}",
                epochs=f"{epochs:g}",
                total=f"{total:,.1f}",
            )
        ]
    if getattr(query, "pretrain", False):
        return [env.t("rates.job_tokens_pretrain", per=f"{job_plan.CHINCHILLA_TOKENS_PER_PARAM:g}")]
    samples = getattr(query, "samples", None)
    stated = getattr(query, "sample_tokens", None)
    if samples and (stated or epochs):  # "50k samples of 512 tokens, 3 epochs": the data as stated
        length = stated or job_plan.sample_length(model)
        return [
            env.t(
                "rates.job_tokens_samples_stated",
                samples=f"{samples:,.0f}",
                length=f"{length:,.0f}",
                how=env.t(_length_key(query)),
                epochs=f"{epochs or 1:g}",
                tokens=f"{samples * length * (epochs or 1) / 1e6:,.1f}",
            )
        ]
    if samples:
        encoder = model is not None and model.kind == "encoder"
        return [
            env.t(
                "rates.job_tokens_samples_encoder" if encoder else "rates.job_tokens_samples",
                samples=f"{samples:,.0f}",
                length=f"{job_plan.sample_length(model):,}",
                tokens=f"{samples * job_plan.sample_length(model) / 1e6:,.1f}",
            )
        ]
    return [env.t("rates.job_tokens_default")]


def _length_key(query) -> str:
    """How the sample length of the job's data is known: stated, the sequence length said, or assumed."""
    if getattr(query, "sample_tokens_seq", False):
        return "rates.sample_length_seq"
    return "rates.sample_length_stated" if getattr(query, "sample_tokens", None) else "rates.sample_length_assumed"


def tokens_text(query, env: Env, tokens: float) -> str:
    """The data of the job as a headline says it: "100 M tokens (assumed)", "2 亿 token（假设）", "10 M tokens (20,000
    samples, ~500 tokens each assumed)"."""
    amount = token_amount(env, tokens)
    stated = query.tokens or (getattr(query, "samples", None) and getattr(query, "sample_tokens", None))
    if stated and not query.tokens and getattr(query, "sample_tokens_seq", False):
        return env.t("rates.tokens_seq", amount=amount)  # every example a full sequence: an upper bound
    samples = getattr(query, "samples", None)
    if not stated and samples:  # "20k samples": their count said, their length assumed
        model, _ = sized_model(query, env)
        length = job_plan.sample_length(model)
        return env.t("rates.tokens_samples_assumed", amount=amount, samples=f"{samples:,.0f}", length=f"{length:,}")
    return env.t("rates.tokens_asked" if stated else "rates.tokens_assumed", amount=amount)


def method_text(query, env: Env) -> str:
    return env.t("rates.method_pretrain" if getattr(query, "pretrain", False) else f"rates.method_{query.method}")


def job_hours(query, env: Env, gpu, n: int) -> tuple[float | None, dict, list[str]]:
    """Wall-clock hours of the job on `n` x `gpu`, its figures and the steps that explain them."""
    model, _ = sized_model(query, env)
    if model is None:
        return None, {}, []
    if model.kind in ("image", "video"):  # "租 4090 训一次 flux lora 多少钱": no time model for its training
        return None, {}, [env.t("rates.job_no_time_kind", model=model.name)]
    tokens = job_tokens(query, model)
    done = job_plan.run(model, query.method, tokens, gpu, n)
    factor = job_plan.FLOPS_PER_PARAM_TOKEN.get(query.method, 6.0)
    steps = [
        env.t(
            "rates.job_flops",
            factor=f"{factor:g}",
            params=f"{model.active_params_b or model.params_b:g}",
            tokens=f"{tokens / 1e6:,.0f}",
            flops=f"{done.flops:.2e}",
            peak=f"{hw.training_tflops(gpu, 'fp16').value:,.0f}",
            mfu=f"{C.DEFAULT_MFU * 100:.0f}",
            gpu_hours=f"{done.gpu_hours:,.1f}",
        )
    ]
    steps += _tokens_steps(query, env, model) + scaling_step(env, gpu, n)
    figures = {"gpu_hours": round(done.gpu_hours, 2), "flops": done.flops, "tokens": tokens, "model": model.key}
    return done.hours, figures, steps


def scaling_step(env: Env, gpu, n: int) -> list[str]:
    """How much of n times one card's speed n cards give, said when it is under SHOWN_EFFICIENCY (§perf.multigpu)."""
    sc = training_scaling([gpu] * n)
    if n <= 1 or sc.efficiency >= SHOWN_EFFICIENCY:
        return []
    return [env.t("rates.job_scaling", n=n, times=f"{sc.speedup:.1f}", link=env.t(f"scale.link_{sc.link}"))]


def node_step(query, env: Env, gpu, n: int, rate: float) -> list[str]:
    """A pretraining run on fewer cards than a node: its time and cost on one 8-GPU node too."""
    if not getattr(query, "pretrain", False) or n >= NODE:
        return []
    hours, figures, _ = job_hours(query, env, gpu, NODE)
    if hours is None:
        return []
    return [env.t("rates.job_node", time=duration(env, hours), total=env.money_total(figures["gpu_hours"] * rate))]


def cards(query, env: Env, gpu, n: int) -> tuple[int, list[str], dict]:
    """The cards the job needs: the count asked, or more when the method does not fit on it."""
    model, _ = sized_model(query, env)
    if model is None or model.kind != "llm":
        return n, [], {}
    need, gb = job_plan.cards_needed(model, query.method, gpu)
    method = method_text(query, env)
    if need is None:
        return n, [env.t("rates.job_cards_none", method=method, gb=f"{gb:,.0f}", gpu=gpu.short_name)], {}
    figures = {"cards_needed": need, "memory_gb_one_card": round(gb, 1)}
    if need <= n:
        return n, [], figures
    how = env.t("rates.job_zero3" if query.method == "full_finetune" else "rates.job_layers")
    step = env.t("rates.job_cards", method=method, gb=f"{gb:,.0f}", gpu=gpu.short_name, n=need, how=how)
    return need, [step], figures


def on_offer(query, env: Env, gpu, offer) -> list[str]:
    """The job on another GPU at one offer (a China-market version for a home-market answer), as a step."""
    n, _, _ = cards(query, env, gpu, 1)
    hours, figures, _ = job_hours(query, env, gpu, n)
    if hours is None:
        return []
    return [
        env.t(
            "rates.job_on_version",
            n=n,
            gpu=gpu.short_name,
            provider=offer.provider,
            time=duration(env, hours),
            total=env.money_total(figures["gpu_hours"] * offer.on_demand_usd_per_gpu_hour),
            rate=env.money(offer.on_demand_usd_per_gpu_hour, 2),
            observed=offer.observed,
        )
    ]


def _by_deadline(query: RatesQuery, env: Env, jobs: list) -> tuple[list, str]:
    """ "... by friday (3 days from now), cheapest cloud setup?": the jobs that finish within the deadline (cheapest
    first) and a sentence saying so; when none does, every job with the fastest named. (jobs, "") without one."""
    limit = query.deadline_hours
    if not limit:
        return jobs, ""
    within = [j for j in jobs if j.hours <= limit]
    if within:
        return within, env.t("rates.job_deadline_met", deadline=duration(env, limit))
    fast = min(jobs, key=lambda j: j.hours)
    return jobs, env.t(
        "rates.job_deadline_missed",
        deadline=duration(env, limit),
        n=fast.n,
        gpu=fast.gpu.short_name,
        time=duration(env, fast.hours),
        total=env.money_total(fast.cost_usd),
    )


def _cloud_pick(query: RatesQuery, env: Env, model, tokens: float) -> str:
    """Two or more clouds named ("lora qwen3 32b autodl还是runpod"): the cheapest plan at each, the cheapest cloud
    first; for a question in China's market with an overseas cloud among them, what renting abroad means. "" else."""
    from assistant.respond.offers import DOMESTIC, home_market

    if len(query.providers) < 2:
        return ""
    best = {}
    for key in query.providers:
        at_cloud = of_provider(key, env.reader.cloud_rates())  # every market: the clouds were named
        mine = job_plan.cheapest_jobs(model, query.method, tokens, at_cloud, env.reader.gpu)
        if mine:
            best[key] = min(mine, key=lambda j: j.cost_usd)
    if len(best) < 2:
        return ""
    ranked = sorted(best.items(), key=lambda kv: kv[1].cost_usd)
    items = [
        env.t(
            "rates.cloud_job_item",
            provider=j.rate.provider,
            n=j.n,
            gpu=j.gpu.short_name,
            time=duration(env, j.hours),
            total=env.money_total(j.cost_usd),
        )
        for key, j in ranked
    ]
    (_, cheap), (_, dear) = ranked[0], ranked[1]
    text = env.t(
        "rates.cloud_job_pick",
        provider=cheap.rate.provider,
        items=i18n.sep(env.lang).join(items),
        pct=f"{(1 - cheap.cost_usd / dear.cost_usd) * 100:.0f}" if dear.cost_usd > 0 else "0",
    )
    abroad = [j.rate.provider for _, j in ranked if j.rate.currency != DOMESTIC]
    if home_market(query.text, env, None) == DOMESTIC and abroad and len(abroad) < len(ranked):
        text += i18n.gap(env.lang) + env.t("rates.cloud_abroad", providers=i18n.listing(env.lang).join(abroad))
    return text + i18n.gap(env.lang)


def cheapest(query: RatesQuery, env: Env) -> Answer:
    """No GPU named: the job on every GPU with a cloud rate, cheapest first."""
    env = env.for_query(query)
    model, note = sized_model(query, env)
    if model is None:
        return Answer(
            question=query.text, intent="rates", headline="", clarification=env.t("rates.which_gpu"), lang=env.lang
        )
    tokens = job_tokens(query, model)
    several = len(query.providers) > 1  # "autodl还是runpod": the clouds named, in any market
    clouds = query.providers if several else (query.provider,)
    rates = env.reader.cloud_rates() if several else env.cloud_rates()
    offers = [r for key in clouds for r in of_provider(key, rates)]
    absent = ""
    if query.provider and not several and not offers:  # "阿里云上租呢": no rate there, said; the others that do it
        from assistant.respond.offers import provider_name

        absent, offers = env.t("rates.provider_none", provider=provider_name(query.provider)), rates
    jobs = job_plan.cheapest_jobs(model, query.method, tokens, offers, env.reader.gpu)
    method, data = method_text(query, env), tokens_text(query, env, tokens)
    if not jobs:
        return Answer(
            question=query.text,
            intent="rates",
            headline=env.t("rates.job_none", method=method, model=model.name),
            figures={"jobs": []},
            lang=env.lang,
        )
    jobs, deadline_said = _by_deadline(query, env, jobs)
    best = jobs[0]
    by_cloud = _cloud_pick(
        query, env, model, tokens
    )  # "autodl还是runpod": the cheapest plan at each cloud asked, which first
    head = by_cloud + (
        env.t(
            "rates.job_cheapest",
            method=method,
            model=model.name,
            data=data,
            n=best.n,
            gpu=best.gpu.short_name,
            provider=best.rate.provider,
            time=duration(env, best.hours),
            total=env.money_total(best.cost_usd),
            rate=env.money(best.rate.on_demand_usd_per_gpu_hour, 2),
            observed=best.rate.observed,
        )
        + deadline_said
    )
    head = i18n.gap(env.lang).join(p for p in (absent, head) if p)
    shown = jobs[:SHOWN]
    table = Table(
        headers=[
            "GPU",
            env.t("rates.job_col_gpus"),
            env.t("rates.job_col_time"),
            env.t("rates.job_col_cost"),
            env.t("rates.col_provider"),
            env.t("rates.col_on_demand"),
            env.t("rates.col_observed"),
        ],
        rows=[
            [
                j.gpu.short_name,
                str(j.n),
                duration(env, j.hours),
                env.money_total(j.cost_usd),
                j.rate.provider,
                env.money(j.rate.on_demand_usd_per_gpu_hour, 2),
                j.rate.observed,
            ]
            for j in shown
        ],
    )
    _, _, steps = job_hours(query, env, best.gpu, best.n)
    _, card_steps, _ = cards(query, env, best.gpu, 1)
    steps = ([note] if note else []) + card_steps + steps + [env.t("rates.job_ranked"), env.t("rates.dated")]
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[j.gpu.name for j in shown],
        tables=[table],
        steps=steps,
        figures={
            "jobs": [
                {
                    "gpu": j.gpu.name,
                    "gpus": j.n,
                    "hours": round(j.hours, 2),
                    "cost_usd": round(j.cost_usd, 2),
                    "provider": j.rate.provider,
                    "on_demand_usd_per_gpu_hour": j.rate.on_demand_usd_per_gpu_hour,
                    "observed": j.rate.observed,
                }
                for j in shown
            ],
            "cheapest_provider": best.rate.provider,
            "gpu_count": best.n,
            "total_usd": round(best.cost_usd, 2),
            "gpu_hours": round(best.gpu_hours, 2),
            "tokens": tokens,
            "model": model.key,
        },
        assumptions=env.assumption_dict(),
        sources=env.cite(*dict.fromkeys(j.rate.source for j in shown))
        + ["method: docs/model.md §cost.training, §cost.run, §mem.train"]
        + (env.cite("chinchilla-2022") if query.pretrain and not query.tokens else [])
        + env.rate_sources(),
        lang=env.lang,
    )
