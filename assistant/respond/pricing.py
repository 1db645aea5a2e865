"""Prices, workloads and value figures as the responders need them.

Contract: `price_of(gpu, env)` looks a GPU's price up in the snapshot in force (user overrides
first) and says which; `perf_workload(workload, precision)` maps a query's workload and
precision to the performance model's workload key; `value_row(gpu, env, key)` gives speed,
price, 5-year cost and both performance-per-dollar figures for one GPU.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import cost, performance
from assistant.models.cost import PriceLookup
from assistant.respond.common import Env
from assistant.specs import GpuSpec

_EIGHT_BIT = {"fp8", "int8", "int4", "q2_k", "q3_k_m", "q4_0", "q4_k_m", "q5_k_m", "q6_k", "q8_0"}
WORKLOAD_WORDS = {"training": "16-bit training", "inference": "16-bit inference", "llm_inference": "LLM inference",
                  "llm_finetune": "LLM fine-tuning", "image_generation": "image generation"}


def perf_workload(workload: str | None, precision: str | None) -> str:
    if workload in ("training", "llm_finetune"):
        return "train32" if precision in ("fp32", "tf32") else "train16"
    if workload in ("inference", "llm_inference", "image_generation"):
        return "infer8" if precision in _EIGHT_BIT else "infer16"
    if precision in _EIGHT_BIT:
        return "infer8"
    return "train16"


def price_of(gpu: str, env: Env, condition: str | None = None) -> PriceLookup | None:
    a = env.assumptions
    wanted = condition or a.condition or "average"
    quotes = env.reader.prices(a.snapshot)
    found = cost.lookup_price(gpu, quotes, wanted, env.reader.price_overrides())
    if found is None and wanted != "average" and condition is None:
        found = cost.lookup_price(gpu, quotes, "average", env.reader.price_overrides())
    return found


def price_text(p: PriceLookup | None, env: Env) -> str:
    if p is None:
        return f"no price ({env.assumptions.snapshot})"
    if p.source == "user override":
        return f"{env.money(p.usd)} (your price)"
    label = {"average": "avg new/used", "new": "new", "used": "used"}.get(p.condition, p.condition)
    return f"{env.money(p.usd)} ({label}, {p.observed})"


@dataclass(frozen=True)
class ValueRow:
    gpu: GpuSpec
    perf: performance.Performance
    price: PriceLookup | None
    electricity_usd: float  # over the ownership period
    tco_usd: float | None
    per_purchase: float | None  # score per $1,000 of GPU price
    per_tco: float | None  # score per $1,000 of total cost


def value_row(gpu: GpuSpec, env: Env, key: str, n_gpus: int = 1) -> ValueRow:
    a = env.assumptions
    perf = performance.relative_performance(gpu, key, n_gpus=n_gpus)
    price = price_of(gpu.name, env)
    years = a.years
    elec = cost.electricity_usd((gpu.tdp_w or 0) * n_gpus, a.utilization, C.HOURS_PER_YEAR * years, a.electricity_usd_per_kwh)
    if price is None:
        return ValueRow(gpu, perf, None, elec, None, None, None)
    t = cost.tco(gpu.name, price.usd, gpu.tdp_w or 0, n_gpus=n_gpus, years=years, utilization=a.utilization,
                 usd_per_kwh=a.electricity_usd_per_kwh)
    return ValueRow(gpu, perf, price, elec, t.total_usd, cost.value(perf.score, price.usd * n_gpus),
                    cost.value(perf.score, t.total_usd))


def assumption_text(env: Env, with_prices: bool = True) -> str:
    a = env.assumptions
    snap = env.reader.price_snapshots().get(a.snapshot)
    dates = f" (observed {snap[0]} .. {snap[1]})" if snap else ""
    cond = {None: "average of new and used", "new": "new", "used": "used"}[a.condition]
    parts = []
    if with_prices:
        parts.append(f"price snapshot '{a.snapshot}'{dates}, {cond} prices")
    parts.append(f"{a.years:g} years of ownership at {a.utilization * 100:.0f} % utilization and "
                 f"{env.money(a.electricity_usd_per_kwh, 3)}/kWh (GPU power only)")
    parts.append(f"a {env.money(C.DESKTOP_BASE_USD)} desktop around the GPU (docs/model.md §cost.tco)")
    if a.budget_usd:
        parts.append(f"budget {env.money(a.budget_usd)}")
    return "; ".join(parts) + ". Change any of them, e.g. \"electricity is 0.30\" or \"assume 3 years\"."
