"""Cards spread over several machines ("9 workstations each w/ a 4080 super", GpuRef.machines from
nlu/machine_count.py): each machine is a desktop around its own cards, not one server holding them all.

Contract: `base_usd(env, ref)` -> the machines around the cards, machines x the platform of the cards each holds
(docs/model.md §cost.platform), or None for cards in one machine (the caller's platform rule applies);
`step(env, ref)` -> the sentence saying so, or "".
"""

from __future__ import annotations

from assistant.query_terms import GpuRef
from assistant.respond.env import Env


def _each(ref: GpuRef) -> int:
    return max(1, round(ref.count / max(ref.machines, 1)))


def base_usd(env: Env, ref: GpuRef) -> float | None:
    if ref.machines <= 1:
        return None
    return ref.machines * env.platform_usd(_each(ref))


def step(env: Env, ref: GpuRef) -> str:
    if ref.machines <= 1:
        return ""
    return env.t(
        "fleet.step",
        machines=ref.machines,
        each=_each(ref),
        one=env.money(env.platform_usd(_each(ref))),
        total=env.money(base_usd(env, ref) or 0.0),
    )
