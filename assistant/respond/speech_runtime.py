"""Whisper on a GPU that is not NVIDIA ("is an intel arc b580 enough for whisper large v3", "a卡能跑whisper吗"): the
memory fits, but faster-whisper, the runtime most people use, has no AMD or Intel GPU backend; the fit answer says
which runtimes do (knowledge/concepts.toml speech-runtimes).

Contract: `note(answer, query, env)` appends the concept's first sentences to the headline of a fit answer about a
Whisper model on one kind of GPU whose vendor is not NVIDIA (AMD, Intel, Apple), with its sources; the answer
unchanged otherwise.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery
from assistant.respond.concept_lead import concept_opening
from assistant.respond.env import Env


def note(answer: Answer, query: FitQuery, env: Env) -> Answer:
    if answer.clarification or not answer.headline or query.model is None:
        return answer
    if not query.model.key.startswith("whisper"):
        return answer
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    if not gpus or any(g.vendor == "NVIDIA" for g in gpus):
        return answer
    found = concept_opening(env, "speech-runtimes")
    if found is None:
        return answer
    text, sources = found
    answer.headline += i18n.gap(env.lang) + text
    answer.sources = [*answer.sources, *(s for s in sources if s not in answer.sources)]
    return answer
