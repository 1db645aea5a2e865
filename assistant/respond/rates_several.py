"""Cloud rates of several GPUs in one question: "l40s or a100 80gb, which is better value to rent",
"rent h100 vs a100 per hour", "a800和h800租一天分别多少".

Contract: `respond(query, env, one)` answers the question for each GPU named (with `one`, the responder of
one GPU) and puts the answers together: each GPU's cheapest rate, and which gives the most speed per dollar of
rent for the question's workload (16-bit training unless the question says inference), from the cheapest
on-demand rate and the performance model's speed (RTX 3090 = 1). When the provider named lacks one of the GPUs
and would stand another one named in for it, that GPU's rates at the other clouds are shown instead.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import provider_name
from assistant.respond.pricing import perf_workload, score, workload_title


def _value(env: Env, answers: list[Answer], key: str) -> tuple[str, dict]:
    """The sentence naming the GPU with the most speed per dollar of rent, and its figures."""
    per = []
    for ans in answers:
        rates = ans.figures.get("rates") or []
        if not rates or not ans.gpus:
            continue
        gpu = env.reader.known_gpu(ans.gpus[0])
        rate = rates[0]["on_demand_usd_per_gpu_hour"]  # the rate its headline names (home market first)
        speed = score(gpu, key).score
        if rate > 0 and speed > 0:
            per.append((speed / rate, gpu, rate, speed))
    if len(per) < 2:
        return "", {}
    per.sort(key=lambda p: -p[0])
    best, other = per[0], per[1]
    text = env.t(
        "rates.value_pair",
        title=workload_title(env, key),
        best=best[1].short_name,
        other=other[1].short_name,
        ratio=f"{best[0] / other[0]:.2f}",
        best_rate=env.money(best[2], 2),
        other_rate=env.money(other[2], 2),
        best_speed=f"{best[3]:.2f}",
        other_speed=f"{other[3]:.2f}",
        best_memory=f"{best[1].memory_gb:g}",
        other_memory=f"{other[1].memory_gb:g}",
    )
    return text, {"best_value": best[1].name, "value_ratio": round(best[0] / other[0], 3)}


def _cheaper_job(env: Env, answers: list[Answer]) -> tuple[str, dict]:
    """ "qlora 70b, a100 or h100, which to rent": the GPU the job costs least on, with both costs and hours."""
    jobs = [
        (a.figures["total_usd"], a.figures.get("hours") or 0.0, a.gpus[0])
        for a in answers
        if a.gpus and a.figures.get("total_usd")
    ]
    if len(jobs) < 2:
        return "", {}
    jobs.sort()
    (cost, hours, gpu), (other_cost, other_hours, other) = jobs[0], jobs[1]
    text = env.t(
        "rates.job_cheaper",
        gpu=env.reader.known_gpu(gpu).short_name,
        other=env.reader.known_gpu(other).short_name,
        cost=env.money(cost, 2),
        other_cost=env.money(other_cost, 2),
        hours=f"{hours:.1f}" if hours < 10 else f"{hours:,.0f}",
        other_hours=f"{other_hours:.1f}" if other_hours < 10 else f"{other_hours:,.0f}",
    )
    return text, {"best_value": gpu, "cheaper_job": gpu}


def _elsewhere(query: RatesQuery, env: Env, one, ref) -> Answer:
    """The rates of `ref` at every cloud, led by the sentence that the provider asked has none for it."""
    found = one(dataclasses.replace(query, gpus=(ref,), provider=None, providers=()), env)
    missing = env.t(
        "rates.none_at_provider",
        gpu=env.reader.known_gpu(ref.name).short_name,
        provider=provider_name(query.provider or ""),
    )
    return dataclasses.replace(found, headline=i18n.gap(env.lang).join(p for p in (missing, found.headline) if p))


def respond(query: RatesQuery, env: Env, one) -> Answer:
    seen: set[str] = set()
    answers = []
    named = {ref.name for ref in query.gpus if ref.name}
    for ref in query.gpus:
        if ref.name and ref.name not in seen:
            seen.add(ref.name)
            found = one(dataclasses.replace(query, gpus=(ref,)), env)
            if query.provider and found.gpus and found.gpus[0] != ref.name and found.gpus[0] in named:
                # "autodl上租4090d和4090": AutoDL's stand-in for the 4090 D is the 4090 also asked; show the
                # 4090 D at the other clouds, never the 4090 against itself
                found = _elsewhere(query, env, one, ref)
            answers.append(found)
    key = perf_workload(query.workload, query.precision)
    value, figures = _cheaper_job(env, answers) if query.mode == "job" else _value(env, answers, key)
    first = answers[0]

    def union(lists) -> list:
        out: list = []
        for items in lists:
            out += [x for x in items if x not in out]
        return out

    return Answer(
        question=query.text,
        intent="rates",
        headline="\n\n".join([*(a.headline for a in answers if a.headline), value]).strip(),
        gpus=union(a.gpus for a in answers),
        choice=figures.get("best_value"),
        tables=[t for a in answers for t in a.tables],
        steps=union(a.steps for a in answers),
        figures={**figures, "per_gpu": [{"gpu": a.gpus[0] if a.gpus else None, **a.figures} for a in answers]},
        assumptions=first.assumptions,
        sources=union(a.sources for a in answers),
        lang=env.lang,
    )
