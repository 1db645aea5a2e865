"""Answer "which GPU should I buy for X under $Y": a value ranking under constraints, and the
reference decision chart as a second opinion.

Contract: candidates are the GPUs priced in the snapshot in force; each is kept or excluded
with its reason (memory the workload needs, budget, vendor, power, laptop, no price). The
choice is the best performance per dollar over the ownership period (docs/model.md §rec);
`figures.ranking` lists the kept GPUs best first. NVIDIA only unless the user names another
vendor (software maturity is not in the speed model; BRIEF FAQ: ROCm trails CUDA).
"""

from __future__ import annotations

from assistant.answer import Answer, Chart, Table
from assistant.models import memory, recommend
from assistant.models.performance import WORKLOAD_TITLES
from assistant.queries import RecommendQuery
from assistant.respond.common import Env, gb
from assistant.respond.pricing import assumption_text, perf_workload, price_of

_FLOOR_GB = {"image_generation": (12.0, "image generation needs at least 12 GB (reference rule)"),
             "llm_finetune": (24.0, "training transformers wants at least 24 GB (reference rule)"),
             "llm_inference": (24.0, "running LLMs wants at least 24 GB (reference rule)")}


def _memory_need(query: RecommendQuery, env: Env) -> tuple[float | None, str]:
    if query.min_memory_gb:
        return query.min_memory_gb, f"you asked for at least {query.min_memory_gb:g} GB"
    model = env.reader.model(query.model.key) if query.model else None
    if model is not None:
        n = max(query.gpu_count, 1)
        if model.kind == "image":
            est = memory.image_memory(model)
        elif query.workload == "llm_finetune":
            est = memory.training_memory(model, "qlora", checkpointing=True, n_gpus=n)
        else:
            est = memory.inference_memory(model, query.precision or "q4_k_m", n_gpus=n)
        how = est.setup
        return round(est.total_gb * n, 1), f"{model.name} needs about {est.total_gb * n:.1f} GB ({how})"
    if query.workload in _FLOOR_GB:
        return _FLOOR_GB[query.workload]
    return None, ""


def _affordable(env: Env, budget: float | None, n: int):
    def check(option: str) -> bool:
        if not budget:
            return True
        for alternative in option.split(" or "):
            used = alternative.startswith("used ")
            name = "GeForce " + alternative.removeprefix("used ").strip()
            price = price_of(name, env, "used" if used else None)
            if price is not None and price.usd * n <= budget:
                return True
        return False
    return check


def _flowchart(query: RecommendQuery, env: Env, budget: float | None) -> str:
    answers = {"organization": bool(query.organization)}
    training = query.workload in ("training", "llm_finetune")
    answers["train"] = training
    answers["transformers"] = query.workload == "llm_finetune" or bool(query.model and training)
    answers["use_llms"] = query.workload == "llm_inference" or bool(query.model)
    result = recommend.walk_flowchart(recommend.load_flowchart(), answers, _affordable(env, budget, max(query.gpu_count, 1)))
    if result.answer is None:
        return f"The reference chart would next ask: \"{result.next_question}\"."
    return f"The reference decision chart (Dettmers 2023) points to: {result.answer}."


def respond(query: RecommendQuery, env: Env) -> Answer:
    a = env.assumptions
    budget = query.budget_usd or a.budget_usd
    condition = query.condition or a.condition or "average"
    n = max(query.gpu_count, 1)
    key = perf_workload(query.workload, query.precision)
    need, need_why = _memory_need(query, env)
    vendors = (query.vendor,) if query.vendor else ("NVIDIA",)
    names = sorted({q.gpu for q in env.reader.prices(a.snapshot)})
    ranking = recommend.rank(env.reader.gpus(names), key, env.reader.prices(a.snapshot), memory_need_gb=need,
                             budget_usd=budget, condition=condition, vendors=vendors, max_power_w=query.max_power_w,
                             n_gpus=n, years=a.years, utilization=a.utilization, usd_per_kwh=a.electricity_usd_per_kwh,
                             overrides=env.reader.price_overrides())
    title = WORKLOAD_TITLES[key]
    steps = [f"Workload: {title}" + (f"; {need_why}" if need_why else "") + "."]
    if ranking.choice is None:
        reasons = "; ".join(f"{g}: {r}" for g, r in ranking.excluded[:6])
        return Answer(question=query.text, intent="recommend", workload=query.workload, precision=query.precision,
                      headline=f"No GPU priced in the '{a.snapshot}' snapshot meets all the constraints.",
                      steps=steps + [f"Excluded, for example: {reasons}."], figures={"ranking": []},
                      assumption_text=assumption_text(env), lang=env.lang)
    best = ranking.choice
    count = f"{n} x " if n > 1 else ""
    headline = (f"Best value for {title}: {count}{best.gpu}, at {env.money(best.price_usd)} each "
                f"({best.value_per_tco:.2f} relative speed per $1,000 over {a.years:g} years).")
    table = Table(headers=["GPU", "speed (3090 = 1)", "memory", "price", f"{a.years:g}-year cost", "per $1k price", f"per $1k {a.years:g} y"],
                  rows=[[r.gpu, f"{r.score:.2f}", gb(r.memory_gb), env.money(r.price_usd), env.money(r.tco_usd),
                         f"{r.value_per_purchase:.2f}", f"{r.value_per_tco:.2f}"] for r in ranking.rows[:8]])
    for r in ranking.runners_up:
        steps.append(f"{r.gpu}: {r.value_per_tco:.2f} per $1,000 ({r.score:.2f}x speed, {env.money(r.price_usd)}) — "
                     f"{(1 - r.value_per_tco / best.value_per_tco) * 100:.0f} % less value than the {best.gpu}.")
    notable = [(g, r) for g, r in ranking.excluded if r != "no price in the snapshot" and "laptop" not in r][:5]
    if notable:
        steps.append("Excluded: " + "; ".join(f"{g} ({r})" for g, r in notable) + ".")
    steps.append(_flowchart(query, env, budget))
    if not query.vendor:
        steps.append("Only NVIDIA GPUs are ranked: AMD (ROCm) and Intel software still trails CUDA (say \"amd\" to include them).")
    figures = {"ranking": [{"gpu": r.gpu, "score": round(r.score, 3), "price_usd": round(r.price_usd, 2),
                            "value_per_tco": round(r.value_per_tco, 3), "value_per_purchase": round(r.value_per_purchase, 3)}
                           for r in ranking.rows[:10]],
               "memory_need_gb": need, "excluded": len(ranking.excluded), "workload_key": key}
    chart = Chart(kind="bars", title=f"{title} per $1,000 over {a.years:g} years", labels=[r.gpu for r in ranking.rows[:10]],
                  values=[r.value_per_tco for r in ranking.rows[:10]])
    assumptions = a.as_dict() | {"budget_usd": budget, "condition": condition, "gpu_count": n}
    sources = env.cite(*[r.price_source for r in ranking.rows[:3]]) + ["method: docs/model.md §rec, §perf, §cost.tco"]
    return Answer(question=query.text, intent="recommend", headline=headline, workload=query.workload,
                  precision=query.precision, choice=best.gpu, tables=[table], steps=steps, figures=figures,
                  assumptions=assumptions, assumption_text=assumption_text(env), sources=sources, chart=chart, lang=env.lang)
