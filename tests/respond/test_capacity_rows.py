"""How many users a set of cards serves: the table's per-user speed never rises as users are added on one set."""

from __future__ import annotations

import pytest

from assistant.dialogue import Assumptions, Context
from assistant.queries import FitQuery, GpuRef, ModelRef
from assistant.respond import fit
from assistant.respond.env import Env


@pytest.mark.parametrize("gpu,n", [("A100 SXM4 80 GB", 4), ("H100 SXM5 80 GB", 4), ("GeForce RTX 3090", 2)])
def test_each_users_speed_falls_as_users_are_added_on_the_set_named(kb, gpu, n):
    model = "llama-3.1-70b" if n == 4 else "llama-3.1-8b"
    query = FitQuery(
        text=f"{n}x {gpu} serving {model}, how many concurrent users can it handle",
        model=ModelRef(mention=model, key=model),
        gpus=(GpuRef(mention=gpu, name=gpu, count=n),),
        gpu_count=n,
        mode="inference",
    )
    answer = fit.respond(query, Env(kb, Assumptions(), Context()))
    rows = answer.figures["rows"]
    assert len(rows) >= 3
    speeds = [r["per_user"] for r in rows]
    assert speeds == sorted(speeds, reverse=True), speeds
