"""The memory left beside a fit, asked after it: "how much vram is left", "还剩多少显存".

Contract: `lead(answer, query, env)` -> the sentence that leads a fit answered again for that ask
(Query.asked_figure "headroom", set by the dialogue): the GB left on each card at the fit's precision and context
(figures per_gpu_gb and headroom_gb, §mem), or, when the model does not fit, how much it is over; "" for any other
question or an answer without those figures.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.respond.env import Env


def lead(answer: Answer, query, env: Env) -> str:
    f = answer.figures
    if query.asked_figure != "headroom" or answer.intent != "fit":
        return ""
    used, left, n = f.get("per_gpu_gb"), f.get("headroom_gb"), f.get("gpu_count") or 1
    if not isinstance(used, (int, float)) or not isinstance(left, (int, float)):
        return ""
    said = {"used": f"{used:,.1f}", "total": f"{used + left:,.0f}", "prec": f.get("precision") or "", "n": n}
    if left >= 0:
        return env.t("headroom.left_each" if n > 1 else "headroom.left", left=f"{left:,.1f}", **said)
    return env.t("headroom.over", over=f"{-left:,.1f}", **said)
