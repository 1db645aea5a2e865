"""Several AMD cards asked about with ROCm or stability words ("两张7900xtx跑qwen2.5 72b q4行不行 rocm多卡稳不稳",
"2x mi50 32gb with rocm for 70b, stable?"): how multi-GPU runs on ROCm, after the fit.

Contract: `note(answer, query, env)` appends to the headline of a fit answer about two or more AMD GPUs whose question
says a word of lexicon [lists] rocm_multi_words the practice on record: llama.cpp splits a model by layer across
Radeon cards on ROCm (reports of two RX 7900 XTX, llama.cpp PR #27825, which also adds a faster tensor split), and
mixed generations or cards on narrow links have given garbled output (koboldcpp-rocm #102; ollama #3158 on two RX 7900
XTX, 2024, closed): test each card alone, then both. `practice(answer, query, env)` appends, to a fit answer about
AMD cards whose question doubts AMD's software (lexicon [lists] amd_doubt_words: "is amd still cursed", "a卡还坑吗"),
the first sentences of the amd-practice concept (knowledge/concepts.toml, its sources cited). Other answers are
returned as they are.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond.env import Env

SOURCES = ("sw-llamacpp-rocm-dual-7900xtx", "sw-rocm-multi-garbled")


def note(answer: Answer, query: FitQuery, env: Env) -> Answer:
    if answer.clarification or not answer.headline:
        return answer
    names = [r.name for r in query.gpus if r.name]
    count = query.gpu_count or sum(r.count for r in query.gpus if r.name)
    gpus = env.reader.gpus(names)
    if count < 2 or not gpus or any(g.vendor != "AMD" for g in gpus):
        return answer
    if not lexicon(env.lang).words_in("rocm_multi_words", query.text.lower()):
        return answer
    answer.headline += i18n.gap(env.lang) + env.t("fit.rocm_multi")
    answer.sources = [*answer.sources, *(s for s in env.cite(*SOURCES) if s not in answer.sources)]
    return answer


def practice(answer: Answer, query: FitQuery, env: Env) -> Answer:
    if answer.clarification or not answer.headline:
        return answer
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    if not gpus or any(g.vendor != "AMD" for g in gpus):
        return answer
    if not lexicon(env.lang).words_in("amd_doubt_words", f" {query.text.lower()} "):
        return answer
    from assistant.respond.concept_lead import concept_opening

    found = concept_opening(env, "amd-practice")
    if found is None:
        return answer
    said, cited = found
    answer.headline += i18n.gap(env.lang) + env.t("fit.amd_practice", text=said)
    answer.sources = [*answer.sources, *(s for s in cited if s not in answer.sources)]
    return answer
