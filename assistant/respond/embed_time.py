"""How long embedding a corpus takes (docs/model.md §embed.speed): the lead of the embeddings concept.

Contract: `embed_time(query, env)` answers an ExplainQuery with `embed` set: the time for the documents asked (or
the documents an hour when no count is given) on each GPU named, else on the reference cards of
knowledge/rules_of_thumb.toml [embedding] (the answer says they are examples), for the embedding model named (its
shape from the same table) or the default model, said; the tokens per document as said, or the table's chunk length
(short_tokens when the documents are said to be short), said as assumed. Returns None without `embed`.
Asked "embed_fit" ("can a 3060 handle bge-m3"): whether the model's 16-bit weights fit the card named, or the
memory the user states ("my 12gb card"), or (neither) the memory they need, comes first. Pure.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import embed_speed
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import Lead, says_word
from assistant.respond.env import Env, rules_of_thumb
from assistant.respond.wording import num, spec_source

_SHORT = ("short", "small", "短", "短文本")


def _model(text: str, table: dict) -> tuple[str, dict, bool]:
    """(key, shape, named) of the embedding model the question names, else the default model (named False)."""
    low = text.lower()
    for key, shape in table["models"].items():  # "3060能跑bge-m3吗": a name beside Chinese text is still the name
        if any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", low) for w in [key, *shape.get("aliases", [])]):
            return key, shape, True
    key = table["default_model"]
    return key, table["models"][key], False


_STATED_GB = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:gb|g)(?![a-z])", re.I)  # "my 12gb card", "8g显卡"


def _fits(query: ExplainQuery, model: str, params_m: float, cards: list, env: Env) -> str:
    """Whether the model's 16-bit weights fit the card named, or the memory the user states ("my 12gb card"), or
    (neither) the memory they need."""
    gb = params_m * 2 / 1024
    stated = _STATED_GB.search(query.text)
    if cards:
        memory = float(cards[0].memory_gb or 0)
        name = env.t("embed.the_card", gpu=cards[0].short_name, mem=f"{memory:g}")
    elif stated:
        name, memory = env.t("embed.your_card", gb=stated.group(1)), float(stated.group(1))
    else:
        return env.t("embed.fit_need", model=model, gb=num(gb, 1), params=num(params_m))
    key = "embed.fit_yes" if memory > gb else "embed.fit_no"
    return env.t(key, model=model, gb=num(gb, 1), params=num(params_m), card=name)


def _duration(seconds: float, env: Env) -> str:
    if seconds >= 3600:
        return env.t("embed.hours", n=num(seconds / 3600, 1))
    return env.t("embed.minutes", n=num(max(seconds / 60, 1), 0))


def embed_time(query: ExplainQuery, env: Env) -> Lead | None:
    if query.embed is None:
        return None
    table = rules_of_thumb()["embedding"]
    key, shape, named = _model(query.text, table)
    docs, each = query.embed
    each_said = each is not None
    if each is None:
        each = table["short_tokens"] if says_word(query.text, _SHORT) else table["chunk_tokens"]
    each = min(float(each), float(shape["max_tokens"]))
    layers, hidden, inter = int(shape["layers"]), int(shape["hidden"]), int(shape["intermediate"])
    names = [g.name for g in query.gpus if g.name] or list(table["reference_gpus"])
    cards = [env.gpu(n) for n in names]
    rows, figures = [], {"embed_model": key, "tokens_each": each, "documents": docs}
    for card in cards:
        per_doc = embed_speed.seconds(card, layers, hidden, inter, 1.0, each)
        if per_doc <= 0:
            continue
        rate = 1.0 / per_doc
        if docs:
            rows.append(
                env.t("embed.row_total", gpu=card.short_name, time=_duration(docs * per_doc, env), rate=num(rate))
            )
        else:
            rows.append(env.t("embed.row_rate", gpu=card.short_name, hour=num(rate * 3600), rate=num(rate)))
        figures[f"seconds_{card.short_name}"] = round(docs * per_doc, 1) if docs else None
    if not rows:
        return None
    gflops = embed_speed.flops_per_token(layers, hidden, inter, each) / 1e9
    params_m = embed_speed.params(layers, hidden, inter, int(shape["vocab"])) / 1e6
    head = env.t(
        "embed.head" if docs else "embed.head_rate",
        docs=num(docs or 0),
        each=num(each),
        model=key,
        params=num(params_m),
        gflops=num(gflops, 2),
    )
    parts = [head + i18n.listing(env.lang).join(rows) + env.t("embed.end")]
    if query.asked == "embed_fit":  # "can a 3060 handle bge-m3": whether it runs, first
        parts.insert(0, _fits(query, key, params_m, [c for c in cards if [g for g in query.gpus if g.name]], env))
    if not named:
        parts.append(env.t("embed.model_assumed", model=key))
    if not each_said:
        parts.append(env.t("embed.length_assumed", each=num(each)))
    if not [g for g in query.gpus if g.name]:
        parts.append(env.t("embed.cards_examples"))
    said = "embed.assumptions_speed" if query.asked == "embed_fit" else "embed.assumptions"  # the fit said it first
    parts.append(env.t(said, eff=num(C.PREFILL_EFFICIENCY * 100), gb=num(params_m * 2 / 1024, 1)))
    sources = [spec_source(c, env) for c in cards]
    sources += env.cite(shape["source"], "docs/model.md §embed.speed", "docs/model.md §llm.prefill")
    return Lead(i18n.gap(env.lang).join(parts), figures, list(dict.fromkeys(sources)))
