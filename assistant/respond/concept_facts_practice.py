"""Computed leads of concept facts about what a user gets in practice (knowledge/concept_facts.toml), and the
card a lead is figured on.

Contract: each lead function `(query, env)` returns a `Lead` (text, figures, sources) or None when the card or model
lacks the figures; respond/concept_facts.py's LEADS maps a fact's lead name to them. `_card(query, env, example)` is
the first card named, else the example card with the note that says it is one; QUANT is the weights' format of every
lead's speed figures. Leads:
- fp8_gain: the FP8 and BF16 dense tensor peaks and one user's decode at 8 and 16 bits (§perf.tensor, §llm.decode).
- low_float_home: one user's decode at 16, 8 and 4-bit weights: low-precision math helps batches, not one user.
- ram_help: the largest model that needs the system RAM said, at its §llm.offload speed, against the largest that fits.
- vllm_card: whether vLLM's builds list the card's architecture (knowledge/software_support.csv).
- dp_double: data parallel on two of the card, with and without its bridge (§perf.multigpu).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import llm, memory, scaling
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import REFERENCE_GPUS, Lead
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source

QUANT = "q4_k_m"


def _card(query: ExplainQuery, env: Env, example: str):
    """The first card named, else the example card, with the note that says it is one."""
    named = [g.name for g in query.gpus if g.name]
    if named:
        return env.gpu(named[0]), ""
    gpu = env.gpu(example)
    return gpu, env.t("explain.example_card", gpu=gpu.short_name)


FP8_EXAMPLE = "GeForce RTX 4090"  # the FP8 card when none is named (the first GeForce with FP8 tensor cores) [A]


def _fp8_gain(query: ExplainQuery, env: Env) -> Lead | None:
    """ "what does fp8 give me over bf16 in practice": the two dense tensor peaks on the card named (else the RTX 4090)
    and one user's decode at 8-bit and 16-bit weights (respond/precision_speed, §perf.tensor, §llm.decode)."""
    from assistant.queries import SpecQuery
    from assistant.query_terms import GpuRef
    from assistant.respond import precision_speed

    gpu, card_note = _card(query, env, FP8_EXAMPLE)
    spec = SpecQuery(text=query.text, gpus=(GpuRef(mention=gpu.short_name, name=gpu.name),), precisions=("fp8", "bf16"))
    found = precision_speed.answer(spec, env)
    if not found.figures.get("ratio"):
        return None  # no FP8 tensor path on the card: the concept says which generations have one
    text = found.headline + i18n.gap(env.lang) + env.t("facts.fp8_quality")
    return Lead(text + (i18n.gap(env.lang) + card_note if card_note else ""), dict(found.figures), found.sources)


LOW_FLOAT_HOME_CARD = (
    "GeForce RTX 5090"  # the card when none is named: the home Blackwell card with FP4 tensor cores [A]
)

LOW_FLOAT_HOME_MODEL = ("llama-3-8b", ("f16", "q8_0", "q4_k_m"))  # the chat model and the weights compared [A]


def _low_float_home(query: ExplainQuery, env: Env) -> Lead | None:
    """ "whats the point of fp8 / fp4 on blackwell, does it help me running llms at home": not much for one user, whose
    generation waits on memory bandwidth (§llm.decode): fewer bytes per weight is what speeds it, and 4-bit GGUF
    quants give that on any card; the low-precision tensor math helps batched serving, long prompts and training.
    Figures: Llama 3 8B's batch-1 decode at 16-bit, 8-bit and 4-bit weights on the card named (else the RTX 5090)."""
    from assistant.respond.pricing import chat_tokens_per_s

    gpu, card_note = _card(query, env, LOW_FLOAT_HOME_CARD)
    model = env.reader.model(LOW_FLOAT_HOME_MODEL[0])
    if model is None:
        return None
    f16, q8, q4 = (chat_tokens_per_s(model, q, gpu) for q in LOW_FLOAT_HOME_MODEL[1])
    if not (f16 > 0 and q8 > 0 and q4 > 0):
        return None
    text = env.t(
        "facts.low_float_home",
        gpu=gpu.short_name,
        model=model.name,
        f16=f"{f16:,.0f}",
        q8=f"{q8:,.0f}",
        q4=f"{q4:,.0f}",
    )
    figures = {"tokens_per_s": {"f16": round(f16, 1), "q8_0": round(q8, 1), "q4_k_m": round(q4, 1)}}
    return Lead(text + (i18n.gap(env.lang) + card_note if card_note else ""), figures, [])


RAM_LADDER = ("llama-3-70b", "qwen2.5-32b", "mistral-small-3-24b", "qwen2.5-14b", "llama-3-8b")  # largest first [A]

RAM_CARD = "GeForce RTX 3060 12 GB"  # the card when none is named and no card memory is said [A]

_RAM_SAID = re.compile(
    r"(\d{1,3})\s*(?:gb|g)\s*(?:of\s+)?(?:system\s+)?(?:ram|ddr[45]?|内存)|内存\D{0,4}?(\d{1,3})\s*(?:gb|g)",
    re.IGNORECASE,
)

_VRAM_SAID = re.compile(r"(?:gpu|card|vram|显卡|显存)\D{0,12}?(\d{1,2})\s*(?:gb|g)(?![a-z])", re.IGNORECASE)


def _ram_help(query: ExplainQuery, env: Env) -> Lead | None:
    """ "will 32gb of system ram help if my gpu only has 12gb": the RAM said (else the 64 GB assumed) beside the card
    named (else one with the memory said, else an RTX 3060 12 GB): the largest model of RAM_LADDER that needs the RAM
    (does not fit the card, fits card + RAM - the 8 GB reserve) at its §llm.offload speed, against the largest that
    fits the card; a model that fits the card runs no faster with more RAM."""
    from assistant.respond.concept_leads_cards import POOL_CARDS
    from assistant.respond.concept_leads_speed import spill_of

    said = _RAM_SAID.search(query.text)
    ram = float(said.group(1) or said.group(2)) if said else C.DEFAULT_SYSTEM_RAM_GB
    vram = _VRAM_SAID.search(query.text)
    example = POOL_CARDS.get(int(vram.group(1)), RAM_CARD) if vram else RAM_CARD
    gpu, card_note = _card(query, env, example)
    if not gpu.memory_gb:
        return None
    limit = gpu.memory_gb + ram - C.SYSTEM_RAM_RESERVE_GB
    ladder = [m for m in (env.reader.model(k) for k in RAM_LADDER) if m is not None]
    need = {m.key: memory.inference_memory(m, QUANT).total_gb for m in ladder}
    big = next((m for m in ladder if gpu.memory_gb < need[m.key] <= limit), None)
    small = next((m for m in ladder if need[m.key] <= gpu.memory_gb), None)
    if big is None or small is None:
        return None
    spill = spill_of(gpu, big, QUANT)
    fitted = llm.decode_speed(gpu, small, QUANT).tokens_per_s
    text = env.t(
        "facts.ram_help",
        ram=f"{ram:g}",
        gpu=gpu.short_name,
        vram=f"{gpu.memory_gb:g}",
        limit=f"{limit:.0f}",
        big=big.name,
        need=f"{need[big.key]:.1f}",
        off=f"{spill.offloaded:.1f}",
        tps=f"{spill.tps:.1f}",
        small=small.name,
        fit_tps=num(fitted, 0),
        rams=f"{C.SYSTEM_RAM_GB_S:g}",
    )
    notes = "" if said else i18n.gap(env.lang) + env.t("facts.ram_said_none", ram=f"{ram:g}")
    notes += i18n.gap(env.lang) + card_note if card_note else ""
    figures = {"ram_gb": ram, "offload_tokens_per_s": round(spill.tps, 1), "fitted_tokens_per_s": round(fitted, 1)}
    return Lead(text + notes, figures, [spec_source(gpu, env), *env.cite("docs/model.md §llm.offload")])


def _vllm_card(query: ExplainQuery, env: Env) -> Lead | None:
    """ "is rocm on a 7900 xtx good enough for vllm": whether vLLM's own builds list the card's architecture
    (knowledge/software_support.csv, feature vllm), then the fact's own sentences (its list by chip)."""
    from assistant.nlu.concept_facts import fact as fact_named
    from assistant.respond import software

    spec = env.gpu(query.gpus[0].name) if query.gpus and query.gpus[0].name else None
    if spec is None:
        return None
    family = (spec.arch.family if spec.arch else "") or spec.architecture or "?"
    listed = any(software.runs(spec, r) for r in software.releases("vllm"))
    said = env.t("facts.vllm_yes" if listed else "facts.vllm_no", gpu=spec.short_name, family=family)
    own = fact_named("vllm-rocm")
    text = said + (i18n.gap(env.lang) + (getattr(own, env.lang, "") or own.en) if own is not None else "")
    sources = env.cite(*(own.source.split(";") if own is not None else ()))
    return Lead(text, {"vllm_listed": listed, "gpu": spec.name}, [spec_source(spec, env), *sources])


def _dp_double(query: ExplainQuery, env: Env) -> Lead | None:
    """ "两张卡训练能快一倍吗", "will two gpus train twice as fast": no, data parallel on two of the card named (else
    the RTX 3090, said an example) is the speedup §perf.multigpu gives, with the bridge and without it for a card
    that takes one, else over its own link."""
    from assistant.respond.scaling import bare_link

    gpu, card_note = _card(query, env, REFERENCE_GPUS[0])
    own = scaling.training_scaling([gpu] * 2)
    a = f"2 x {gpu.short_name}"
    if own.link == "nvlink":
        bare = scaling.training_scaling([gpu] * 2, via=bare_link(gpu))
        text = env.t("facts.dp_double_bridge", a=a, x=f"{own.speedup:.2f}", bare=f"{bare.speedup:.2f}")
    else:
        text = env.t("facts.dp_double", a=a, x=f"{own.speedup:.2f}")
    text += (i18n.gap(env.lang) + card_note) if card_note else ""
    cited = [spec_source(gpu, env), *env.cite("docs/model.md §perf.multigpu")]
    return Lead(text, {"speedup": round(own.speedup, 3)}, cited)
