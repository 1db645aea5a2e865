"""Answer a fit question about a model family named without its size, on a named GPU ("4090能跑deepseek吗",
"can a 3060 run qwen", "3060能训练bert吗"): every size of the family the KB holds, on that GPU, instead of asking
which one.

Contract: `respond(query, env, one)` takes a FitQuery whose `family_models` lists the family's KB models and `one`,
the fit answer for a single model. Each model is answered by `one` as if named (the same memory model, §mem): the
table shows its size, the precision the answer picked, the memory it needs and whether it fits (with its single-user
speed when that answer has one). Models of one size keep the newest (the order of `family_models`). The headline
says how many fit and the largest that does, and how to ask about one. `figures`: family (mention), models
[{model_key, params_b, precision, vram_required_gb, fits, tokens_per_second}], fits_count, largest_fit.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import FitQuery, ModelRef
from assistant.respond.env import Env

MAX_ROWS = 8  # the sizes shown; a family with more (qwen) shows the newest model of each size up to this many


_VISION = re.compile(r"vision|-vl\b", re.IGNORECASE)  # a vision-language family ("Llama 3.2 Vision", "Qwen2.5-VL")


def one_per_size(keys, env: Env, limit: int = MAX_ROWS) -> list:
    """The family's models among `keys`, one per size (the first of each size, newest first in the lists given),
    smallest first; with more sizes than `limit`, the largest (the small ones fit anything that holds a larger one);
    vision-language members left out when the family has text-only ones."""
    by_size: dict[float, object] = {}
    models = [m for m in (env.reader.model(key) for key in keys) if m is not None]
    text_only = any(not _VISION.search(m.family) for m in models if m.kind == "llm")
    for model in models:
        if model.kind == "image" or not model.params_b:
            continue
        if text_only and _VISION.search(model.family):
            continue  # "llama" asks the text models: a vision-language member (Llama 3.2 11B Vision) is another line
        by_size.setdefault(round(model.params_b, 1), model)
    return [by_size[p] for p in sorted(by_size)][-limit:]


def _models(query: FitQuery, env: Env) -> list:
    return one_per_size(query.family_models, env)


def respond(query: FitQuery, env: Env, one: Callable[[FitQuery, Env], Answer]) -> Answer:
    mention = query.model.mention if query.model else ""
    rows, found, names = [], [], []
    for model in _models(query, env):
        single = dataclasses.replace(query, model=ModelRef(model.name, model.key), family_models=())
        figures = one(single, env).figures
        fits = bool(figures.get("fits"))
        tps = figures.get("tokens_per_second") if fits else None
        found.append(
            {
                "model_key": model.key,
                "params_b": model.params_b,
                "precision": figures.get("precision"),
                "vram_required_gb": figures.get("vram_required_gb"),
                "fits": fits,
                "tokens_per_second": tps,
            }
        )
        names.append(model.name)
        need = figures.get("vram_required_gb")
        rows.append(
            [
                model.name,
                str(figures.get("precision") or "—"),
                f"{need:,.1f} GB" if need is not None else "—",
                env.t("fit_family.yes") if fits else env.t("fit_family.no"),
                f"{tps:,.0f}" if tps else "—",
            ]
        )
    gpu = figures_gpu(query, env)
    fitting = [(f, n) for f, n in zip(found, names, strict=True) if f["fits"]]
    if fitting:
        largest, name = fitting[-1]
        head = env.t(
            "fit_family.head",
            family=mention,
            gpu=gpu,
            count=len(fitting),
            total=len(found),
            largest=name,
            prec=largest["precision"],
            need=f"{largest['vram_required_gb']:,.1f}",
        )
    else:
        head = env.t("fit_family.head_none", family=mention, gpu=gpu, total=len(found))
    head += i18n.gap(env.lang) + env.t("fit_family.name_one", example=names[len(names) // 2] if names else mention)
    headers = [
        env.t("fit_family.col_model"),
        env.t("fit_family.col_precision"),
        env.t("fit_family.col_need"),
        env.t("fit_family.col_fits", gpu=gpu),
        env.t("fit_family.col_speed"),
    ]
    if not any(f["tokens_per_second"] for f in found):  # a training question: no speed column
        headers, rows = headers[:-1], [r[:-1] for r in rows]
    table = Table(headers=headers, rows=rows)
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=[g.name for g in query.gpus if g.name],
        tables=[table],
        steps=[env.t("fit_family.how")],
        figures={
            "family": mention,
            "models": found,
            "fits_count": len(fitting),
            "largest_fit": fitting[-1][0]["model_key"] if fitting else None,
        },
        sources=["method: docs/model.md §mem, §llm.decode"],
        lang=env.lang,
    )


def figures_gpu(query: FitQuery, env: Env) -> str:
    """The GPUs of the question as the table names them ("RTX 4090", "2 x RTX 3090")."""
    ref = next((g for g in query.gpus if g.name), None)
    if ref is None:
        return ""
    gpu = env.reader.known_gpu(ref.name or "")
    n = query.gpu_count or ref.count or 1
    return f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name
