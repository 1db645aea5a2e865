"""An offered price inside another question is a deal verdict: "thinking about a used 3090 for $700 to run local
llms" (read as a fit with a price setting), "tesla k80 for $40 lol, any use or ewaste" (read as a price setting
alone). Both stored the price and answered something else; the user asks whether to buy at that price.

Contract: `as_deal(query, env)` -> the verdict answer (respond/verdict.py, kind "deal", the offer weighed against the
street price without the price just stated, then whether the card does the use) or None when the question is not an
offer: one price stated for one GPU the question names, no model or size named (a fit question keeps its fit
answer), and for a bare price setting a verdict word (lexicon verdict_good_asked / verdict_worth / verdict_negative /
verdict_buy_this / what_for_words). Never raises.
"""

from __future__ import annotations

import dataclasses

from assistant.answer import Answer
from assistant.queries import FitQuery, GpuRef, Setting, VerdictQuery
from assistant.query_talk import SetQuery
from assistant.respond.env import Env
from assistant.respond.use_case import said

_ASKS = ("verdict_good_asked", "verdict_worth", "verdict_negative", "verdict_buy_this", "what_for_words")


def _offer(query) -> Setting | None:
    prices = [s for s in query.settings if s.key == "price_override" and s.gpu]
    return prices[0] if len(prices) == 1 and isinstance(prices[0].value, (int, float)) else None


def as_deal(query, env: Env) -> Answer | None:
    offer = _offer(query)
    if offer is None or offer.gpu is None or not isinstance(offer.value, (int, float)):
        return None
    if isinstance(query, FitQuery):
        if query.model or query.params_b or getattr(query, "family_models", None):
            return None
        refs = tuple(r for r in query.gpus if r.name == offer.gpu)
        if not refs:
            return None
        workload = query.workload
    elif isinstance(query, SetQuery):
        if len(query.settings) != 1 or query.save or not any(said(name, query.text, env) for name in _ASKS):
            return None
        refs = (GpuRef(mention=offer.gpu, name=offer.gpu, count=1, condition=offer.condition),)
        workload = None
    else:
        return None
    from assistant.respond import verdict

    asked = VerdictQuery(
        text=query.text,
        gpus=refs,
        kind="deal",
        workload=workload,
        # the setting is each card's price; a counted offer is for all of them ("3 3090s for 2000 total": $2,000)
        offer=float(offer.value) * max(sum(r.count for r in refs), 1),
        money_currency=offer.currency,
    )
    return verdict.respond(asked, _without_price(env, offer.gpu))


def _without_price(env: Env, gpu: str) -> Env:
    """The env without the price the question itself stated for `gpu`: the offer is weighed against the market."""
    prices = {k: v for k, v in env.assumptions.prices.items() if k[0] != gpu}
    return dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, prices=prices))
