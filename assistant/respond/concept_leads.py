"""Leads that answer what a concept question asks, first, with the numbers of the model or GPU it names.

Contract: `lead(query, key, env)` returns a `Lead` (the sentences that answer the question, the figures behind them
and the source ids of the model or GPU they use) or None when concept `key` has no computed lead or the question
gives nothing to fill it with; explain.respond then puts the lead first and the concept's text after it. A model or
GPU the question does not name is replaced by a reference one, and the sentence says so. Pure; never raises.

- gqa: the KV cache per token with the model's KV heads against the same model with full multi-head attention
  (one KV head per query head), and at a context: the question's, else the model's maximum (§mem.kv).
- lora-rank: adapter parameters, their memory with fp32 weights, gradients and Adam states, and the whole (Q)LoRA
  run's memory at several ranks (§mem.lora, §mem.train; the fit answer's assumed set-up, respond/setup.py).
- quant-quality: per number format named, the perplexity llama.cpp's table adds (GGUF formats) or the finding of the
  Red Hat study (FP8, INT8, INT4 weights) (knowledge/quant_quality.toml).
- cloud-marketplace with a card named: the card's rate at the marketplace named, before what decides reliability there.
- any concept asked yes / no ("does flash attention reduce vram usage"): the answer of knowledge/concept_answers.toml
  whose effect the question names, when no lead above applies.
- memory-bandwidth asked why a card is slow ("why is a 4060 ti so slow for llms"): the card's bus and bandwidth
  against a reference card (the second card named, else the RTX 3090, else the RTX 4090 for the RTX 3090 itself)
  and the single-user tokens/s of the model named, else of the common local model (§llm.decode).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from assistant import i18n
from assistant.models import memory
from assistant.queries import ExplainQuery, FitQuery
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source

GQA_MODEL = "llama-3.1-8b"  # the example of a GQA model when none is named (its 128k context shows the cache) [A]
LORA_MODEL = "llama-3-8b"  # the example of a model to fine-tune when none is named [A]
TYPICAL_RANKS = (
    8,
    16,
    64,
)  # PEFT's default, the fit answers' assumed rank, QLoRA's (knowledge/concepts.toml lora-rank)
RANK_SMALL_SHARE = 0.15  # the ranks shown change the run's memory by less than this share: "not much" [A]
REFERENCE_GPUS = (
    "GeForce RTX 3090",
    "GeForce RTX 4090",
)  # what a slow card's bandwidth is set against (3090 = the speed reference)
KIB, GIB = 1024.0, 1024.0**3


@dataclass
class Lead:
    """The sentences that answer a concept question first, the figures behind them and their cited sources."""

    text: str
    figures: dict = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)  # cited lines (env.cite, spec_source)


def lead(query: ExplainQuery, key: str, env: Env) -> Lead | None:
    build = _LEADS.get(key)
    try:
        found = build(query, env) if build is not None else None
    except (LookupError, ValueError, ZeroDivisionError, TypeError):
        found = None  # a model or GPU without the figures a lead needs: the concept alone answers
    return found or _stated(query, key, env)


def _says(text: str, words: list[str]) -> bool:
    spaced = " " + " ".join(text.lower().replace("?", " ").replace(",", " ").split()) + " "
    return any(f" {w} " in spaced if w.isascii() else w in text for w in words)


def _stated(query: ExplainQuery, key: str, env: Env) -> Lead | None:
    """ "does flash attention reduce vram usage": the yes / no of knowledge/concept_answers.toml whose effect (and
    object, when it names one) the question says; None when none matches or the question is not a yes / no."""
    from assistant import paths
    from assistant.kb.files import read_toml

    if query.asked != "yes_no":
        return None
    for answer in read_toml(paths.knowledge_dir() / "concept_answers.toml").get("answer", []):
        if answer["concept"] != key or not _says(query.text, answer["effects"]):
            continue
        if answer.get("objects") and not _says(query.text, answer["objects"]):
            continue
        text = answer.get(env.lang) or answer["en"]  # the answer in the question's language
        return Lead(text, {"stated_answer": key}, env.cite(answer["source"]))
    return None


def _model(query: ExplainQuery, env: Env, example: str):
    """The model named (an LLM with its shape), else the example model and a note saying it is one."""
    named = env.reader.model(query.model.key) if query.model else None
    if named is not None and named.kind == "llm" and named.layers:
        return named, ""
    model = env.reader.model(example)
    return model, env.t("explain.example_model", model=model.name) if model else ""


def _yes(query: ExplainQuery, env: Env, yes: bool) -> str:
    return env.t("explain.yes" if yes else "explain.no") if query.asked == "yes_no" else ""


def _bytes(n: float) -> str:
    if n < 1024 * KIB:
        return f"{num(n / KIB, 0)} KiB"
    if n < GIB:
        return f"{num(n / KIB / KIB, 0)} MiB"
    return f"{num(n / GIB, 1)} GiB"


def _gqa(query: ExplainQuery, env: Env) -> Lead | None:
    model, note = _model(query, env, GQA_MODEL)
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
        per=_bytes(per),
        per_full=_bytes(per_full),
        at=_bytes(at),
        at_full=_bytes(at_full),
        ctx=f"{context:,}",
        ratio=f"{per_full / per:.1f}".removesuffix(".0"),
    )
    kind = (model.attention or "").lower()
    if kind == "mla":
        text = _yes(query, env, True) + env.t("explain.gqa_mla", **values)
    elif kv >= heads:
        text = _yes(query, env, False) + env.t("explain.gqa_none", **values)
    else:
        text = _yes(query, env, True) + env.t("explain.gqa_lead", **values)
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


def _lora_rank(query: ExplainQuery, env: Env) -> Lead | None:
    from assistant.models import train_memory
    from assistant.models.train_memory import optimizer_bytes
    from assistant.respond.setup import estimate, memory_setup, setup_step

    named = env.reader.model(query.model.key) if query.model else None
    image = named is not None and named.kind == "image"  # "lora rank 32 vs 128 for flux": the denoiser's adapters
    model, note = (named, "") if image else _model(query, env, LORA_MODEL)
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


def _asked_llm(query: ExplainQuery, env: Env):
    """The LLM the question names, or for "at 70b" a KB model of that size (respond/fit.sized_model); None otherwise."""
    from assistant.respond.fit import sized_model

    if query.model is None and not query.params_b:
        return None
    model, _ = sized_model(FitQuery(text=query.text, model=query.model, params_b=query.params_b), env)
    return model if model is not None and model.kind == "llm" else None


def _spill(query: ExplainQuery, gpu, model, quant: str, env: Env) -> Lead | None:
    """A model larger than the card asked why slow: the part over its memory runs from system RAM (§llm.offload)."""
    from assistant.models import constants as C
    from assistant.models import llm

    need = memory.inference_memory(model, quant).total_gb
    if not gpu.memory_gb or need <= gpu.memory_gb:
        return None
    weights = memory.weights_gb(model, quant)
    fitted = llm.decode_speed(gpu, model, quant, context=1024).tokens_per_s
    offloaded = need - gpu.memory_gb
    tps = llm.offload_tokens_per_s(fitted, weights, offloaded) if offloaded < weights else 0.0
    values = dict(
        gpu=gpu.short_name,
        mem=num(gpu.memory_gb),
        model=model.name,
        quant=quant,
        need=f"{need:.1f}",
        off=f"{offloaded:.1f}",
        ram=f"{C.SYSTEM_RAM_GB_S:g}",
        tps=f"{tps:.1f}",
        fitted=num(fitted, 0),
    )
    key = "explain.slow_spill" if tps > 0 else "explain.slow_spill_most"
    figures = {"gpu": gpu.name, "model": model.key, "needed_gb": round(need, 1), "offloaded_gb": round(offloaded, 1)}
    figures["tokens_per_s"] = round(tps, 1)
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.offload")]
    return Lead(env.t(key, **values), figures, sources)


def _slow_card(query: ExplainQuery, env: Env) -> Lead | None:
    from assistant.respond.pricing import CHAT_MODEL, chat_tokens_per_s

    if query.asked != "why_slow":
        return None
    named = [g.name for g in query.gpus if g.name]
    if not named:
        return None
    gpu = env.gpu(named[0])
    if not gpu.memory_bandwidth_gb_s:
        return None
    ref_name = next((n for n in named[1:] if n != gpu.name), None)
    if ref_name is None:
        ref_name = REFERENCE_GPUS[1] if gpu.name == REFERENCE_GPUS[0] else REFERENCE_GPUS[0]
    ref = env.gpu(ref_name)
    model = _asked_llm(query, env) or env.reader.model(CHAT_MODEL[0])
    if model is None:
        return None
    quant = CHAT_MODEL[1]
    spill = _spill(query, gpu, model, quant, env)  # "why is my 4090 so slow at 70b": the model does not fit
    if spill is not None:
        return spill
    tps, ref_tps = chat_tokens_per_s(model, quant, gpu), chat_tokens_per_s(model, quant, ref)
    bus = env.t("explain.slow_bus", bits=gpu.memory_bus_bits) if gpu.memory_bus_bits else ""
    values = dict(
        gpu=gpu.short_name,
        mem=num(gpu.memory_gb),
        bus=bus,
        bw=num(gpu.memory_bandwidth_gb_s, 0),
        ref=ref.short_name,
        ref_bw=num(ref.memory_bandwidth_gb_s, 0),
        ratio=f"{(ref.memory_bandwidth_gb_s or 0) / gpu.memory_bandwidth_gb_s:.1f}",
        model=model.name,
        quant=quant,
        tps=num(tps, 0),
        ref_tps=num(ref_tps, 0),
    )
    slower = (ref.memory_bandwidth_gb_s or 0) > gpu.memory_bandwidth_gb_s
    text = env.t("explain.slow_lead" if slower else "explain.slow_not_bandwidth", **values)
    figures = {
        "gpu": gpu.name,
        "reference": ref.name,
        "tokens_per_s": round(tps, 1),
        "reference_tokens_per_s": round(ref_tps, 1),
    }
    sources = [spec_source(gpu, env), spec_source(ref, env), *env.cite(model.source, "docs/model.md §llm.decode")]
    return Lead(text, figures, sources)


def _quality_table() -> dict:
    from assistant import paths
    from assistant.kb.files import read_toml

    return read_toml(paths.knowledge_dir() / "quant_quality.toml")


def _quant_quality(query: ExplainQuery, env: Env) -> Lead | None:
    table = _quality_table()
    ppl, study = table["perplexity"], table["study"]
    parts, ids, with_ppl = [], [], False
    for p in query.precisions:
        if p in ("fp16", "bf16"):
            parts.append(env.t("explain.quality_reference", p=p.upper()))
            continue
        if p in study["finding"]:
            parts.append(env.t(f"explain.quality_{study['finding'][p]}", p=p.upper()))
            ids.append(study["source"])
        gguf = p if p in ppl["added"] else ppl["like"].get(p)  # "4bit" run locally is usually Q4_K_M
        if gguf in ppl["added"] and gguf not in query.precisions[: query.precisions.index(p)]:
            added = ppl["added"][gguf]
            share = f"{100 * added / ppl['base']:.2f}"
            parts.append(env.t("explain.quality_ppl", p=gguf.upper(), added=f"{added:.4f}", share=share))
            ids += [ppl["source"], ppl["base_source"]]
            with_ppl = True
    if not ids:
        return None  # no format with a published figure named: the concept's text has them all
    key = "explain.quality_lead_ppl" if with_ppl else "explain.quality_lead"
    text = env.t(key, items=i18n.listing(env.lang).join(parts), base=f"{ppl['base']:.2f}")
    return Lead(text, {"precisions": list(query.precisions)}, env.cite(*dict.fromkeys(ids)))


def _market_rate(query: ExplainQuery, env: Env) -> Lead | None:
    """ "vast.ai 3090 hourly rate, is it actually reliable": the rate of the card at the marketplace named, then the
    reliability concept."""
    named = [g.name for g in query.gpus if g.name]
    text = query.text.lower()
    if not named:  # "is runpod reliable for a 3 day training run": its two clouds first, then the marketplace
        runpod = "runpod" in text.replace(" ", "")
        return Lead(env.t("explain.market_runpod"), {}, env.cite("concept-runpod-cloud-types")) if runpod else None
    gpu = env.gpu(named[0])
    rates = [r for r in env.reader.cloud_rates(gpu.name) if r.provider.lower().split(".")[0] in text]
    if not rates:
        return None
    rate = min(rates, key=lambda r: r.on_demand_usd_per_gpu_hour)
    spot = (
        env.t("explain.market_spot", spot=env.money_total(rate.spot_usd_per_gpu_hour))
        if rate.spot_usd_per_gpu_hour
        else ""
    )
    usd = rate.on_demand_usd_per_gpu_hour
    values = dict(gpu=gpu.short_name, provider=rate.provider, rate=env.money_total(usd), spot=spot, date=rate.observed)
    text_out = env.t("explain.market_rate", **values)
    return Lead(text_out, {"provider": rate.provider, "usd_per_gpu_hour": usd}, env.cite(rate.source))


def _card(query: ExplainQuery, env: Env):
    """The first GPU named, else the reference card (the RTX 3090) and a note saying it is an example."""
    named = [g.name for g in query.gpus if g.name]
    if named:
        return env.gpu(named[0]), ""
    gpu = env.gpu(REFERENCE_GPUS[0])
    return gpu, env.t("explain.example_card", gpu=gpu.short_name)


def _chat_model(query: ExplainQuery, env: Env, example: str):
    """The LLM named, else the example model (the common local one) and a note saying it is one."""
    named = env.reader.model(query.model.key) if query.model else None
    if named is not None and named.kind == "llm" and named.layers:
        return named, ""
    model = env.reader.model(example)
    return model, env.t("explain.example_model", model=model.name) if model else ""


def _with_notes(text: str, env: Env, *notes: str) -> str:
    return text + "".join(i18n.gap(env.lang) + n for n in notes if n)


def _speed_bound(query: ExplainQuery, env: Env) -> Lead | None:
    """ "what does tokens per second depend on, bandwidth or compute?": the card's bandwidth ceiling for one user
    (bandwidth / weight bytes), the modelled decode speed, and the compute-bound prompt speed (§llm.decode,
    §llm.prefill)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "speed_bound":
        return None
    gpu, card_note = _card(query, env)
    model, model_note = _chat_model(query, env, CHAT_MODEL[0])
    if model is None or not gpu.memory_bandwidth_gb_s:
        return None
    quant = CHAT_MODEL[1]
    weights = memory.weights_gb(model, quant)
    decode = llm.decode_speed(gpu, model, quant, context=1024).tokens_per_s
    prefill = llm.prefill_speed(gpu, model, quant).tokens_per_s
    if decode <= 0 or prefill <= 0:
        return None
    text = env.t(
        "explain.speed_bound",
        gpu=gpu.short_name,
        bw=num(gpu.memory_bandwidth_gb_s, 0),
        model=model.name,
        quant=quant,
        gb=f"{weights:.1f}",
        ceiling=num(gpu.memory_bandwidth_gb_s * 1e9 / (weights * GIB), 0),  # GB/s are decimal, memory GB binary
        tps=num(decode, 0),
        prefill=num(prefill, 0),
    )
    figures = {"gpu": gpu.name, "tokens_per_s": round(decode, 1), "prefill_tokens_per_s": round(prefill, 1)}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.decode")]
    return Lead(_with_notes(text, env, card_note, model_note), figures, sources)


_TRAIN_MODES = {"full-finetune": "full_finetune", "lora": "lora", "qlora": "qlora"}
WHY_MEMORY_PARAMS_B = 7.0  # the size the memory of training is shown for when the question names none [A]


def _per_param(b: float) -> str:
    """Bytes per parameter as said: whole bytes (2, 12), a decimal under 2 (a 4-bit base is 0.7)."""
    return f"{b:.0f}" if b >= 1.95 else f"{b:.1f}"


def _why_memory(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why does a 7b model need 100+gb to fully finetune": the memory model's parts for the method asked, in GB and
    bytes per parameter, then the whole of the other methods and of inference (§mem.train, §mem.lora)."""
    from assistant.respond.fit import sized_model
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
    return Lead(_with_notes(text, env, example), figures, env.cite(model.source, "docs/model.md §mem.train"))


def _second_card(query: ExplainQuery, env: Env) -> Lead | None:
    """ "my 2nd gpu barely speeds up training (2x 4070 super)": what two of those cards should give with data
    parallelism on their link (models/scaling.training_scaling), so the shortfall is measured against it."""
    from assistant.models import scaling
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.scaling import bare_link

    named = [g.name for g in query.gpus if g.name]
    gpu = env.gpu(named[0]) if named else env.gpu(REFERENCE_GPUS[0])
    count = max([g.count for g in query.gpus if g.name] + [2])
    text_l = f" {query.text.lower()} "
    bridged = "nvlink" in text_l and not lexicon(env.lang).words_in("link_lack_words", text_l)
    own = scaling.link(gpu, count)  # a bridge the user does not mention is not assumed: most pairs run without one
    group = scaling.training_scaling([gpu] * count, via=None if own != "nvlink" or bridged else bare_link(gpu))
    if group.speedup <= 0:
        return None
    link = env.t(f"explain.link_{group.link}") if group.link in LINKS else group.link
    text = env.t(
        "explain.second_card",
        n=count,
        gpu=gpu.short_name,
        speedup=f"{group.speedup:.2f}",
        link=link,
    )
    note = "" if named else env.t("explain.example_card", gpu=gpu.short_name)
    figures = {"gpu": gpu.name, "n_gpus": count, "speedup": round(group.speedup, 2)}
    return Lead(
        _with_notes(text, env, note), figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.multigpu")]
    )


LINKS = ("nvswitch", "nvlink", "pcie", "pcie_host", "infiniband")  # models/constants.DP_OVERHEAD_PER_DOUBLING keys
OFFLOAD_MODEL = "llama-3-70b"  # the example of a model that does not fit one card [A]


def _offload_speed(query: ExplainQuery, env: Env) -> Lead | None:
    """ "显存不够 模型放内存里跑会慢多少": the model named (else Llama 3 70B) at q4_k_m on the card named (else the
    RTX 3090), the weights that do not fit read from system RAM (§llm.offload), against all in VRAM and all in RAM."""
    from assistant.models import constants as C
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "offload_speed":
        return None
    gpu, card_note = _card(query, env)
    model, model_note = _chat_model(query, env, OFFLOAD_MODEL)
    if model is None or not gpu.memory_bandwidth_gb_s or not gpu.memory_gb:
        return None
    quant = CHAT_MODEL[1]
    weights = memory.weights_gb(model, quant)
    need = memory.inference_memory(model, quant, context=1024).total_gb
    offloaded = need - gpu.memory_gb
    on_gpu = llm.decode_speed(gpu, model, quant, context=1024).tokens_per_s
    if on_gpu <= 0:
        return None
    all_ram = C.SYSTEM_RAM_GB_S * 1e9 / (weights * GIB)  # every weight read from RAM once per token
    values = dict(
        ram=f"{C.SYSTEM_RAM_GB_S:g}",
        bw=num(gpu.memory_bandwidth_gb_s, 0),
        gpu=gpu.short_name,
        times=f"{gpu.memory_bandwidth_gb_s / C.SYSTEM_RAM_GB_S:.0f}",
        model=model.name,
        quant=quant,
        gb=f"{weights:.1f}",
        on_gpu=num(on_gpu, 0),
        all_ram=f"{all_ram:.1f}",
    )
    if 0 < offloaded < weights:
        split = llm.offload_tokens_per_s(on_gpu, weights, offloaded)
        text = env.t("explain.offload_speed", off=f"{offloaded:.1f}", split=f"{split:.1f}", **values)
    else:
        split = on_gpu if offloaded <= 0 else all_ram
        text = env.t("explain.offload_speed_whole", **values)
    figures = {"gpu": gpu.name, "model": model.key, "offloaded_gb": round(max(offloaded, 0.0), 1)}
    figures |= {"tokens_per_s": round(split, 1), "on_gpu_tokens_per_s": round(on_gpu, 1)}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.offload")]
    return Lead(_with_notes(text, env, card_note, model_note), figures, sources)


CONTEXT_SHORT, CONTEXT_LONG = 1024, 32768  # the two contexts a slowdown by context is shown at [A]


def _context_speed(query: ExplainQuery, env: Env) -> Lead | None:
    """ "does longer context slow down generation": decode speed at a short and a long context (the KV cache read per
    token grows with it, §llm.decode) and the time to read the long prompt first (§llm.prefill)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "context_speed":
        return None
    gpu, card_note = _card(query, env)
    model, model_note = _chat_model(query, env, GQA_MODEL)  # a 128k-context model, so the long context is its own
    if model is None:
        return None
    quant, long = CHAT_MODEL[1], min(query.context_tokens or CONTEXT_LONG, int(model.context or CONTEXT_LONG))
    short = llm.decode_speed(gpu, model, quant, context=CONTEXT_SHORT).tokens_per_s
    far = llm.decode_speed(gpu, model, quant, context=long).tokens_per_s
    prefill = llm.prefill_speed(gpu, model, quant, prompt=long).tokens_per_s
    if short <= 0 or far <= 0 or prefill <= 0:
        return None
    text = env.t(
        "explain.context_speed",
        model=model.name,
        quant=quant,
        gpu=gpu.short_name,
        short=f"{CONTEXT_SHORT:,}",
        long=f"{long:,}",
        t1=num(short, 0),
        t2=num(far, 0),
        kv=f"{memory.kv_cache_bytes(model, long) / GIB:.1f}",
        pre=f"{long / prefill:.0f}",
    )
    figures = {"tokens_per_s": round(short, 1), "long_tokens_per_s": round(far, 1), "long_context": long}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.decode")]
    return Lead(_with_notes(_yes(query, env, True) + text, env, card_note, model_note), figures, sources)


POOL_MODEL = "llama-3-70b"  # the example of a model that needs two 24 GB cards [A]


def _pooled(query: ExplainQuery, env: Env) -> Lead | None:
    """ "does nvlink pool the vram of two 3090s into 48gb": no single pool; the model split across the cards (a layer
    split or tensor parallelism, §llm.mixed) runs on their memory together, bridge or not."""
    from assistant.models import scaling
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "pool":
        return None
    named = [g for g in query.gpus if g.name]
    gpu = env.gpu(named[0].name) if named else env.gpu(REFERENCE_GPUS[0])
    n = max([g.count for g in named] + [2])
    model, model_note = _chat_model(query, env, POOL_MODEL)
    if model is None or not gpu.memory_gb:
        return None
    need = memory.inference_memory(model, CHAT_MODEL[1], context=4096).total_gb
    bridge = "" if scaling.link(gpu, 2) == "nvlink" else env.t("explain.pool_no_bridge", gpu=gpu.short_name)
    text = env.t(
        "explain.pool",
        n=n,
        gpu=gpu.short_name,
        mem=num(gpu.memory_gb),
        total=num(gpu.memory_gb * n),
        model=model.name,
        quant=CHAT_MODEL[1],
        need=f"{need:.1f}",
    )
    note = "" if named else env.t("explain.example_card", gpu=f"{n} x {gpu.short_name}")
    figures = {"gpu": gpu.name, "n_gpus": n, "total_gb": gpu.memory_gb * n, "model_gb": round(need, 1)}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.mixed")]
    return Lead(_with_notes(_yes(query, env, False) + text, env, bridge, note, model_note), figures, sources)


def _kv_size(query: ExplainQuery, env: Env) -> Lead | None:
    """ "how big is the kv cache for llama 3 70b at 32k": per token from the model's shape and at the context asked
    (else its maximum), 16-bit and 8-bit (§mem.kv). Only when a size is asked (concept_cues.model_concept): "kv cache
    explained like im 5" is the concept."""
    if query.asked != "kv_size":
        return None
    model, note = _model(query, env, GQA_MODEL)
    if model is None:
        return None
    context = int(query.context_tokens or model.context or 8192)
    per = memory.kv_cache_bytes_per_token(model)
    at, at8 = memory.kv_cache_bytes(model, context), memory.kv_cache_bytes(model, context, "q8_0")
    values = dict(
        model=model.name,
        per=_bytes(per),
        layers=int(model.layers or 0),
        kv=int(model.kv_heads or model.attention_heads or 0),
        dim=int(model.head_dim or 0),
        at=_bytes(at),
        at8=_bytes(at8),
        ctx=f"{context:,}",
    )
    key = "explain.kv_size_mla" if (model.attention or "").lower() == "mla" else "explain.kv_size"
    figures = {"model": model.key, "kv_bytes_per_token": per, "context": context, "kv_gb": round(at / GIB, 2)}
    sources = env.cite(model.source, "docs/model.md §mem.kv")
    return Lead(_with_notes(env.t(key, **values), env, note), figures, sources)


def _why_inference_memory(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why does llama 70b need 40gb of vram": inference memory's parts (weights at their bits per weight, KV cache at
    the default context, buffers and CUDA context) at the format nearest the memory stated, else q4_k_m, and the other
    formats' totals (§mem.weights, §mem.kv)."""
    from assistant.respond.fit import sized_model

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
    figures = {"model": model.key, "format": shown, "total_gb": round(est[shown].total_gb, 1)}
    return Lead(text, figures, env.cite(model.source, "docs/model.md §mem.weights"))


def _quant_speed(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why is q4 faster than fp16": decode reads every weight once per token, so the format's bytes set the speed:
    weights and single-user tokens/s per format named (else 4-bit and 16-bit) on the card named (else the RTX 3090)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "quant_speed":
        return None
    gpu, card_note = _card(query, env)
    model, model_note = _chat_model(query, env, CHAT_MODEL[0])
    if model is None:
        return None
    named = [p for p in query.precisions if p in memory.C.BITS_PER_WEIGHT or p in ("fp16", "bf16")]
    formats = named[:2] if len(named) >= 2 else [*named, "fp16" if "fp16" not in named else "q4_k_m"][:2]
    if len(formats) == 1:
        formats.insert(0, "q4_k_m")
    rows = []
    for f in formats:
        tps = llm.decode_speed(gpu, model, f, context=1024).tokens_per_s
        if tps <= 0:
            return None
        rows.append((f, memory.weights_gb(model, f), tps))
    items = i18n.listing(env.lang).join(
        env.t("explain.quant_speed_item", p=f.upper(), gb=f"{gb:.1f}", tps=num(t, 0)) for f, gb, t in rows
    )
    text = env.t("explain.quant_speed", model=model.name, gpu=gpu.short_name, items=items)
    figures = {"formats": [f for f, *_ in rows], "tokens_per_s": [round(t, 1) for *_, t in rows]}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.decode")]
    return Lead(_with_notes(text, env, card_note, model_note), figures, sources)


SPEED_NORMAL_SHARE = (
    0.5  # a measured speed under half the model's is "not normal" [A: the model's own spread is narrower]
)
CHECKED_FORMATS = ("q4_k_m", "q8_0", "fp16")  # the formats a measured speed is matched to when none is said [A]


def _format_matching(stated: float, gpu, model, env: Env) -> str | None:
    """No format said: the common one that fits the card and whose expected speed the measured one reaches (at least
    SPEED_NORMAL_SHARE of it), most bits first ("40 tok/s with llama 3 8b on a 3090" is fp16); None when none does."""
    from assistant.models import llm

    for fmt in reversed(CHECKED_FORMATS):
        if memory.inference_memory(model, fmt).total_gb > (gpu.memory_gb or 0):
            continue
        expected = llm.decode_speed(gpu, model, fmt, context=1024).tokens_per_s
        if expected > 0 and SPEED_NORMAL_SHARE * expected <= stated <= expected / SPEED_NORMAL_SHARE:
            return fmt
    return None


def _speed_check(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why is my 4090 only getting 8 tok/s on llama 3.3 70b q4", "3060跑7b才5 token/s 正常吗": the speed this
    project's model expects for that model and format on that card (§llm.decode; the part over the card's memory
    read from system RAM, §llm.offload) against the one measured, then what usually explains a gap."""
    from assistant.models import constants as C
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "speed_check" or not query.stated_tps:
        return None
    named = [g.name for g in query.gpus if g.name]
    model = _asked_llm(query, env)
    if not named or model is None:
        return None
    gpu = env.gpu(named[0])
    stated_format = next((p for p in query.precisions if p in C.BITS_PER_WEIGHT), None)
    quant = stated_format or _format_matching(query.stated_tps, gpu, model, env) or CHAT_MODEL[1]
    need = memory.inference_memory(model, quant).total_gb
    fitted = llm.decode_speed(gpu, model, quant, context=1024).tokens_per_s
    if fitted <= 0 or not gpu.memory_gb:
        return None
    offloaded = max(need - gpu.memory_gb, 0.0)
    weights = memory.weights_gb(model, quant)
    expected = llm.offload_tokens_per_s(fitted, weights, offloaded) if offloaded else fitted
    values = dict(
        gpu=gpu.short_name,
        mem=num(gpu.memory_gb),
        model=model.name,
        quant=quant,
        need=f"{need:.1f}",
        off=f"{offloaded:.1f}",
        stated=f"{query.stated_tps:g}",
        tps=f"{expected:.1f}" if expected < 10 else num(expected, 0),
        fitted=num(fitted, 0),
        ram=f"{C.SYSTEM_RAM_GB_S:g}",
    )
    if offloaded >= weights:
        key = "explain.speed_check_ram"
    elif offloaded:
        key = "explain.speed_check_spill"
    elif query.stated_tps < SPEED_NORMAL_SHARE * expected:
        key = "explain.speed_check_low"
    else:
        key = "explain.speed_check_ok"
    text = env.t(key, **values)
    if stated_format is None and quant != CHAT_MODEL[1] and key == "explain.speed_check_ok":
        q4 = llm.decode_speed(gpu, model, CHAT_MODEL[1], context=1024).tokens_per_s
        text += i18n.gap(env.lang) + env.t("explain.speed_format_guess", quant=quant, q4=num(q4, 0), q=CHAT_MODEL[1])
    figures = {"gpu": gpu.name, "model": model.key, "format": quant, "expected_tokens_per_s": round(expected, 1)}
    figures |= {"stated_tokens_per_s": query.stated_tps, "offloaded_gb": round(offloaded, 1)}
    sources = [
        spec_source(gpu, env),
        *env.cite(model.source, "docs/model.md §llm.decode", "docs/model.md §llm.offload"),
    ]
    return Lead(text, figures, sources)


def _mfu(query: ExplainQuery, env: Env) -> Lead | None:
    """ "what is MFU and what's a realistic number on a 4090": the card's dense 16-bit peak (FP32 accumulate,
    §perf.tensor) and the useful TFLOPS at this project's training MFU (constants.DEFAULT_MFU, [A])."""
    from assistant.models import constants as C
    from assistant.models import hardware as hw

    named = [g.name for g in query.gpus if g.name]
    if not named:
        return None  # "what is mfu": the definition answers
    gpu = env.gpu(named[0])
    peak = hw.tensor_tflops(gpu, "fp16_acc32").value
    if not peak:
        return None
    text = env.t(
        "explain.mfu_lead",
        gpu=gpu.short_name,
        peak=num(peak, 0),
        mfu=f"{100 * C.DEFAULT_MFU:.0f}",
        useful=num(peak * C.DEFAULT_MFU, 0),
    )
    figures = {"gpu": gpu.name, "peak_tflops": round(peak, 1), "mfu": C.DEFAULT_MFU}
    return Lead(text, figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.tensor", "concept-palm-mfu")])


_LEADS: dict[str, Callable[[ExplainQuery, Env], Lead | None]] = {
    "mfu": _mfu,
    "tokens-per-second": _speed_check,
    "vram": _why_inference_memory,
    "quantization": _quant_speed,
    "kv-cache": _kv_size,
    "context-length": _context_speed,
    "nvlink": _pooled,
    "prefill-decode": _speed_bound,
    "full-finetune": _why_memory,
    "lora": _why_memory,
    "qlora": _why_memory,
    "multi-gpu-slow": _second_card,
    "cpu-offload": _offload_speed,
    "cloud-marketplace": _market_rate,
    "quant-quality": _quant_quality,
    "gqa": _gqa,
    "lora-rank": _lora_rank,
    "memory-bandwidth": _slow_card,
}
