"""A second memory size weighed beside the first in a fit question with no card named ("is 16gb enough for flux or
should i get 24gb", "is 12gb enough for qwen 14b or do i need 16gb"): the answer is the fit at the first size; this
adds one sentence on each other size the question states, so both sizes asked about are answered.

Contract: `other_sizes(answer, query, env, answered)` appends to the headline, for each memory size of
`query.stated` (dim "gb") other than `query.memory_gb`, the fit at that size worked out by `answered` (the plain fit
responder): the precision that fits there and its memory, the same precision with more room, or that it still does
not fit. Unchanged when the query names a card, states no other size, or the answer is not a fit verdict.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery
from assistant.respond.env import Env


def other_sizes(answer: Answer, query: FitQuery, env: Env, answered) -> Answer:
    if query.gpus or not query.memory_gb or query.model is None or not answer.headline or answer.clarification:
        return answer
    sizes = []
    for s in query.stated:
        if s.dim == "gb" and s.value != query.memory_gb and s.value not in sizes and s.value > 0:
            sizes.append(s.value)
    said = [_at(query, env, answered, answer.figures, size) for size in sizes[:2]]
    said = [s for s in said if s]
    if said:
        answer.headline = i18n.gap(env.lang).join([answer.headline, *said])
    return answer


def _at(query: FitQuery, env: Env, answered, first: dict, size: float) -> str:
    figures = answered(dataclasses.replace(query, memory_gb=size, asked="")).figures
    prec, need, spare = figures.get("precision"), figures.get("vram_required_gb"), figures.get("headroom_gb")
    if not isinstance(need, (int, float)) or not prec:
        return ""
    values = {"size": f"{size:g}", "prec": prec, "need": f"{need:.1f}", "spare": f"{abs(spare or 0):.1f}"}
    if not figures.get("fits"):
        return env.t("fit_sizes.still_no", **values)
    if first.get("fits") and first.get("precision") == prec:
        return env.t("fit_sizes.same", **values)
    return env.t("fit_sizes.fits", **values)
