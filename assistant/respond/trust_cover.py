"""Whether a modified card can be trusted, answered whatever else the message asks.

Contract: `lead(answer, text, env)` runs after a responder (respond/asked.cover): when the message asks whether a
card of the answer can be trusted (lexicon reliability_words / trust_words: "4090 48g魔改版靠谱吗，能跑70b吗",
"魔改2080ti 22g稳不稳 跑qwen 32b够吗", "is a 48gb 4090 risky, can it run 70b") and that card is a modified one
(knowledge market variants, respond/variants.risk_lead), the verdict on trust and the card's catches lead the
answer, before the fit, price or speed the responder gave. An answer that already states the catches (verdicts and
deals weigh trust themselves) is left as it is; "有坑吗" / "any catch" asks the catches alone (no verdict on trust).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env
from assistant.respond.variants import risk_lead

_CATCHES = re.compile(r"坑|catch|gotcha|problem|issue|downside")  # "有坑吗" asks the catches alone, no verdict


def lead(answer: Answer, text: str, env: Env) -> Answer:
    """Lead `answer` with a modified card's trust verdict and catches when the message asks for them."""
    if not answer.understood or not answer.headline:
        return answer
    for name in answer.gpus:
        gpu = env.reader.gpu(name)
        risks = risk_lead(gpu, text, env) if gpu is not None else ""
        if not risks:
            continue
        if risks in answer.headline or any(risks in n for n in answer.notes):
            return answer  # the responder weighed trust itself
        trust = "" if _CATCHES.search(text.lower()) else env.t("card_risks.modified_lead")
        answer.headline = i18n.gap(env.lang).join(p for p in (trust, risks, answer.headline) if p)
        answer.figures["covers"] = sorted({*answer.figures.get("covers", ()), "trust"})
        return answer
    return answer
