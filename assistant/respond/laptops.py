"""Answer "which laptop gpu should an ml student get", "best laptop for llms": laptop GPUs as a
category, ranked by what fits and how fast, since laptops are not priced by their GPU.

Contract: candidates are the NVIDIA laptop parts of the last three generations (GeForce RTX 30/40/50
Mobile, RTX Ada mobile workstation parts), never Max-Q duplicates. Those that hold the workload's
memory floor (§rec: 24 GB for LLMs, 12 GB for images; a language model named: its memory at 4-bit with a 4k
context) come first, each group fastest first by the
same speed model as desktops at the part's rated board power. Each part shows what a whole laptop with it costs
(respond/laptop_prices.py: an entry price, dated and sourced; "—" where none is on record); a budget keeps the parts
whose laptops start within it in the answer's market (those without a price there are left out).
`figures.ranking` lists them with `memory_gb`, `score`, `tdp_w` and `laptop_usd`; `figures.laptop` is true.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.laptop_prices import LaptopPrice, laptop_price
from assistant.respond.pricing import budget_usd, perf_workload, score, workload_title
from assistant.respond.wording import gb, spec_source

_LAPTOP = re.compile(r"^(GeForce RTX [345]0\d0( Ti)? Mobile|RTX [345]\d00 Mobile Ada Generation)$")
_FLOOR_GB = {"image_generation": 12.0, "llm_finetune": 24.0, "llm_inference": 24.0}
SHOWN = 8


def _model_need(query: RecommendQuery, env: Env) -> float | None:
    """ "best laptop gpu for running phi-4 14b": the memory the language model named needs at 4-bit with a 4k context
    (§mem), instead of the reference's 24 GB rule for LLMs in general; None when no such model is named."""
    from assistant.models import memory
    from assistant.respond.fit_sizing import sized_model

    if not (query.model or query.params_b) or query.workload not in (None, "llm_inference"):
        return None
    model = sized_model(query, env)[0]
    if model is None or model.kind != "llm":
        return None
    return memory.inference_memory(model, "q4_k_m", context=4096).total_gb


def candidates(env: Env) -> list:
    return [g for g in env.reader.all_gpus() if g.is_mobile and _LAPTOP.match(g.name)]


def respond(query: RecommendQuery, env: Env) -> Answer:
    env = env.for_query(query)
    key = perf_workload(query.workload, query.precision)
    title = workload_title(env, key)
    floor = query.min_memory_gb or _model_need(query, env) or _FLOOR_GB.get(query.workload or "", 0.0)
    rated = [(g, score(g, key).score) for g in candidates(env)]
    ranked = sorted(rated, key=lambda gs: ((gs[0].memory_gb or 0) < floor, -gs[1]))
    prices = {g.name: laptop_price(g.name, env) for g, _ in ranked}
    budget = budget_usd(query, env) or env.assumptions.budget_usd  # said, or kept ("预算1万2" after the pick)
    # another market's price (China's subsidised prices in a dollar answer) shows in the table but decides no budget
    within = [gs for gs in ranked if budget and (p := prices[gs[0].name]) and not p.converted and p.usd <= budget]
    if budget and within:  # "预算1万2 买个笔记本跑AI": the parts whose laptops start within it
        ranked = within
    best, best_score = ranked[0]
    holds = [g for g, _ in ranked if (g.memory_gb or 0) >= floor]
    desktop = env.reader.gpu(best.name.replace(" Mobile", ""))
    steps = [env.t("laptop.workload", title=title)]
    if floor:
        steps.append(env.t("laptop.floor", gb=f"{floor:.1f}" if floor % 1 else f"{floor:g}", n=len(holds)))
    if desktop is not None:
        steps.append(
            env.t(
                "laptop.namesake",
                laptop=best.short_name,
                desktop=desktop.short_name,
                score=f"{best_score:.2f}",
                desk=f"{score(desktop, key).score:.2f}",
                mem=gb(best.memory_gb),
                desk_mem=gb(desktop.memory_gb),
            )
        )
    steps += [env.t("laptop.tgp"), env.t("laptop.prices_are"), env.t("laptop.cloud")]
    table = Table(
        headers=[
            env.t("rec.col_gpu"),
            env.t("rec.col_speed"),
            env.t("rec.col_memory"),
            env.t("laptop.col_power"),
            env.t("laptop.col_price"),
        ],
        rows=[
            [g.short_name, f"{s:.2f}", gb(g.memory_gb), f"{g.tdp_w or 0:,} W", _price_cell(prices[g.name], env)]
            for g, s in ranked[:SHOWN]
        ],
    )
    others = i18n.join_names(env.lang, [g.short_name for g, _ in ranked[1:4]])
    head = env.t(
        "laptop.head" if others else "laptop.head_one",  # one part within the budget: no "then"
        title=title,
        gpu=best.short_name,
        memory=gb(best.memory_gb),
        score=f"{best_score:.2f}",
        others=others,
    )
    best_price = prices[best.name]
    if best_price is not None:
        head += i18n.gap(env.lang) + env.t("laptop.priced", gpu=best.short_name, price=_price_cell(best_price, env))
    if budget and within:  # "给孩子买游戏本 预算7000 选啥": the parts whose laptops start within it
        head = env.t("laptop.within", budget=env.money(budget)) + head
        short = [g for g, _ in rated if (g.memory_gb or 0) >= floor and prices.get(g.name) is not None]
        if floor and not holds and short:  # "phi-4 14b under 2k": none within it holds the model; the one that does
            need = min(short, key=lambda g: prices[g.name].usd)  # type: ignore[union-attr]
            head += i18n.gap(env.lang) + env.t(
                "laptop.within_short",
                gb=f"{floor:.1f}",
                gpu=need.short_name,
                memory=gb(need.memory_gb),
                price=_price_cell(prices[need.name], env),
            )
    elif budget:  # nothing on record starts within it: said, the ranking unfiltered
        cheapest = min((p.usd for p in prices.values() if p and not p.converted), default=None)
        head = (
            env.t("laptop.none_within", budget=env.money(budget), cheapest=env.money(cheapest))
            + i18n.gap(env.lang)
            + head
        )
    return Answer(
        question=query.text,
        intent="recommend",
        headline=head,
        workload=query.workload,
        precision=query.precision,
        choice=best.name,
        tables=[table],
        steps=steps,
        figures={
            "laptop": True,
            "ranking": [
                {
                    "gpu": g.name,
                    "memory_gb": g.memory_gb,
                    "score": round(s, 3),
                    "tdp_w": g.tdp_w,
                    "laptop_usd": round(p.usd) if (p := prices[g.name]) else None,
                }
                for g, s in ranked[:SHOWN]
            ],
            "memory_need_gb": floor or None,
        },
        assumptions=env.assumption_dict(),
        sources=[
            spec_source(best, env),
            *env.cite(*dict.fromkeys(p.source for g, _ in ranked[:SHOWN] if (p := prices[g.name]))),
            "method: docs/model.md §rec.laptop, §perf",
        ],
        lang=env.lang,
    )


def _price_cell(price: LaptopPrice | None, env: Env) -> str:
    """ "¥7,999 (2025-06)", "e.g. $1,599 (2025-11)", "$1,299* (2025-01)" (another market's, converted), or "—"."""
    if price is None:
        return "—"
    amount = env.money(price.usd) + ("*" if price.converted else "")
    return env.t(
        "laptop.price_from" if price.kind == "from" else "laptop.price_example", price=amount, observed=price.observed
    )
