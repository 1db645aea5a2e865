"""A card the user says they have, with nothing asked ("我有一张3060 12g", "i have a 3090", "got a p40 for cheap"):
its spec line, then what it runs (the capability answer of respond/fit.py: the largest LLM at 4-bit and its speed,
the image models, QLoRA fine-tuning), instead of the bare spec sheet.

Contract: `respond(query, env, sheet)` -> the answer, or None when the card is not said to be owned, a field is
asked, several cards are named, or the words ask something ("i have a 3090, specs?", "我有3060 显存多大").
`sheet(query, env)` is the spec responder, called for the spec line.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery, SpecQuery
from assistant.respond.env import Env

# a question in the words, not a statement of what the user has
_ASKS = re.compile(r"[?？吗呢]|\b(?:what|how|can|could|should|is|are|does|which|why|specs?)\b|多少|什么|怎么|哪")


def respond(query: SpecQuery, env: Env, sheet: Callable[[SpecQuery, Env], Answer]) -> Answer | None:
    if not query.owned or query.fields or len(query.gpus) != 1 or _ASKS.search(query.text.lower()):
        return None
    from assistant.respond import fit  # fit's modules import the spec responder's

    line = sheet(dataclasses.replace(query, owned=False), env)
    runs = FitQuery(text=query.text, gpus=query.gpus, model=None, workload="llm_inference", asked="what_runs")
    answer = fit.respond(runs, env)
    answer.headline = i18n.gap(env.lang).join([line.headline, answer.headline])
    return answer
