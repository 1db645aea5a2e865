"""Concept leads about speed: why a card is slow, what decode and prefill are bound by, a spill into system RAM, a
longer context and a smaller format.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- slow_card: the card's bus and bandwidth against a reference card (the second card named, else the RTX 3090, else
  the RTX 4090 for the RTX 3090 itself) and the single-user tokens/s of the model named, else of the common local
  model (§llm.decode); a model larger than the card: the part that runs from system RAM (§llm.offload).
- speed_bound, offload_speed, context_speed, quant_speed: see each function. Measured speeds and logs:
  respond/concept_leads_measured.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant import i18n
from assistant.models import memory
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import (
    GIB,
    GQA_MODEL,
    REFERENCE_GPUS,
    Lead,
    asked_llm,
    card_or_example,
    named_or_example,
    with_notes,
    yes_word,
)
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source


@dataclass
class Spill:
    """A model at a format on one card: what it needs, what does not fit and the decode speed with that part read from
    system RAM (§llm.offload); `tps` is the all-VRAM speed when it fits."""

    gpu: Any
    model: Any
    quant: str
    need: float
    weights: float
    fitted: float
    offloaded: float
    tps: float
    n: int = 1  # cards holding the model together (a layer split, or tensor parallel)

    def values(self) -> dict:
        """The wording's fields (locale explain.slow_spill*, explain.speed_check*, explain.offload_log*)."""
        from assistant.models import constants as C

        return dict(
            gpu=self.gpu.short_name if self.n == 1 else f"{self.n} x {self.gpu.short_name}",
            mem=num((self.gpu.memory_gb or 0) * self.n),
            model=self.model.name,
            quant=self.quant,
            need=f"{self.need:.1f}",
            off=f"{self.offloaded:.1f}",
            ram=f"{C.SYSTEM_RAM_GB_S:g}",
            tps=f"{self.tps:.1f}" if self.tps < 10 else num(self.tps, 0),
            fitted=num(self.fitted, 0),
        )


def spill_of(gpu, model, quant: str, offloaded: float | None = None, n: int = 1, split: str = "layer") -> Spill:
    """The model at `quant` on `n` of `gpu` (split by layers, or tensor parallel): the part over the cards' memory (or
    the `offloaded` GB given) runs from RAM."""
    from assistant.models import llm

    need = memory.inference_memory(model, quant).total_gb
    weights = memory.weights_gb(model, quant)
    fitted = llm.decode_speed(gpu, model, quant, context=1024, n_gpus=n, split=split).tokens_per_s
    off = max(need - (gpu.memory_gb or 0) * n, 0.0) if offloaded is None else offloaded
    tps = fitted if off <= 0 else llm.offload_tokens_per_s(fitted, weights, off)
    return Spill(gpu, model, quant, need, weights, fitted, off, tps, n)


def _spill(query: ExplainQuery, gpu, model, quant: str, env: Env) -> Lead | None:
    """A model larger than the card asked why slow: the part over its memory runs from system RAM (§llm.offload)."""
    if not gpu.memory_gb:
        return None
    found = spill_of(gpu, model, quant)
    if found.offloaded <= 0:
        return None
    tps = found.tps if found.offloaded < found.weights else 0.0
    key = "explain.slow_spill" if tps > 0 else "explain.slow_spill_most"
    figures = {"gpu": gpu.name, "model": model.key, "needed_gb": round(found.need, 1)}
    figures |= {"offloaded_gb": round(found.offloaded, 1), "tokens_per_s": round(tps, 1)}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.offload")]
    return Lead(env.t(key, **(found.values() | {"tps": f"{tps:.1f}"})), figures, sources)


def slow_card(query: ExplainQuery, env: Env) -> Lead | None:
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
    model = asked_llm(query, env) or env.reader.model(CHAT_MODEL[0])
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


def speed_bound(query: ExplainQuery, env: Env) -> Lead | None:
    """ "what does tokens per second depend on, bandwidth or compute?": the card's bandwidth ceiling for one user
    (bandwidth / weight bytes), the modelled decode speed, and the compute-bound prompt speed (§llm.decode,
    §llm.prefill)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "speed_bound":
        return None
    gpu, card_note = card_or_example(query, env)
    model, model_note = named_or_example(query, env, CHAT_MODEL[0])
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
    return Lead(with_notes(text, env, card_note, model_note), figures, sources)


OFFLOAD_MODEL = "llama-3-70b"  # the example of a model that does not fit one card [A]


def offload_speed(query: ExplainQuery, env: Env) -> Lead | None:
    """ "显存不够 模型放内存里跑会慢多少": the model named (else Llama 3 70B) at q4_k_m on the card named (else the
    RTX 3090), the weights that do not fit read from system RAM (§llm.offload), against all in VRAM and all in RAM."""
    from assistant.models import constants as C
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "offload_speed":
        return None
    from assistant.respond.fit_sizing import sized_model

    gpu, card_note = card_or_example(query, env)
    model, model_note = sized_model(query, env) if query.params_b and not query.model else (None, "")
    if model is None:  # the model named, else Llama 3 70B as the example (said)
        model, model_note = named_or_example(query, env, OFFLOAD_MODEL)
    if model is None or not gpu.memory_bandwidth_gb_s or not gpu.memory_gb:
        return None
    quant = next((p for p in query.precisions if p in C.BITS_PER_WEIGHT), CHAT_MODEL[1])  # "a 32b q8"
    weights = memory.weights_gb(model, quant)
    need = memory.inference_memory(model, quant, context=1024).total_gb
    offloaded = need - gpu.memory_gb
    if query.cpu_share:  # "about half of a 70b q4 spills into ram": the share said, not the part over the card
        offloaded = weights * query.cpu_share
    elif query.stated_gb and query.stated_gb < weights:  # "10gb of my 70b sits in ddr5": those GB
        offloaded = query.stated_gb
    on_gpu = llm.decode_speed(gpu, model, quant, context=1024).tokens_per_s
    if on_gpu <= 0:
        return None
    ram, ram_kind = _ram_speed(query, env)
    all_ram = ram * 1e9 / (weights * GIB)  # every weight read from RAM once per token
    values = dict(
        ram=f"{ram:.0f}",
        ram_kind=ram_kind,
        bw=num(gpu.memory_bandwidth_gb_s, 0),
        gpu=gpu.short_name,
        times=f"{gpu.memory_bandwidth_gb_s / ram:.0f}",
        model=model.name,
        quant=quant,
        gb=f"{weights:.1f}",
        on_gpu=num(on_gpu, 0),
        all_ram=f"{all_ram:.1f}",
    )
    if 0 < offloaded < weights:
        split = llm.offload_tokens_per_s(on_gpu, weights, offloaded, ram)
        stated = bool(query.cpu_share or query.stated_gb)
        key = "explain.offload_speed_share" if stated else "explain.offload_speed"
        share = f"{100 * offloaded / weights:.0f}"
        slower = f"{on_gpu / split:.0f}" if split > 0 else ""
        text = env.t(key, off=f"{offloaded:.1f}", split=f"{split:.1f}", share=share, slower=slower, **values)
    else:
        split = on_gpu if offloaded <= 0 else all_ram
        text = env.t("explain.offload_speed_whole", **values)
    figures = {"gpu": gpu.name, "model": model.key, "offloaded_gb": round(max(offloaded, 0.0), 1)}
    figures |= {"tokens_per_s": round(split, 1), "on_gpu_tokens_per_s": round(on_gpu, 1), "ram_gb_s": ram}
    if split > 0:
        figures["slowdown"] = round(on_gpu / split, 1)  # "how much slower": all in VRAM over the split
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.offload")]
    return Lead(with_notes(text, env, card_note, model_note), figures, sources)


def _ram_speed(query: ExplainQuery, env: Env) -> tuple[float, str]:
    """The system RAM's read rate (§llm.offload): channels said (lexicon ram_channels_4 / _8: "8通道的服务器内存",
    "quad channel") x 8 bytes x DDR4-3200 or DDR5-4800, of which cpu_fit.RAM_REACHED is reached; else dual-channel
    DDR4-3200 when DDR4 is said (cpu_fit.DDR4_GB_S), else the assumed dual-channel DDR5; and its wording."""
    from assistant.models import constants as C
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.cpu_fit import DDR4_GB_S, RAM_REACHED, ram_peak

    low, lex = f" {query.text.lower()} ", lexicon(env.lang)
    ddr4 = "ddr4" in low
    channels = next((n for n in (8, 4) if lex.words_in(f"ram_channels_{n}", low)), None)
    if channels:
        mts = 3200 if ddr4 else 4800
        peak = ram_peak(channels, mts)
        gen = "DDR4" if ddr4 else "DDR5"
        return peak * RAM_REACHED, env.t("explain.ram_channels", n=channels, gen=f"{gen}-{mts}", peak=f"{peak:.0f}")
    if ddr4:
        return DDR4_GB_S, env.t("explain.ram_ddr4")
    return C.SYSTEM_RAM_GB_S, env.t("explain.ram_ddr5")


CONTEXT_SHORT, CONTEXT_LONG = 1024, 32768  # the two contexts a slowdown by context is shown at [A]


def context_speed(query: ExplainQuery, env: Env) -> Lead | None:
    """ "does longer context slow down generation": decode speed at a short and a long context (the KV cache read per
    token grows with it, §llm.decode) and the time to read the long prompt first (§llm.prefill)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "context_speed":
        return None
    gpu, card_note = card_or_example(query, env)
    model, model_note = named_or_example(query, env, GQA_MODEL)  # a 128k-context model, so the long context is its own
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
    return Lead(with_notes(yes_word(query, env, True) + text, env, card_note, model_note), figures, sources)


def quant_speed(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why is q4 faster than fp16": decode reads every weight once per token, so the format's bytes set the speed:
    weights and single-user tokens/s per format named (else 4-bit and 16-bit) on the card named (else the RTX 3090)."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "quant_speed":
        return None
    gpu, card_note = card_or_example(query, env)
    model, model_note = named_or_example(query, env, CHAT_MODEL[0])
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
    return Lead(with_notes(text, env, card_note, model_note), figures, sources)
