"""Concept leads about memory: GQA and the KV cache, LoRA ranks, why inference or training takes the memory it does.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- gqa: the KV cache per token with the model's KV heads against the same model with full multi-head attention
  (one KV head per query head), and at a context: the question's, else the model's maximum (§mem.kv).
- kv_size: the KV cache per token from the model's shape and at the context asked, 16-bit and 8-bit (§mem.kv).
- lora_rank: adapter parameters, their memory with fp32 weights, gradients and Adam states, and the whole (Q)LoRA
  run's memory at several ranks (§mem.lora, §mem.train; the fit answer's assumed set-up, respond/setup.py).
- why_inference_memory / why_memory: the memory model's parts at a format, or for a training method, in GB and bytes
  per parameter, then the other formats' or methods' totals (§mem.weights, §mem.train).
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import GIB, GQA_MODEL, Lead, named_or_example, size_text, with_notes, yes_word
from assistant.respond.env import Env
from assistant.respond.wording import num

LORA_MODEL = "llama-3-8b"  # the example of a model to fine-tune when none is named [A]


TYPICAL_RANKS = (
    8,
    16,
    64,
)  # PEFT's default, the fit answers' assumed rank, QLoRA's (knowledge/concepts.toml lora-rank)


RANK_SMALL_SHARE = 0.15  # the ranks shown change the run's memory by less than this share: "not much" [A]


def gqa(query: ExplainQuery, env: Env) -> Lead | None:
    model, note = named_or_example(query, env, GQA_MODEL)
    if model is None:
        return None
    heads = int(model.attention_heads or 0)
    kv = int(model.kv_heads or heads)
    context = int(query.context_tokens or model.context or 8192)
    full = dataclasses.replace(model, kv_heads=heads, attention="mha", kv_lora_rank=None)
    per, per_full = memory.kv_cache_bytes_per_token(model), memory.kv_cache_bytes_per_token(full)
    at, at_full = memory.kv_cache_bytes(model, context), memory.kv_cache_bytes(full, context)
    values = dict(
        model=model.name,
        kv=kv,
        heads=heads,
        per=size_text(per),
        per_full=size_text(per_full),
        at=size_text(at),
        at_full=size_text(at_full),
        ctx=f"{context:,}",
        ratio=f"{per_full / per:.1f}".removesuffix(".0"),
    )
    kind = (model.attention or "").lower()
    if kind == "mla":
        text = yes_word(query, env, True) + env.t("explain.gqa_mla", **values)
    elif kv >= heads:
        text = yes_word(query, env, False) + env.t("explain.gqa_none", **values)
    else:
        text = yes_word(query, env, True) + env.t("explain.gqa_lead", **values)
    figures = {"model": model.key, "kv_heads": kv, "heads": heads, "kv_bytes_per_token": per, "context": context}
    sources = env.cite(model.source, "docs/model.md §mem.kv")
    return Lead(text + (i18n.gap(env.lang) + note if note else ""), figures, sources)


def _ranks(query: ExplainQuery) -> tuple[int, ...]:
    named = tuple(sorted(set(query.ranks)))[:4]
    if len(named) >= 2:
        return named
    if len(named) == 1:
        return tuple(sorted({named[0], 8 if named[0] != 8 else 64}))
    return TYPICAL_RANKS


def image_lora_params(model, rank: int) -> float:
    """Adapter parameters of an image LoRA on the denoiser's attention projections (constants.IMAGE_LORA_PARAMS_PER_RANK
    per denoiser parameter per rank, §mem.image)."""
    from assistant.models import constants as C

    return C.IMAGE_LORA_PARAMS_PER_RANK * rank * (model.params_b or 0) * 1e9


def lora_rank(query: ExplainQuery, env: Env) -> Lead | None:
    from assistant.models import train_memory
    from assistant.models.train_memory import optimizer_bytes
    from assistant.respond.setup import estimate, memory_setup, setup_step

    named = env.reader.model(query.model.key) if query.model else None
    image = named is not None and named.kind == "image"  # "lora rank 32 vs 128 for flux": the denoiser's adapters
    model, note = (named, "") if image else named_or_example(query, env, LORA_MODEL)
    if model is None:
        return None
    mode = "qlora" if "qlora" in query.text.lower() and not image else "lora"
    w, g, s = optimizer_bytes("adamw", "fp32")
    rows = []
    setup = None
    for r in _ranks(query):
        asked = FitQuery(text=query.text, model=None, mode=mode, lora_rank=r)
        setup = memory_setup(model, asked, mode)
        total = estimate(model, setup, "fp16" if image else "bf16", 1, mode, asked).total_gb
        params = image_lora_params(model, r) if image else train_memory.lora_params(model, r)
        rows.append((r, params, params * (w + g + s) / 1e9, total))
    share = (rows[-1][3] - rows[0][3]) / rows[-1][3] if rows[-1][3] else 0.0
    items = i18n.listing(env.lang).join(
        env.t("explain.rank_item", r=r, params=num(p / 1e6, 0), gb=f"{gb:.1f}") for r, p, gb, _ in rows
    )
    totals = i18n.listing(env.lang).join(env.t("explain.rank_total", r=r, gb=f"{t:.1f}") for r, _, _, t in rows)
    opener = ""  # "对显存影响大吗", "does lora rank affect vram much": how much, first
    if query.asked == "yes_no":
        opener = env.t("explain.rank_small" if share < RANK_SMALL_SHARE else "explain.rank_large")
    text = opener + env.t(
        "explain.rank_lead_image" if image else "explain.rank_lead",
        model=model.name,
        items=items,
        method=env.t(f"fit.mode_{mode}"),
        totals=totals,
        billions=f"{model.params_b:.1f}",
    )
    text += i18n.gap(env.lang) + env.t("explain.rank_typical_image" if image else "explain.rank_typical")
    if note:
        text += i18n.gap(env.lang) + note
    figures = {"model": model.key, "ranks": [r for r, *_ in rows], "totals_gb": [round(t, 1) for *_, t in rows]}
    cited = ("concept-diffusers-lora-rank", "docs/model.md §mem.image") if image else ("docs/model.md §mem.lora",)
    out = Lead(text, figures, env.cite(model.source, *cited))
    if setup is not None:  # the set-up assumed, without the rank (the lead names every rank it shows)
        kept = tuple(item for item in setup.items if item[0] != "fit.item_rank")
        out.figures["setup"] = setup_step(env, dataclasses.replace(setup, items=kept))
    return out


def kv_size(query: ExplainQuery, env: Env) -> Lead | None:
    """ "how big is the kv cache for llama 3 70b at 32k": per token from the model's shape and at the context asked
    (else its maximum), 16-bit and 8-bit (§mem.kv). Only when a size is asked (concept_cues.model_concept): "kv cache
    explained like im 5" is the concept."""
    if query.asked != "kv_size":
        return None
    model, note = named_or_example(query, env, GQA_MODEL)
    if model is None:
        return None
    context = int(query.context_tokens or model.context or 8192)
    per = memory.kv_cache_bytes_per_token(model)
    at, at8 = memory.kv_cache_bytes(model, context), memory.kv_cache_bytes(model, context, "q8_0")
    values = dict(
        model=model.name,
        per=size_text(per),
        layers=int(model.layers or 0),
        kv=int(model.kv_heads or model.attention_heads or 0),
        dim=int(model.head_dim or 0),
        at=size_text(at),
        at8=size_text(at8),
        ctx=f"{context:,}",
    )
    key = "explain.kv_size_mla" if (model.attention or "").lower() == "mla" else "explain.kv_size"
    figures = {"model": model.key, "kv_bytes_per_token": per, "context": context, "kv_gb": round(at / GIB, 2)}
    sources = env.cite(model.source, "docs/model.md §mem.kv")
    text = env.t(key, **values)
    batch = _batch(query.text)
    if batch > 1:  # "at 32k context, batch 8": one cache per sequence
        text += i18n.gap(env.lang) + env.t(
            "explain.kv_size_batch", n=batch, all=size_text(at * batch), all8=size_text(at8 * batch)
        )
        figures["batch"], figures["kv_gb_batch"] = batch, round(at * batch / GIB, 2)
    return Lead(with_notes(text, env, note), figures, sources)


_BATCH = re.compile(
    r"batch(?:\s*size)?\s*(?:of|=|:)?\s*(\d+)|(\d+)\s*(?:concurrent|parallel|simultaneous|users|sequences|requests|个?并发|路并发)",
    re.IGNORECASE,
)


def _batch(text: str) -> int:
    """The sequences held at once the question says ("batch 8", "16 concurrent users", "8并发"), 1 when none."""
    found = _BATCH.search(text)
    return int(found.group(1) or found.group(2)) if found else 1


def why_inference_memory(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why does llama 70b need 40gb of vram": inference memory's parts (weights at their bits per weight, KV cache at
    the default context, buffers and CUDA context) at the format nearest the memory stated, else q4_k_m, and the other
    formats' totals (§mem.weights, §mem.kv)."""
    from assistant.respond.fit_sizing import moe_basis, sized_model

    if query.asked != "why_memory":
        return None
    model, _ = sized_model(FitQuery(text=query.text, model=query.model, params_b=query.params_b), env)
    if model is None or model.kind != "llm":
        return None
    est = {q: memory.inference_memory(model, q) for q in ("q4_k_m", "q8_0", "fp16")}
    # the format whose total is nearest the memory the user sees ("a 7b model takes 14gb" is fp16), else 4-bit
    stated = query.stated_gb
    shown = min(est, key=lambda q: abs(est[q].total_gb - stated)) if stated else "q4_k_m"
    parts = dict(est[shown].components)
    weights, kv = parts.get("weights", 0.0), parts.get("KV cache", 0.0)
    others = i18n.listing(env.lang).join(
        env.t("explain.other_total", method=q, gb=f"{est[q].total_gb:.1f}") for q in est if q != shown
    )
    text = env.t(
        "explain.why_inference_memory",
        model=model.name,
        fmt=shown,
        w=f"{weights:.1f}",
        bpw=f"{memory.bits_per_weight(shown):.2f}".rstrip("0").rstrip("."),
        kv=f"{kv:.1f}",
        ctx=f"{memory.default_context(model):,}",
        rest=f"{est[shown].total_gb - weights - kv:.1f}",
        total=f"{est[shown].total_gb:.1f}",
        others=others,
    )
    if basis := moe_basis(model, env):  # "moe 显存按 30b 算还是 3b 算": total holds, active runs
        text = basis + i18n.gap(env.lang) + text
    figures = {"model": model.key, "format": shown, "total_gb": round(est[shown].total_gb, 1)}
    return Lead(text, figures, env.cite(model.source, "docs/model.md §mem.weights"))


_TRAIN_MODES = {"full-finetune": "full_finetune", "lora": "lora", "qlora": "qlora"}


WHY_MEMORY_PARAMS_B = 7.0  # the size the memory of training is shown for when the question names none [A]


def _per_param(b: float) -> str:
    """Bytes per parameter as said: whole bytes (2, 12), a decimal under 2 (a 4-bit base is 0.7)."""
    return f"{b:.0f}" if b >= 1.95 else f"{b:.1f}"


def why_memory(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why does a 7b model need 100+gb to fully finetune": the memory model's parts for the method asked, in GB and
    bytes per parameter, then the whole of the other methods and of inference (§mem.train, §mem.lora)."""
    from assistant.respond.fit_sizing import sized_model
    from assistant.respond.setup import estimate, memory_setup, setup_step

    mode = _TRAIN_MODES.get(query.concept)
    if query.asked != "why_memory" or mode is None:
        return None
    params = query.params_b if query.model is None else None
    sized = FitQuery(
        text=query.text, model=query.model, params_b=params or (None if query.model else WHY_MEMORY_PARAMS_B)
    )
    model, _ = sized_model(sized, env)
    if model is None:
        return None
    totals: dict[str, float] = {}
    parts: tuple[tuple[str, float], ...] = ()
    setup = None
    for m in ("full_finetune", "lora", "qlora", "inference"):
        asked = FitQuery(text=query.text, model=None, mode=m)
        setup_m = memory_setup(model, asked, m)
        est = estimate(model, setup_m, "bf16", 1, m, asked)
        totals[m] = est.total_gb
        if m == mode:
            parts, setup = est.components, setup_m
    n = (model.params_b or 0) * 1e9
    items = i18n.listing(env.lang).join(
        env.t("explain.part_bytes", part=env.term(name), gb=f"{gb:.1f}", bytes=_per_param(gb * GIB / n))
        if name in ("weights", "gradients", "optimizer states", "frozen weights") and n
        else env.t("explain.part", part=env.term(name), gb=f"{gb:.1f}")
        for name, gb in parts
        if gb >= 0.05
    )
    others = i18n.listing(env.lang).join(
        env.t("explain.other_total", method=env.t(f"fit.mode_{m}"), gb=f"{totals[m]:.1f}") for m in totals if m != mode
    )
    text = env.t(
        "explain.why_memory",
        method=env.t(f"fit.mode_{mode}"),
        model=model.name,
        items=items,
        total=f"{totals[mode]:.1f}",
        others=others,
    )
    example = "" if query.model or query.params_b else env.t("explain.example_model", model=model.name)
    figures = {"model": model.key, "total_gb": round(totals[mode], 1), "parts": dict(parts)}
    if setup is not None:
        figures["setup"] = setup_step(env, setup)
    return Lead(with_notes(text, env, example), figures, env.cite(model.source, "docs/model.md §mem.train"))


def oom_fix(query: ExplainQuery, env: Env) -> Lead | None:
    """Out of memory with the run's batch said ("3090训练bert batch 64 怎么改", "训练lora爆显存了 batch 8 怎么办"): the
    first change leads, the batch halved with gradient accumulation keeping the effective batch (activations grow
    with the batch, docs/model.md §mem.train), and the pasted line's figures when there is one (first when the
    question asks what is going on rather than what to change)."""
    line = oom_line(query, env)
    if not query.batch or query.batch < 2:
        return line
    half = query.batch // 2
    text = env.t("explain.oom_batch", batch=query.batch, half=half, quarter=max(half // 2, 1))
    if line is None:
        return Lead(text, {"batch": query.batch, "halved": half}, [])
    # "... whats going on": the line's meaning first; "... 怎么改" (a fix asked, lexicon fix_asks): the change first
    fix_first = lexicon(env.lang).words_in("fix_asks", f" {query.text.lower()} ")
    parts = [text, line.text] if fix_first else [line.text, text]
    return Lead(i18n.gap(env.lang).join(parts), line.figures | {"batch": query.batch}, line.sources)


def oom_line(query: ExplainQuery, env: Env) -> Lead | None:
    """PyTorch's out-of-memory line pasted: the amount asked for against what the line says was held and what the
    card has (the line's own figures), and fragmentation when the memory reserved but unallocated exceeds the request
    (concept-torch-cuda-alloc: expandable_segments)."""
    if query.asked != "oom_line" or not query.oom_gib:
        return None
    tried, total, held, spare, free = (*query.oom_gib, None, None, None, None, None)[:5]
    if tried is None:
        return None
    values = dict(tried=f"{tried:.2f}", total=f"{total or 0:.2f}", held=f"{held or 0:.2f}", free=f"{free or 0:.2f}")
    if held is not None and total:
        values["need"] = f"{held + tried:.2f}"
        text = env.t("explain.oom_line", **values)
    elif free is not None and total:  # "GPU 0 has a total capacity of 23.65 GiB of which 1.12 GiB is free"
        text = env.t("explain.oom_line_free", **values)
    else:
        text = env.t("explain.oom_line_short", **values)
    if spare is not None and spare >= tried:
        text += i18n.gap(env.lang) + env.t("explain.oom_fragmented", spare=f"{spare:.2f}", tried=f"{tried:.2f}")
    figures = {"oom_gib": [v for v in query.oom_gib]}
    return Lead(text, figures, env.cite("concept-torch-cuda-alloc"))


VLLM_SHARE = 0.9  # vLLM's default gpu_memory_utilization (concept-vllm-gpu-mem-util)
_VLLM_QUANTS = {"int4": "int4", "awq": "int4", "gptq": "int4", "fp8": "fp8", "int8": "int8"}  # named -> loaded


def vllm_concurrency(query: ExplainQuery, env: Env) -> Lead | None:
    """vLLM's "Maximum concurrency for N tokens per request: Xx": its KV cache holds X x N tokens, X requests of N
    tokens at once (more when shorter); with a model named, the cache's GB from the model's shape (§mem.kv)."""
    if query.asked != "vllm_concurrency" or len(query.concurrency) != 2:
        return None
    per, times = query.concurrency
    tokens = per * times
    text = env.t("explain.vllm_concurrency", per=f"{per:,.0f}", times=f"{times:g}", tokens=f"{tokens:,.0f}")
    named = env.reader.model(query.model.key) if query.model else None
    sources: list[str] = []
    if named is not None and named.kind == "llm" and named.layers:
        size = memory.kv_cache_bytes_per_token(named) * tokens
        text += i18n.gap(env.lang) + env.t(
            "explain.vllm_concurrency_gb",
            model=named.name,
            per=size_text(memory.kv_cache_bytes_per_token(named)),
            gb=f"{size / GIB:.1f}",
        )
        sources = env.cite(named.source, "docs/model.md §mem.kv")
    return Lead(text, {"kv_tokens": round(tokens), "requests": times}, sources)


def vllm_no_cache(query: ExplainQuery, env: Env) -> Lead | None:
    """vLLM's "No available memory for the cache blocks": the weights it loads (16-bit unless a quantized format is
    named) against its share of the card (gpu_memory_utilization, 0.9 by default): what is left for the KV cache."""
    named = [g.name for g in query.gpus if g.name]
    model = env.reader.model(query.model.key) if query.model else None
    if query.asked != "vllm_no_cache" or not named or model is None or model.kind != "llm":
        return None
    gpu = env.gpu(named[0])
    if not gpu.memory_gb:
        return None
    fmt = next((_VLLM_QUANTS[p] for p in query.precisions if p in _VLLM_QUANTS), "fp16")
    weights = memory.weights_gb(model, fmt)
    share = gpu.memory_gb * VLLM_SHARE
    values = dict(model=model.name, fmt=fmt, w=f"{weights:.1f}", gpu=gpu.short_name, mem=num(gpu.memory_gb))
    values |= dict(share=f"{share:.1f}", left=f"{share - weights:.1f}")
    key = "explain.vllm_no_cache_over" if weights >= share else "explain.vllm_no_cache_tight"
    figures = {"gpu": gpu.name, "model": model.key, "weights_gb": round(weights, 1), "vllm_gb": round(share, 1)}
    return Lead(env.t(key, **values), figures, env.cite(model.source, "concept-vllm-gpu-mem-util"))


def moe_of_model(query: ExplainQuery, env: Env) -> Lead | None:
    """ "它是moe吧，激活多少" about Llama 4 Scout, "is it moe? how many active": that model's total and active
    parameters (memory by all of them, speed by the active ones), or that it is a dense model; None with no model."""
    from assistant.respond.fit_sizing import moe_basis, sized_model

    if query.model is None:
        return None
    model, _ = sized_model(FitQuery(text=query.text, model=query.model), env)
    if model is None or model.kind != "llm":
        return None
    text = moe_basis(model, env)
    if not text and (model.experts or 0) > 1:
        return None  # experts without an active count on record: the concept alone answers
    text = text or env.t("explain.moe_dense", model=model.name, total=f"{model.params_b:.3g}")
    return Lead(text, {"model": model.key, "moe": (model.experts or 0) > 1}, env.cite(model.source))


DRAFT_MODEL, TARGET_MODEL = "llama-3.2-1b", "llama-3.3-70b"  # a usual pairing (same tokenizer), for scale [A]


def draft_memory(query: ExplainQuery, env: Env) -> Lead | None:
    """ "does the draft model eat a lot of extra vram": what a small draft model takes beside its target, worked out
    for a usual pairing (Llama 3.2 1B at q8_0 drafting for Llama 3.3 70B at q4_k_m, 4k context; §mem), only when
    memory is asked."""
    if not lexicon(env.lang).words_in("memory_asked_words", f" {query.text.lower()} "):
        return None
    draft, target = env.reader.model(DRAFT_MODEL), env.reader.model(TARGET_MODEL)
    if draft is None or target is None:
        return None
    small = memory.inference_memory(draft, "q8_0", context=4096).total_gb
    big = memory.inference_memory(target, "q4_k_m", context=4096).total_gb
    text = env.t(
        "explain.draft_memory",
        draft=draft.name,
        target=target.name,
        small=f"{small:.1f}",
        big=f"{big:.1f}",
        share=f"{small / big * 100:.0f}",
    )
    figures = {"draft_gb": round(small, 2), "target_gb": round(big, 2)}
    return Lead(text, figures, env.cite(draft.source, target.source, "docs/model.md §mem"))
