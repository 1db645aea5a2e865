"""The words of clarifications: what was understood, what was not, and what to type instead.

Contract: builders return message strings (or a ready `Clarification` for `unparsed`); they
never raise and never look anything up beyond the `NameIndex` they are given. Every builder
takes `lang`: the wording comes from the `[nlu]` table of assistant/locale/<lang>.toml, so a
Chinese question gets its clarification in Chinese, and the `Clarification`s built here carry
`extras["lang"]`.
"""

from __future__ import annotations

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
    hint = i18n.t(lang, "nlu.model_family", options=i18n.either(lang, names)) if names else ""
    if q.intent == "fit":  # the memory can be estimated from a size: say how to give one
        hint += i18n.t(lang, "nlu.model_give_size", mention=m.mention)
    return i18n.t(lang, "nlu.unknown_model", what=_what(lang, q.intent), mention=m.mention) + hint


def uncovered(text: str, mention: str, intent: str, lang: str) -> Clarification:
    """An accelerator the KB leaves out on purpose, with nothing else to answer: say so, name none in its place."""
    key = "nlu.uncovered_device" if is_uncovered(mention, lang) else "nlu.not_gpu_device"
    return Clarification(
        "unknown_gpu",
        i18n.t(lang, key, mention=mention),
        intent=intent,
        text=text,
        extras={"mention": mention, "lang": lang},
    )


def is_uncovered(mention: str, lang: str) -> bool:
    """Is the mention an accelerator the KB leaves out on purpose (昇腾, 寒武纪, 摩尔线程, 海光 DCU,
    沐曦: grammar/lexicon.*.toml [lists] uncovered_devices)?"""
    from assistant.nlu.lexicon import lexicon

    lowered = mention.lower()
    return any(w in lowered for w in lexicon(lang).listed("uncovered_devices"))


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
