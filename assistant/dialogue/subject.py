"""The card the thread is about buying: an offer weighed earlier ("guy wants $1,400 for a 4090, worth it?") stays
the subject when the user's own card comes up, so the follow-ups about money are about that purchase.

Contract: `deal_after(deal, query)` is the thread's offer after `query` (a deal of one card with an offer replaces
it); `offered(dlg)` is that offer (None: none).
`sell_toward_offer(dlg, query)`: "and if i sell the 3070 for $280, whats my net" (a sale of another card, asked of
nothing else) while a card is offered: selling that card toward the offered one (the net cost, at the offer).
`cheaper_than_offer(dlg, changes)`: "cheaper option?" while a card is offered: cheaper than that card, within its
offer (the offer, not the street price, is what cheaper is measured against). Both leave other questions unchanged.
`as_answered(query, gpus)`: the question as remembered: a card the answer took as its laptop part ("my gaming laptop
has a 3070 8gb": the RTX 3070 Mobile, respond/laptop_part.py) is that part for the follow-ups too.
`talked(dlg)`: the cards the conversation talked about (clarify.of_thread reads an ambiguous name as one of them).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import CompareQuery, Query, Setting, SpecQuery, VerdictQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def deal_after(deal: Query | None, query: Query) -> Query | None:
    """The thread's offer once `query` was answered: a deal weighed for one card with an offer is the new one."""
    if isinstance(query, VerdictQuery) and query.kind == "deal" and query.offer and not query.offer_period:
        return query if len(query.gpus) == 1 and query.gpus[0].name else deal
    return deal


def offered(dlg: Dialogue) -> VerdictQuery | None:
    deal = dlg.context.deal
    return deal if isinstance(deal, VerdictQuery) else None


def sell_toward_offer(dlg: Dialogue, query: Query) -> Query:
    if not (isinstance(query, SpecQuery) and "sell" in query.fields and query.sale_amount and len(query.gpus) == 1):
        return query
    deal = offered(dlg)
    if deal is None or deal.gpus[0].name == query.gpus[0].name or not query.gpus[0].name:
        return query
    card = dataclasses.replace(deal.gpus[0], mention=deal.gpus[0].mention or deal.gpus[0].name or "")
    price = Setting(
        "price_override", deal.offer, gpu=card.name, condition=card.condition or "used", currency=deal.money_currency
    )
    return CompareQuery(
        text=query.text,
        gpus=(query.gpus[0], card),
        worth=True,
        sale_amount=query.sale_amount,
        sale_currency=query.money_currency,
        settings=(*query.settings, price),
    )


def cheaper_than_offer(dlg: Dialogue, changes: dict) -> dict:
    deal = offered(dlg)
    if deal is None or "cheaper_than" not in changes:
        return changes
    card = deal.gpus[0]
    price = Setting(
        "price_override", deal.offer, gpu=card.name, condition=card.condition or "used", currency=deal.money_currency
    )
    return {
        **changes,
        "cheaper_than": card.name,
        "cheaper_than_count": card.count,
        "settings": (*changes.get("settings", ()), price),
    }


def talked(dlg: Dialogue) -> set[str]:
    """The cards the last questions named (not those an answer listed): a name given ambiguously is read as one of
    them (clarify.of_thread)."""
    ctx = dlg.context
    asked = [q for q in [*ctx.history, ctx.last_query] if q is not None]
    return {g.name for q in asked for g in getattr(q, "gpus", ()) if g.name}


def as_answered(query: Query, gpus: list[str]) -> Query:
    refs = getattr(query, "gpus", None)
    if not refs or not gpus:
        return query
    answered = set(gpus)
    laptop = [
        dataclasses.replace(g, name=f"{g.name} Mobile")
        if g.name and g.name not in answered and f"{g.name} Mobile" in answered
        else g
        for g in refs
    ]
    return dataclasses.replace(query, gpus=tuple(laptop)) if laptop != list(refs) else query  # type: ignore[call-arg]


def change_first(follow) -> bool:
    """A follow-up of settings only whose answer leads with what changed ("and at 0.30 a kwh?": the rate, then the
    bill); "那二手的呢", "what about used?" (only new / used) asks for the used pick, which leads, the change after."""
    from assistant.dialogue.ellipsis import only_settings

    return only_settings(follow) and not all(s.key == "condition" for s in follow.settings)
