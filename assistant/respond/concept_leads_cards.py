"""Concept leads about formats, cards together and clouds: a format's published quality loss, a second card's
expected speed-up, two cards' memory (split, not pooled), training MFU on a card, a marketplace's rate.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- quant_quality: per number format named, the perplexity llama.cpp's table adds (GGUF formats) or the finding of the
  Red Hat study (FP8, INT8, INT4 weights) (knowledge/quant_quality.toml).
- market_rate: with a card named, the card's rate at the marketplace named, before what decides reliability there.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import memory
from assistant.queries import ExplainQuery
from assistant.respond.concept_lead import REFERENCE_GPUS, Lead, chat_model, with_notes, yes_word
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source


def _quality_table() -> dict:
    from assistant import paths
    from assistant.kb.files import read_toml

    return read_toml(paths.knowledge_dir() / "quant_quality.toml")


def quant_quality(query: ExplainQuery, env: Env) -> Lead | None:
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


def market_rate(query: ExplainQuery, env: Env) -> Lead | None:
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


def second_card(query: ExplainQuery, env: Env) -> Lead | None:
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
        with_notes(text, env, note), figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.multigpu")]
    )


LINKS = ("nvswitch", "nvlink", "pcie", "pcie_host", "infiniband")  # models/constants.DP_OVERHEAD_PER_DOUBLING keys


POOL_MODEL = "llama-3-70b"  # the example of a model that needs two 24 GB cards [A]


def pooled(query: ExplainQuery, env: Env) -> Lead | None:
    """ "does nvlink pool the vram of two 3090s into 48gb": no single pool; the model split across the cards (a layer
    split or tensor parallelism, §llm.mixed) runs on their memory together, bridge or not."""
    from assistant.models import scaling
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "pool":
        return None
    named = [g for g in query.gpus if g.name]
    gpu = env.gpu(named[0].name) if named else env.gpu(REFERENCE_GPUS[0])
    n = max([g.count for g in named] + [2])
    model, model_note = chat_model(query, env, POOL_MODEL)
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
    return Lead(with_notes(yes_word(query, env, False) + text, env, bridge, note, model_note), figures, sources)


def mfu(query: ExplainQuery, env: Env) -> Lead | None:
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
