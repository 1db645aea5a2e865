"""The asked fact of a concept question, answered first with the figure from the models (knowledge/concept_facts.toml).

Contract: `lead(query, env)` returns a `Lead` for the fact the question asks (ExplainQuery.fact, else the fact whose
cues the question's first ask says, when it belongs to the concept answered): its computed lead (LEADS, from the
models of docs/model.md, with the card or model named, else an example one that the sentence names), else the
fact's own sentences with their sources; None when the fact has neither (a fact that only routes the question) or
no fact is asked. Pure; never raises for a card or model without the figures (the concept alone answers then).
Computed leads:
- bytes: bytes per parameter of each format named (else fp16, int8, int4, Q4_K_M; constants.BITS_PER_WEIGHT) and the
  weights of the size named (§mem.weights).
- tensor_pipeline: what each split does, with one user's tokens/s of both splits on the cards named (§llm.multigpu).
- memory_types: each memory type's bandwidth and single-user tokens/s on a card that has it (§llm.decode).
- mac_speed: a Mac's decode and prefill against an NVIDIA card's (§llm.decode, §llm.prefill).
- moe_offload: a mixture-of-experts model with its experts in system RAM (§llm.offload, MoE active weights).
- cuda_cards: CUDA support of the architectures of the cards named (respond/concept_leads_arch.architecture).
- fp8_gain, low_float_home, ram_help, vllm_card, dp_double: respond/concept_facts_practice.py.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from assistant import i18n
from assistant.models import constants as C
from assistant.models import llm, memory, scaling
from assistant.nlu.concept_facts import Fact, fact, fact_of, says
from assistant.nlu.lexicon import lexicon
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_facts_practice import (
    QUANT,
    _card,
    _dp_double,
    _fp8_gain,
    _low_float_home,
    _ram_help,
    _vllm_card,
)
from assistant.respond.concept_lead import REFERENCE_GPUS, Lead, asked_llm
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source
from assistant.specs import ModelSpec

EXAMPLE_LLM = "llama-3-8b"  # the model of the speed figures when none is named [A]
EXAMPLE_LARGE_LLM = "llama-3-70b"  # the model split over several cards when none is named [A]
EXAMPLE_MOE = "qwen3-30b-a3b"  # the mixture-of-experts example when no MoE model is named [A]
EXAMPLE_MAC = "Apple M3 Ultra 512 GB"  # the Mac when none is named [A]
# a card that has each memory type, when the question names none (its bandwidth stands for the type) [A]
MEMORY_EXAMPLES = {
    "gddr7": "GeForce RTX 5090",
    "gddr6x": "GeForce RTX 4090",
    "gddr6": "GeForce RTX 4060 Ti 16 GB",
    "hbm3e": "H200 SXM 141 GB",
    "hbm3": "H100 SXM5 80 GB",
    "hbm2e": "A100 SXM4 80 GB",
    "hbm": "H100 SXM5 80 GB",
}
DEFAULT_FORMATS = ("fp16", "int8", "int4", "q4_k_m")  # bytes per parameter shown when no format is named
_COUNT = re.compile(r"(\d+)\s*(?:x\s*)?(?:gpus?\b|cards?\b|张|块|卡)|(?<![\d.])(\d+)\s*x\s", re.IGNORECASE)
_COUNT_WORDS = {"two": 2, "dual": 2, "双": 2, "两": 2, "three": 3, "三": 3, "four": 4, "四": 4, "eight": 8, "八": 8}


def lead(query: ExplainQuery, env: Env) -> Lead | None:
    found = _asked(query)
    if found is None:
        return None
    build = LEADS.get(found.lead)
    if build is not None:
        try:
            computed = build(query, env)
        except (LookupError, ValueError, ZeroDivisionError, TypeError, AttributeError):
            computed = None  # a card or model without the figures: the fact's words, or the concept, answer
        if computed is not None:
            computed.figures.setdefault("fact", found.id)
            return computed
    text = getattr(found, env.lang, "") or found.en
    if not text:
        return None
    return Lead(text, {"fact": found.id}, env.cite(*found.source.split(";")))


def _asked(query: ExplainQuery) -> Fact | None:
    if query.fact:
        return fact(query.fact)
    return fact_of(query.text, query.concept)


def _bytes(query: ExplainQuery, env: Env) -> Lead | None:
    formats = _formats(query) or list(DEFAULT_FORMATS)
    items = []
    for p in formats:
        bits = memory.bits_per_weight(p)
        whole = bits in (32.0, 16.0, 8.0)
        key = "facts.bytes_item" if whole else "facts.bytes_item_bits"
        items.append(
            env.t(
                key, fmt=p.upper() if "_" in p else p, bytes=f"{bits / 8:.2f}".rstrip("0").rstrip("."), bits=f"{bits:g}"
            )
        )
    text = env.t("facts.bytes", items=i18n.listing(env.lang).join(items))
    model = asked_llm(query, env)
    sized = _SIZE.search(query.text)
    size = query.params_b or (model.params_b if model is not None else float(sized.group(1)) if sized else None)
    figures: dict = {"bytes_per_parameter": {p: memory.bits_per_weight(p) / 8 for p in formats}}
    if size:
        gbs = [(p, size * memory.bits_per_weight(p) / 8 * 1e9 / C.GB) for p in formats]
        weights = i18n.listing(env.lang).join(env.t("facts.bytes_gb", gb=f"{gb:.1f}", fmt=p) for p, gb in gbs)
        text += i18n.gap(env.lang) + env.t("facts.bytes_size", size=f"{size:g}B", items=weights)
        figures["weights_gb"] = {p: round(gb, 1) for p, gb in gbs}
    return Lead(text, figures, env.cite("concept-llamacpp-kquants", "docs/model.md §mem.weights"))


_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*b(?![a-z])", re.IGNORECASE)  # "a 70b", "14b模型"
_FORMAT_ALIASES = {"q8": "q8_0", "q4": "q4_k_m", "int4": "int4", "4bit": "int4", "4-bit": "int4", "8bit": "int8"}


def _formats(query: ExplainQuery) -> list[str]:
    """The formats the question names, in text order: the PRECISION tags read, and the bits-per-weight table's
    names said as words ("bf16 vs q8 vs q4_k_m")."""
    low = query.text.lower()
    said = [
        (m.start(), _FORMAT_ALIASES.get(w, w))
        for w in (*C.BITS_PER_WEIGHT, *_FORMAT_ALIASES)
        for m in re.finditer(rf"(?<![a-z0-9_]){re.escape(w)}(?![a-z0-9_])", low)
    ]
    found = [p for _, p in sorted(said)] + [p for p in query.precisions if p in C.BITS_PER_WEIGHT]
    return [p for p in dict.fromkeys(found) if p in C.BITS_PER_WEIGHT]


def _count(text: str) -> int:
    """The number of cards the question says ("on 4 GPUs", "2x 3090", "two 3090s", "双卡"), 2 when none."""
    found = _COUNT.search(text)
    if found:
        return max(int(found.group(1) or found.group(2)), 2)
    low = text.lower()
    return next((n for w, n in _COUNT_WORDS.items() if (f" {w} " in f" {low} " if w.isascii() else w in text)), 2)


def _model(env: Env, key: str) -> ModelSpec:
    """A model of the knowledge base by key; LookupError when it is not held (lead() answers without the figures)."""
    found = env.reader.model(key)
    if found is None:
        raise LookupError(key)
    return found


def _llm(query: ExplainQuery, env: Env, example: str):
    named = asked_llm(query, env)
    if named is not None and named.layers:
        return named, ""
    model = _model(env, example)
    return model, env.t("explain.example_model", model=model.name)


def _tensor_pipeline(query: ExplainQuery, env: Env) -> Lead | None:
    gpu, card_note = _card(query, env, REFERENCE_GPUS[0])
    n = _count(query.text)
    model, model_note = _llm(query, env, EXAMPLE_LARGE_LLM)
    need = memory.inference_memory(model, QUANT, context=4096, n_gpus=n)
    if not memory.fit(need, gpu.memory_gb, n).fits:
        model, model_note = _model(env, EXAMPLE_LLM), env.t("explain.example_model", model="Llama 3 8B")
    # "两张 3090 没 nvlink": the cards talk over PCIe, whatever bridge they could take
    via = "pcie" if lexicon(env.lang).words_in("no_nvlink_words", query.text.lower()) else None
    speeds = {
        s: scaling.llm_scaling([gpu] * n, model, QUANT, split=s, batch=1, context=4096, via=via)
        for s in ("tensor", "layer")
    }
    text = env.t(
        "facts.tensor_pipeline",
        a=f"{n} x {gpu.short_name}",
        model=f"{model.name} {QUANT}",
        tp=num(speeds["tensor"].tokens_per_s, 0),
        pp=num(speeds["layer"].tokens_per_s, 0),
        link=env.t(f"scale.link_{speeds['tensor'].link}"),
    )
    figures = {"tokens_per_s": {s: round(v.tokens_per_s, 1) for s, v in speeds.items()}, "gpu_count": n}
    notes = "".join(i18n.gap(env.lang) + x for x in (card_note, model_note) if x)
    sources = [spec_source(gpu, env), *env.cite("concept-megatron", "concept-gpipe", "docs/model.md §perf.multigpu")]
    return Lead(text + notes, figures, sources)


def _memory_types(query: ExplainQuery, env: Env) -> Lead | None:
    cards = [env.gpu(g.name) for g in query.gpus if g.name]
    if not cards:
        low = query.text.lower()
        named = sorted((low.find(t), t) for t in MEMORY_EXAMPLES if re.search(rf"\b{t}\b", low))
        seen: list[str] = []
        for _, t in named:
            if MEMORY_EXAMPLES[t] not in seen:
                seen.append(MEMORY_EXAMPLES[t])
        cards = [env.gpu(name) for name in seen]
    cards = [c for c in cards if c is not None and c.memory_bandwidth_gb_s]
    if not cards:
        return None
    model = _model(env, EXAMPLE_LLM)
    weights = memory.weights_gb(model, QUANT)
    rows = [
        env.t(
            "facts.memory_row",
            type=c.memory_type or "?",
            gpu=c.short_name,
            bw=num(c.memory_bandwidth_gb_s, 0),
            ceiling=num((c.memory_bandwidth_gb_s or 0.0) * 1e9 / (weights * C.GB), 0),  # GB/s decimal, memory GB binary
            tps=num(llm.decode_speed(c, model, QUANT).tokens_per_s, 0),
        )
        for c in cards
    ]
    text = env.t(
        "facts.memory_types",
        rows=i18n.listing(env.lang).join(rows),
        model=f"{model.name} {QUANT}",
        gb=f"{weights:.1f}",
    )
    figures = {"bandwidth_gb_s": {c.name: c.memory_bandwidth_gb_s for c in cards}}
    return Lead(text, figures, [spec_source(c, env) for c in cards] + env.cite("docs/model.md §llm.decode"))


def _mac_speed(query: ExplainQuery, env: Env) -> Lead | None:
    named = [env.gpu(g.name) for g in query.gpus if g.name]
    macs = [g for g in named if g is not None and g.vendor == "Apple"]
    cards = [g for g in named if g is not None and g.vendor != "Apple"]
    mac = macs[0] if macs else env.gpu(EXAMPLE_MAC)
    card = cards[0] if cards else env.gpu(REFERENCE_GPUS[1])
    model = _model(env, EXAMPLE_LLM)
    dec = [llm.decode_speed(g, model, QUANT).tokens_per_s for g in (mac, card)]
    pre = [llm.prefill_speed(g, model, QUANT).tokens_per_s for g in (mac, card)]
    if min(dec) <= 0 or min(pre) <= 0:
        return None
    text = env.t(
        "facts.mac_speed",
        mac=mac.short_name,
        mem=num(mac.memory_gb, 0),
        card=card.short_name,
        mbw=num(mac.memory_bandwidth_gb_s, 0),
        cbw=num(card.memory_bandwidth_gb_s, 0),
        mtps=num(dec[0], 0),
        ctps=num(dec[1], 0),
        mpp=num(pre[0], 0),
        cpp=num(pre[1], 0),
        ratio=f"{pre[1] / pre[0]:.1f}",
        model=f"{model.name} {QUANT}",
    )
    notes = "" if macs else i18n.gap(env.lang) + env.t("explain.example_card", gpu=mac.short_name)
    figures = {"decode_tokens_per_s": [round(d, 1) for d in dec], "prefill_tokens_per_s": [round(p, 1) for p in pre]}
    sources = [spec_source(mac, env), spec_source(card, env), *env.cite("docs/model.md §llm.decode")]
    return Lead(text + notes, figures, sources)


MOE_CARD = "GeForce RTX 3060 12 GB"  # a card too small for the MoE example, when none is named [A]


def _moe_offload(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why is qwen3 30b a3b fast with part of it in system ram": the experts a token reads against all it holds, and
    the documented expert split (§llm.moe_offload: attention and shared weights on the card, the experts of the layers
    that do not fit in RAM, read k/E per token) on the card named (else an RTX 3060 12 GB), against reading those RAM
    gigabytes whole per token as a dense model's layers are (§llm.offload)."""
    from assistant.models.moe_offload import expert_offload

    named = asked_llm(query, env)
    model: ModelSpec = named if named is not None and memory.expert_params_b(named) else _model(env, EXAMPLE_MOE)
    gpu, card_note = _card(query, env, MOE_CARD)
    whole = memory.weights_gb(model, QUANT)
    share = (model.experts_per_token or 0) / (model.experts or 1)
    active = memory.weights_gb(model, QUANT, routed_share=share)
    split = expert_offload(gpu, model, QUANT)
    values = dict(model=f"{model.name} {QUANT}", whole=f"{whole:.1f}", active=f"{active:.1f}", gpu=gpu.short_name)
    if split is None or split.tokens_per_s <= 0:
        fitted = llm.decode_speed(gpu, model, QUANT).tokens_per_s
        if fitted <= 0:
            return None
        text = env.t("facts.moe_fits", fitted=num(fitted, 0), **values)
        figures: dict = {"tokens_per_s": round(fitted, 1), "active_gb": round(active, 1)}
    else:
        dense = llm.offload_tokens_per_s(split.all_on_gpu_tokens_per_s * active / whole, whole, split.experts_in_ram_gb)
        text = env.t(
            "facts.moe_offload",
            mem=num(gpu.memory_gb, 0),
            n_ram=split.layers_in_ram,
            layers=split.layers,
            ram_gb=f"{split.experts_in_ram_gb:.1f}",
            ram=f"{split.ram_gb_s:g}",
            tps=num(split.tokens_per_s, 0),
            dense=f"{dense:.1f}",
            **values,
        )
        figures = {"tokens_per_s": round(split.tokens_per_s, 1), "dense_tokens_per_s": round(dense, 1)}
        figures |= {"active_gb": round(active, 1), "experts_in_ram_gb": round(split.experts_in_ram_gb, 1)}
    notes = "".join(i18n.gap(env.lang) + x for x in (card_note,) if x)
    if model is not named:
        notes += i18n.gap(env.lang) + env.t("explain.example_model", model=model.name)
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.moe_offload")]
    return Lead(text + notes, figures, sources)


def _cuda_cards(query: ExplainQuery, env: Env) -> Lead | None:
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.concept_leads_arch import architecture

    lists = lexicon(env.lang).lists
    known = [n.removeprefix("arch_").replace("_", " ").title() for n in lists if n.startswith("arch_")]
    known = [k for k in known if not k.endswith(" Words")]
    families: list[str] = []
    for g in query.gpus:
        spec = env.gpu(g.name) if g.name else None
        arch = (spec.architecture or "") if spec is not None and spec.vendor == "NVIDIA" else ""
        family = max((k for k in known if arch.startswith(k)), key=len, default="")
        if family and family not in families:
            families.append(family)
    if not families:
        return None
    found = architecture(dataclasses.replace(query, architectures=tuple(families)), env)
    if found is not None and says(query.text, _DROP_WORDS):  # "which gpus did cuda 13 drop? my p40?": the list first
        found.text = env.t("facts.cuda_dropped") + i18n.gap(env.lang) + found.text
    return found


_DROP_WORDS = ("drop", "dropped", "drops", "dropping", "removed", "放弃", "砍掉", "淘汰", "不支持")


LARGER_LLM = "qwen2.5-14b"  # a model about twice the example's size, for what size does to speed [A]


def _speed_factors(query: ExplainQuery, env: Env) -> Lead | None:
    """ "tok/s depends on what exactly? bandwidth? model size? quant?": one user's decode on the card named (else the
    RTX 3090) at three formats and at twice the size, and the prompt speed that compute sets (§llm.decode,
    §llm.prefill)."""
    gpu, card_note = _card(query, env, REFERENCE_GPUS[0])
    model, model_note = _llm(query, env, EXAMPLE_LLM)
    larger = _model(env, LARGER_LLM)
    formats = ("q4_k_m", "q8_0", "fp16")
    tps = {q: llm.decode_speed(gpu, model, q).tokens_per_s for q in formats}
    big = llm.decode_speed(gpu, larger, QUANT).tokens_per_s
    prefill = llm.prefill_speed(gpu, model, QUANT).tokens_per_s
    if min(tps.values()) <= 0 or big <= 0 or prefill <= 0:
        return None
    text = env.t(
        "facts.speed_factors",
        gpu=gpu.short_name,
        bw=num(gpu.memory_bandwidth_gb_s, 0),
        model=model.name,
        q4=num(tps["q4_k_m"], 0),
        q8=num(tps["q8_0"], 0),
        fp16=num(tps["fp16"], 0),
        larger=larger.name,
        big=num(big, 0),
        prefill=num(prefill, 0),
    )
    notes = "".join(i18n.gap(env.lang) + x for x in (card_note, model_note) if x)
    figures = {"tokens_per_s": {q: round(v, 1) for q, v in tps.items()}, "prefill_tokens_per_s": round(prefill, 1)}
    return Lead(text + notes, figures, [spec_source(gpu, env), *env.cite("docs/model.md §llm.decode")])


def _nvlink_need(query: ExplainQuery, env: Env) -> Lead | None:
    """ "nvlink在3090上还有用吗", "is nvlink still worth it on 3090s": two of the card named (else the RTX 3090) with
    the bridge and without it, split by layer and by tensor, and data-parallel training (§perf.multigpu); the cards
    that take no bridge are said to have none."""
    from assistant.respond.scaling import bare_link

    gpu, card_note = _card(query, env, REFERENCE_GPUS[0])
    model = _model(env, EXAMPLE_LLM)
    if scaling.link(gpu, 2) != "nvlink":
        return _pcie_only(gpu, model, env)
    bare = bare_link(gpu)
    speed = {
        (split, via): scaling.llm_scaling([gpu] * 2, model, QUANT, split=split, batch=1, context=4096, via=via)
        for split in ("tensor", "layer")
        for via in ("nvlink", bare)
    }
    train = [scaling.training_scaling([gpu] * 2, via=v).efficiency for v in ("nvlink", bare)]
    tp, tp_bare = speed[("tensor", "nvlink")].tokens_per_s, speed[("tensor", bare)].tokens_per_s
    text = env.t(
        "facts.nvlink_need",
        a=f"2 x {gpu.short_name}",
        model=f"{model.name} {QUANT}",
        layer=num(speed[("layer", "nvlink")].tokens_per_s, 0),
        layer_bare=num(speed[("layer", bare)].tokens_per_s, 0),
        tp=num(tp, 0),
        tp_bare=num(tp_bare, 0),
        pct=f"{(1 - tp_bare / tp) * 100:.0f}",
        eff=f"{train[0] * 100:.0f}",
        eff_bare=f"{train[1] * 100:.0f}",
    )
    figures = {"tensor_tokens_per_s_by_link": {"nvlink": round(tp, 1), bare: round(tp_bare, 1)}}
    note = i18n.gap(env.lang) + card_note if card_note else ""
    return Lead(text + note, figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.multigpu")])


def _pcie_only(gpu, model, env: Env) -> Lead:
    """A card with no NVLink connector: two of it over PCIe against one, split by layer and by tensor, and the share
    of each card's speed data-parallel training keeps (§perf.multigpu)."""
    link = scaling.link(gpu, 2)
    one = scaling.llm_scaling([gpu], model, QUANT, split="layer", batch=1, context=4096)
    layer, tensor = (
        scaling.llm_scaling([gpu] * 2, model, QUANT, split=split, batch=1, context=4096, via=link)
        for split in ("layer", "tensor")
    )
    eff = scaling.training_scaling([gpu] * 2, via=link).efficiency
    text = env.t(
        "facts.pcie_only",
        gpu=gpu.short_name,
        a=f"2 x {gpu.short_name}",
        model=f"{model.name} {QUANT}",
        one=num(one.tokens_per_s, 0),
        layer=num(layer.tokens_per_s, 0),
        tp=num(tensor.tokens_per_s, 0),
        eff=f"{eff * 100:.0f}",
    )
    speeds = {"one": one.tokens_per_s, "layer": layer.tokens_per_s, "tensor": tensor.tokens_per_s}
    figures = {"link": link, "tokens_per_s": {k: round(v, 1) for k, v in speeds.items()}}
    return Lead(text, figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.multigpu")])


NO_TENSOR_EXAMPLE = ("GeForce GTX 1080 Ti", "GeForce RTX 2080 Ti")  # the last card without, the next with [A]


def _tensor_old(query: ExplainQuery, env: Env) -> Lead | None:
    """ "10系没有tensor core是不是就很慢": a card without tensor cores (the one named, else the GTX 1080 Ti) against
    the RTX 2080 Ti in 16-bit training (the reference's method, §perf) and in one user's LLM decode (§llm.decode)."""
    from assistant.models import performance

    named = [env.gpu(g.name) for g in query.gpus if g.name]
    old = next((g for g in named if g is not None and not g.tensor_cores), None) or env.gpu(NO_TENSOR_EXAMPLE[0])
    new = env.gpu(NO_TENSOR_EXAMPLE[1])
    model = _model(env, EXAMPLE_LLM)
    train = [performance.relative_performance(g, "train16").score for g in (old, new)]
    dec = [llm.decode_speed(g, model, QUANT).tokens_per_s for g in (old, new)]
    if min(train) <= 0 or min(dec) <= 0:
        return None
    text = env.t(
        "facts.tensor_old",
        old=old.short_name,
        new=new.short_name,
        a=f"{train[0]:.2f}",
        b=f"{train[1]:.2f}",
        ratio=f"{train[1] / train[0]:.1f}",
        x=num(dec[0], 0),
        y=num(dec[1], 0),
        xbw=num(old.memory_bandwidth_gb_s, 0),
        ybw=num(new.memory_bandwidth_gb_s, 0),
        model=f"{model.name} {QUANT}",
    )
    figures = {"train16": [round(t, 2) for t in train], "tokens_per_s": [round(d, 1) for d in dec]}
    return Lead(text, figures, [spec_source(old, env), spec_source(new, env), *env.cite("dettmers-2023")])


LEADS: dict[str, Callable[[ExplainQuery, Env], Lead | None]] = {
    "dp_double": _dp_double,
    "vllm_card": _vllm_card,
    "ram_help": _ram_help,
    "fp8_gain": _fp8_gain,
    "low_float_home": _low_float_home,
    "tensor_old": _tensor_old,
    "speed_factors": _speed_factors,
    "nvlink_need": _nvlink_need,
    "bytes": _bytes,
    "tensor_pipeline": _tensor_pipeline,
    "memory_types": _memory_types,
    "mac_speed": _mac_speed,
    "moe_offload": _moe_offload,
    "cuda_cards": _cuda_cards,
}
