"""The one answer shape of every verdict ("is X good / enough / worth it", "does X support F", offers, buy now or
wait): the headline, the GPU, `figures.verdict` and the GPU as the choice when the verdict favours it.

Contract: `verdict_answer(query, env, gpu, head, verdict, chosen_on=..., figures=..., **parts)`; `verdict` is the
`figures.verdict` dict (answer yes | yes_if | no | ...); the GPU is the answer's choice when its answer is in
`chosen_on` (a fair offer is no pick: deals choose on "yes" alone); `figures` adds figures beside the verdict;
`parts` are the other Answer fields (steps, sources, tables).
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.respond.env import Env
from assistant.specs import GpuSpec

FAVOURABLE = frozenset({"yes", "yes_if"})


def verdict_answer(
    query, env: Env, gpu: GpuSpec, head: str, verdict: dict, chosen_on=FAVOURABLE, figures: dict | None = None, **parts
) -> Answer:
    return Answer(
        question=query.text,
        intent="verdict",
        headline=head,
        gpus=[gpu.name],
        workload=query.workload,
        choice=gpu.name if verdict["answer"] in chosen_on else None,
        figures={"verdict": verdict, **(figures or {})},
        assumptions=env.assumption_dict(),
        lang=env.lang,
        **parts,
    )
