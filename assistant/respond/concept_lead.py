"""What every concept lead shares: the `Lead` it returns and how it picks the model or GPU it fills in.

Contract: a lead (respond/concept_leads.py and its topic modules) uses the model or GPU the question names; when
none is named it uses a reference one (the RTX 3090, Llama 3 8B / 3.1 8B) and its sentence says so.
`concept_opening(env, key)` is a concept's first two sentences and sources, for answers that append them. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from assistant import i18n
from assistant.queries import FitQuery
from assistant.query_talk import ExplainQuery
from assistant.respond.env import Env
from assistant.respond.wording import num

GQA_MODEL = "llama-3.1-8b"  # the example of a GQA model when none is named (its 128k context shows the cache) [A]


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


def says_word(text: str, words) -> bool:
    """Does `text` say a word of `words`? English as whole words (phrases too), Chinese as text."""
    spaced = " " + " ".join(text.lower().replace("?", " ").replace(",", " ").split()) + " "
    return any(f" {w} " in spaced if w.isascii() else w in text for w in words)


def named_or_example(query: ExplainQuery, env: Env, example: str):
    """The model named (an LLM with its shape), else a model of the size named ("7B模型": a 7B, asked_llm), else the
    example model, with a note saying it is one."""
    named = env.reader.model(query.model.key) if query.model else None
    if named is not None and named.kind == "llm" and named.layers:
        return named, ""
    sized = asked_llm(query, env) if query.model is None and query.params_b else None
    if sized is not None and sized.layers:  # a size named: a shape of that size assumed, said
        return sized, env.t("explain.sized_shape", model=sized.name, kv=int(sized.kv_heads or 0))
    model = env.reader.model(example)
    return model, env.t("explain.example_model", model=model.name) if model else ""


def yes_word(query: ExplainQuery, env: Env, yes: bool) -> str:
    return env.t("explain.yes" if yes else "explain.no") if query.asked == "yes_no" else ""


def size_text(n: float) -> str:
    if n < 1024 * KIB:
        return f"{num(n / KIB, 0)} KiB"
    if n < GIB:
        return f"{num(n / KIB / KIB, 0)} MiB"
    return f"{num(n / GIB, 1)} GiB"


def asked_llm(query: ExplainQuery, env: Env):
    """The LLM the question names, or for "at 70b" a KB model of that size (respond/fit.sized_model); None otherwise."""
    from assistant.respond.fit_sizing import sized_model

    if query.model is None and not query.params_b:
        return None
    model, _ = sized_model(FitQuery(text=query.text, model=query.model, params_b=query.params_b), env)
    return model if model is not None and model.kind == "llm" else None


def card_or_example(query: ExplainQuery, env: Env):
    """The first GPU named, else the reference card (the RTX 3090) and a note saying it is an example."""
    named = [g.name for g in query.gpus if g.name]
    if named:
        return env.gpu(named[0]), ""
    gpu = env.gpu(REFERENCE_GPUS[0])
    return gpu, env.t("explain.example_card", gpu=gpu.short_name)


def with_notes(text: str, env: Env, *notes: str) -> str:
    return text + "".join(i18n.gap(env.lang) + n for n in notes if n)


def concept_opening(env: Env, key: str) -> tuple[str, list[str]] | None:
    """The first two sentences of concept `key` (knowledge/concepts.toml) in the answer's language, with its cited
    sources; None when the KB lacks it."""
    concept = next((c for c in env.reader.concepts if c.key == key), None)
    if concept is None:
        return None
    text = getattr(concept, f"text_{env.lang}", None) or concept.text
    sentences = [p for p in re.split(r"(?<=。)|(?<=\.)\s+", text) if p.strip()]
    return i18n.gap(env.lang).join(sentences[:2]), env.cite(*concept.source.split(";"))
