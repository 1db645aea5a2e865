"""What it takes to run a model when the question names no GPU ("本地跑qwen3 235b最少要多少钱", "how many gpus
for kimi k2", "how much vram for llama 3 70b"): the cheapest GPU sets in the price snapshot that hold it.

Contract: `cheapest_sets(query, model, env)` asks the recommendation for the model sorted by price (the
ranking's own memory need: 4-bit weights for LLM inference, QLoRA for fine-tuning, the usual image set-up)
and returns the sentence naming the cheapest sets with their total price, a table of them, and
`figures["cheapest_sets"]` (gpu, gpu_count, total_usd, machine_usd = with the platform that holds that many
cards, knowledge/rigs.toml; memory_gb), cheapest machine first. `asks_hardware(query, env)` says
whether the question asked for money or a card count (then the sentence leads the answer). None when no
set in the price data holds the model.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Table
from assistant.models import memory, moe_offload
from assistant.models.platforms import platform_for, platforms
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery, RecommendQuery
from assistant.respond.env import Env
from assistant.respond.pricing import purchase_price
from assistant.respond.wording import gb
from assistant.specs import GpuSpec, ModelSpec

_SHOWN = 5
MOE_CARD = "GeForce RTX 3090"  # the usual 24 GB card for expert offload (the value pick for local LLMs)
_BASIS = {"image_generation": "image", "llm_inference": "llm", "llm_finetune": "finetune"}


@dataclasses.dataclass(frozen=True)
class CheapestSets:
    """The cheapest GPU sets that hold a model: a sentence, a table and their figures."""

    sentence: str
    table: Table
    figures: list[dict]
    server_note: str
    need_gb: float | None = None  # the memory the sets were chosen to hold


def machine_usd(spec: GpuSpec | None, n: int, server: bool = False, desktop_usd: float | None = None) -> float:
    """The machine around n of these cards (knowledge/rigs.toml platform tiers): none for a unified-memory device
    (DGX Spark, Apple silicon: the whole computer), the desktop / dual / quad tier that holds n, and with `server`
    a server for passively cooled datacenter cards."""
    if spec is not None and spec.unified_memory:
        return 0.0
    if server and spec is not None and spec.passively_cooled:
        return max(p.usd for p in platforms())
    return platform_for(n, desktop_usd).usd  # `desktop_usd`: the answer's market's desktop (Env.local_desktop_usd)


def moe_route(model: ModelSpec, env: Env, gpu: str = MOE_CARD, lead: bool = False) -> str:
    """For a mixture-of-experts model: the cheaper, slower way of one card (a 24 GB RTX 3090 unless another is
    given) with the experts in system RAM (llama.cpp --n-cpu-moe, docs/model.md §llm.moe_offload), with the RAM it
    needs and its speed ("cheapest way to run deepseek r1": as the answer's first sentence with `lead`); "" when the
    model is dense or the card holds it."""
    card = env.reader.gpu(gpu)
    if not model.experts or card is None or card.unified_memory:
        return ""  # a Mac or a DGX Spark has no separate system RAM to hold the experts in
    plan = moe_offload.expert_offload(card, model, "q4_k_m", 1)
    if plan is None or not plan.tokens_per_s:
        return ""
    price = purchase_price(card.name, env)
    return env.t(
        "fit.hardware_moe_lead" if lead else "fit.hardware_moe",
        gpu=card.short_name,
        price=env.money(price.usd) if price else "?",
        ram=f"{plan.ram_needed_gb:.0f}",
        tps=f"{plan.tokens_per_s:.1f}" if plan.tokens_per_s < 10 else f"{plan.tokens_per_s:.0f}",
    )


def asks_hardware(query: FitQuery, env: Env) -> bool:
    """ "最少要多少钱", "how many cards": the question asks what to buy, not only how much memory."""
    return lexicon(env.lang).words_in("fit_hardware_words", query.text.lower())


def _workload(query: FitQuery, model: ModelSpec) -> str:
    if model.kind == "image":
        return "image_generation"
    return "llm_inference" if query.mode == "inference" else "llm_finetune"


def _precision(query: FitQuery, model: ModelSpec) -> str | None:
    """The precision the sets must hold for inference: the one asked, the released weights' when the full model as
    released is asked ("满血": DeepSeek V3 in FP8), else None (the ranking's own 4-bit)."""
    if query.mode != "inference":
        return None
    return query.precision or (memory.released_precision(model) if query.released else None)


def cheapest_sets(query: FitQuery, model: ModelSpec, env: Env) -> CheapestSets | None:
    from assistant.respond import recommend  # recommend imports respond.fit, which imports this module

    rec = RecommendQuery(
        text=query.text,
        workload=_workload(query, model),
        model=query.model,
        params_b=query.params_b,
        precision=_precision(query, model),
        sort="price",
        settings=query.settings,
        context_tokens=query.context_tokens if query.mode == "inference" else None,  # the sets hold the context asked
        targets=query.targets if query.mode == "inference" else (),  # and every user's KV cache
        batch=query.batch if query.mode != "inference" else None,  # a fine-tune's stated batch
        mode=query.mode if query.mode not in (None, "inference") else None,  # "全参微调": sets that hold a full one
    )
    answer = recommend.respond(rec, env)
    rows = answer.figures.get("ranking") or []
    if not rows:
        return None
    sets = []
    for r in rows:
        spec = env.reader.known_gpu(r["gpu"])
        cards = r["price_usd"] * r["gpu_count"]
        sets.append(
            {
                "gpu": r["gpu"],
                "gpu_count": r["gpu_count"],
                "total_usd": round(cards, 2),
                "machine_usd": round(cards + machine_usd(spec, r["gpu_count"], True, env.local_desktop_usd()), 2),
                "memory_gb": spec.memory_gb * r["gpu_count"],
            }
        )
    sets = sorted(sets, key=lambda x: x["machine_usd"])[:_SHOWN]

    def label(s: dict) -> str:
        return (f"{s['gpu_count']} x " if s["gpu_count"] > 1 else "") + s["gpu"]

    items = i18n.sep(env.lang).join(
        env.t("fit.hardware_item", gpus=label(s), total=env.money(s["total_usd"]), machine=env.money(s["machine_usd"]))
        for s in sets[:3]
    )
    need = answer.figures.get("memory_need_gb")
    basis = rec.precision or env.t(f"fit.hardware_basis_{_BASIS[rec.workload or 'llm_inference']}")
    if rec.mode in ("full_finetune", "lora") and rec.workload == "llm_finetune":  # the method asked, not QLoRA
        basis = env.t(f"fit.hardware_basis_{rec.mode}")
    sentence = env.t("fit.hardware_head", need=f"{need:,.0f}" if need else "?", basis=basis, items=items)
    table = Table(
        headers=[
            env.t("rec.col_gpu"),
            env.t("rec.col_memory"),
            env.t("fit.hardware_col_total"),
            env.t("fit.hardware_col_machine"),
        ],
        rows=[[label(s), gb(s["memory_gb"]), env.money(s["total_usd"]), env.money(s["machine_usd"])] for s in sets],
        title=env.t("fit.hardware_title"),
    )
    passive = any(env.reader.known_gpu(s["gpu"]).passively_cooled for s in sets)
    return CheapestSets(sentence, table, sets, env.t("fit.hardware_server") if passive else "", need)
