"""Answer "which GPU for a model family" when the family is named without a size ("本地部署deepseek 需要什么显卡",
"what gpu do i need to run deepseek locally", "想本地跑个deepseek 一万块钱够吗"): the cards each size takes, not a
ranking for some other model.

Contract: `applies(query)` says whether a RecommendQuery names an LLM family with no size and no GPU (the family's
KB models in `unsized_models`, no `model`, no `params_b`, LLM inference). `respond(query, env)` takes the family's
models one per size (the first of each size in `unsized_models`, at most MAX_ROWS, the largest kept), and for each
the cheapest GPU set in the price data that holds it (respond/fit_hardware.cheapest_sets: 4-bit weights, the
ranking's own memory need). The headline names the sizes and their cheapest sets, smallest first; with a budget
stated, the largest size whose whole machine fits in it, and what the next size up costs. `figures`: family
(mention), sets [{model_key, params_b, need_gb, memory_gb, gpu, gpu_count, total_usd, machine_usd}], budget_usd
and largest_in_budget when a budget is stated. Nothing is ranked for a model not asked about. With N >= 2 users
stated ("给公司部署一个deepseek 给50个人用"), each size is served to them instead (respond/serving_sets: the cheapest
set giving each user enough speed). `member(query, env)`: the family's model of the size a follow-up names,
answered as that model.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import FitQuery, ModelRef, RecommendQuery
from assistant.respond import fit_hardware
from assistant.respond.env import Env
from assistant.respond.fit_family import one_per_size
from assistant.respond.pricing import budget_usd

MAX_ROWS = 7


def applies(query: RecommendQuery) -> bool:
    return bool(
        query.unsized_models
        and query.model is None
        and not query.params_b
        and query.workload in (None, "llm_inference", "inference")
        and not query.top_n
        and not query.laptop
        and not query.vendor
    )


def member(query: RecommendQuery, env: Env) -> ModelRef | None:
    """The family's model of the size a follow-up names ("32b的呢" after "本地部署deepseek 需要什么显卡"): the first of
    `unsized_models` within 15 % of `params_b`, when the family was named with no size (a size typed with the family,
    "qwen 32b", stays a model of that size); else None."""
    mention = query.unsized[0] if query.unsized else ""
    if not (query.params_b and query.unsized_models and query.model is None) or re.search(r"\d", mention):
        return None
    for key in query.unsized_models:
        model = env.reader.model(key)
        if model is not None and model.params_b and abs(model.params_b - query.params_b) <= 0.15 * query.params_b:
            return ModelRef(f"{mention} {query.params_b:g}b", model.key)
    return None


def _models(query: RecommendQuery, env: Env) -> list:
    return one_per_size(query.unsized_models, env, MAX_ROWS)


def _label(s: dict) -> str:
    return (f"{s['gpu_count']} x " if s["gpu_count"] > 1 else "") + s["gpu"]


def _gb(f: dict) -> str:
    return f"{f['need_gb']:,.1f}" if f["need_gb"] else "?"


def _short(s: dict, env: Env) -> str:
    gpu = env.reader.known_gpu(s["gpu"])
    name = gpu.short_name if gpu else s["gpu"]
    return (f"{s['gpu_count']} x " if s["gpu_count"] > 1 else "") + name


def _budget_said(found: list[dict], within: list[dict], budget: float, env: Env) -> str:
    """The largest size the budget's whole machine runs, and what the next size up costs."""
    if not within:
        f = found[0]
        return env.t(
            "rec_family.budget_none", budget=env.money(budget), model=f["name"], machine=env.money(f["machine_usd"])
        )
    f = within[-1]
    said = env.t(
        "rec_family.budget",
        budget=env.money(budget),
        model=f["name"],
        gpus=_short(f, env),
        machine=env.money(f["machine_usd"]),
        total=env.money(f["total_usd"]),
    )
    if len(within) < len(found):
        n = found[len(within)]
        said += env.t(
            "rec_family.budget_next",
            model=n["name"],
            gpus=_short(n, env),
            machine=env.money(n["machine_usd"]),
            total=env.money(n["total_usd"]),
        )
    return said


def respond(query: RecommendQuery, env: Env) -> Answer | None:
    mention = query.unsized[0] if query.unsized else ""
    env = env.for_query(query)
    users = int(dict(query.targets).get("users", 0))
    if users >= 2:  # "给公司部署一个deepseek 给50个人用": each size served to them, not each size for one user
        return _served(query, env, mention, users)
    found = []
    for model in _models(query, env):
        fit = FitQuery(text=query.text, model=ModelRef(model.name, model.key), settings=query.settings)
        sets = fit_hardware.cheapest_sets(fit, model, env)
        if sets is None or not sets.figures:
            continue
        best = sets.figures[0]  # the cheapest whole machine
        need = {"need_gb": round(sets.need_gb, 1) if sets.need_gb else None}
        found.append({"model_key": model.key, "name": model.name, "params_b": model.params_b, **need, **best})
    if len(found) < 2:
        return None  # one size only: the ordinary ranking answers it
    budget = budget_usd(query, env)
    groups: list[list[dict]] = []  # consecutive sizes the same cards hold are said together
    for f in found:
        if groups and _label(groups[-1][0]) == _label(f):
            groups[-1].append(f)
        else:
            groups.append([f])
    items = i18n.sep(env.lang).join(
        env.t(
            "rec_family.item",
            model=i18n.listing(env.lang).join(env.t("rec_family.need", model=f["name"], need=_gb(f)) for f in g),
            gpus=_short(g[0], env),
            total=env.money(g[0]["total_usd"]),
        )
        for g in groups
    )
    head = env.t("rec_family.head", family=mention, count=len(found), items=items)
    figures: dict = {"family": mention, "sets": [{k: v for k, v in f.items() if k != "name"} for f in found]}
    if budget:
        within = [f for f in found if f["machine_usd"] <= budget]  # "一万块钱够吗": the whole machine
        figures |= {"budget_usd": budget, "largest_in_budget": within[-1]["model_key"] if within else None}
        head = _budget_said(found, within, budget, env) + i18n.gap(env.lang) + head
    table = Table(
        headers=[
            env.t("fit_family.col_model"),
            env.t("rec_family.col_need"),
            env.t("rec.col_gpu"),
            env.t("fit.hardware_col_total"),
            env.t("fit.hardware_col_machine"),
        ],
        rows=[
            [
                f["name"],
                f"{_gb(f)} GB",
                _label(f),
                env.money(f["total_usd"]),
                env.money(f["machine_usd"]),
            ]
            for f in found
        ],
    )
    return Answer(
        question=query.text,
        intent="recommend",
        workload="llm_inference",  # the family's sizes are sized for running them (applies)
        headline=head,
        tables=[table],
        steps=[env.t("rec_family.how")],
        figures=figures,
        sources=["method: docs/model.md §mem, §rec"],
        lang=env.lang,
    )


def _served(query: RecommendQuery, env: Env, mention: str, users: int) -> Answer | None:
    """Each size of the family served to `users` at once (respond/serving_sets: vLLM, 4-bit AWQ weights): the cheapest
    set giving each user at least MIN_USER_TPS tokens/s, or the fastest when none does; None when fewer than two
    sizes are served."""
    from assistant.respond.serving_sets import serving_sets

    budget = budget_usd(query, env) or env.assumptions.budget_usd
    rows = []
    for model in _models(query, env):
        served = serving_sets(model, users, query.context_tokens, env, budget)
        if served is not None and served.figures.get("sets"):
            rows.append((model, served.figures["sets"][0], served.sources))
    if len(rows) < 2:
        return None
    items = i18n.sep(env.lang).join(
        env.t(
            "rec_family.served_item",
            model=m.name,
            gpus=_short(best, env),
            each=f"{best['per_user_tokens_per_second']:,.0f}",
            machine=env.money(best["machine_usd"]),
        )
        for m, best, _ in rows
    )
    head = env.t("rec_family.served_head", family=mention, users=users, items=items)
    table = Table(
        headers=[
            env.t("fit_family.col_model"),
            env.t("rec.col_gpu"),
            env.t("serve.col_each"),
            env.t("fit.hardware_col_machine"),
        ],
        rows=[
            [m.name, _label(best), f"{best['per_user_tokens_per_second']:,.1f}", env.money(best["machine_usd"])]
            for m, best, _ in rows
        ],
    )
    sets = [{"model_key": m.key, **best} for m, best, _ in rows]
    return Answer(
        question=query.text,
        intent="recommend",
        workload="llm_inference",  # the family's sizes are sized for running them (applies)
        headline=head,
        tables=[table],
        steps=[env.t("rec_family.served_how", users=users)],
        figures={"family": mention, "users": users, "sets": sets},
        sources=list(dict.fromkeys(src for _, _, found in rows for src in found)),
        lang=env.lang,
    )
