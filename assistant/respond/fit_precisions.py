"""A model's speed at two precisions on one card ("how many tokens per second does a 4090 do on llama 3.1 8b fp16 vs
q4", "4090跑llama3 8b fp16和q4速度差多少"): each precision's fit answered, the gap said.

Contract: `respond(query, env, fit)` for a FitQuery with two `precisions`: `fit` (respond/fit.respond) answers the
query at each precision; the headline gives each one's batch-1 decode speed (§llm.decode) in the order asked, then
how many times as fast the lighter one is; a precision that does not fit on the card is said with that answer's own
first sentence. The details (tables, steps) are the second precision's, the figures both speeds by precision.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.wording import counted


def respond(query: FitQuery, env: Env, fit: Callable[[FitQuery, Env], Answer]) -> Answer:
    answers = [
        fit(dataclasses.replace(query, precisions=(p,), precision=p, want_speed=True), env)
        for p in query.precisions[:2]
    ]
    speeds = [a.figures.get("tokens_per_second") if a.figures.get("fits") else None for a in answers]
    last = answers[-1]
    if not all(speeds) or not last.figures.get("model_key"):
        last.headline = i18n.gap(env.lang).join(a.headline.split("\n")[0] for a in answers)
        return last
    (pa, pb), (sa, sb) = [a.figures["precision"] for a in answers], speeds
    assert sa and sb
    model = env.reader.model(last.figures["model_key"])
    gpu = env.reader.known_gpu(last.figures["verdict"]["gpu"]) if last.figures["verdict"].get("gpu") else None
    fast, slow = (pa, pb) if sa >= sb else (pb, pa)
    last.headline = env.t(
        "fit_precisions.head",
        model=model.name if model else last.figures["model_key"],
        gpu=counted(env, gpu, int(last.figures.get("gpu_count") or 1)) if gpu else "",
        pa=pa,
        pb=pb,
        sa=f"{sa:,.0f}",
        sb=f"{sb:,.0f}",
        fast=fast,
        slow=slow,
        ratio=f"{max(sa, sb) / min(sa, sb):.1f}",
    )
    last.figures["speeds_by_precision"] = {pa: sa, pb: sb}
    return last
