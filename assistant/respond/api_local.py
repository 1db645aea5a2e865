"""Running a model on one's own card against paying an API per token ("is running llama locally cheaper than the
openai api", "how long until a 4090 pays for itself vs claude api", "本地部署大模型比调用api便宜吗"): what a million
output tokens cost on the card (its electricity at board power while generating for one user, and its price spread over
the ownership period at the usage assumed, docs/model.md §cost.tokens_local) against the cheapest hosted API price
of the same open model (knowledge/api_prices.csv, dated): the verdict first (the API is cheaper; local is cheaper
once the card is owned; local is cheaper). A model with no API price held gives the card's cost and says which
models have one; a model the card cannot hold says so and gives the API price.

Contract: `respond(query, env)` -> the answer, or None when the question names no API word of lexicon api_words and
no money word of api_cost_words.
"""

from __future__ import annotations

import math

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import llm, memory
from assistant.respond import api_prices
from assistant.respond.env import Env
from assistant.respond.pricing import CHAT_MODEL, purchase_price
from assistant.respond.use_case import said
from assistant.respond.wording import spec_source

HOURS_PER_YEAR = 8766.0
MAX_DEFAULT_CARDS = 4  # [A] no card named: up to this many of the default card in one desktop hold the model
DEFAULT_CARD = "GeForce RTX 3090"  # the reference card of the speed tables when no card is named
DEFAULT_MODEL = "llama-3.1-8b"  # no model named: the common local model whose API prices are held


def respond(query, env: Env) -> Answer | None:
    if not (said("api_words", query.text, env) and said("api_cost_words", query.text, env)):
        return None
    env = env.for_query(query)  # the answer's market: a yuan answer bills electricity at the Chinese household price
    named = [g for g in getattr(query, "gpus", ()) if g.name and not g.pronoun]
    gpu = env.reader.gpu(named[0].name if named else DEFAULT_CARD)
    n = max(named[0].count or 1, 1) if named else 1  # "on 2 3090s": the set's memory, speed, power and price
    if gpu is None or not gpu.tdp_w:
        return None
    key = getattr(getattr(query, "model", None), "key", None) or _family_member(query, env, n * (gpu.memory_gb or 0))
    key = key or _of_size(query, env)  # "本地跑70b比调api便宜吗": an open model of that size with an API price
    model = env.reader.model(key or DEFAULT_MODEL)
    if model is None or model.kind != "llm":
        return None
    quant = CHAT_MODEL[1]
    prices = api_prices.for_model(model.key)
    need = memory.inference_memory(model, quant, context=4096).total_gb
    if not named and gpu.memory_gb and need > gpu.memory_gb:  # "llama 70b locally or an api": as many as hold it
        n = min(math.ceil(need / gpu.memory_gb), MAX_DEFAULT_CARDS)
    cards = f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name
    if need > n * (gpu.memory_gb or 0) and getattr(query, "system_ram_gb", None) and named:
        return None  # "on a 4060 8gb + 32gb ddr4 ... or an api": the fit with the system RAM said answers (offload)
    if need > n * (gpu.memory_gb or 0):  # "run deepseek v3 on my 3090 or use the api": it does not run there at all
        return _answer(
            query,
            env,
            gpu,
            model,
            prices,
            env.t(
                "api_local.no_fit",
                model=model.name,
                gpu=cards,
                need=f"{need:,.1f}",
                mem=f"{n * (gpu.memory_gb or 0):g}",
                api=_api_said(prices, env),
            ),
            {},
            n,
        )
    tps = llm.decode_speed(gpu, model, quant, context=4096, n_gpus=n).tokens_per_s
    price = purchase_price(gpu.name, env)
    if not tps or price is None:
        return None
    hours_per_million = 1e6 / tps / 3600.0
    power = n * gpu.tdp_w / 1000.0 * hours_per_million * env.assumptions.electricity_usd_per_kwh
    use = env.assumptions.years * HOURS_PER_YEAR * env.assumptions.utilization
    card = n * price.usd / (use * tps * 3600.0) * 1e6 if use else 0.0
    values = dict(
        yours=env.t("api_local.yours") if named else "",
        gpu=cards,
        model=model.name,
        tps=f"{tps:,.0f}",
        power=env.money(power, 2),
        card=env.money(card, 2),
        total=env.money(power + card, 2),
        util=f"{env.assumptions.utilization * 100:.0f}",
        years=f"{env.assumptions.years:g}",
    )
    if prices:
        api = prices[0].output_usd_per_m
        verdict = "api_cheaper" if api <= power else ("owned_local" if api < power + card else "local_cheaper")
        head = env.t(f"api_local.{verdict}", api=_api_said(prices, env), **values)
        if said("closed_api_words", query.text, env):  # "vs the openai api": that API's price is not the one held
            head = env.t("api_local.closed") + i18n.gap(env.lang) + head
    else:
        held = i18n.join_names(env.lang, [m.name for m in map(env.reader.model, api_prices.held_models()) if m])
        head = env.t("api_local.head", **values) + i18n.gap(env.lang) + env.t("api_local.held", models=held)
    if not named:  # "llama 70b locally or an api": the cards assumed, said
        head += i18n.gap(env.lang) + env.t("api_local.assumed" if n > 1 else "api_local.assumed_one", cards=cards)
    figures = {"local_usd_per_million": round(power + card, 3), "electricity_usd_per_million": round(power, 3)}
    return _answer(query, env, gpu, model, prices, head, figures, n)


def _api_said(prices: list, env: Env) -> str:
    if not prices:
        return env.t("api_local.no_api_price")
    p = prices[0]
    return env.t(
        "api_local.api" if len(prices) > 1 else "api_local.api_one",
        provider=p.provider,
        price=env.money(p.output_usd_per_m, 2),
        observed=p.observed,
        n=len(prices),
    )


def _answer(query, env: Env, gpu, model, prices: list, head: str, figures: dict, n: int = 1) -> Answer:
    tables = []
    if prices:
        figures = figures | {"api_usd_per_million_output": prices[0].output_usd_per_m}
        tables.append(
            Table(
                headers=[
                    env.t("api_local.col_provider"),
                    env.t("api_local.col_input"),
                    env.t("api_local.col_output"),
                    env.t("api_local.col_observed"),
                ],
                rows=[
                    [p.provider, env.money(p.input_usd_per_m, 3), env.money(p.output_usd_per_m, 3), p.observed]
                    for p in prices
                ],
            )
        )
    steps = [env.t("api_local.step", watts=gpu.tdp_w * n, kwh=env.money(env.assumptions.electricity_usd_per_kwh, 3))]
    if prices:
        steps.append(env.t("api_local.api_step"))
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        gpus=[gpu.name],
        tables=tables,
        steps=steps,
        figures=figures,
        assumptions=env.assumption_dict(),
        sources=[
            spec_source(gpu, env),
            *env.cite(model.source, *(p.source for p in prices)),
            "method: docs/model.md §cost.tokens_local",
        ],
        lang=env.lang,
    )


SIZE_SLACK = 0.15  # [A] a model within this share of the size said stands for "a 70b model"


def _of_size(query, env: Env) -> str | None:
    """A size said with no model ("70b"): of the LLMs an API price is held for, the nearest in size, when within
    SIZE_SLACK of it (the answer names the model it used)."""
    size = getattr(query, "params_b", None)
    if not size:
        return None
    held = [m for m in map(env.reader.model, api_prices.held_models()) if m and m.kind == "llm" and m.params_b]
    near = min(held, key=lambda m: (abs(m.params_b - size), m.key), default=None)
    return near.key if near is not None and abs(near.params_b - size) <= SIZE_SLACK * size else None


def _family_member(query, env: Env, memory_gb: float) -> str | None:
    """A family named with no size ("run qwen locally"): of its LLMs, one the cards hold and an API price is held
    for, closest in size to the reference chat model (each preference in that order)."""
    ref = env.reader.model(DEFAULT_MODEL)
    members = [m for m in map(env.reader.model, getattr(query, "unsized_models", ()) or ()) if m and m.kind == "llm"]
    if ref is None or not members:
        return None

    def rank(m) -> tuple:
        fits = memory.inference_memory(m, CHAT_MODEL[1], context=4096).total_gb <= memory_gb
        return (not fits, not api_prices.for_model(m.key), abs((m.params_b or 0) - (ref.params_b or 0)), m.key)

    return min(members, key=rank).key
