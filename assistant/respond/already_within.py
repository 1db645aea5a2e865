"""A cheaper pick asked with a new budget the last pick already fits: "便宜点，2k 左右" after a ¥1,150 card.

Contract: `respond(query, env, respond_plain)` -> None unless the query asks for cheaper with a budget of its own
(RecommendQuery.cheaper_asked, cheaper_than set by the dialogue) and the card it would go below, as many as were
picked, already costs clearly less than that budget (CLEARLY_WITHIN); then the recommendation within the budget
(cheaper_than dropped: going below a card that already fits would leave a worse card), led by a sentence that says
the card already fits.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.pricing import budget_usd
from assistant.respond.recommend_order import price_of_named

CLEARLY_WITHIN = 0.9  # [A] a card at most this share of the new budget already fits it ("around 5k" after ¥5,000 not)


def respond(query: RecommendQuery, env: Env, respond_plain) -> Answer | None:
    if not (query.cheaper_asked and query.cheaper_than):
        return None
    budget = budget_usd(query, env.for_query(query))
    price = price_of_named(query.cheaper_than, env)
    n = max(query.cheaper_than_count, 1)
    if not budget or price is None or price * n > CLEARLY_WITHIN * budget:
        return None  # "便宜点的呢，5k左右" after a ¥5,000 card: at the budget itself, cheaper is still asked
    answer = respond_plain(dataclasses.replace(query, cheaper_than=None, cheaper_than_count=1), env)
    gpu = env.reader.gpu(query.cheaper_than)
    name = (f"{n} x " if n > 1 else "") + (gpu.short_name if gpu else query.cheaper_than)
    said = env.t("rec.already_within", gpu=name, price=env.money(price * n), budget=env.money(budget))
    answer.headline = i18n.gap(env.lang).join([said, answer.headline])
    return answer
