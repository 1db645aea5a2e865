""" "why?" / "为什么" after a fit ("is a 4060 ti 16gb enough for flux dev" -> "why?"): the memory arithmetic that
decided the yes or no, not the speed estimate or the answer again.

Contract: `fit_why(answer, env)` -> the lead sentence of a "why" follow-up to a fit answer, from its figures: the
model's parameter count, at the precision answered its largest part (weights) and its total against the memory of
the cards asked (to spare or short by), and the next heavier precision shown that does not fit with what it needs
(docs/model.md §mem); "" when the answer is no fit with those figures (a fit with no card, a rule answer).
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.respond.env import Env


def memory_rows(case) -> list[dict]:
    """The rows of a fit case as figures: precision, total and its largest part for all the cards together."""
    n = case.n
    rows = []
    for label, est, fit in case.rows:
        part, gb = max(est.components, key=lambda c: c[1]) if est.components else ("", 0.0)
        rows.append(
            {
                "precision": label,
                "total_gb": round(est.total_gb * n, 1),
                "largest": part,
                "largest_gb": round(gb * n, 1),
            }
            | {"fits": fit.fits}
        )
    return rows


def fit_why(answer: Answer, env: Env) -> str:
    f = answer.figures
    rows, verdict = f.get("memory_rows") or [], f.get("verdict") or {}
    picked = next((r for r in rows if r["precision"] == f.get("precision")), None)
    if answer.intent != "fit" or picked is None or not verdict.get("memory_gb") or not f.get("model_params_b"):
        return ""
    n = int(verdict.get("gpu_count") or 1)
    gpu = env.reader.known_gpu(verdict["gpu"]) if verdict.get("gpu") else None  # "8g显存": a card of that size
    mem = float(verdict["memory_gb"]) * n
    if gpu is None:
        where = env.t("why_fit.card", mem=f"{mem:g}")
    else:
        key = "why_fit.where_many" if n > 1 else "why_fit.where_one"
        where = env.t(key, n=n, gpu=gpu.short_name, mem=f"{mem:g}")
    said = {
        "model": f.get("model_name") or "",
        "params": f"{f['model_params_b']:.3g}",
        "prec": picked["precision"],
        "part": env.term(picked["largest"]),
        "part_gb": f"{picked['largest_gb']:,.1f}",
        "total": f"{picked['total_gb']:,.1f}",
        "where": where,
        "gap": f"{abs(mem - picked['total_gb']):,.1f}",
    }
    lead = env.t("why_fit.fits" if picked["fits"] else "why_fit.short", **said)
    before = rows[: rows.index(picked)][::-1]  # the heavier precisions shown, the nearest first
    heavier = next((r for r in before if not r["fits"]), None) if picked["fits"] else None
    if heavier is not None:  # "yes at fp8 ... not at fp16": what the heavier one needs
        lead += env.t("why_fit.heavier", prec=heavier["precision"], total=f"{heavier['total_gb']:,.1f}")
    return env.t("why_fit.lead", reasons=lead)
