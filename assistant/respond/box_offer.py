"""An offer that prices a whole machine, not its cards: "4卡4090服务器整机8万 划算吗", "a prebuilt with a 4080 super
for $2,200, good deal?", "京东一台4070 super的整机 9999" (the amount's role is read by nlu/stated.py: whole "box").

Contract: `cards_share(query, n, offer_usd, env, amount, what)` -> (the cards' share of the offer in USD, the
sentence saying how it was found) when the offer (`amount` as typed) is a box price: the machine around the n cards
(env.platform_usd: knowledge/rigs.toml's sourced tier, or the answer market's dated build list) is taken off, so the
deal verdict weighs the cards (`what`) against their street price as usual. None when the offer is no box price,
or the allowance is not less than the offer.
"""

from __future__ import annotations

from assistant.queries import Query
from assistant.respond.env import Env


def is_box(query: Query, amount: float | None) -> bool:
    """Does the question state `amount` as the price of a whole machine?"""
    return amount is not None and any(
        s.dim == "money" and s.whole == "box" and abs(s.value - amount) < 0.005 for s in query.stated
    )


def cards_share(
    query: Query, n: int, offer_usd: float, env: Env, amount: float | None, what: str
) -> tuple[float, str] | None:
    if not is_box(query, amount):
        return None
    rest = env.platform_usd(n)
    if rest <= 0 or rest >= offer_usd:
        return None
    cards = offer_usd - rest
    note = env.t("deal.box_share", offer=env.money(offer_usd), rest=env.money(rest), cards=env.money(cards), what=what)
    return cards, note
