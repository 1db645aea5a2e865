"""The link between the cards of a multi-GPU fit when the question names it ("llama 3.3 70b on 2x 3090 with nvlink vs
without", "两张3090跑70b 有没有nvlink差多少"): the figures of the scaling answer (respond/scaling.link_asked: tensor and
layer split over the bridge and without it, data-parallel training) for the model and precision of the fit, said after
its speed. ("", {}) for one card, a nameless card, no LLM inference, or no link named."""

from __future__ import annotations

from assistant.respond.fit_rows import FitCase
from assistant.respond.scaling import link_asked


def link_line(case: FitCase) -> tuple[str, dict]:
    spec = case.spec
    if case.n < 2 or spec is None or case.model.kind != "llm" or case.query.mode != "inference":
        return "", {}
    return link_asked(case.query, [(spec, case.n)], [(case.model.key, case.pick[0])], case.env)
