"""The data of a training job said in a question that asks which card to buy: "want to qlora finetune qwen2.5 14b
on 30k samples, what gpu", "想用qlora微调qwen2.5 14b，3万条数据，用什么卡".

Contract: `with_samples(result, reading)` returns a RecommendQuery of a fine-tune of a named model with the samples
the question counts (nlu/intents/rates.samples) put in `samples`, so the thread keeps the job's data for the follow-ups
that time or rent it ("那租呢，autodl上大概要多少钱"); a bare count of samples the reader took as the budget ("3万条":
no money word, no budget word, the budget equal to the samples) is no budget. Any other query is returned unchanged.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.intents.rates import samples
from assistant.nlu.reading import Reading
from assistant.queries import Query, RecommendQuery


def with_samples(result: Query, r: Reading) -> Query:
    if not isinstance(result, RecommendQuery) or result.model is None or result.workload != "llm_finetune":
        return result
    count = result.samples or samples(r)
    if not count:
        return result
    result = dataclasses.replace(result, samples=count)
    if result.budget_usd == count and not r.b.has("MONEY", "BUDGET"):  # "3万条数据" read as ¥30,000
        result = dataclasses.replace(result, budget_usd=None, budget_currency=None)
    return result
