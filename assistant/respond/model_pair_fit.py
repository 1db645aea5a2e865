"""Two language models weighed on one device: "glm-4.5 air vs llama 4 scout, which one runs better on a 64gb mac",
"qwen3 32b or gemma 3 27b on a 4090, which runs better".

Contract: `respond(query, env)` -> an Answer, or None unless a fit question names a device (a GPU, or a memory size:
a Mac named by it) and two different LLMs (the parsed one and another named in the text: model_pair_memory's
reading) and sets them against each other (lexicon [lists] model_pair_fit_asks: "which", "vs", " or "). Each model
gets the fit answer the question would get alone on that device (the fit responder with only the model changed);
the headline says for each whether it fits at its precision, its memory and, when rated, its single-user tokens/s,
then which runs better: the one that fits when only one does; when both fit, the faster (within EVEN of each other:
about the same, said; unrated: the one reading fewer active parameters per token, §llm.decode); when neither fits, the
one needing less memory, and the first model's own fit follows (the lighter quant that fits).
figures["model_pair_fit"] = {models: [[key, gb, fits, tokens/s]], better}.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.models.memory import bits_per_weight
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery, ModelRef
from assistant.respond.env import Env


def respond(query, env: Env) -> Answer | None:
    if not isinstance(query, FitQuery) or query.model is None or query.mode not in (None, "inference"):
        return None
    if not (any(r.name for r in query.gpus) or query.memory_gb):
        return None
    low = f" {query.text.lower()} "
    if not lexicon(env.lang).words_in("model_pair_fit_asks", low):
        return None
    from assistant.respond import fit
    from assistant.respond.model_pair_memory import _other_model

    first = env.reader.model(query.model.key)
    if first is None or first.kind != "llm":
        return None
    other = _other_model(env, first, low, query.model.mention.lower())
    if other is None:
        return None
    answers = [
        fit.respond(query, env),
        fit.respond(dataclasses.replace(query, model=ModelRef(other.name, other.key)), env),
    ]
    if any(a.clarification or not a.figures.get("vram_required_gb") for a in answers):
        return None
    rows = [_row(m, a) for m, a in zip((first, other), answers, strict=True)]
    better = _better(rows)
    where = str((answers[0].figures.get("verdict") or {}).get("gpu") or "")
    gpu = env.reader.gpu(where)
    device = gpu.short_name if gpu is not None else where
    if not device and query.memory_gb:  # "is 8gb vram enough for X or Y": a card of that size, no card named
        device = env.t("model_pair_fit.memory_device", gb=f"{query.memory_gb:g}")
    parts = [_said(r, env) for r in rows]
    head = env.t("model_pair_fit.head", device=device, first=parts[0], second=parts[1])
    head += i18n.gap(env.lang) + env.t(f"model_pair_fit.better_{better[1]}", model=better[0]["name"])
    answer = answers[0]
    # the first model's own fit follows only when neither fits as asked (it names the lighter quant that does)
    answer.headline = i18n.gap(env.lang).join([head, answer.headline]) if better[1] == "smaller" else head
    answer.tables = answer.tables[:1] + answers[1].tables[:1]
    answer.sources = answer.sources + [s for s in answers[1].sources if s not in answer.sources]
    answer.figures["model_pair_fit"] = {
        "models": [[r["key"], r["gb"], r["fits"], r["tps"]] for r in rows],
        "better": better[0]["key"],
    }
    return answer


EVEN = 1.1  # tokens/s within 10 % of each other: about the same speed, no winner by speed [A]


def _row(model, answer: Answer) -> dict:
    figures = answer.figures
    return {
        "key": model.key,
        "name": model.name,
        "gb": round(float(figures.get("vram_required_gb") or 0.0), 1),
        "prec": str(figures.get("precision") or ""),
        "fits": bool(figures.get("fits")),
        "tps": figures.get("tokens_per_second"),
        # the weights one token reads: active parameters at the precision it fits at (no speed without a card)
        "active": float(model.active_params_b or model.params_b or 0.0)
        * bits_per_weight(str(figures.get("precision") or "")),
    }


def _better(rows: list[dict]) -> tuple[dict, str]:
    """(the model that runs better, why: "only" fits / "faster" / "lighter" per token / "smaller" need)."""
    a, b = rows
    if a["fits"] != b["fits"]:
        return (a if a["fits"] else b), "only"
    if a["fits"] and a["tps"] and b["tps"]:
        fast, slow = (a, b) if a["tps"] >= b["tps"] else (b, a)
        return fast, "faster" if fast["tps"] >= EVEN * slow["tps"] else "even"
    if a["fits"]:
        return (a if a["active"] <= b["active"] else b), "lighter"
    return (a if a["gb"] <= b["gb"] else b), "smaller"


def _said(row: dict, env: Env) -> str:
    if row["fits"] and row["tps"]:
        return env.t("model_pair_fit.fits_speed", model=row["name"], prec=row["prec"], gb=row["gb"], tps=row["tps"])
    key = "model_pair_fit.fits" if row["fits"] else "model_pair_fit.no"
    return env.t(key, model=row["name"], prec=row["prec"], gb=row["gb"])
