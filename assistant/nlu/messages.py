"""The words of clarifications: what was understood, what was not, and what to type instead.

Contract: builders return message strings (or a ready `Clarification` for `unparsed`); they
never raise and never look anything up beyond the `NameIndex` they are given. Every builder
takes `lang`: the wording comes from the `[nlu]` table of assistant/locale/<lang>.toml, so a
Chinese question gets its clarification in Chinese, and the `Clarification`s built here carry
`extras["lang"]`.
"""

from __future__ import annotations

import functools

from assistant import i18n
from assistant.queries import Clarification

_CUR = {"CNY": "¥", "EUR": "€", "GBP": "£"}


def _symbol(t) -> str:
    cur = t.meanings.get("CURRENCY") if t is not None else None
    return _CUR.get(cur or "", "$")


# tag kind -> how its value is shown in the "I understood ..." list
_TAG_VALUES = {
    "MONEY": lambda v, t: {"money": f"{_symbol(t)}{v:,.0f}"},
    "KWH": lambda v, t: {"money": f"{_symbol(t)}{v:.2f}"},
    "PERCENT": lambda v, t: {"value": f"{v * 100:g}"},
    "YEARS": lambda v, t: {"value": f"{v:g}"},
    "MEMORY": lambda v, t: {"value": f"{v:g}"},
    "PARAMS": lambda v, t: {"value": f"{v:g}"},
    "CONTEXT": lambda v, t: {"value": f"{v:,}"},
    "WORKLOAD": lambda v, t: {"value": str(v)},
    "PRECISION": lambda v, t: {"value": str(v)},
}


def _what(lang: str, intent: str | None) -> str:
    key = f"nlu.intent.{intent}"
    return i18n.t(lang, key) if i18n.has(lang, key) else i18n.t(lang, "nlu.intent_other")


def _gpu_label(name: str, index, lang: str = "en") -> str:
    mem = index.memory_of(name) if index is not None else None
    extra = []
    if index is not None and index.is_mobile(name):
        extra.append(i18n.t(lang, "nlu.laptop"))
    if mem:
        extra.append(f"{mem:g} GB")
    return f"{name} ({i18n.comma(lang).join(extra)})" if extra else name


def options(candidates, index) -> list[dict]:
    return [
        {"name": c, "memory_gb": index.memory_of(c), "mobile": index.is_mobile(c)}
        for c in candidates
        if index is not None and index.is_gpu_name(c)
    ]


def understood(tags, lang: str = "en") -> list[str]:
    out = []
    for t in tags:
        if t.kind == "GPU":
            m = t.value
            out.append(
                i18n.t(lang, "nlu.gpu", name=m.name)
                if m.status == "ok"
                else i18n.t(lang, "nlu.gpu_mention", text=t.text)
            )
        elif t.kind == "MODEL":
            out.append(i18n.t(lang, "nlu.model", name=t.value.key or t.text))
        elif t.kind in _TAG_VALUES:
            try:
                out.append(i18n.t(lang, f"nlu.tag.{t.kind}", **_TAG_VALUES[t.kind](t.value, t)))
            except (TypeError, ValueError, AttributeError):
                out.append(t.text)
    return out


def examples(lang: str, n: int = 5) -> str:
    return i18n.listing(lang).join(i18n.quote(lang, e) for e in i18n.words(lang, "nlu.examples")[:n])


def unparsed(text: str, unknown: list[str], tags, lang: str = "en") -> Clarification:
    got = understood(tags, lang)
    parts = []
    uniq = list(dict.fromkeys(unknown))
    if not (text or "").strip():
        parts.append(i18n.t(lang, "nlu.empty"))
    else:
        parts.append(i18n.t(lang, "nlu.not_understood"))
        if got:
            parts.append(i18n.t(lang, "nlu.understood", items=i18n.sep(lang).join(got)))
        if uniq:
            words = i18n.listing(lang).join(i18n.quote(lang, w) for w in uniq[:8])
            parts.append(i18n.t(lang, "nlu.unknown_words", words=words))
    parts.append(i18n.t(lang, "nlu.try", examples=examples(lang)))
    return Clarification(
        "unparsed",
        i18n.gap(lang).join(parts),
        intent="unknown",
        text=text if isinstance(text, str) else "",
        extras={"understood": got, "not_understood": uniq, "lang": lang},
    )


def missing_second(ref, lang: str = "en") -> str:
    return i18n.t(lang, "nlu.missing_second", name=ref.name or ref.mention, mention=ref.mention)


def gpu_problem(q, m, kind: str, index, lang: str = "en") -> str:
    labels = [_gpu_label(c, index, lang) for c in m.candidates]
    if kind == "ambiguous_gpu":
        return i18n.t(lang, "nlu.ambiguous_gpu", mention=m.mention, options=i18n.either(lang, labels))
    if is_uncovered(m.mention, lang):
        return i18n.t(lang, "nlu.uncovered_device", mention=m.mention)
    hint = i18n.t(lang, "nlu.did_you_mean_gpu", options=i18n.either(lang, labels)) if labels else ""
    return i18n.t(lang, "nlu.unknown_gpu", what=_what(lang, q.intent), mention=m.mention) + hint


ASK_AT_MOST = 3  # models named in an ask-back; the candidates come ranked (lookup/model_versions.py)


def model_problem(q, m, kind: str, index, lang: str = "en") -> str:
    names = [index.model_name(c) for c in m.candidates]
    if kind == "ambiguous_model" and len(names) > ASK_AT_MOST:  # "qwen": the likeliest few, and how to name one
        top = names[:ASK_AT_MOST]
        return i18n.t(
            lang,
            "nlu.ambiguous_model_many",
            mention=m.mention,
            options=i18n.either(lang, top),
            n=len(names),
            example=top[1].lower(),
        )
    if kind == "ambiguous_model":
        return i18n.t(lang, "nlu.ambiguous_model", mention=m.mention, options=i18n.either(lang, names))
    of_kind = non_llm_model(m.mention, index, lang)
    if of_kind:  # "how much vram does cogvideox need": a video model the list lacks, never sized as an LLM
        return of_kind
    hint = i18n.t(lang, "nlu.model_family", options=i18n.either(lang, names)) if names else ""
    if q.intent == "fit":  # the memory can be estimated from a size: say how to give one
        hint += i18n.t(lang, "nlu.model_give_size", mention=m.mention)
    return i18n.t(lang, "nlu.unknown_model", what=_what(lang, q.intent), mention=m.mention) + hint


# lexicon lists unknown_<kind>_families
NON_LLM_KINDS = ("video", "image", "vision", "speech", "science", "ocr", "restore")


def non_llm_model(mention: str, index, lang: str) -> str:
    """What to say of a model the list lacks whose family is a video, image, vision, speech, science, OCR or
    restoration one: its kind and the
    models of that kind the knowledge base holds; "" when it is none of these."""
    kind = _non_llm_kind(mention, lang)
    if kind is None:
        return ""
    said = i18n.t(lang, "nlu.unknown_model_kind", mention=mention, kind=i18n.t(lang, f"nlu.model_kind_{kind}"))
    return said + _known_of_kind(kind, index, lang)


def _non_llm_kind(mention: str, lang: str) -> str | None:
    """The kind of a model the list lacks when its family is a video, image, vision or speech one (lexicon lists
    unknown_<kind>_families, matched at the start of the mention); None for a language model or a family not
    listed."""
    from assistant.nlu.lexicon import lexicon

    said = " ".join(mention.lower().replace("-", " ").split())
    for kind in NON_LLM_KINDS:
        for family in lexicon(lang).listed(f"unknown_{kind}_families"):
            if said == family or said.startswith(family + " ") or (said.startswith(family) and family[-1].isalpha()):
                return kind
    return None


@functools.lru_cache(maxsize=1)
def _video_model_names() -> tuple[str, ...]:
    """The names of the video models knowledge/video_models.csv holds, in file order."""
    import csv

    from assistant import paths

    path = paths.knowledge_dir() / "video_models.csv"
    with path.open(encoding="utf-8") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return tuple(dict.fromkeys(r["name"] for r in rows if r.get("name")))


def _known_of_kind(kind: str, index, lang: str) -> str:
    """ " The video models I know: ..." for the kinds the knowledge base holds models of."""
    if kind == "image" and index is not None:
        names = sorted(n for _f, _p, n, k in index.model_info.values() if k == "image")
    elif kind == "speech" and index is not None:
        names = sorted(n for _f, _p, n, k in index.model_info.values() if n.lower().startswith("whisper"))
    elif kind == "video":
        names = list(_video_model_names())
    else:
        names = []
    if kind == "vision":  # no detection or segmentation model is held: what of vision is covered
        return i18n.t(lang, "nlu.known_vision")
    return i18n.t(lang, f"nlu.known_{kind}", names=i18n.join_names(lang, names)) if names else ""


def uncovered(
    text: str, mention: str, intent: str, lang: str, mentions: tuple[str, ...] = (), field: bool = False
) -> Clarification:
    """An accelerator the KB leaves out on purpose, with nothing else to answer: say so, name none in its place.
    `mentions`: every uncovered device named (the engine answers what sources say of their software); `field`: a
    spec field was asked ("显存多大")."""
    found = is_uncovered(mention, lang)
    key = "nlu.uncovered_device" if found else "nlu.not_gpu_device"
    if found and _is_generic(mention, lang):  # "国产显卡能替代英伟达吗": all of them, none named
        key = "nlu.uncovered_generic"
    return Clarification(
        "unknown_gpu",
        i18n.t(lang, key, mention=mention),
        intent=intent,
        text=text,
        # the engine adds the paper specs and software facts it has (respond/uncovered.clarified)
        extras={
            "mention": mention,
            "mentions": mentions or (mention,),
            "field": field,
            "lang": lang,
            "uncovered": found,
        },
    )


def sheet_asked(bag) -> bool:
    """A spec figure or the spec sheet asked ("显存多大", "参数", "910b specs": lexicon list spec_sheet_words), not
    "怎么样" (a SPEC word too, asking how good it is)."""
    from assistant.nlu.lexicon import lexicon

    words = lexicon(bag.lang).listed("spec_sheet_words")
    return bag.has("FIELD", "PRICES") or any(t.text.lower() in words for t in bag.kinds.get("SPEC", ()))


def is_uncovered(mention: str, lang: str) -> bool:
    """Is the mention an accelerator the KB leaves out on purpose (昇腾, 寒武纪, 摩尔线程, 海光 DCU,
    沐曦: grammar/lexicon.*.toml [lists] uncovered_devices)?"""
    from assistant.nlu.lexicon import lexicon

    lowered = mention.lower()
    return any(w in lowered for w in lexicon(lang).listed("uncovered_devices"))


def _is_generic(mention: str, lang: str) -> bool:
    from assistant.nlu.lexicon import lexicon

    return "".join(mention.lower().split()) in {"".join(w.split()) for w in lexicon(lang).listed("uncovered_generic")}


def is_not_gpu(mention: str, lang: str) -> bool:
    """Is the mention a device that is not a GPU the KB covers ("strix halo", "ryzen ai max+ 395", "raspberry pi 5":
    grammar/lexicon.*.toml [lists] not_gpu_devices)?"""
    from assistant.nlu.lexicon import lexicon

    lowered = mention.lower()
    return any(w in lowered for w in lexicon(lang).listed("not_gpu_devices"))


def unknown_concept(text: str, unknown: list[str], index, lang: str = "en") -> Clarification:
    titles = getattr(index, "concept_titles", {})
    localized = getattr(index, f"concept_titles_{lang}", None) or titles
    topics = sorted(localized.values())[:12]
    what = i18n.t(lang, "nlu.join_words").join(unknown[:6]) or i18n.t(lang, "nlu.that")
    message = i18n.t(lang, "nlu.unknown_concept", what=what, topics=i18n.listing(lang).join(topics))
    return Clarification(
        "unparsed",
        message,
        intent="explain",
        text=text,
        extras={"understood": [_what(lang, "explain")], "not_understood": list(unknown), "lang": lang},
    )
