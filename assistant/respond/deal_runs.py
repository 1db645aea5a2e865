"""An offer for a card asked with what it runs: "p40 180刀收的 能跑啥", "3090 for 600, what can i run on it".

Contract: `asked(query, env)` is True when the question names what the card runs (lexicon ask_models).
`respond(query, price, env)` joins the offer's price verdict (`price`, respond/deal.py) and what the card runs
(respond/fit.py, FitQuery asked "what_runs": the largest LLM at 4-bit with its speed for one user, images,
fine-tuning), the price first: the answer keeps the deal's figures and verdict and adds the fit's.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery, VerdictQuery
from assistant.respond.env import Env


def asked(query: VerdictQuery, env: Env) -> bool:
    return bool(lexicon(env.lang).words_in("ask_models", f" {query.text.lower()} "))


def respond(query: VerdictQuery, price: Answer, env: Env) -> Answer:
    from assistant.respond import fit

    runs = fit.respond(
        FitQuery(
            text=query.text, model=None, gpus=query.gpus, mode="inference", workload="llm_inference", asked="what_runs"
        ),
        env,
    )
    return dataclasses.replace(
        runs,
        intent="verdict",
        headline=i18n.gap(env.lang).join(h for h in (price.headline, runs.headline) if h),
        steps=[*price.steps, *runs.steps],
        sources=list(dict.fromkeys([*price.sources, *runs.sources])),
        figures={**runs.figures, **price.figures},
        choice=price.choice,
    )
