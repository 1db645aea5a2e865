"""A running cost asked in a thread about renting ("monthly if its up 24/7", "how much a month if it runs 24/7" after
an A10G's rate at AWS): the rent of the cards talked about over that period at that use, not their electricity.
Right after a rental of any kind (a serving set's rent, the cheapest set for a model), that rental for the period
(dialogue/cloud.per_period). `tariff_again(dlg, query)`: a tariff said alone ("电费按8毛算呢", "what if power is
0.30/kwh": a running cost with the tariff and nothing else) right after a rent-or-buy answer is that rent or buy
again at the tariff (the query's settings carry it); `total_again(dlg, query)`: hours said after a rent or buy of
hours in all are its new total (cloud.total_of_rent_or_buy); `query` unchanged otherwise.

Contract: `rent_of_use(dlg, query)` -> a RatesQuery (mode "rent": the hours of use in the period asked, or the whole
period when no use is said; the provider of the thread's rate) when `query` is a CostQuery of kind "running" that
names no card (pronouns or none) and states no power word, tariff, draw or bill, and one of the thread's last
questions was a RatesQuery of those cards' rates; `query` unchanged otherwise. `rent_at_weighed_use(dlg, query)`: a
rent for a period with no hours ("so what's renting that per month") after a rent-or-buy that weighed hours a week
(the clips of a video model, the use said) rents those hours of the period, not all of it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.dialogue import cloud
from assistant.dialogue.references import focus_refs, refer
from assistant.periods import PERIOD_HOURS
from assistant.queries import CostQuery, Query, RatesQuery, RentOrBuyQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

HOURS_A_WEEK = 168.0


def rent_of_use(dlg: Dialogue, query: Query) -> Query:
    if not isinstance(query, CostQuery) or query.kind != "running" or not _bare(query):
        return query
    ctx = dlg.context
    if isinstance(ctx.last_query, RatesQuery):  # right after a rental of any kind: that rental for the period
        edited = cloud.per_period(dlg, ctx.last_query, query.period or "month", query.settings)
        return dataclasses.replace(edited, text=query.text, settings=query.settings)
    rated = cloud.rented_before(dlg)
    if rated is None:
        return query
    gpus = tuple(g for ref in query.gpus for g in refer(dlg, ref, counted=True)) or tuple(focus_refs(dlg))
    period = query.period or "month"
    hours = query.hours_per_week / HOURS_A_WEEK * PERIOD_HOURS[period] if query.hours_per_week else None
    return RatesQuery(
        text=query.text,
        gpus=gpus,
        provider=rated.provider,
        mode="rent",
        hours=round(hours, 1) if hours else None,
        period=None if hours else period,
        settings=query.settings,
    )


def rent_at_weighed_use(dlg: Dialogue, query: Query) -> Query:
    if not isinstance(query, RatesQuery) or query.mode != "rent" or query.hours or not query.period:
        return query
    recent = [q for q in reversed([*dlg.context.history, dlg.context.last_query]) if q is not None]
    weighed = next((q for q in recent if isinstance(q, RentOrBuyQuery)), None)  # past a question about the card
    if not isinstance(weighed, RentOrBuyQuery) or not weighed.hours_per_week:
        return query
    if {g.name for g in query.gpus if g.name} - {g.name for g in weighed.gpus if g.name}:
        return query  # another card: its rent for the whole period
    hours = weighed.hours_per_week / HOURS_A_WEEK * PERIOD_HOURS[query.period]
    return dataclasses.replace(query, hours=round(hours, 1), period=None)


def _bare(query: CostQuery) -> bool:
    """No card named, no power word, tariff, draw, bill, model or job of its own."""
    named = any(g.name and not g.pronoun for g in query.gpus)
    stated = (query.electricity_usd_per_kwh, query.watts, query.bill_stated, query.model, query.params_b)
    return not (named or query.power_said or query.rates or any(v is not None for v in stated))


def tariff_again(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    if not isinstance(last, RentOrBuyQuery) or not isinstance(query, CostQuery) or query.kind != "running":
        return query
    alone = query.electricity_usd_per_kwh is not None and query.hours_per_week is None and query.period is None
    if not alone or query.watts is not None or any(g.name and not g.pronoun for g in query.gpus):
        return query
    return dataclasses.replace(last, text=query.text, settings=query.settings)


def total_again(dlg: Dialogue, query: Query) -> Query:
    """ "what if its more like 1500 hours" right after a rent or buy of hours in all: that weighing at those hours."""
    if not isinstance(query, FollowUpQuery):
        return query
    return cloud.total_of_rent_or_buy(dlg.context.last_query, query) or query
