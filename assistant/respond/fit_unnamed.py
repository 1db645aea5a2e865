"""Fit answers when the question names no model or no GPU.

Contract: `rule_answer(query, env, gpu, n)` -> the reference memory rule for a workload and a memory size
("12GB显存够跑Transformer吗"; None when it does not apply); `cards_for_budget(query, model, env)` -> the
cards within a stated budget that run the model; `no_gpu_answer(...)` -> the memory the model needs.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import hardware
from assistant.queries import FitQuery, RecommendQuery
from assistant.respond import fit_hardware, train_cards
from assistant.respond.env import Env
from assistant.respond.fit_rows import mode_name
from assistant.respond.fit_sizing import moe_basis
from assistant.respond.fit_steps import setup_steps, unlisted_mac
from assistant.respond.serving_sets import serving_sets
from assistant.respond.use_case import said

FLOORS = {
    "image_generation": (12.0, "rec.floor_image"),
    "training": (24.0, "rec.floor_finetune"),
    "llm_finetune": (24.0, "rec.floor_finetune"),
    "llm_inference": (24.0, "rec.floor_llm"),
}


def _fused_total(query: FitQuery, env: Env, est) -> str:
    """LoRA / QLoRA of an LLM sized with a plain cross-entropy whose logits are a large share of it: " About X GB
    with a fused loss (Unsloth's default)." (fit_steps.FUSED_LOSS_SHARE); "" otherwise or when a loss was said."""
    from assistant.respond.fit_steps import FUSED_LOSS_SHARE

    logits = dict(est.components).get("logits", 0.0)
    if query.mode not in ("lora", "qlora") or logits < FUSED_LOSS_SHARE * est.total_gb:
        return ""
    if {"fused_loss", "chunked_loss", "unsloth"} & set(query.setup or ()):
        return ""
    total = (est.total_gb - logits) * est.n_gpus
    return i18n.gap(env.lang) + env.t("fit.needs_fused", total=f"{total:.1f}")


def no_gpu_answer(query: FitQuery, env: Env, model, table: Table, est, note: str) -> Answer:
    """No GPU named: what the model needs at the first precision shown, the cheapest GPU sets that hold it
    (in the headline when the question asked what to buy: "最少要多少钱", "how many cards"), and a request to
    name the GPU."""
    need = est.total_gb * est.n_gpus
    steps = [note] if note else []
    steps += setup_steps(query, env, model, est)
    prec = table.rows[0][0]
    headline = env.t("fit.needs", model=model.name, need=f"{need:.1f}", mode=mode_name(env, query.mode), prec=prec)
    if query.mode != "inference" and len(table.rows) > 1:  # "lora vs full finetune vram": every method's total
        totals = i18n.sep(env.lang).join(env.t("fit.method_total", label=row[0], total=row[-1]) for row in table.rows)
        headline = env.t("fit.needs_methods", model=model.name, totals=totals)
    elif query.mode == "inference" and not query.precision and len(table.rows) > 1:
        # "how much vram to run llama 3 70b locally": every precision shown, as people run quantized models
        totals = i18n.sep(env.lang).join(env.t("fit.method_total", label=row[0], total=row[-1]) for row in table.rows)
        headline = env.t("fit.needs_precisions", model=model.name, totals=totals)
        headline += env.t("fit.needs_ollama") if model.kind == "llm" and "whisper" not in model.name.lower() else ""
        headline = _four_bit_first(table, env) + headline  # "gemma3 27b要多大显存才能跑起来": what runs it, first
    headline += _fused_total(query, env, est)  # "how much vram for qlora llama 3 8b": the common tools' total too
    if not _four_bit_first(table, env):  # "gpt-oss 120b 单卡够吗" (no 4-bit row said): one card's verdict, first
        headline = single_card(query, _row_need(table) or need, env) + headline
    figures: dict = {"vram_required_gb": round(need, 2), "fits": None, "gpu_count": est.n_gpus}
    tables, sources = [table], []
    users = int(dict(query.targets).get("users", 0)) if query.mode == "inference" else 0
    count = query.gpu_count if query.gpu_count and query.gpu_count > 1 else None  # "what about with 2 cards"
    served = serving_sets(model, users, query.context_tokens, env, count=count)  # "serve llama 70b to 20 users"
    sets = None if served else fit_hardware.cheapest_sets(query, model, env)
    if served is not None:
        headline = served.sentence + i18n.gap(env.lang) + headline
        tables.insert(0, served.table)
        figures |= {"serving_sets": served.figures, "targets": {"users": served.figures["users"]}}
        steps.append(env.t("serve.sets_basis"))
        sources += served.sources
    if sets is not None:
        figures["cheapest_sets"] = sets.figures
        tables.append(sets.table)
        if fit_hardware.asks_hardware(query, env) or dict(query.targets).get("users", 0) > 1:  # serving N users
            headline = sets.sentence + i18n.gap(env.lang) + headline
        else:
            steps.append(sets.sentence)
        steps += [sets.server_note] if sets.server_note else []
    moe = fit_hardware.moe_route(model, env)
    steps += [moe] if moe else []
    basis = moe_basis(model, env)  # "by total or active params?": all of them hold, the active ones run
    if basis and said("moe_basis_asked", query.text, env):
        headline = i18n.gap(env.lang).join([headline, basis])
    elif basis:
        steps.insert(0, basis)
    steps.append(env.t("fit.name_gpu"))
    counted = train_cards.lead(query, model, env)  # "全参微调llama3 8b需要几张卡": cards of three sizes, first
    timed = train_cards.times(query, model, env)  # "... 多久": the job's time on those cards, after the count
    headline = i18n.gap(env.lang).join(i18n.cap(env.lang, p) for p in (counted, timed, headline) if p)
    serving = served.figures["sets"] if served is not None else []  # "serve llama 70b to 20 users": the set picked
    return Answer(
        question=query.text,
        intent="fit",
        headline=headline,
        gpus=[s["gpu"] for s in serving],
        choice=serving[0]["gpu"] if serving else None,
        tables=tables,
        steps=steps,
        figures=figures,
        sources=env.cite(model.source) + sources + ["method: docs/model.md §mem"],
        lang=env.lang,
    )


_MEMORY_ASKED = re.compile(r"\b(?:vram|memory|ram)\b|显存|内存")


def budget_in_force(query: FitQuery, env: Env) -> bool:
    """A budget said in the question ("显卡预算5000，跑sdxl够吗"), or set earlier in the conversation with the model
    now wanted and no memory asked ("my budget is 2000 dollars" -> "i want to run 70b models"): the cards within it."""
    if any(s.key == "budget_usd" for s in query.settings):
        return True
    return "budget_usd" in env.assumptions.changed and not _MEMORY_ASKED.search(query.text.lower())


def cards_for_budget(query: FitQuery, model, env: Env) -> Answer:
    """ "显卡预算5000，跑sdxl够吗": no GPU named but a budget stated; the answer is the cards within the
    budget that run the model (the recommendation, whose memory need is this model's)."""
    from assistant.respond import recommend  # recommend imports the fit module (sized_model)

    if model.kind == "llm":
        workload = "llm_inference" if query.mode == "inference" else "llm_finetune"
    else:
        workload = "image_generation" if model.kind == "image" else "inference"
    rec = RecommendQuery(
        text=query.text,
        workload=workload,
        model=query.model,
        params_b=query.params_b,
        precision=query.precision,
        settings=query.settings,
        unrecognized=query.unrecognized,
    )
    answer = recommend.respond(rec, env)
    budget = env.money(env.assumptions.budget_usd) if env.assumptions.budget_usd else ""
    key = "fit.budget_yes" if answer.choice else "fit.budget_no"
    head = env.t(key, budget=budget, model=model.name) + answer.headline
    return dataclasses.replace(answer, headline=head, figures={**answer.figures, "fits": bool(answer.choice)})


def rule_answer(query: FitQuery, env: Env, gpu, n: int) -> Answer | None:
    """ "12GB显存够跑Transformer吗": no model named, a memory size (or a GPU) and a workload: the reference rule."""
    workload = getattr(query, "workload", None)
    memory_gb = (gpu.memory_gb * n if gpu else None) or getattr(query, "memory_gb", None)
    if workload not in FLOORS or not memory_gb:
        return None
    mac = gpu is None and bool(unlisted_mac(query))
    steps = [env.t("fit.rule_step")]
    if mac or (gpu is not None and hardware.gpu_memory_limit_gb(gpu) < (gpu.memory_gb or 0.0)):
        # a Mac: what macOS lets its GPU use of the unified memory decides what runs (§mem.apple)
        total, memory_gb = memory_gb, hardware.macos_gpu_limit_gb(memory_gb / n) * n
        steps.append(env.t("fit.rule_macos", total=f"{total:g}", gb=f"{memory_gb:g}"))
        mac_share = env.t("fit.rule_macos_lead", total=f"{total:g}", gb=f"{memory_gb:g}")
    else:
        mac_share = ""
    floor, key = FLOORS[workload]
    fits = memory_gb >= floor
    what = env.t(key)
    head = env.t("fit.rule_yes" if fits else "fit.rule_no", memory=f"{memory_gb:g}", floor=f"{floor:g}", rule=what)
    if workload == "image_generation":  # "is 8gb vram enough for stable diffusion": the models that fit lead
        from assistant.respond.capability import image_verdict

        computed, fits_some = image_verdict(env, memory_gb)
        if computed:
            steps.insert(0, head)
            head, fits = computed, fits_some
    if workload == "llm_inference":  # "12g显存能跑什么模型": the largest model that runs there, not only the rule
        from assistant.respond.fit_sizing import largest_llm

        biggest = largest_llm(env, memory_gb)
        largest = env.t("fit.rule_largest", model=biggest, memory=f"{memory_gb:g}") if biggest else ""
        at_all = bool(said("at_all_words", query.text, env))  # "is 8gb enough for anything llm": any model at all
        can_run = query.asked != "what_runs" and (at_all or not said("verdict_enough", query.text, env))
        if largest and not fits and can_run and gpu is None and (at_all or memory_gb >= floor / 2):  # "can 16gb run"
            head = env.t("fit.rule_smaller", memory=f"{memory_gb:g}", floor=f"{floor:g}", model=biggest)
            largest = ""  # a card named: _runs_smaller below gives the largest model's speed too
        if largest and query.asked == "what_runs":  # "what can a 3090 run": the model leads, the rule follows
            rule = env.t(
                "fit.rule_meets" if fits else "fit.rule_no", memory=f"{memory_gb:g}", floor=f"{floor:g}", rule=what
            )
            head = i18n.gap(env.lang).join([largest, rule])
        elif largest and gpu is not None and not fits and not query.asked:
            # "can my 1660 super run ollama": an owned card asked whether it CAN run LLMs runs the smaller ones;
            # the 24 GB rule is advice for buying, said after what it runs and how fast
            head = _runs_smaller(env, gpu, n, biggest or "", memory_gb, env.t(key))
        elif largest:
            head += i18n.gap(env.lang) + largest
    head = i18n.gap(env.lang).join(p for p in (head, mac_share) if p)  # "mac mini m4 24g": its GPU's share
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=[gpu.name] if gpu else [],
        workload=workload,
        choice=gpu.name if gpu and fits else None,
        steps=steps,
        figures={"vram_required_gb": floor, "fits": fits, "gpu_count": n, "memory_gb": memory_gb},
        sources=[
            "Tim Dettmers, 'Which GPU(s) to Get for Deep Learning' (2023), memory rules",
            "method: docs/model.md §rec",
        ],
        lang=env.lang,
    )


def _runs_smaller(env: Env, gpu, n: int, biggest: str, memory_gb: float, rule: str) -> str:
    """ "Yes, smaller models: ... about Qwen3 8B, at about 40 tokens/s ... Larger models want more: <rule>." The speed
    is batch-1 decode of that model at q4_k_m with a 4k context (§llm.decode)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    model = next((m for m in env.reader.models if m.name == biggest), None)
    tps = llm.decode_speed(gpu, model, "q4_k_m", context=4096, n_gpus=n).tokens_per_s if model else 0.0
    key = "fit.rule_runs_smaller" if tps else "fit.rule_runs_smaller_unrated"
    text = env.t(key, memory=f"{memory_gb:g}", model=biggest, tps=f"{tps:,.0f}", rule=rule)
    common = env.reader.model(CHAT_MODEL[0])  # "速度咋样": the 8B most people run, beside the largest
    if tps and common is not None and model is not None and (model.params_b or 0) > 2 * (common.params_b or 0):
        small = llm.decode_speed(gpu, common, CHAT_MODEL[1], context=4096, n_gpus=n).tokens_per_s
        text += env.t("fit.rule_common_speed", model=common.name, tps=f"{small:,.0f}") if small else ""
    return text


COMMON_CARD_GB = (8, 12, 16, 24, 32)  # single consumer cards people buy for local LLMs, by memory [A]
MOST_CARDS = 4  # beyond this many 24 GB cards the 4-bit lead is no home set-up: left out [A]


def _row_need(table: Table) -> float | None:
    """The GB of the table's 4-bit row (as people run a model locally), None without one."""
    row = next((r for r in table.rows if str(r[0]).lower().startswith("q4")), None)
    found = re.search(r"\d+(?:\.\d+)?", str(row[-1]).replace(",", "")) if row is not None else None
    return float(found.group()) if found else None


def single_card(query: FitQuery, need: float, env: Env) -> str:
    """ "想跑gpt-oss 120b 单卡够吗": one card asked of a model, no card named (lexicon single_card_words): whether a
    GeForce desktop card sold as made holds `need` GB, and if none does the smallest memory of one priced NVIDIA PCIe
    card that does, with up to three such cards, cheapest first (KB memory and prices); "" when one card is not
    asked."""
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.pricing import purchase_price
    from assistant.respond.variants import is_modified

    if not lexicon(env.lang).words_in("single_card_words", query.text.lower()):
        return ""
    cards = [
        g
        for g in env.reader.all_gpus()
        if g.vendor == "NVIDIA" and g.memory_gb and not (g.is_mobile or g.unified_memory or g.server_module)
    ]
    cards = [g for g in cards if not is_modified(g.name)]
    geforce = [g for g in cards if g.name.startswith("GeForce")]
    if not geforce:
        return ""
    values = dict(need=f"{need:.1f}")
    small = min((g for g in geforce if (g.memory_gb or 0) >= need), key=lambda g: (g.memory_gb, g.name), default=None)
    if small is not None:
        return env.t("fit.single_yes", **values, gb=f"{small.memory_gb:g}", card=small.short_name) + i18n.gap(env.lang)
    biggest = max(geforce, key=lambda g: (g.memory_gb, -len(g.name)))  # the RTX 5090 before the 5090 D
    values |= dict(biggest=biggest.short_name, big=f"{biggest.memory_gb:g}")
    priced = [(g, purchase_price(g.name, env)) for g in cards if (g.memory_gb or 0) >= need]
    holding = sorted(((g, p.usd) for g, p in priced if p), key=lambda gp: (gp[0].memory_gb, gp[1]))
    if not holding:
        return env.t("fit.single_none", **values) + i18n.gap(env.lang)
    gb = holding[0][0].memory_gb
    names = i18n.sep(env.lang).join([g.short_name for g, _ in holding if g.memory_gb == gb][:3])
    return env.t("fit.single_no", **values, gb=f"{gb:g}", cards=names) + i18n.gap(env.lang)


def _four_bit_first(table: Table, env: Env) -> str:
    """The least memory that runs the model as people run it (its 4-bit q4_k_m row) and the card that holds it: the
    smallest of COMMON_CARD_GB at or above it, else that many 24 GB cards; "" without a 4-bit row."""
    row = next((r for r in table.rows if str(r[0]).lower().startswith("q4")), None)
    if row is None:
        return ""
    found = re.search(r"\d+(?:\.\d+)?", str(row[-1]).replace(",", ""))
    if found is None:
        return ""
    need = float(found.group())
    card = next((gb for gb in COMMON_CARD_GB if gb >= need), None)
    if need > MOST_CARDS * 24:
        return ""  # "kimi k2 要多少显存": a server's worth, which the precisions and the cheapest sets answer
    if card is not None:
        held = env.t("fit.four_bit_card", gb=card)
    else:
        held = env.t("fit.four_bit_cards", n=-(-int(need * 10) // 240), gb=24)
    return env.t("fit.four_bit_first", prec=str(row[0]), need=f"{need:g}", held=held) + i18n.gap(env.lang)
