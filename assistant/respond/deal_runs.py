"""An offer for a card asked with what it runs: "p40 180刀收的 能跑啥", "3090 for 600, what can i run on it".

Contract: `asked(query, env)` is True when the question names what the card runs (lexicon ask_models).
`respond(query, price, env)` joins the offer's price verdict (`price`, respond/deal.py) and what the card runs
(respond/fit.py, FitQuery asked "what_runs": the largest LLM at 4-bit with its speed for one user, images,
fine-tuning): the answer keeps the deal's figures and verdict and adds the fit's. The price verdict leads when the
price is judged (lexicon verdict_worth, verdict_buy_this, price_judged_words: "worth it", "good deal", "值吗"); when
the price is only said ("got a p40 for 180 bucks, what can i actually run on it", "p40 180刀收的 能跑啥") what the
card runs is the question and leads.
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


def price_judged(query: VerdictQuery, env: Env) -> bool:
    lex, text = lexicon(env.lang), f" {query.text.lower()} "
    return any(lex.words_in(k, text) for k in ("verdict_worth", "verdict_buy_this", "price_judged_words"))


def respond(query: VerdictQuery, price: Answer, env: Env) -> Answer:
    from assistant.respond import fit

    runs = fit.respond(
        FitQuery(
            text=query.text, model=None, gpus=query.gpus, mode="inference", workload="llm_inference", asked="what_runs"
        ),
        env,
    )
    heads = (price.headline, runs.headline)
    return dataclasses.replace(
        runs,
        intent="verdict",
        headline=i18n.gap(env.lang).join(h for h in (heads if price_judged(query, env) else heads[::-1]) if h),
        steps=list(dict.fromkeys([*price.steps, *runs.steps])),  # one card's catches, said once
        sources=list(dict.fromkeys([*price.sources, *runs.sources])),
        figures={**runs.figures, **price.figures},
        choice=price.choice,
    )
