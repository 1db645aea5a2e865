"""Concept leads about speed: why a card is slow, what decode and prefill are bound by, a spill into system RAM, a
longer context, a smaller format, and a measured speed against the expected one.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- slow_card: the card's bus and bandwidth against a reference card (the second card named, else the RTX 3090, else
  the RTX 4090 for the RTX 3090 itself) and the single-user tokens/s of the model named, else of the common local
  model (§llm.decode); a model larger than the card: the part that runs from system RAM (§llm.offload).
- speed_bound, offload_speed, context_speed, quant_speed, speed_check: see each function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant import i18n
from assistant.models import memory
from assistant.queries import ExplainQuery
from assistant.respond.concept_lead import (
    GIB,
    GQA_MODEL,
    REFERENCE_GPUS,
    Lead,
    asked_llm,
    card_or_example,
    named_or_example,
    says_word,
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
        ram=f"{ram:g}",
        ram_kind=ram_kind,
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
    """The system RAM's read rate (§llm.offload): dual-channel DDR4-3200 when DDR4 is said (cpu_fit.DDR4_GB_S), else
    the assumed dual-channel DDR5; and its wording."""
    from assistant.models import constants as C
    from assistant.respond.cpu_fit import DDR4_GB_S

    if "ddr4" in query.text.lower():
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


# a measured speed above this multiple of the spill's estimate, and above half the all-in-VRAM speed, is no spill: the
# RAM's share of the speed is an assumption (dual-channel DDR5), so only a clear gap counts [A]
SPILL_FAST = 3.0
SPEED_LOWISH_SHARE = 0.8  # between SPEED_NORMAL_SHARE and this share of the expected speed: "on the low side" [A]
TENSOR_PARALLEL_WORDS = ("vllm", "tensor parallel", "tp", "tp=2", "sglang", "exllama")  # runtimes that split tensors
SPEED_NORMAL_SHARE = (
    0.5  # a measured speed under half the model's is "not normal" [A: the model's own spread is narrower]
)


CHECKED_FORMATS = ("q4_k_m", "q8_0", "fp16")  # the formats a measured speed is matched to when none is said [A]


def _format_matching(stated: float, gpu, model, env: Env, n: int = 1, split: str = "layer") -> str | None:
    """No format said: the common one that fits the card and whose expected speed the measured one reaches (at least
    SPEED_NORMAL_SHARE of it), most bits first ("40 tok/s with llama 3 8b on a 3090" is fp16); None when none does."""
    from assistant.models import llm

    for fmt in reversed(CHECKED_FORMATS):
        if memory.inference_memory(model, fmt).total_gb > (gpu.memory_gb or 0) * n:
            continue
        expected = llm.decode_speed(gpu, model, fmt, context=1024, n_gpus=n, split=split).tokens_per_s
        if expected > 0 and SPEED_NORMAL_SHARE * expected <= stated <= expected / SPEED_NORMAL_SHARE:
            return fmt
    return None


def speed_check(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why is my 4090 only getting 8 tok/s on llama 3.3 70b q4", "3060跑7b才5 token/s 正常吗": the speed this
    project's model expects for that model and format on that card (§llm.decode; the part over the card's memory
    read from system RAM, §llm.offload) against the one measured, then what usually explains a gap."""
    from assistant.models import constants as C
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "speed_check" or not query.stated_tps:
        return None
    named = [g.name for g in query.gpus if g.name]
    model = asked_llm(query, env)
    if not named or model is None:
        return None
    gpu = env.gpu(named[0])
    count = max(g.count for g in query.gpus if g.name)  # "2x 3090": the model split across both
    split = "tensor" if count > 1 and says_word(query.text, TENSOR_PARALLEL_WORDS) else "layer"
    stated_format = next((p for p in query.precisions if p in C.BITS_PER_WEIGHT), None)
    quant = stated_format or _format_matching(query.stated_tps, gpu, model, env, count, split) or CHAT_MODEL[1]
    if not gpu.memory_gb:
        return None
    found = spill_of(gpu, model, quant, n=count, split=split)
    if found.fitted <= 0:
        return None
    offloaded, weights, expected = found.offloaded, found.weights, found.tps
    values = found.values() | {"stated": f"{query.stated_tps:g}"}
    if offloaded >= weights:
        key = "explain.speed_check_ram"
    elif offloaded and query.stated_tps > max(SPILL_FAST * expected, found.fitted / 2):
        key = "explain.speed_check_spill_fast"  # "my 4090 gets 20 tok/s on 70b": more than a spill allows
    elif offloaded:
        key = "explain.speed_check_spill"
    elif query.stated_tps < SPEED_NORMAL_SHARE * expected:
        key = "explain.speed_check_low"
    elif query.stated_tps < SPEED_LOWISH_SHARE * expected:
        key = "explain.speed_check_lowish"
    else:
        key = "explain.speed_check_ok"
    text = env.t(key, **values)
    if stated_format is None and quant != CHAT_MODEL[1] and key == "explain.speed_check_ok":
        q4 = llm.decode_speed(gpu, model, CHAT_MODEL[1], context=1024).tokens_per_s
        text += i18n.gap(env.lang) + env.t("explain.speed_format_guess", quant=quant, q4=num(q4, 0), q=CHAT_MODEL[1])
    figures = {"gpu": gpu.name, "model": model.key, "format": quant, "expected_tokens_per_s": round(expected, 1)}
    figures["n_gpus"] = count
    figures |= {"stated_tokens_per_s": query.stated_tps, "offloaded_gb": round(offloaded, 1)}
    sources = [
        spec_source(gpu, env),
        *env.cite(model.source, "docs/model.md §llm.decode", "docs/model.md §llm.offload"),
    ]
    return Lead(text, figures, sources)


PROMPT_TOKENS = 8192  # the long prompt a wait is shown for when the question gives no length [A]


def _scale_device(gpu, model, quant: str, env: Env):
    """A device of the same vendor with a compute figure, nearest in bandwidth, for scale (named in the answer)."""
    from assistant.models import llm

    rated = [
        g
        for g in env.reader.unified_gpus()
        if g.vendor == gpu.vendor and g.name != gpu.name and llm.prefill_speed(g, model, quant).tokens_per_s > 0
    ]
    bandwidth = gpu.memory_bandwidth_gb_s or 0
    return min(rated, key=lambda g: (abs((g.memory_bandwidth_gb_s or 0) - bandwidth), g.name), default=None)


def prompt_wait(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why does my m2 max chew forever on a long prompt before it starts typing": reading the prompt (prefill) is
    compute-bound, generating is bandwidth-bound (§llm.prefill, §llm.decode): the device's prompt and generation
    speed against a reference card (the RTX 3090, or the RTX 4090 for the 3090 itself), with the wait for a long
    prompt. A device without a compute figure: its generation speed, and a device of its vendor that has one, named.
    No device named but a prompt length said ("my 100k token document takes forever"): the example card, said."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    named = [g.name for g in query.gpus if g.name]
    if query.asked != "prompt_wait" or not (named or query.context_tokens):
        return None  # no device and no length: the concept alone
    gpu, card_note = card_or_example(query, env)  # "my 100k token document takes forever": on an example card, said
    ref = env.gpu(REFERENCE_GPUS[1] if gpu.name == REFERENCE_GPUS[0] else REFERENCE_GPUS[0])
    model, model_note = named_or_example(query, env, CHAT_MODEL[0])
    if model is None:
        return None
    quant, prompt = CHAT_MODEL[1], int(query.context_tokens or PROMPT_TOKENS)

    def speeds(card) -> tuple[float, float]:
        pre = llm.prefill_speed(card, model, quant, prompt=prompt).tokens_per_s
        return pre, llm.decode_speed(card, model, quant, context=1024).tokens_per_s

    (pre, tps), (ref_pre, ref_tps) = speeds(gpu), speeds(ref)
    if tps <= 0 or ref_pre <= 0:
        return None
    values = dict(
        gpu=gpu.short_name,
        ref=ref.short_name,
        model=model.name,
        quant=quant,
        prompt=f"{prompt:,}",
        tps=num(tps, 0),
        ref_tps=num(ref_tps, 0),
        ref_pre=num(ref_pre, 0),
        ref_sec=f"{prompt / ref_pre:.0f}",
        bw=num(gpu.memory_bandwidth_gb_s or 0, 0),
        ref_bw=num(ref.memory_bandwidth_gb_s or 0, 0),
    )
    figures = {"gpu": gpu.name, "reference": ref.name, "tokens_per_s": round(tps, 1), "prompt_tokens": prompt}
    sources = [spec_source(gpu, env), spec_source(ref, env)]
    if pre > 0:
        text = env.t("explain.prompt_wait", pre=num(pre, 0), sec=f"{prompt / pre:.0f}", **values)
        figures["prefill_tokens_per_s"] = round(pre, 1)
    else:
        scale = _scale_device(gpu, model, quant, env)
        if scale is None:
            return None
        scale_pre = speeds(scale)[0]
        text = env.t(
            "explain.prompt_wait_unrated",
            scale=scale.short_name,
            scale_pre=num(scale_pre, 0),
            scale_sec=f"{prompt / scale_pre:.0f}",
            **values,
        )
        sources.append(spec_source(scale, env))
    sources += env.cite(model.source, "docs/model.md §llm.prefill", "docs/model.md §llm.decode")
    return Lead(with_notes(text, env, model_note, card_note), figures, sources)


def _layer_models(total: int, env: Env) -> list:
    """KB LLMs whose block count is `total` - 1 (llama.cpp counts the output layer as one more), largest first."""
    found = [m for m in env.reader.models if m.kind == "llm" and int(m.layers or 0) == total - 1 and m.params_b]
    return sorted(found, key=lambda m: (-(m.params_b or 0), m.name))


GUESS_QUANTS = ("q4_k_m", "q8_0", "fp16")  # the formats a model guessed from a layer count is tried at, in order
GUESS_FILL = 0.5  # a partial offload fills the card: the layers on it take at least this share of its memory [A]


def _consistent_guess(candidates: list, on: int, total: int, gpu) -> tuple | None:
    """(model, quant) of the first candidate whose layers on the GPU fit the card and fill at least GUESS_FILL of it
    (a runtime offloads only what does not fit: "20/33 layers" on an 8 GB card is an 8B model at 8-bit, not Mixtral
    at 26 GB); None when no model of that shape fits the line."""
    mem = gpu.memory_gb or 0.0
    for model in candidates:
        for quant in GUESS_QUANTS:
            on_gpu = memory.weights_gb(model, quant) * on / total
            if GUESS_FILL * mem <= on_gpu <= mem:
                return model, quant
    return None


def offload_log(query: ExplainQuery, env: Env) -> Lead | None:
    """ "offloaded 33/81 layers to GPU" on a card: the layers (or the CPU share ollama ps shows) that run from system
    RAM, the GB that is, and the decode speed with it (§llm.offload); the model named (at q4_k_m), else the largest KB
    model with that many blocks whose layers on the GPU fit the card at one of GUESS_QUANTS, said to be a guess from
    the layer count; when no model of that shape fits the line, none is named (never a model the card cannot hold)."""
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "offload_log":
        return None
    on, total = query.offload_layers or (0, 0)
    share = query.cpu_share if query.cpu_share is not None else (total - on) / total if total else None
    if share is None:
        return None
    named = env.reader.model(query.model.key) if query.model else None
    guessed = _layer_models(total, env) if named is None and total else []
    head = env.t("explain.offload_log_layers", on=on, total=total, cpu=total - on, share=f"{100 * share:.0f}")
    if not total:
        head = env.t("explain.offload_log_share", share=f"{100 * share:.0f}")
    if total and on == total:  # "offloaded 41/41 layers": nothing runs from RAM
        return Lead(env.t("explain.offload_log_all", total=total), {"cpu_share": 0.0}, [])
    gpus = [g.name for g in query.gpus if g.name]
    gpu = env.gpu(gpus[0]) if gpus else None
    quant = CHAT_MODEL[1]
    model = named if named is not None and named.kind == "llm" else None
    if model is None and guessed and gpu is not None:
        fit = _consistent_guess(guessed, on, total, gpu)
        if fit is None:  # "60/81 layers on a 4090": a 70B at q4_k_m would need 30 GB there; no model is guessed
            names = i18n.listing(env.lang).join(m.name for m in guessed[:2])
            gb = memory.weights_gb(guessed[0], quant) * on / total
            text = env.t(
                "explain.offload_log_no_guess",
                total=total,
                blocks=total - 1,
                models=names,
                on=on,
                quant=quant,
                gb=f"{gb:.0f}",
                gpu=gpu.short_name,
                mem=num(gpu.memory_gb or 0),
            )
            return Lead(head + i18n.gap(env.lang) + text, {"cpu_share": round(share, 2), "model": None}, [])
        model, quant = fit
    if model is None or gpu is None:
        return Lead(head + i18n.gap(env.lang) + env.t("explain.offload_log_unsized"), {"cpu_share": share}, [])
    weights = memory.weights_gb(model, quant)
    found = spill_of(gpu, model, quant, offloaded=weights * share)
    if found.fitted <= 0:
        return None
    text = head + i18n.gap(env.lang) + env.t("explain.offload_log_speed", gb=f"{weights:.1f}", **found.values())
    if model is not named:
        others = [m for m in guessed if m is not model][:1]
        names = i18n.listing(env.lang).join(m.name for m in [model, *others])
        text += i18n.gap(env.lang) + env.t("explain.offload_log_guess", total=total, blocks=total - 1, models=names)
        text += i18n.gap(env.lang) + env.t("explain.offload_log_fits", quant=quant, gpu=gpu.short_name)
    figures = {"gpu": gpu.name, "model": model.key, "cpu_share": round(share, 2), "tokens_per_s": round(found.tps, 1)}
    figures |= {"offloaded_gb": round(found.offloaded, 1), "quant": quant}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.offload")]
    return Lead(text, figures, sources)


EVAL_PROMPT_TOKENS = (1000, 8000)  # the prompt lengths the wait before the first token is shown for [A]
TOKENS_PER_WORD = 206_210 / 153_446  # English tokens per word (concept-tokens-per-word: one book, 1.34)


def eval_rates(query: ExplainQuery, env: Env) -> Lead | None:
    """A runtime's "prompt eval" and "eval" rates pasted: the first is reading the prompt (prefill, compute-bound: the
    wait before the first token, shown for EVAL_PROMPT_TOKENS), the second writing the answer (decode, bandwidth-bound:
    what chat feels like), §llm.prefill, §llm.decode."""
    if query.asked != "eval_rates" or len(query.concurrency) != 2:
        return None
    pp, tg = query.concurrency
    if pp <= 0 or tg <= 0:
        return None
    short, long = EVAL_PROMPT_TOKENS
    text = env.t(
        "explain.eval_rates",
        pp=f"{pp:g}",
        tg=f"{tg:g}",
        short=f"{short:,}",
        long=f"{long:,}",
        s1=f"{short / pp:.1f}",
        s2=f"{long / pp:.0f}",
        words=f"{tg / TOKENS_PER_WORD:.0f}",
    )
    figures = {"prompt_tokens_per_s": pp, "tokens_per_s": tg}
    return Lead(text, figures, env.cite("concept-tokens-per-word", "docs/model.md §llm.prefill"))
