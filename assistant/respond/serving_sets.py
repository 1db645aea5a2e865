"""Serving an LLM to several users at once when the question names no GPU ("serve llama 70b to 20 users, what do i
need", "公司想部署qwen2.5 72b 给二十个人用"): the GPU sets that serve them, with each user's speed.

Contract: `serving_sets(model, users, context, env, budget)` -> ServingSets | None for LLM inference with N >= 2
users and no GPU named. Every priced NVIDIA card (desktop or datacenter; no laptop parts) of an architecture vLLM's
kernels run the format on is sized as vLLM serves it (docs/model.md §serve, `serving.served_on`): 4-bit AWQ
weights (int4) plus N KV caches of the context, on the fewest cards that hold them, raised to a count tensor
parallelism splits the attention heads over, at most one 8-GPU server; a unified-memory box (DGX Spark) counts as
one device. Its speed is the batched decode of N users on those cards (§llm.decode). The sets that give each user
at least MIN_USER_TPS tokens/s come first, cheapest machine first (the machine: the platform that holds that many
cards, a server for passively cooled or SXM ones); then the rest, fastest per user first; sets over the budget are
left out. None when no set holds the model. `fp8` names the cheapest set at vLLM's FP8 weights.
`serving_answer(query, env)` answers a recommendation for a model served to N users with them.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Table
from assistant.models import memory
from assistant.respond.env import Env
from assistant.respond.pricing import snapshot_quotes, speech
from assistant.respond.serving import SOURCES, ServeSet, serve_precisions, served_on, tokens_rate, vllm_runs
from assistant.specs import GpuSpec, ModelSpec

MIN_USER_TPS = 10.0  # tokens/s each user should get: about twice a fast reading speed [A]
_SHOWN = 6


@dataclasses.dataclass(frozen=True)
class ServingSets:
    """The GPU sets that serve a model: a sentence, a table, figures and sources."""

    sentence: str
    table: Table
    figures: dict
    sources: list[str]


FASTER_WITHIN = 1.3  # [A] a set within the budget this much faster per user than the cheapest one is worth naming


def serving_sets(
    model: ModelSpec,
    users: int,
    context: int | None,
    env: Env,
    budget: float | None = None,
    count: int | None = None,
    organization: bool = False,
):
    """The serving answer's sentence, table and figures when no GPU is named (see the module contract); sets over
    `budget` (USD, the whole machine) are left out; with `count` ("what about with 2 cards"), sets of that many cards
    only (said first; when none holds the model, said so and the sets of any count follow). None when it does not
    apply or no set serves them. `organization`: bought by a company or a lab, so cards modified after sale (no vendor
    warranty: the 2080 Ti 22 GB, the 4090 48 GB) are left out."""
    if users < 2 or model.kind != "llm" or speech(model):  # Whisper streams are not decoded as vLLM batches here
        return None
    ctx = context or memory.default_context(model)
    found = _sets(model, users, ctx, env, count, organization) if count and count > 1 else None
    lead_in = _count_lead(model, users, count, bool(found), env) if count and count > 1 else ""
    every = found or _sets(model, users, ctx, env, None, organization) or {}
    served = _serving_sets(model, users, ctx, env, budget, every)
    if served is None or not lead_in:
        return served
    return dataclasses.replace(
        served,
        sentence=i18n.gap(env.lang).join((lead_in, served.sentence)),
        figures={**served.figures, "count_asked": count, "count_held": bool(found)},
    )


def _sets(
    model: ModelSpec, users: int, ctx: int, env: Env, count: int | None, organization: bool = False
) -> dict | None:
    """Per weight format, the sets that serve the users (of exactly `count` cards when given), ranked; None when
    a count was given and no set of it holds the model."""
    cards = _candidates(env, organization)
    ranked = {
        prec: _ranked(
            [served_on(g, model, prec, users, ctx, env, exactly=count) for g in cards if vllm_runs(g, prec, model)]
        )
        for prec in serve_precisions(model)
    }
    return ranked if count is None or ranked[serve_precisions(model)[0]] else None  # the 4-bit weights rank them


def _count_lead(model: ModelSpec, users: int, count: int, held: bool, env: Env) -> str:
    """ "With 2 cards:" before the sets of that many cards, or why there are none (weights plus every user's cache)."""
    if held:
        return env.t("serve.sets_count", count=count)
    return env.t("serve.sets_count_none", count=count, model=model.name, users=users)


def _serving_sets(
    model: ModelSpec, users: int, ctx: int, env: Env, budget: float | None, ranked: dict
) -> ServingSets | None:
    precs = serve_precisions(model)
    lead = precs[0]  # the 4-bit weights (AWQ, or the released MXFP4) rank the sets; FP8 is named beside them
    overall = ranked.get(lead, [])
    if budget:
        ranked = {prec: [s for s in sets if s.machine_usd <= budget] for prec, sets in ranked.items()}
    sets = ranked.get(lead) or overall
    if not sets:
        return None
    best = sets[0]
    slow = "serve.sets_head_slow_budget" if ranked[lead] and overall[0] is not best else "serve.sets_head_slow"
    key = "serve.sets_head" if best.per_user >= MIN_USER_TPS else slow
    sentence = env.t(
        key,
        model=model.name,
        users=users,
        ctx=f"{ctx:,}",
        fmt=env.t(f"serve.fmt_{lead}"),
        floor=f"{MIN_USER_TPS:g}",
        what=_label(best),
        each=tokens_rate(best.per_user),
        total=tokens_rate(best.total),
        machine=env.money(best.machine_usd),
    )
    fp8 = ranked["fp8"][0] if ranked.get("fp8") else None
    if fp8 is not None:
        sentence += i18n.gap(env.lang) + env.t(
            "serve.sets_fp8", what=_label(fp8), each=tokens_rate(fp8.per_user), machine=env.money(fp8.machine_usd)
        )
    roomier = _fastest_within(ranked, budget, best)
    if roomier is not None:  # "预算 30w": the budget buys more than the cheapest set that serves them, said
        sentence += i18n.gap(env.lang) + env.t(
            "serve.sets_fastest_within",
            budget=env.money(budget or 0),
            what=_label(roomier[1]),
            fmt=env.t(f"serve.fmt_{roomier[0]}"),
            each=tokens_rate(roomier[1].per_user),
            machine=env.money(roomier[1].machine_usd),
        )
    if budget and overall[0] is not best:  # the budget leaves out the set the users need
        above = overall[0]
        sentence += i18n.gap(env.lang) + env.t(
            "serve.sets_over_budget",
            budget=env.money(budget),
            what=_label(above),
            each=tokens_rate(above.per_user),
            machine=env.money(above.machine_usd),
        )
    table = Table(
        headers=[
            env.t("rec.col_gpu"),
            env.t("rec.col_memory"),
            env.t("serve.col_each"),
            env.t("serve.col_total"),
            env.t("fit.hardware_col_machine"),
        ],
        rows=[
            [
                _label(s),
                f"{(s.gpu.memory_gb or 0) * s.count:g} GB",
                tokens_rate(s.per_user),
                tokens_rate(s.total),
                env.money(s.machine_usd),
            ]
            for s in sets[:_SHOWN]
        ],
        title=env.t("serve.sets_title", users=users, floor=f"{MIN_USER_TPS:g}"),
    )
    figures = {
        "users": users,
        "context_tokens": ctx,
        "precision": lead,
        "min_per_user_tokens_per_second": MIN_USER_TPS,
        "sets": [s.figures() for s in sets[:_SHOWN]],
        "fp8": fp8.figures() if fp8 else None,
    }
    return ServingSets(sentence, table, figures, env.cite(SOURCES))


def _fastest_within(ranked: dict, budget: float | None, best: ServeSet) -> tuple[str, ServeSet] | None:
    """With a budget said, the set within it that gives each user the most speed at any weight format (the format
    with it), when it is clearly faster (FASTER_WITHIN) than the cheapest set that serves them; None otherwise."""
    if not budget:
        return None
    within = [(prec, s) for prec, sets in ranked.items() for s in sets if s.machine_usd <= budget]
    top = max(within, key=lambda ps: (ps[1].per_user, -ps[1].machine_usd), default=None)
    return top if top is not None and top[1].per_user >= FASTER_WITHIN * best.per_user else None


def _candidates(env: Env, organization: bool = False) -> list[GpuSpec]:
    from assistant.respond.variants import is_modified

    quotes = snapshot_quotes(env.reader, env.assumptions.snapshot, env.price_market())
    gpus = env.reader.gpus(sorted({q.gpu for q in quotes}))
    return [
        g
        for g in gpus
        if (g.vendor or "").upper() == "NVIDIA"
        and not g.is_mobile
        and g.memory_gb
        and not (organization and is_modified(g.name))
    ]


def _ranked(sets: list[ServeSet | None]) -> list[ServeSet]:
    """Sets meeting the per-user floor, cheapest machine first; then the others, fastest per user first."""
    found = [s for s in sets if s is not None]
    good = sorted((s for s in found if s.per_user >= MIN_USER_TPS), key=lambda s: (s.machine_usd, -s.per_user))
    slow = sorted((s for s in found if s.per_user < MIN_USER_TPS), key=lambda s: -s.per_user)
    return good + slow


def _label(s: ServeSet) -> str:
    return (f"{s.count} x " if s.count > 1 else "") + s.gpu.short_name


def serving_answer(query, env: Env):
    """ "we need to host qwen2.5 32b for 50 concurrent users, what hardware": a recommendation for a model served to
    N users (no vendor, price cap of another card or sort but the cheapest asked) answered with the serving sets;
    None otherwise."""
    from assistant.answer import Answer
    from assistant.respond.fit_sizing import sized_model
    from assistant.respond.pricing import budget_usd

    users = int(dict(query.targets).get("users", 0))
    # "cheapest setup to serve ... to 200 users": the sets are already the cheapest that serve them
    plain = not (query.vendor or query.top_n) and query.sort in (None, "", "price")
    if users < 2 or query.workload != "llm_inference" or not plain or not (query.model or query.params_b):
        return None
    model, _ = sized_model(query, env)
    budget = budget_usd(query, env) or env.assumptions.budget_usd
    if model is None:
        return None
    count = query.gpu_count if query.gpu_count and query.gpu_count > 1 else None  # "what about with 2 cards"
    above = _set_of(query.cheaper_than, query.cheaper_than_count, model, users, query.context_tokens, env)
    if query.cheaper_than and above is None:
        return None  # "anything cheaper?" below a card that serves nobody here: the ranking answers it
    if above is not None:  # "and cheaper?" after the sets: those below the set picked
        budget = min(budget or above.machine_usd, above.machine_usd - 0.01)
    organization = bool(getattr(query, "organization", None))  # "公司要部署": no card modified after sale
    served = serving_sets(model, users, query.context_tokens, env, budget, count, organization)
    if served is None:
        return None
    best = served.figures["sets"][0]
    headline = served.sentence if above is None else _below(above, served, users, env)
    return Answer(
        question=query.text,
        intent="recommend",
        headline=headline,
        gpus=[s["gpu"] for s in served.figures["sets"]],
        workload=query.workload,
        choice=best["gpu"],
        tables=[served.table],
        steps=[env.t("serve.sets_basis_vllm")] + ([env.t("serve.no_modified")] if organization else []),
        figures={"serving_sets": served.figures, "targets": {"users": users}, "gpu_count": best["gpu_count"]},
        sources=env.cite(model.source) + served.sources + ["method: docs/model.md §serve"],
        lang=env.lang,
    )


def rented_set(model: ModelSpec, users: int, context: int | None, provider: str, env: Env) -> dict | None:
    """ "cost to serve llama 3.1 8b for 50 users on runpod": among the GPUs the named cloud rents, the set that serves
    the users at the floor per user (else the fastest per user) for the least rent an hour; {"gpu", "gpu_count"} or
    None when the cloud rents none that serves them."""
    from assistant.respond.offers import of_provider

    if users < 2 or model.kind != "llm" or speech(model):
        return None
    ctx = context or memory.default_context(model)
    prec = serve_precisions(model)[0]
    found = []
    for gpu in env.reader.gpus(sorted({r.gpu for r in env.reader.cloud_rates()})):
        rates = of_provider(provider, env.reader.cloud_rates(gpu.name))
        if not rates or not vllm_runs(gpu, prec, model):
            continue
        served = served_on(gpu, model, prec, users, ctx, env, priced=False)
        if served is not None:
            hourly = min(r.on_demand_usd_per_gpu_hour for r in rates) * served.count
            found.append((served.per_user < MIN_USER_TPS, hourly, -served.per_user, served))
    if not found:
        return None
    best = min(found, key=lambda t: t[:3])[3]
    return {"gpu": best.gpu.name, "gpu_count": best.count}


def _set_of(name: str | None, count: int, model: ModelSpec, users: int, context: int | None, env: Env):
    """The serving set of `count` x `name` (the one a "cheaper?" is below), or None."""
    gpu = env.reader.known_gpu(name) if name else None
    if gpu is None:
        return None
    ctx = context or memory.default_context(model)
    return served_on(gpu, model, serve_precisions(model)[0], users, ctx, env, exactly=max(count, 1))


def _below(above: ServeSet, served: ServingSets, users: int, env: Env) -> str:
    """ "and cheaper?" after the sets: the best set below the machine picked (its speed per user, and whether it
    still gives each user the floor), or that nothing in the prices below it serves them."""
    first = served.figures["sets"][0]
    if first["machine_usd"] >= above.machine_usd:  # nothing in my prices below it serves them
        return env.t("serve.none_cheaper", what=_label(above), machine=env.money(above.machine_usd), users=users)
    key = "serve.cheaper_set" if first["per_user_tokens_per_second"] >= MIN_USER_TPS else "serve.cheaper_set_slow"
    count = first["gpu_count"]
    return env.t(
        key,
        what=_label(above),
        machine=env.money(above.machine_usd),
        users=users,
        floor=f"{MIN_USER_TPS:g}",
        best=(f"{count} x " if count > 1 else "") + env.reader.known_gpu(first["gpu"]).short_name,
        each=tokens_rate(first["per_user_tokens_per_second"]),
        total=tokens_rate(first["tokens_per_second"]),
        best_machine=env.money(first["machine_usd"]),
    )
