"""A memory size asked the negative way round: "is 12gb vram dead in 2026 or still fine for sd", "is 8gb obsolete for
image gen". The answer's "Yes:" (enough) would read as "yes, it is dead"; it is turned into "No, not dead:".

Contract: `turned(answer, query, env)` -> the answer, its opener replaced when the query is a memory-only fit (no GPU
named) whose text says a word of lexicon [lists] memory_dead before any word of verdict_enough / memory_alive, and
whose headline opens with verdict.answer_yes; otherwise unchanged.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env


def turned(answer: Answer, query, env: Env) -> Answer:
    if getattr(query, "gpus", ()) or not getattr(query, "memory_gb", None) or answer.clarification:
        return answer
    low = f" {query.text.lower()} "
    words = lexicon(env.lang)
    dead = [low.find(w) for w in words.listed("memory_dead") if w in low]
    alive = [low.find(w) for w in (*words.listed("verdict_enough"), *words.listed("memory_alive")) if w in low]
    yes = env.t("verdict.answer_yes")
    head = answer.headline
    if not dead or (alive and min(alive) < min(dead)) or not (head.startswith(yes + ":") or head.startswith(yes + " ")):
        return answer
    rest = head[len(yes) :]
    answer.headline = env.t("viability.not_dead") + (rest if rest.startswith(":") else ":" + rest)
    return answer
