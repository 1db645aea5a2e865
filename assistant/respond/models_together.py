"""Two models on one device at the same time: "can a 3090 run whisper large-v3 and llama 3 8b at the same time",
"一张3060能同时跑sdxl和qwen2.5 7b吗", "can it also run phi-3 mini alongside" (after whisper on a card).

Contract: `respond(query, env)` -> an Answer, or None unless a fit question on one device (one GPU, or a memory size)
says the models run together (lexicon [lists] models_together_words) and names a second model of any kind (in the
text, else the model of the thread's last question). Each model gets the fit the question would get alone on that
device (fit.respond_plain), with its memory at each precision (figures memory_rows); a precision the question states
applies to the language model(s), not to Whisper. Two programs each hold their own weights, cache and CUDA context, so
the memory together is the sum of the two totals (docs/model.md §mem.together). The pair of precisions kept is the best
quality that fits together (fewest steps down the rows of both), else the lightest pair, said not to fit.
figures: vram_required_gb (the sum), fits, together = [[key, precision, gb]], headroom_gb.
"""

from __future__ import annotations

import dataclasses
import itertools

from assistant.answer import Answer, Table
from assistant.names import normalize_name
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery, ModelRef
from assistant.respond.env import Env
from assistant.respond.pricing import speech


def respond(query, env: Env) -> Answer | None:
    if not isinstance(query, FitQuery) or query.model is None or query.mode not in (None, "inference"):
        return None
    named = [r for r in query.gpus if r.name]
    if len(named) > 1 or any(r.count > 1 for r in named) or not (named or query.memory_gb):
        return None
    low = f" {query.text.lower()} "
    if not lexicon(env.lang).words_in("models_together_words", low):
        return None
    first = env.reader.model(query.model.key)
    other = _other_model(env, first, low, query.model.mention) if first is not None else None
    if first is None or other is None:
        return None
    from assistant.respond import fit

    parts = []
    for model in (first, other):
        alone = fit.respond_plain(_alone(query, model), env)
        rows = [(r["precision"], float(r["total_gb"])) for r in (alone.figures or {}).get("memory_rows") or ()]
        if query.precision and _language(model):
            rows = [r for r in rows if r[0] == query.precision] or rows
        if not rows:
            return None
        parts.append((model, rows, alone))
    memory = _memory(env, query)
    if not memory:
        return None
    return _answer(query, env, parts, memory)


def _alone(query: FitQuery, model) -> FitQuery:
    precision = query.precision if _language(model) else None
    return dataclasses.replace(query, model=ModelRef(mention=model.key, key=model.key), precision=precision)


def _language(model) -> bool:
    """A language model, which a precision the question states applies to (not Whisper, an LLM-shaped speech model)."""
    return model.kind == "llm" and not speech(model)


def _memory(env: Env, query: FitQuery) -> float | None:
    named = [r for r in query.gpus if r.name]
    if named:
        gpu = env.reader.gpu(named[0].name or "")
        return gpu.memory_gb if gpu is not None else None
    return query.memory_gb


def _best(parts, memory: float):
    """The pair of (precision, GB) rows that fits with the fewest steps down the rows, else the lightest pair."""
    combos = list(itertools.product(*[list(enumerate(rows)) for _, rows, _ in parts]))
    fitting = [c for c in combos if sum(gb for _, (_, gb) in c) <= memory]
    if fitting:
        return min(fitting, key=lambda c: (sum(i for i, _ in c), sum(gb for _, (_, gb) in c))), True
    return min(combos, key=lambda c: sum(gb for _, (_, gb) in c)), False


def _answer(query: FitQuery, env: Env, parts, memory: float) -> Answer:
    chosen, fits = _best(parts, memory)
    total = sum(gb for _, (_, gb) in chosen)
    device = _device(env, query, memory)
    items = [
        env.t("together.item", model=m.name, precision=row[0], gb=f"{row[1]:.1f}")
        for (m, _, _), (_, row) in zip(parts, chosen, strict=True)
    ]
    key = "together.fits" if fits else "together.no_fit"
    headline = env.t(
        key,
        items=" + ".join(items),
        total=f"{total:.1f}",
        device=device,
        memory=f"{memory:g}",
        spare=f"{memory - total:.1f}",
        over=f"{total - memory:.1f}",
    )
    table = Table(
        title=env.t("together.table", device=device),
        headers=[env.t("together.col_model"), env.t("together.col_precision"), env.t("together.col_gb")],
        rows=[[m.name, row[0], f"{row[1]:.1f}"] for (m, _, _), (_, row) in zip(parts, chosen, strict=True)]
        + [[env.t("together.row_total"), "", f"{total:.1f} / {memory:g}"]],
    )
    steps = [env.t("together.why")] + [a.headline for _, _, a in parts if a.headline]
    sources = list(dict.fromkeys(s for _, _, a in parts for s in a.sources))
    figures = {
        "vram_required_gb": round(total, 2),
        "fits": fits,
        "headroom_gb": round(memory - total, 2),
        "together": [[m.key, row[0], row[1]] for (m, _, _), (_, row) in zip(parts, chosen, strict=True)],
    }
    return Answer(
        question=query.text,
        intent="fit",
        headline=headline,
        tables=[table],
        steps=steps,
        figures=figures,
        sources=sources,
        lang=env.lang,
        gpus=[r.name for r in query.gpus if r.name],
    )


def _device(env: Env, query: FitQuery, memory: float) -> str:
    named = [r.name for r in query.gpus if r.name]
    gpu = env.reader.gpu(named[0]) if named else None
    return gpu.short_name if gpu is not None else env.t("together.memory_device", memory=f"{memory:g}")


def _other_model(env: Env, first, low: str, mention: str):
    """The other model named in the text, of any kind (the longest alias outside the first's mention), else the model
    of the thread's last question ("can it also run phi-3 mini alongside" after whisper on a card)."""
    rest = f" {normalize_name(low.replace(mention.lower(), ' '))} "
    found = [
        (len(alias), m)
        for m in env.reader.models
        if m.key != first.key
        for alias in (normalize_name(m.key), *m.aliases)
        if len(alias) > 3 and f" {alias} " in rest
    ]
    if found:
        return max(found, key=lambda f: f[0])[1]
    history = getattr(getattr(env, "context", None), "history", None) or []
    for before in reversed(history):
        key = getattr(getattr(before, "model", None), "key", None)
        if key and key != first.key:
            return env.reader.model(key)
    return None
