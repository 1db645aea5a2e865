"""The money asked for training a language model from scratch, whatever the question was read as ("how much does it
cost to train llama 3 8b from scratch" reads as a fit; "预训练一个7b模型要花多少钱"): the training run's cost
(respond/cost.py: compute-optimal tokens unless stated, on the usual rented node unless a GPU is named).

Contract: `respond(query, env)` -> the cost answer of the run, or None when the question does not say both a word
of lexicon pretrain_words and one of run_cost_words, or names no model or size.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.queries import CostQuery
from assistant.respond.env import Env
from assistant.respond.use_case import said

_READ_AS = ("fit", "recommend", "verdict", "spec", "explain")  # what a run's cost is misread as


def respond(query, env: Env) -> Answer | None:
    if query.intent not in _READ_AS or not (getattr(query, "model", None) or getattr(query, "params_b", None)):
        return None  # a cost, a rent or a rate asked is answered by its own responder (a rented job's cost)
    if not (said("pretrain_words", query.text, env) and said("run_cost_words", query.text, env)):
        return None
    from assistant.respond import cost

    run = CostQuery(
        text=query.text,
        kind="training_run",
        gpus=tuple(g for g in getattr(query, "gpus", ()) if g.name),
        model=getattr(query, "model", None),
        params_b=getattr(query, "params_b", None),
        tokens=getattr(query, "tokens", None),
    )
    answer = cost.respond(run, env)
    return None if answer.clarification else answer
