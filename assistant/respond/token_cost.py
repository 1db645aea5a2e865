"""Serving cost per million tokens: "cost per million tokens serving llama 3 8b on a gcp l4", "每百万token成本".

Contract: `asks(text, env)` is True when the question asks for a cost per token ("per million tokens", "per 1m
tokens", "每百万token"); `respond(query, env)` answers it for the LLM the query names (None when it names no LLM,
and the caller answers as before). For the GPU named (every GPU a cloud rents, cheapest first, when none is named)
the serving set is the fewest cards that hold the model at the first precision that fits and that vLLM runs on the
card (16-bit, then FP8, then 4-bit; the precision asked when one is), with SERVE_CONTEXT tokens per sequence. The
output speed is batched decode (§llm.decode) at batch 1 (one user) and at the largest batch up to MAX_BATCH whose
KV caches the same cards hold (a busy server). Cost per million output tokens = cards x on-demand rate per
GPU-hour / (tokens/s x 3600) x 1e6, at each provider's dated rate (knowledge/cloud.csv); the GPUs run the whole
hour (an idle GPU costs the same and serves nothing). Prompt tokens (prefill) are not counted: they run far faster.
`figures.token_cost`: one object per row; `figures.rates`: the offers used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import hardware, llm, memory, scaling
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.offers import figure, home_first, home_market, of_provider, provider_name, shown_provider
from assistant.respond.serving import MAX_CARDS, tensor_parallel_count, tokens_rate, vllm_runs
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

SERVE_CONTEXT = 2048  # tokens per sequence (prompt + output) a served chat holds [A]
MAX_BATCH = 64  # sequences decoded at once on a busy server [A]
BATCHES = (64, 32, 16, 8, 4, 2)
PRECISIONS = ("fp16", "fp8", "int4")
MILLION = 1e6
ROWS = 12  # GPUs shown when none is named


@dataclass(frozen=True)
class ServeCase:
    """A GPU set serving a model at a precision: its speed for one user and at a batch."""

    gpu: GpuSpec
    precision: str
    cards: int
    one_user_tps: float
    batch: int
    busy_tps: float


def asks(text: str, env: Env) -> bool:
    return lexicon(env.lang).words_in("token_cost_words", text.lower())


def _serve_case(gpu, model, asked: str | None) -> ServeCase | None:
    """The serving set of `gpu` for `model` with the most tokens per card-hour when busy, over the precisions vLLM
    runs on the card (the one asked, when asked); None when up to MAX_CARDS do not hold it at any."""
    cases = [c for prec in ((asked,) if asked else PRECISIONS) if (c := _serve_at(gpu, model, prec)) is not None]
    return max(cases, key=lambda c: c.busy_tps / c.cards, default=None)


def _serve_at(gpu, model, prec: str) -> ServeCase | None:
    """The fewest cards of `gpu` that serve `model` at `prec`, their speed at batch 1 and at the largest batch they
    hold (see the module contract); None when up to MAX_CARDS do not hold it or vLLM does not run `prec` there."""
    if prec != "fp16" and not vllm_runs(gpu, prec, model):
        return None
    limit = hardware.gpu_memory_limit_gb(gpu)
    need = memory.fit(memory.inference_memory(model, prec, context=SERVE_CONTEXT), limit).min_gpus
    if not need or need > MAX_CARDS or (gpu.unified_memory and need > 1):
        return None
    cards = tensor_parallel_count(model.attention_heads, need, model.kv_heads)
    link = scaling.link(gpu, cards)

    def speed(batch: int) -> float:
        return llm.decode_speed(
            gpu, model, prec, context=SERVE_CONTEXT, batch=batch, n_gpus=cards, split="tensor", interconnect=link
        ).tokens_per_s

    one = speed(1)
    if one <= 0:
        return None
    batch = next((b for b in BATCHES if 0 < _cards_for(model, prec, b, limit) <= cards), 1)
    return ServeCase(gpu, prec, cards, one, batch, speed(batch) if batch > 1 else one)


def _cards_for(model, prec: str, batch: int, limit_gb: float) -> int:
    """The fewest cards of `limit_gb` that hold the weights and `batch` sequences of SERVE_CONTEXT (0: none)."""
    est = memory.inference_memory(model, prec, context=SERVE_CONTEXT, batch=batch)
    return memory.fit(est, limit_gb).min_gpus or 0


def per_million(rate_usd: float, cards: int, tps: float) -> float:
    return rate_usd * cards / (tps * 3600.0) * MILLION


def _rows(env: Env, model, query, gpus) -> tuple[list[tuple[ServeCase, Any]], list[str]]:
    """(serving case, offer) pairs, cheapest per busy million tokens first, and the GPUs that cannot serve it."""
    market = home_market(query.text, env, getattr(query, "provider", None))
    provider = getattr(query, "provider", None)
    out: list[tuple[ServeCase, Any]] = []
    unserved: list[str] = []
    for gpu in gpus:
        offers = home_first(env.reader.cloud_rates(gpu.name), env, market)
        offers = of_provider(provider, offers) or offers
        if len(gpus) > 1:  # no GPU named: each GPU at its cheapest home-market offer, if it has one
            offers = [r for r in offers if r.currency == market]
        else:  # a dollar question prices the dollar clouds, a yuan one the yuan clouds, when the market has the card
            offers = [r for r in offers if r.currency == market] or offers
        if not offers:
            continue
        case = _serve_case(gpu, model, getattr(query, "precision", None))
        if case is None:
            unserved.append(gpu.short_name)
            continue
        chosen = offers if len(gpus) == 1 else offers[:1]
        out += [(case, r) for r in chosen if r.on_demand_usd_per_gpu_hour]
    out.sort(key=lambda p: per_million(p[1].on_demand_usd_per_gpu_hour, p[0].cards, p[0].busy_tps))
    return out, unserved


def _table(env: Env, rows, market: str) -> Table:
    headers = [env.t(f"token_cost.col_{k}") for k in ("gpu", "provider", "rate", "setup", "one", "busy", "observed")]
    body = []
    for case, r in rows:
        rate = r.on_demand_usd_per_gpu_hour
        body.append(
            [
                case.gpu.short_name,
                shown_provider(r, env, market),
                env.money(rate, 2),
                env.t("token_cost.setup", cards=case.cards, prec=case.precision, batch=case.batch),
                env.money(per_million(rate, case.cards, case.one_user_tps), 2),
                env.money(per_million(rate, case.cards, case.busy_tps), 2),
                r.observed,
            ]
        )
    return Table(headers=headers, rows=body)


def _figure(case: ServeCase, r) -> dict:
    rate = r.on_demand_usd_per_gpu_hour
    return {
        "gpu": case.gpu.name,
        "provider": r.provider,
        "observed": r.observed,
        "usd_per_gpu_hour": rate,
        "precision": case.precision,
        "gpu_count": case.cards,
        "batch": case.batch,
        "tokens_per_second_one_user": round(case.one_user_tps, 1),
        "tokens_per_second_busy": round(case.busy_tps, 1),
        "usd_per_million_tokens_one_user": round(per_million(rate, case.cards, case.one_user_tps), 3),
        "usd_per_million_tokens_busy": round(per_million(rate, case.cards, case.busy_tps), 3),
    }


def _other_precisions(env: Env, model, case: ServeCase, rate: float, asked: str | None) -> list[str]:
    """The busy cost at the other precisions the same GPU serves (4-bit weights cost some quality)."""
    if asked:
        return []
    others = [o for p in PRECISIONS if p != case.precision and (o := _serve_at(case.gpu, model, p)) is not None]
    items = [
        env.t(
            "token_cost.at_precision",
            prec=o.precision,
            cards=o.cards,
            batch=o.batch,
            busy=env.money(per_million(rate, o.cards, o.busy_tps), 2),
        )
        for o in others
    ]
    return [env.t("token_cost.precisions", prec=case.precision, items=i18n.sep(env.lang).join(items))] if items else []


def respond(query, env: Env) -> Answer | None:
    model, _ = sized_model(query, env) if getattr(query, "model", None) else (None, None)
    if model is None or model.kind != "llm":
        return None
    env = env.for_query(query)
    named = [env.reader.known_gpu(r.name) for r in getattr(query, "gpus", ()) if r.name]
    gpus = named or [g for g in env.reader.gpus(sorted({r.gpu for r in env.reader.cloud_rates()})) if g.memory_gb]
    rows, unserved = _rows(env, model, query, gpus)
    market = home_market(query.text, env, getattr(query, "provider", None))
    steps: list[str] = []
    provider = getattr(query, "provider", None)
    lead = ""
    if provider and rows and not of_provider(provider, [r for _, r in rows]):
        gpu_name = named[0].short_name if len(named) == 1 else model.name
        lead = env.t("rates.none_at_provider", gpu=gpu_name, provider=provider_name(provider)) + " "
    if not rows:
        which = i18n.join_names(env.lang, [g.short_name for g in named]) or model.name
        key = "token_cost.cannot" if unserved else "token_cost.no_rates"
        return Answer(
            question=query.text,
            intent="rates",
            headline=env.t(key, gpu=which, model=model.name, cards=MAX_CARDS),
            gpus=[g.name for g in named],
            figures={"token_cost": [], "rates": []},
            lang=env.lang,
        )
    rows = rows if named else rows[:ROWS]
    case, best = rows[0]
    rate = best.on_demand_usd_per_gpu_hour
    head = lead + env.t(
        "token_cost.head" if case.batch > 1 else "token_cost.head_one",
        model=model.name,
        cards=case.cards,
        gpu=case.gpu.short_name,
        prec=case.precision,
        provider=shown_provider(best, env, market),
        rate=env.money(rate, 2),
        observed=best.observed,
        busy=env.money(per_million(rate, case.cards, case.busy_tps), 2),
        batch=case.batch,
        busy_tps=tokens_rate(case.busy_tps),
        one=env.money(per_million(rate, case.cards, case.one_user_tps), 2),
        one_tps=tokens_rate(case.one_user_tps),
    )
    if lexicon(env.lang).words_in("token_cost_thousand", (query.text or "").lower()):  # "cost per 1k tokens"
        busy, one = (per_million(rate, case.cards, tps) / 1000 for tps in (case.busy_tps, case.one_user_tps))
        head += i18n.gap(env.lang) + env.t("token_cost.per_thousand", busy=env.money(busy, 5), one=env.money(one, 5))
    if lexicon(env.lang).words_in("token_per_money", (query.text or "").lower()):  # "how many tokens per dollar"
        per_unit = env.shown_per_usd(env.currency)
        busy, one = (
            1e6 / (per_million(rate, case.cards, tps) * per_unit) for tps in (case.busy_tps, case.one_user_tps)
        )
        head = env.t("token_cost.per_money", busy=f"{busy:,.0f}", one=f"{one:,.0f}") + i18n.gap(env.lang) + head
    steps += _other_precisions(env, model, case, rate, getattr(query, "precision", None))
    steps.append(env.t("token_cost.formula", ctx=f"{SERVE_CONTEXT:,}", most=MAX_BATCH))
    steps.append(env.t("token_cost.utilization"))
    steps.append(env.t("token_cost.prompt_tokens"))
    if unserved:
        steps.append(env.t("token_cost.unserved", gpus=", ".join(unserved), model=model.name, cards=MAX_CARDS))
    steps.append(env.t("rates.dated"))
    shown_gpus = list(dict.fromkeys(c.gpu.name for c, _ in rows))
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[g.name for g in named] or shown_gpus[:1],
        choice=case.gpu.name,
        workload="llm_inference",
        precision=case.precision,
        tables=[_table(env, rows, market)],
        steps=steps,
        figures={
            "token_cost": [_figure(c, r) for c, r in rows],
            "rates": [figure(r, None, c.cards) for c, r in rows],
            "cheapest_provider": best.provider,
            "usd_per_million_tokens": round(per_million(rate, case.cards, case.busy_tps), 3),
        },
        assumptions=env.assumption_dict() | {"serve_context_tokens": SERVE_CONTEXT, "max_batch": MAX_BATCH},
        sources=env.cite(*dict.fromkeys(r.source for _, r in rows))
        + [spec_source(g, env) for g in named]
        + ["method: docs/model.md §llm.decode, §mem"],
        lang=env.lang,
    )
