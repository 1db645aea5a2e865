"""The cost of a training run: 6 x parameters x tokens FLOPs at a stated utilization of the dense 16-bit tensor peak
(docs/model.md §cost.training), on the GPUs named or, with none named, one 8-GPU H100 node (DEFAULT_RUN_GPU x
DEFAULT_RUN_COUNT), rented and owned, with the check that the job fits in their memory.

Contract: `training_run_answer(query, env)` returns the Answer to a training-run cost question (`cost.respond` hands it
over), with the owned run's steps and the memory check among its notes; nothing changes the assumptions.
"""

from __future__ import annotations

from dataclasses import replace

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import cost, memory, train_memory
from assistant.models import hardware as hw
from assistant.models.training_job import job_run
from assistant.nlu.lexicon import lexicon
from assistant.queries import CostQuery, GpuRef
from assistant.respond import (
    job_plan,
)
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.offers import DOMESTIC, of_provider, provider_name
from assistant.respond.rates_job import scaling_step
from assistant.respond.variants import home_versions
from assistant.respond.wording import counted, duration, spec_source, token_amount

# a training run costed with no GPU named: one 8-GPU H100 node, the usual rented unit for pretraining [A]
DEFAULT_RUN_GPU = "H100 SXM5 80 GB"
DEFAULT_RUN_COUNT = 8


def _home_run(query: CostQuery, env: Env, gpu, n: int, params: float) -> tuple[list[str], list[str]]:
    """In a yuan answer for a card no cloud in China rents (H100): the same run on the version China rents
    (H800 PCIe at AutoDL), at that version's own 16-bit peak and cheapest yuan rate (variants.home_versions)."""
    if env.currency != DOMESTIC or any(r.currency == DOMESTIC for r in env.reader.cloud_rates(gpu.name)):
        return [], []
    found = home_versions(gpu, env, DOMESTIC, gpu.memory_gb or 0.0)
    if not found:
        return [], []
    version, offer, _ = found[0]
    peak = hw.training_tflops(version, "fp16").value
    run = job_run(
        version,
        n,
        params,
        query.tokens or 0,
        power_w=version.tdp_w or 0,
        usd_per_kwh=env.assumptions.electricity_usd_per_kwh,
        rent_usd_per_gpu_hour=offer.on_demand_usd_per_gpu_hour,
    )
    text = env.t(
        "cost.run_home",
        gpu=gpu.short_name,
        version=version.short_name,
        provider=offer.provider,
        rate=env.money(offer.on_demand_usd_per_gpu_hour, 2),
        observed=offer.observed,
        peak=f"{peak:,.0f}",
        gpu_hours=f"{run.gpu_hours:,.0f}",
        time=duration(env, run.hours),
        money=env.money(run.rented_usd),
    )
    return [text, *scaling_step(env, version, n)], env.cite(offer.source)


def training_run_answer(query: CostQuery, env: Env) -> Answer:
    model = env.reader.model(query.model.key) if query.model else None
    params = query.params_b or (model.active_params_b or model.params_b if model else None)
    ref = next((r for r in query.gpus if r.name), None)
    if not query.tokens and params and lexicon(env.lang).words_in("pretrain_words", query.text.lower()):
        # "cost to train a 7b model from scratch": compute-optimal tokens (20 per parameter, Chinchilla), said
        query = replace(query, tokens=job_plan.CHINCHILLA_TOKENS_PER_PARAM * params * 1e9)
        chinchilla = [env.t("rates.job_tokens_pretrain", per=f"{job_plan.CHINCHILLA_TOKENS_PER_PARAM:g}")]
    else:
        chinchilla = []
    assumed_node = ref is None and bool(params and query.tokens) and env.reader.gpu(DEFAULT_RUN_GPU) is not None
    if assumed_node:  # "cost to train a 7b from scratch on 1T tokens": on the usual rented node, said so
        ref = GpuRef(mention=DEFAULT_RUN_GPU, name=DEFAULT_RUN_GPU, count=DEFAULT_RUN_COUNT)
    if not params or not query.tokens or ref is None:
        missing = [
            env.t(w)
            for w, ok in (("cost.need_model_size", params), ("cost.need_tokens", query.tokens), ("cost.need_gpu", ref))
            if not ok
        ]
        return Answer(
            question=query.text,
            intent="cost",
            headline="",
            lang=env.lang,
            clarification=env.t("cost.run_missing", missing=i18n.listing(env.lang).join(missing)),
        )
    gpu = env.gpu(ref.name)
    n = ref.count
    peak = hw.training_tflops(gpu, "fp16").value
    rates = env.cloud_rates(gpu.name)
    at_provider = of_provider(query.provider, rates) if query.provider else rates
    rate = cost.cheapest_cloud(gpu.name, at_provider or rates)  # the cloud named, else (said) the cheapest
    run = job_run(
        gpu,
        n,
        params,
        query.tokens,
        power_w=gpu.tdp_w or 0,
        usd_per_kwh=env.assumptions.electricity_usd_per_kwh,
        rent_usd_per_gpu_hour=rate.on_demand_usd_per_gpu_hour if rate else None,
    )
    days = run.hours / 24
    head = env.t(
        "cost.run_head",
        params=f"{params:g}",
        tokens=token_amount(env, query.tokens),
        flops=f"{run.flops:.2e}",
        time=duration(env, run.hours),
        mfu=f"{C.DEFAULT_MFU * 100:.0f}",
        where=counted(env, gpu, n),
        gpu_hours=f"{run.hours * n:,.0f}",
    )
    head += (
        env.t(
            "cost.run_rent",
            money=env.money_total(run.rented_usd or 0.0),  # "$0.17", not "$0", for a short run
            provider=rate.provider,
            rate=env.money(rate.on_demand_usd_per_gpu_hour, 2),
        )
        if rate
        else env.t("cost.run_end")
    )
    if query.provider and not at_provider and rate:  # "what would it cost on hyperbolic": no rate there, said
        head += i18n.gap(env.lang) + env.t(
            "cost.run_no_rate_at", gpu=gpu.short_name, provider=provider_name(query.provider)
        )
    table = Table(
        headers=["", env.t("cost.col_value")],
        rows=[
            [env.t("cost.row_flops"), f"{run.flops:.3e}"],
            [env.t("cost.row_peak"), f"{peak:,.0f} TFLOPS"],
            [env.t("cost.row_gpu_hours"), f"{run.gpu_hours:,.0f}"],
            [env.t("cost.row_wall"), duration(env, run.hours)],
            [env.t("cost.row_owned"), env.money(run.owned_electricity_usd)],
            [env.t("cost.row_cloud"), env.money(run.rented_usd) if run.rented_usd else env.t("cost.no_cloud")],
        ],
    )
    figures = {
        "total_cost_usd": round(run.rented_usd, 2) if run.rented_usd else round(run.owned_electricity_usd, 2),
        "gpu_hours": round(run.gpu_hours, 1),
        "days": round(days, 2),
        "job_hours": round(run.hours, 2),  # the wall time (a start time said gives the time of day it is done)
        "flops": run.flops,
        "electricity_usd": round(run.owned_electricity_usd, 2),
    }
    home, home_sources = _home_run(query, env, gpu, n, params)
    steps = [*chinchilla, *home, env.t("cost.mfu", mfu=f"{C.DEFAULT_MFU * 100:.0f}"), *scaling_step(env, gpu, n)]
    if assumed_node:
        steps.insert(0, env.t("cost.run_assumed_node", n=n, gpu=gpu.short_name))
    steps += _memory_check(query, env, gpu, n, figures)
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        gpus=[gpu.name],
        tables=[table],
        figures=figures,
        steps=steps,
        assumptions=env.assumption_dict(),
        sources=[spec_source(gpu, env)]
        + (env.cite(rate.source) if rate else [])
        + home_sources
        + env.rate_sources()
        + ["method: docs/model.md §cost.training"],
        lang=env.lang,
    )


def _memory_check(query: CostQuery, env: Env, gpu, n: int, figures: dict) -> list[str]:
    """The time estimate trains every weight: say when full training does not fit (§mem.train)."""
    model, _ = sized_model(query, env)
    if model is None or model.kind != "llm" or not gpu.memory_gb:
        return []
    est = train_memory.training_memory(model, "full", checkpointing=True, n_gpus=n, zero_stage=3 if n > 1 else 0)
    fits = memory.fit(est, gpu.memory_gb, n)
    figures["full_training_fits"] = fits.fits
    if fits.fits:
        return []
    return [
        env.t(
            "cost.run_memory",
            need=f"{est.total_gb * n:,.0f}",
            total=f"{gpu.memory_gb * n:g}",
            gpus=fits.min_gpus or "many",
        )
    ]
