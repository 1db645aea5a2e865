"""Answer which card to add beside the one the user owns for a model ("i have a 2080 ti, which card should i add to
run qwen2.5 72b", "我有一张3090 想再加一张卡跑70b 加什么"): RecommendQuery.add_to names the owned card, kept.

Contract: the model runs split by layers over the owned card and the added one, each holding a share in proportion
to its memory (docs/model.md §llm.mixed, as respond/mixed_set.py); it fits when its memory over the two cards
(`mixed_set.need_gb`, one CUDA context each) is at most their memory together. Candidates are desktop cards of the
owned card's maker (one CUDA or ROCm build drives both) with a purchase price of the answer's market (a China-only
or modified card priced only in yuan is no candidate in a dollar answer; a modified pick says so), passively cooled
datacenter cards left out unless the owned card is one. The pick is the cheapest candidate that makes the pair hold
the model at the quant asked (q4_k_m unless stated); the table lists the cheapest few with the pair's single-user
tokens/s (`llm.layer_split_tokens_per_s`). When no one card is enough at that quant, the lightest step down the
quant ladder at which one is, said. The owned card alone already holding the model is said first (no card needed for
it). The cheapest single card that holds the model alone is named as the other way (replacing the owned card). An
image model runs on one card: the card added must hold it alone, so the model's recommendation answers, said.
`figures`: add_to, owned_count, owned_memory_gb, vram_required_gb, pick, pick_memory_gb, total_memory_gb,
tokens_per_second, fits_at, alone_pick.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import llm, memory
from assistant.queries import RecommendQuery
from assistant.respond import mixed_set
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.pricing import is_converted, price_text, purchase_price
from assistant.respond.variants import china_only, is_modified
from assistant.respond.wording import spec_source

_LADDER = ("fp16", "q8_0", "q6_k", "q5_k_m", "q4_k_m", "q3_k_m", "q2_k")
_SHOWN = 5  # rows of the table: the cheapest pairs that hold the model


def respond(query, env: Env) -> Answer | None:
    """None unless the question is a RecommendQuery with an owned card to add to (kind_answers runs it first)."""
    if not isinstance(query, RecommendQuery) or not query.add_to:
        return None
    env = env.for_query(query)
    owned = env.reader.gpu(query.add_to or "")
    model = sized_model(query, env)[0]
    if owned is not None and model is not None and model.kind == "image":
        return _image(query, env, owned, model)
    if owned is None or model is None or model.kind != "llm":
        return _plain(query, env, env.t("add_card.no_model"), [], {})
    quant = query.precision or mixed_set.DEFAULT_QUANT
    ctx = query.context_tokens
    k = max(query.add_to_count, 1)  # "already have 2x 3090": the owned cards, all kept
    have, label = (owned.memory_gb or 0.0) * k, owned.short_name if k == 1 else f"{k} x {owned.short_name}"
    figures: dict = {"add_to": owned.name, "owned_memory_gb": have, "owned_count": k}
    alone_need = mixed_set.need_gb(model, quant, ctx, k)
    if alone_need <= have:
        head = env.t("add_card.already", owned=label, have=f"{have:g}", model=model.name, quant=quant)
        head += i18n.gap(env.lang) + env.t("add_card.need", need=f"{alone_need:.1f}")
        return _plain(query, env, head, [owned], figures | {"vram_required_gb": round(alone_need, 1)})
    cands = _candidates(owned, env)
    fitting, used = _fitting(cands, owned, k, model, quant, ctx), quant
    if not fitting:
        lighter = [q for q in _LADDER if memory.bits_per_weight(q) < memory.bits_per_weight(quant)]
        used = next((q for q in lighter if _fitting(cands, owned, k, model, q, ctx)), "")
        fitting = _fitting(cands, owned, k, model, used, ctx) if used else []
    need = mixed_set.need_gb(model, quant, ctx, k + 1)
    figures |= {"vram_required_gb": round(need, 1)}
    if not fitting:
        head = env.t("add_card.none", owned=label, have=f"{have:g}", model=model.name, quant=quant)
        head += i18n.gap(env.lang) + env.t("add_card.need", need=f"{need:.1f}")
        return _plain(query, env, head + _alone_line(model, quant, ctx, cands, env, figures), [owned], figures)
    pick, price = fitting[0]
    total = have + (pick.memory_gb or 0.0)
    used_need = mixed_set.need_gb(model, used, ctx, k + 1)
    tps = _pair_speed(owned, k, pick, model, used, ctx)
    figures |= {"pick": pick.name, "pick_memory_gb": pick.memory_gb, "total_memory_gb": total}
    figures |= {"tokens_per_second": round(tps, 1), "fits_at": used}
    words = dict(owned=label, have=f"{have:g}", pick=pick.short_name, mem=f"{pick.memory_gb or 0:g}")
    words |= dict(total=f"{total:g}", model=model.name, quant=used, need=f"{used_need:.1f}", tps=f"{tps:,.0f}")
    head = env.t("add_card.pick", price=price_text(price, env), **words)
    if is_modified(pick.name):
        head += i18n.gap(env.lang) + env.t("add_card.modified")
    if used != quant:
        head = env.t("add_card.lighter", quant=quant, need=f"{need:.1f}", owned=label) + i18n.gap(env.lang) + head
    figures |= {"pick": pick.name}
    head += _alone_line(model, quant, ctx, cands, env, figures)
    table = _table(fitting[:_SHOWN], (owned, k, label), model, used, ctx, env)
    return _plain(query, env, head, [owned, pick], figures, table)


def _image(query: RecommendQuery, env: Env, owned, model) -> Answer:
    """An image model runs on one card, not split by layers: the card added must hold it alone, so the pick is the
    recommendation for the model (said first, with the owned card's memory)."""
    from assistant.respond import recommend

    asked = dataclasses.replace(query, add_to=None, workload="image_generation")
    answer = recommend.respond(asked, env)
    lead = env.t("add_card.image_alone", owned=owned.short_name, have=f"{owned.memory_gb or 0:g}", model=model.name)
    figures = dict(answer.figures) | {"add_to": owned.name}
    return dataclasses.replace(answer, headline=lead + i18n.gap(env.lang) + answer.headline, figures=figures)


def _candidates(owned, env: Env) -> list:
    """Desktop cards of the owned card's maker with a purchase price, cheapest first."""
    out = []
    for gpu in env.reader.all_gpus():
        if gpu.is_mobile or gpu.unified_memory or not gpu.memory_gb or gpu.vendor != owned.vendor:
            continue
        if gpu.passively_cooled and not owned.passively_cooled:
            continue  # a server card needs a server's airflow, not the user's desktop
        price = purchase_price(gpu.name, env)
        if price is None or price.usd <= 0 or is_converted(price, env):
            continue  # another market's card (a China-only or modified card in a dollar answer), or no price
        if china_only(gpu.name) and env.price_market() != "CN":
            continue
        out.append((gpu, price))
    return sorted(out, key=lambda c: (c[1].usd, c[0].name))


def _fitting(cands: list, owned, k: int, model, quant: str, ctx) -> list:
    need = mixed_set.need_gb(model, quant, ctx, k + 1)
    return [(g, p) for g, p in cands if need <= (owned.memory_gb or 0.0) * k + (g.memory_gb or 0.0)]


def _pair_speed(owned, k: int, added, model, quant: str, ctx) -> float:
    total = (owned.memory_gb or 0.0) * k + (added.memory_gb or 0.0)
    shares = [(owned, (owned.memory_gb or 0.0) / total)] * k + [(added, (added.memory_gb or 0.0) / total)]
    return llm.layer_split_tokens_per_s(shares, model, quant, context=ctx or 1024)


def _alone_line(model, quant: str, ctx, cands: list, env: Env, figures: dict) -> str:
    """The other way: the cheapest single card that holds the model alone at the quant asked (replacing the owned)."""
    need = mixed_set.need_gb(model, quant, ctx, 1)
    one = next(((g, p) for g, p in cands if need <= (g.memory_gb or 0.0)), None)
    if one is None:
        return ""
    figures["alone_pick"] = one[0].name
    gpu, price = one
    key = "add_card.alone_same" if gpu.name == figures.get("pick") else "add_card.alone"
    return i18n.gap(env.lang) + env.t(
        key,
        gpu=gpu.short_name,
        mem=f"{gpu.memory_gb or 0:g}",
        need=f"{need:.1f}",
        quant=quant,
        price=price_text(price, env),
    )


def _table(rows: list, mine: tuple, model, quant: str, ctx, env: Env) -> Table:
    """`mine`: (owned GpuSpec, how many, label)."""
    owned, k, label = mine
    return Table(
        headers=[
            env.t("add_card.col_card"),
            env.t("mixed.col_memory"),
            env.t("add_card.col_price"),
            env.t("add_card.col_total"),
            env.t("add_card.col_tps"),
        ],
        rows=[
            [
                gpu.short_name,
                f"{gpu.memory_gb or 0:g} GB",
                env.money(price.usd),
                f"{(owned.memory_gb or 0.0) * k + (gpu.memory_gb or 0.0):g} GB",
                f"{_pair_speed(owned, k, gpu, model, quant, ctx):,.0f}",
            ]
            for gpu, price in rows
        ],
        title=env.t("add_card.title", owned=label, quant=quant),
    )


def _plain(query: RecommendQuery, env: Env, head: str, gpus: list, figures: dict, table: Table | None = None) -> Answer:
    steps = [env.t("mixed.how_split"), env.t("add_card.same_maker"), env.t("mixed.tensor_parallel")]
    return Answer(
        question=query.text,
        intent="recommend",
        headline=head,
        gpus=[g.name for g in gpus],
        choice=figures.get("pick"),
        tables=[table] if table else [],
        steps=steps if gpus else [],
        figures=figures,
        sources=[spec_source(g, env) for g in gpus] + ["method: docs/model.md §llm.mixed, §llm.decode, §mem"],
        lang=env.lang,
    )
