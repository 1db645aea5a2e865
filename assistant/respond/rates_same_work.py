"""The same work on other rented cards: "would 2 h100s be faster and cheaper overall" after 120 hours of an A100,
"what if i only have 48 hours to finish".

Contract: `respond(query, env, one)` answers a `RatesQuery` whose `work_of` is (GPU, count, hours): the work that
takes those hours on those cards. Each set asked (`query.gpus`, the first being the job's own) does the same work
in hours x (16-bit tensor peak x data-parallel speed-up of the job's set) / (the same of that set) — the training
time model of docs/model.md §cost.training with the same MFU on every card, and §perf.multigpu for several cards —
and is priced by `one` (the rent responder) at the cloud named, else the cheapest. With `deadline_hours`, each kind
of card is taken in the fewest count that finishes in time (at most MAX_CARDS). The job's model and memory are
not known here (only hours were said), which a step says. `figures`: sides (gpu, count, hours, cost_usd, provider),
faster, cheaper, deadline_hours.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from assistant.queries import GpuRef, RatesQuery
from assistant.respond.env import Env
from assistant.respond.rates_several import its_rate
from assistant.respond.wording import counted, duration

MAX_CARDS = 16  # the largest set a deadline answer offers: two 8-GPU nodes [A]


def _throughput(gpu, n: int) -> float:
    """16-bit training throughput of n x gpu in TFLOPS (peak x the data-parallel speed-up of n cards)."""
    peak = hw.training_tflops(gpu, "fp16").value
    return peak * (training_scaling([gpu] * n).speedup if n > 1 else 1.0)


def _fewest(gpu, work_tflop_hours: float, deadline: float, floor: int = 1) -> int | None:
    """The fewest cards of `gpu` (at least `floor`) that do the work within `deadline` hours (None: not within
    MAX_CARDS)."""
    for n in range(max(floor, 1), MAX_CARDS + 1):
        if work_tflop_hours / _throughput(gpu, n) <= deadline:
            return n
    return None


def _memory_floor(query: RatesQuery, env: Env, gpu) -> int:
    """The cards the job's method needs on `gpu` for memory when its model is known (job_plan.cards_needed), else 1."""
    if not (query.model or query.params_b):
        return 1
    from assistant.respond import job_plan
    from assistant.respond.fit_sizing import sized_model

    model, _ = sized_model(query, env)
    if model is None or model.kind != "llm":
        return 1
    need, _ = job_plan.cards_needed(model, query.method, gpu)
    return need or MAX_CARDS + 1


def _priced(query: RatesQuery, env: Env, one, name: str, n: int, hours: float) -> dict:
    """One set's rent for its hours (the rent responder's answer, at the cloud named else the cheapest)."""
    ref = GpuRef(mention=name, name=name, count=n)
    rent = dataclasses.replace(query, gpus=(ref,), mode="rent", hours=hours, work_of=None, deadline_hours=None)
    mine = its_rate(query, name)
    found = one(dataclasses.replace(rent, **mine), env)
    rates = found.figures.get("rates") or [{}]
    yours = None  # the rate said beside this card prices its hours (unrounded: 20 h x ¥2 is ¥40, not ¥40.01)
    if mine.get("stated_rate") and found.figures.get("total_at_stated_rate_usd") is not None:
        yours = (env.to_usd(mine["stated_rate"], mine["stated_rate_currency"]) or 0.0) * hours * n
    return {
        "gpu": found.gpus[0] if found.gpus else name,
        "count": n,
        "hours": round(hours, 1),
        "cost_usd": yours if yours is not None else found.figures.get("total_usd"),
        "provider": (
            env.t("same_work.your_rate", rate=env.money(found.figures.get("stated_rate_usd") or 0.0, 2))
            if yours is not None
            else rates[0].get("provider")
        ),
        "yours": yours is not None,
        "sources": found.sources,
    }


def respond(query: RatesQuery, env: Env, one) -> Answer:
    env = env.for_query(query)
    name, n0, hours0 = query.work_of or ("", 1, 0.0)
    ref = env.reader.known_gpu(name)
    work = hours0 * _throughput(ref, n0)  # TFLOP-hours at the same MFU
    deadline = query.deadline_hours
    sides: list[dict] = []
    missing: list[str] = []
    kinds = list(dict.fromkeys(g.name for g in query.gpus if g.name))
    for g in query.gpus:
        if not g.name or (deadline and g.name not in kinds):
            continue
        gpu = env.reader.known_gpu(g.name)
        if deadline:
            kinds.remove(g.name)
            n = _fewest(gpu, work, deadline, _memory_floor(query, env, gpu))
            if n is None:
                missing.append(gpu.short_name)
                continue
        else:
            n = g.count
        if not _throughput(gpu, n):  # no 16-bit training rate known (an Apple chip): no time to give, said so
            missing.append(gpu.short_name)
            continue
        sides.append(_priced(query, env, one, g.name, n, work / _throughput(gpu, n)))
    return _answer(query, env, ref, n0, hours0, sides, missing)


def _answer(query: RatesQuery, env: Env, ref, n0: int, hours0: float, sides: list[dict], missing: list[str]) -> Answer:
    job = env.t("same_work.job", what=counted(env, ref, n0), hours=f"{hours0:,.0f}")
    deadline = query.deadline_hours
    parts = []
    for s in sides:
        gpu = env.reader.known_gpu(s["gpu"])
        cost = env.money_total(s["cost_usd"]) if s["cost_usd"] is not None else env.t("same_work.no_rate")
        parts.append(
            env.t(
                "same_work.side_yours" if s.get("yours") else "same_work.side",
                what=counted(env, gpu, s["count"]),
                time=duration(env, s["hours"]),
                cost=cost,
                provider=s["provider"] or "—",
            )
        )
    key = "same_work.head_deadline" if deadline else "same_work.head"
    head = env.t(key, job=job, deadline=_limit(env, deadline or 0.0), sides=i18n.join_names(env.lang, parts))
    figures: dict = {"sides": [{k: v for k, v in s.items() if k not in ("sources", "yours")} for s in sides]}
    priced = [s for s in sides if s["cost_usd"] is not None]
    if not deadline and len(sides) > 1:
        first, rest = sides[0], sides[1:]
        fastest = min(sides, key=lambda s: s["hours"])
        figures["faster"] = fastest["gpu"]
        if priced:
            figures["cheaper"] = min(priced, key=lambda s: s["cost_usd"])["gpu"]
        head = i18n.gap(env.lang).join([head, *(_verdict(env, first, s) for s in rest)])
    if missing:
        too_slow = env.t("same_work.too_slow", gpus=i18n.join_names(env.lang, missing), n=MAX_CARDS)
        head = i18n.gap(env.lang).join([head, too_slow])
    if deadline:
        figures["deadline_hours"] = deadline
        if priced:
            figures["cheaper"] = min(priced, key=lambda s: s["cost_usd"])["gpu"]
    rows = [
        [
            counted(env, env.reader.known_gpu(s["gpu"]), s["count"], article=False),
            duration(env, s["hours"]),
            f"{s['hours'] * s['count']:,.0f}",
            env.money_total(s["cost_usd"]) if s["cost_usd"] is not None else "—",
            s["provider"] or "—",
        ]
        for s in sides
    ]
    headers = [env.t(f"same_work.col_{k}") for k in ("cards", "time", "gpu_hours", "cost", "provider")]
    steps = [
        env.t("same_work.how", peak=f"{hw.training_tflops(ref, 'fp16').value:,.0f}", gpu=ref.short_name),
        *([] if query.model or query.params_b else [env.t("same_work.memory")]),
        env.t("rates.dated"),
    ]
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=list(dict.fromkeys(s["gpu"] for s in sides)),
        choice=figures.get("cheaper"),
        tables=[Table(headers=headers, rows=rows)],
        steps=steps,
        figures=figures,
        assumptions=env.assumption_dict(),
        sources=list(dict.fromkeys(src for s in sides for src in s["sources"]))
        + ["method: docs/model.md §cost.training, §perf.multigpu"],
        lang=env.lang,
    )


def _limit(env: Env, hours: float) -> str:
    """A time limit as said: whole days when it is some (3 days), else hours (48 hours, 36 hours)."""
    if hours > 48 and hours % 24 == 0:
        return env.t("duration.days", n=f"{hours / 24:g}")
    return env.t("duration.hours", n=f"{hours:g}")


def _verdict(env: Env, first: dict, other: dict) -> str:
    """ "faster (6.3x) and cheaper ($40 less)" of `other` against the job as rented."""
    times = first["hours"] / other["hours"] if other["hours"] else 0.0
    speed = env.t("same_work.faster" if times >= 1 else "same_work.slower", times=f"{max(times, 1 / times):.1f}")
    if first["cost_usd"] is None or other["cost_usd"] is None:
        return env.t("same_work.verdict_speed", what=_what(env, other), speed=speed)
    gap = other["cost_usd"] - first["cost_usd"]
    money = env.t("same_work.dearer" if gap > 0 else "same_work.cheaper", gap=env.money_total(abs(gap)))
    return env.t("same_work.verdict", what=_what(env, other), speed=speed, money=money)


def _what(env: Env, side: dict) -> str:
    return counted(env, env.reader.known_gpu(side["gpu"]), side["count"], article=False)
