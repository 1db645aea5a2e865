"""Answer "what is X?": a concept from knowledge/concepts.toml, in the question's language; the
concepts it is compared with ("X vs Y, what's the difference") follow as reasons. When the question
names two concepts that a contrast concept relates (key "a-vs-b", e.g. "full-finetune-vs-lora",
"vram-vs-compute"), the contrast leads: the difference asked for comes first, each concept after it."""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.query_talk import ExplainQuery
from assistant.respond import concept_leads
from assistant.respond.env import Env, rules_of_thumb
from assistant.respond.fit_sizing import sized_model
from assistant.respond.setup import estimate, memory_setup, setup_step


def _localized(concept, field: str, lang: str) -> str:
    """A concept's `field` in `lang` (`text_zh` for Chinese), or the English one when it has none."""
    return getattr(concept, f"{field}_{lang}", None) or getattr(concept, field)


def _title(concept, lang: str) -> str:
    return _localized(concept, "title", lang)


def _explained(concept, lang: str) -> str:
    """ "Title: text" of a concept, in `lang`."""
    return f"{_title(concept, lang)}{i18n.colon(lang)}{' '.join(_localized(concept, 'text', lang).split())}"


def _contrast(concepts: dict, named: list[str]):
    """The contrast concept relating two of the concepts named, if any."""
    if len(named) < 2:
        return None
    return next((c for c in concepts.values() if "-vs-" in c.key and len(set(named) & set(c.related)) >= 2), None)


_METHODS = {"full-finetune": "full_finetune", "lora": "lora", "qlora": "qlora"}
EXAMPLE_PARAMS_B = 7.0  # the model size the memory of fine-tuning methods is shown for when none is named [A]


def _method_memory(query: ExplainQuery, named: list[str], env: Env) -> tuple[str, str]:
    """Two fine-tuning methods compared with memory asked ("lora vs qlora vram", "显存差多少"): each method's
    training memory for a 7B model (§mem.train), most first, and the difference, with the set-up assumed;
    ("", "") otherwise."""
    modes = [_METHODS[k] for k in named if k in _METHODS]
    if len(modes) < 2 or not lexicon(env.lang).words_in("memory_asked_words", f" {query.text.lower()} "):
        return "", ""
    asked = FitQuery(text=query.text, model=None, params_b=EXAMPLE_PARAMS_B, mode=modes[0])
    model, _ = sized_model(asked, env)
    if model is None:
        return "", ""
    setup = memory_setup(model, asked, modes[0])
    gbs = {m: estimate(model, setup, "bf16", 1, m, asked).total_gb for m in modes}
    order = sorted(gbs, key=lambda m: -gbs[m])
    items = i18n.listing(env.lang).join(
        env.t("explain.method_gb", method=env.t(f"fit.mode_{m}"), gb=f"{gbs[m]:.1f}") for m in order
    )
    head = env.t(
        "explain.method_memory",
        params=f"{EXAMPLE_PARAMS_B:g}B",
        items=items,
        diff=f"{gbs[order[0]] - gbs[order[-1]]:.1f}",
    )
    return head, setup_step(env, setup)


GDDR6X_EDGE_C = 100  # from about here a GDDR6X reading is near Igor's Lab's 105-110 °C Tj max estimate [A]


def _temperature_lead(query: ExplainQuery, env: Env) -> str:
    """ "85c is that ok": the reading given against the reference's throttle point (knowledge/rules_of_thumb.toml
    [power] throttle_c), for the GPU core; a memory or hotspot reading is said to have limits of its own."""
    if query.temperature_c is None:
        return ""
    throttle = rules_of_thumb()["power"]["throttle_c"]
    gpu = query.gpus[0].name if query.gpus and query.gpus[0].name else ""
    reading = f"{query.temperature_c:g}"
    if query.sensor == "hotspot":
        return _hotspot_lead(query, env)
    if query.sensor == "memory":
        card = env.gpu(gpu) if gpu else None
        if card is not None and (card.memory_type or "").upper() != "GDDR6X":  # the only estimate is for GDDR6X
            return env.t("explain.temperature_memory", t=reading, throttle=throttle)
        over = query.temperature_c >= GDDR6X_EDGE_C
        key = "explain.temperature_gddr6x_edge" if over else "explain.temperature_gddr6x_ok"
        core = ""
        if query.core_temperature_c is not None:  # "核心75度 显存结温104度": the core reading, against the throttle
            ok = query.core_temperature_c <= throttle
            core_key = "explain.temperature_under" if ok else "explain.temperature_over"
            core = env.t(core_key, t=f"{query.core_temperature_c:g}", throttle=throttle) + i18n.gap(env.lang)
        return (
            core
            + env.t("explain.temperature_memory_hot", t=reading, throttle=throttle)
            + i18n.gap(env.lang)
            + env.t(key, t=reading)
        )
    key = "explain.temperature_over" if query.temperature_c > throttle else "explain.temperature_under"
    lead = env.t(key, t=reading, throttle=throttle)
    return lead + (i18n.gap(env.lang) + env.t("explain.temperature_gpu", gpu=gpu) if gpu else "")


HOTSPOT_HEALTHY_C = (75, 92)  # a healthy hotspot reading under load (concept-hotspot-evetech)
HOTSPOT_CONTACT_C = 100  # above this a hotspot reading points at poor cooler contact (concept-hotspot-evetech)
HOTSPOT_GAP_C = (15, 25)  # a normal gap between the core and the hotspot under load (concept-hotspot-delta-ggfix)
_PASTE = ("paste", "repaste", "re-paste", "硅脂", "导热膏", "重涂")


def _hotspot_lead(query: ExplainQuery, env: Env) -> str:
    """ "热点温度到95度 正常吗 要不要换硅脂": the hotspot reading against its healthy range, the gap to the core reading
    when given (the sign of paste or mounting trouble), and whether to repaste."""
    t = query.temperature_c or 0.0
    low, high = HOTSPOT_HEALTHY_C
    key = "ok" if t <= high else "warm" if t <= HOTSPOT_CONTACT_C else "contact"
    parts = [env.t(f"explain.hotspot_{key}", t=f"{t:g}", low=low, high=high, contact=HOTSPOT_CONTACT_C)]
    gap_low, gap_high = HOTSPOT_GAP_C
    if query.core_temperature_c is not None:
        gap = t - query.core_temperature_c
        wide = "wide" if gap > gap_high else "normal"
        values = {"gap": f"{gap:g}", "core": f"{query.core_temperature_c:g}", "low": gap_low, "high": gap_high}
        parts.append(env.t(f"explain.hotspot_gap_{wide}", **values))
    elif any(w in query.text.lower() for w in _PASTE) or key == "contact":
        parts.append(env.t("explain.hotspot_paste", low=gap_low, high=gap_high))
    return i18n.gap(env.lang).join(parts)


def _defined_first(query: ExplainQuery, env: Env) -> bool:
    """An architecture named beside a concept whose meaning is asked ("what does fp4 mean on blackwell"): the
    definition leads and the architecture's support follows it (nlu/intents/arch_cues.architecture sets no ask)."""
    return bool(query.architectures) and query.asked is None and query.concept != "cuda-arch-support"


def respond(query: ExplainQuery, env: Env) -> Answer:
    from assistant.respond import pcie_slot

    if pcie_slot.applies(query, env):  # "is a pcie 4.0 x4 slot ok for a 3090": that slot, in numbers
        slot = pcie_slot.respond(query, env)
        if slot is not None:
            pcie = next((c for c in env.reader.concepts if c.key == query.concept), None)
            if pcie is not None and query.concept != "pcie":  # an eGPU: what its link is, after the numbers
                slot.steps.insert(0, _explained(pcie, env.lang))
                slot.sources = list(dict.fromkeys([*env.cite(pcie.source), *slot.sources]))
            related = [_title(c, env.lang) for c in env.reader.concepts if pcie and c.key in pcie.related]
            if related:
                slot.steps.append(env.t("explain.related", items=i18n.listing(env.lang).join(related)))
            slot.figures["concept"] = query.concept
            return slot
    concepts = {c.key: c for c in env.reader.concepts}
    concept = concepts.get(query.concept)
    if concept is None:
        known = i18n.listing(env.lang).join(sorted(_title(c, env.lang) for c in concepts.values())[:12])
        return Answer(
            question=query.text,
            intent="explain",
            headline="",
            lang=env.lang,
            clarification=env.t("explain.unknown", mention=query.mention or query.concept, known=known),
        )
    named = [concept.key, *(k for k in query.others if k in concepts and k != concept.key)]
    contrast = _contrast(concepts, named)
    steps = [_explained(concepts[k], env.lang) for k in named[1:]]
    if contrast is not None:
        steps = [_explained(concepts[k], env.lang) for k in named]
        concept = contrast
    headline = _explained(concept, env.lang)
    if query.tie and len(named) >= 2 and contrast is None:  # the evidence fits two concepts about equally: both, said
        two = env.t(
            "explain.two_candidates", a=_title(concepts[named[0]], env.lang), b=_title(concepts[named[1]], env.lang)
        )
        steps.insert(0, two)  # said after the first answer, not before it: the answer leads
    memory, setup_line = _method_memory(query, named, env)  # "LoRA vs QLoRA 显存差多少": each method's GB lead
    heat = _temperature_lead(query, env)  # "85c is that ok": the reading against the throttle point, first
    if heat:
        headline = heat + i18n.gap(env.lang) + headline
    if memory:
        headline = memory + i18n.gap(env.lang) + headline
        steps.append(setup_line + i18n.gap(env.lang) + env.t("explain.method_method"))
    related = [_title(concepts[k], env.lang) for k in concept.related if k in concepts and k not in named]
    if related:
        steps.append(env.t("explain.related", items=i18n.listing(env.lang).join(related)))
    figures = {
        "concept": concept.key,
        "others": [k for k in query.others if k in concepts],
        "temperature_c": query.temperature_c,
    }
    sources = env.cite(concept.source)
    # "does gqa cut vram": the answer in numbers, then the concept (the first concept named that has a lead)
    asked = next(filter(None, (concept_leads.lead(query, k, env) for k in dict.fromkeys([concept.key, *named]))), None)
    if asked is not None and _defined_first(query, env):  # "what does fp4 mean on blackwell": what it is, then support
        headline += i18n.gap(env.lang) + asked.text
        figures |= asked.figures
        sources = list(dict.fromkeys([*sources, *asked.sources]))
        asked = None
    if asked is not None:
        steps.insert(0, headline)
        if "setup" in asked.figures:
            steps.insert(1, asked.figures.pop("setup"))
        headline = asked.text
        figures |= asked.figures | {"lead": True}  # an answer in figures leads (respond/ask_lines takes it as a line)
        sources = list(dict.fromkeys([*asked.sources, *sources]))
    return Answer(
        question=query.text,
        intent="explain",
        headline=headline,
        gpus=list(dict.fromkeys(g.name for g in query.gpus if g.name)),  # the card asked about, for the follow-ups
        steps=steps,
        figures=figures,
        sources=sources
        + (env.cite("concept-gddr6x-igorslab") if query.sensor == "memory" else [])
        + (env.cite("concept-hotspot-evetech", "concept-hotspot-delta-ggfix") if query.sensor == "hotspot" else []),
        lang=env.lang,
    )
