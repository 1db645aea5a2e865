"""Whether a card is worth it FOR a model: "is the 5090 worth it for 70b", "should i buy a 3090 for llama 70b",
"should i get a 4060 ti for flux". The value verdict alone ignores the model; this says first whether the model runs
on the cards asked (the fit answer's figures: respond/fit.py, docs/model.md §mem, §llm), then the value verdict.

Contract: `weigh(query, answer, n, env)` takes a VerdictQuery of kind "worth" or a buying question ("should i get")
that names a model or a size, and the value verdict `answer` for `n` cards; it returns the answer with a lead
sentence on the model (fits at which precision, with how much memory and the speed; or what it needs and how many
such cards would hold it) and `figures["verdict"]["model_fits"]`; a model that does not fit makes the verdict "no".
Any other query is returned unchanged.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery, VerdictQuery
from assistant.respond.env import Env


def weigh(query: VerdictQuery, answer: Answer, n: int, env: Env) -> Answer:
    if not (query.model or query.params_b) or "verdict" not in answer.figures:
        return answer
    from assistant.respond import fit

    model, _ = fit.sized_model(query, env)
    if model is None:
        return answer
    asked = FitQuery(
        text=query.text,
        model=query.model,
        params_b=query.params_b,
        gpus=query.gpus,
        gpu_count=n,
        workload=query.workload,
    )
    f = fit.respond(asked, env).figures
    if "fits" not in f or not f.get("vram_required_gb"):
        return answer
    gpu = env.reader.gpu(next((g.name for g in query.gpus if g.name), ""))
    values = dict(
        model=model.name,
        need=f"{f['vram_required_gb']:.0f}",
        prec=f.get("precision", ""),
        mem=f"{(gpu.memory_gb or 0) * n:g}" if gpu else "?",
        gpu=(f"{n} x " if n > 1 else "") + (gpu.short_name if gpu else ""),
        min=f.get("min_gpus") or "?",
    )
    if f["fits"]:
        speed = _speed(f, env)
        line = env.t("verdict.model_runs", speed=speed, **values)
        rest = answer.headline
    else:
        split = model.kind == "llm"  # an LLM splits over cards by layer; an image model's pipeline does not
        line = env.t("verdict.model_misses", **values) + (env.t("verdict.model_split", **values) if split else "")
        answer.figures["verdict"]["answer"] = "no"
        rest = env.t("verdict.model_in_general") + answer.headline  # the value verdict, no longer the answer
    answer.figures["verdict"]["model_fits"] = bool(f["fits"])
    answer.headline = i18n.gap(env.lang).join([line + i18n.end(env.lang), rest])
    return answer


def _speed(f: dict, env: Env) -> str:
    if f.get("tokens_per_second"):
        return env.t("verdict.model_speed_llm", tps=f"{f['tokens_per_second']:,.0f}")
    if f.get("images_per_minute"):
        return env.t("verdict.model_speed_image", ipm=f"{f['images_per_minute']:g}")
    return ""
