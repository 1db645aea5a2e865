"""The one answer shape of every verdict ("is X good / enough / worth it", "does X support F", offers, buy now or
wait): the headline, the GPU, `figures.verdict` and the GPU as the choice when the verdict favours it.

Contract: `verdict_answer(query, env, gpu, head, verdict, chosen_on=..., figures=..., **parts)`; `verdict` is the
`figures.verdict` dict (answer yes | yes_if | no | ...); the GPU is the answer's choice when its answer is in
`chosen_on` (a fair offer is no pick: deals choose on "yes" alone); `figures` adds figures beside the verdict;
`parts` are the other Answer fields (steps, sources, tables).
"""

from __future__ import annotations

import re

from assistant import i18n
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


def both_verdicts(price: Answer, suits: Answer, first: Answer | None = None) -> Answer:
    """An offer's price verdict and the card's suitability as one answer: the price first, its tables after the
    suitability's; `figures.verdict` is `first`'s (the price unless the question was a suitability one), the other's
    is `figures.verdicts`."""
    lead = first or price
    other = suits if lead is price else price
    said = _unsaid(suits.headline, price.headline)  # a card's catch both verdicts give ("前提是有风道…") said once
    suits.headline = i18n.gap(suits.lang).join(h for h in (price.headline, said) if h)
    # both verdicts are on one card and carry its catches ("CUDA 13.0 dropped Pascal", passive cooling): once, and not
    # again when the headline says it
    steps = list(dict.fromkeys([*price.steps, *suits.steps]))
    suits.steps = [s for s in steps if s not in suits.headline]
    suits.sources = list(dict.fromkeys([*suits.sources, *price.sources]))
    suits.figures = {
        **suits.figures,
        "deal": price.figures.get("deal", {}),
        "verdict": lead.figures["verdict"],
        "verdicts": [lead.figures["verdict"], other.figures["verdict"]],
    }
    suits.choice = lead.choice
    return suits


_SENTENCE = re.compile(r"[^。！？]+[。！？]|[^.!?]+[.!?](?=\s|$)|.+$")


def _unsaid(text: str, before: str) -> str:
    """`text` without its sentences (of 20 characters or more) that `before` already holds word for word."""
    parts = [m.group(0) for m in _SENTENCE.finditer(text)]
    kept = [p for p in parts if len(p.strip()) < 20 or p.strip() not in before]
    return "".join(kept).strip()
