"""Serving a model on rented GPUs: how many cards hold it, and, when no GPU is named, the cheapest set to rent for the
time asked ("serve a 70b model for a month, what does it cost", "how much to rent gpus to serve llama 3 70b for a
week", "云上部署qwen2.5 72b 一个月多少钱").

Contract: `serve_count(query, env, gpu)` -> (cards, steps): the cards of `gpu` that hold one copy of the model at the
precision asked (fp16 unless said), as vLLM and SGLang split it (tensor parallelism over an even share of the
attention heads), with the steps that say so. `cheapest(query, env)` -> the Answer when no GPU is named: every GPU
with a cloud rate in the answer's market (at the cloud named, when it rents any; its cheapest on-demand offer), the
cards of it that hold the model (one node of up to 8), priced over the hours asked (RatesQuery.hours, else the
period's hours around the clock, a month unless said; docs/model.md §cost.run); the cheapest set leads and the next
ones follow in a table.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import memory
from assistant.periods import ASKED_HOURS
from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.offers import figure, home_market, of_provider, shown_provider
from assistant.respond.wording import counted
from assistant.specs import CloudRate, GpuSpec

SHOWN = 5  # sets in the table
NODE = 8  # the most cards of one rented machine


@dataclass(frozen=True)
class _Set:
    """One rented set: `n` cards of `gpu` at the offer `rate`, costing `cost_usd` over the hours asked."""

    gpu: GpuSpec
    n: int
    rate: CloudRate
    cost_usd: float


def serve_count(query: RatesQuery, env: Env, gpu) -> tuple[int, list[str]]:
    model, _ = sized_model(query, env)  # the model named, or "a 70b model" shaped as one of that size
    if model is None or model.kind != "llm":
        return 1, []
    from assistant.respond.serving import tensor_parallel_count, vllm_runs

    prec = query.precision or "fp16"
    est = memory.inference_memory(model, prec)
    f = memory.fit(est, gpu.memory_gb, 1)
    need = 1 if f.fits else max(f.min_gpus or 1, 1)
    # vLLM / SGLang split the attention heads evenly: 5 cards of a 64-head model run as 8 (serving.py)
    n = tensor_parallel_count(model.attention_heads, need, model.kv_heads) if need > 1 else 1
    steps = [env.t("rates.serve_fit", model=model.name, prec=prec, gb=f"{est.total_gb:.0f}", n=n, gpu=gpu.short_name)]
    if n != need:
        steps.append(env.t("rates.serve_tp", need=need, n=n, heads=model.attention_heads))
    if not query.precision and vllm_runs(gpu, "fp8", model):  # the lighter released format halves the cards
        est8 = memory.inference_memory(model, "fp8")
        f8 = memory.fit(est8, gpu.memory_gb, 1)
        need8 = 1 if f8.fits else max(f8.min_gpus or 1, 1)
        n8 = tensor_parallel_count(model.attention_heads, need8, model.kv_heads) if need8 > 1 else 1
        if n8 < n:
            steps.append(env.t("rates.serve_fp8", gb=f"{est8.total_gb:.0f}", n=n8, gpu=gpu.short_name))
    return n, steps


def _sets(query: RatesQuery, env: Env, model, hours: float, prec: str) -> list[_Set]:
    """The cheapest set of each rented GPU that holds the model at `prec` (one node at most), cheapest first."""
    from assistant.respond.serving import tensor_parallel_count

    est = memory.inference_memory(model, prec)
    best: dict[str, CloudRate] = {}
    offers = env.cloud_rates()
    offers = of_provider(query.provider, offers) or offers if query.provider else offers  # "on runpod": its offers
    for r in sorted(offers, key=lambda r: r.on_demand_usd_per_gpu_hour):
        best.setdefault(r.gpu, r)
    found = []
    for name, rate in best.items():
        gpu = env.reader.gpu(name)
        if gpu is None or gpu.vendor != "NVIDIA" or not gpu.memory_gb:
            continue  # vLLM's CUDA kernels: the rented NVIDIA cards
        f = memory.fit(est, gpu.memory_gb, 1)
        need = 1 if f.fits else max(f.min_gpus or 1, 1)
        n = tensor_parallel_count(model.attention_heads, need, model.kv_heads) if need > 1 else 1
        if n > NODE:
            continue
        found.append(_Set(gpu, n, rate, rate.on_demand_usd_per_gpu_hour * n * hours))
    return sorted(found, key=lambda s: s.cost_usd)


def _four_bit(query: RatesQuery, env: Env, model, hours: float, best: _Set, market: str) -> list[str]:
    """No precision asked: the cheapest set at 4-bit (AWQ / GPTQ weights, which vLLM serves), when it costs less."""
    if query.precision:
        return []
    four = _sets(query, env, model, hours, "int4")
    if not four or four[0].cost_usd >= best.cost_usd:
        return []
    s = four[0]
    return [
        env.t(
            "rates.serve_int4",
            what=counted(env, s.gpu, s.n),
            total=env.money_total(s.cost_usd),
            provider=shown_provider(s.rate, env, market),
        )
    ]


def _hours(query: RatesQuery) -> tuple[float, bool]:
    """(hours rented, around the clock): the hours said, else the period's (a month unless said) all day."""
    if query.hours:
        return query.hours, False
    return ASKED_HOURS.get(query.period or "month", ASKED_HOURS["month"]), True


def cheapest(query: RatesQuery, env: Env) -> Answer:
    env = env.for_query(query)
    model, note = sized_model(query, env)
    if model is None or model.kind != "llm":
        return Answer(
            question=query.text, intent="rates", headline="", clarification=env.t("rates.which_gpu"), lang=env.lang
        )
    hours, all_day = _hours(query)
    sets = _sets(query, env, model, hours, query.precision or "fp16")
    if not sets:
        return Answer(
            question=query.text,
            intent="rates",
            headline=env.t("rates.serve_none", model=model.name, n=NODE),
            figures={"serve_sets": []},
            lang=env.lang,
        )
    best = sets[0]
    market = home_market(query.text, env, query.provider)
    head = env.t(
        "rates.serve_cheapest" if all_day else "rates.serve_cheapest_hours",
        model=model.name,
        prec=query.precision or "fp16",
        hours=f"{hours:,.0f}",
        total=env.money_total(best.cost_usd),
        what=counted(env, best.gpu, best.n),
        provider=shown_provider(best.rate, env, market),
        rate=env.money(best.rate.on_demand_usd_per_gpu_hour, 2),
        observed=best.rate.observed,
    )
    shown = sets[:SHOWN]
    table = Table(
        headers=[
            "GPU",
            env.t("rates.job_col_gpus"),
            env.t("rates.serve_col_cost", hours=f"{hours:,.0f}"),
            env.t("rates.col_provider"),
            env.t("rates.col_on_demand"),
            env.t("rates.col_observed"),
        ],
        rows=[
            [
                s.gpu.short_name,
                str(s.n),
                env.money_total(s.cost_usd),
                shown_provider(s.rate, env, market),
                env.money(s.rate.on_demand_usd_per_gpu_hour, 2),
                s.rate.observed,
            ]
            for s in shown
        ],
    )
    head = i18n.gap(env.lang).join([head, *_four_bit(query, env, model, hours, best, market)])
    _, steps = serve_count(query, env, best.gpu)
    steps = ([note] if note else []) + steps
    steps += [env.t("rates.serve_all_day" if all_day else "rates.serve_hours_said"), env.t("rates.serve_ranked")]
    steps.append(env.t("rates.dated"))
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[s.gpu.name for s in shown],
        tables=[table],
        steps=steps,
        figures={
            "serve_sets": [
                {"gpu": s.gpu.name, "gpus": s.n, "cost_usd": round(s.cost_usd, 2)} | figure(s.rate, hours, s.n)
                for s in shown
            ],
            "hours": round(hours, 2),
            "gpu_count": best.n,
            "total_usd": round(best.cost_usd, 2),
            "cheapest_provider": best.rate.provider,
        },
        assumptions=env.assumption_dict(),
        sources=env.cite(*dict.fromkeys(s.rate.source for s in shown)) + env.rate_sources(),
        lang=env.lang,
    )
