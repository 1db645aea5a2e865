"""Sell or keep a card the user owns, at the price they state: "keep my 4090 or sell it now for $1,800", "去年6500买的
3090 现在留着还是出掉", "手里4090 闲鱼能出1.6万 要不要卖了换5090", "have 2x 3090 and could sell them for ~$1,300 total
to buy one 5090".

`read` claims a question with a selling word (lexicon asked_sell / resale_words) or a keeping one (keep_words) about
cards the user owns (owned_card_words or a paid amount), no rent (renting instead is rent_or_buy's) and no model to run:
- one card named, with a keep word, a stated sale amount or what was paid: SpecQuery(fields=("sell",)) with the
  sale and paid amounts (respond/sell_keep.py);
- two cards named with a sale amount: the swap, CompareQuery(worth=True) with the sale amount for the first (owned)
  card(s) (respond/upgrade_path.swap_lead uses it instead of the used street price).
The paid amount is the one next to a word of [lists] paid_words ("paid", "bought it for", "6500买的"); the sale amount
is the amount after a word of sale_price_words ("能卖5000" also says the card is owned), else the first
other amount (MONEY, or a bare NUMBER of 50 or more).
"""

from __future__ import annotations

from assistant.nlu.intents.resale import sold_after_years
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CompareQuery, Query, Setting, SpecQuery

_PAID_GAP = 4  # characters between an amount and its paid word ("6500买的", "paid $1,600")


def _amounts(r: Reading) -> list:
    tags = [t for t in r.b.tags if t.kind == "MONEY" or (t.kind == "NUMBER" and _bare_amount(r, t))]
    return sorted(tags, key=lambda t: t.start)


def _bare_amount(r: Reading, t) -> bool:
    """A bare number the tagger left as a number (not a card) that can be an amount of money."""
    try:
        return t.number() >= 50
    except ValueError:
        return False


def _after_sale_word(r: Reading, t) -> bool:
    """The amount follows a word of [lists] sale_price_words ("能卖5000", "could go for $400", "sell it for 700")."""
    before = r.text.lower()[max(0, t.start - 16) : t.start].rstrip(" $¥~约大概")
    return any(before.endswith(w) for w in r.lex.listed("sale_price_words"))


def _paid(r: Reading, amounts: list):
    """The amount paid: right before a paid word ("6500买的") or after one in the same clause ("paid $1,600", "bought my
    4090 for $1,600"), and no sale word between them."""
    text = r.text.lower()
    for t in amounts:
        after, before = text[t.end : t.end + _PAID_GAP + 8], text[max(0, t.start - _PAID_GAP - 24) : t.start]
        for w in r.lex.listed("paid_words"):
            if w in after[: len(w) + _PAID_GAP] or (w in before and _no_sale_after(r, before[before.rfind(w) :])):
                return t
    return None


def _no_sale_after(r: Reading, gap: str) -> bool:
    return not any(w in gap for w in r.lex.listed("asked_sell")) and not any(c in gap for c in ",.;，。；")


@needs(("GPU",), said=("asked_sell", "resale_words", "keep_words"), unless=("RENT", "PARAMS", "MODEL"))
def read(r: Reading) -> Query | None:
    sell, keep = said(r, "asked_sell") or said(r, "resale_words"), said(r, "keep_words")
    names = [g for g in r.explicit if g.name]
    if not (sell or keep) or r.b.has("RENT") or r.model or r.b.has("PARAMS") or not names or said(r, "seller_words"):
        return None  # "guy selling a used 3090 for 550": someone else sells, the user buys (deal.read)
    if r.b.has("COST") and (sold_after_years(r) or r.b.has("YEARS")):  # "tco over 3 years if i resell it for $400"
        return (
            None  # "一年电费加折旧多少 三年后估计一张还能卖800": the cost of owning net of a later sale (resale.read)
        )
    amounts = _amounts(r)
    paid = _paid(r, amounts)
    offered = [t for t in amounts if t is not paid and _after_sale_word(r, t)]
    owned = said(r, "owned_card_words") or paid is not None
    if not (owned or offered) or (r.b.has("BUY") and not owned and len(names) == 1):
        return None  # "二手3090 6000块 用两年再卖掉": a card to buy and resell later (resale.read)
    # "selling my 3080 ... whats the best upgrade around $700": an amount beside a pick asked is its budget, no sale
    picking = r.b.has("RECOMMEND", "BUDGET")
    sale = offered[0] if offered else (None if picking else next((t for t in amounts if t is not paid), None))
    currency = (sale or paid).meanings.get("CURRENCY") if (sale or paid) else None
    currency = currency or ("USD" if any(t.kind == "MONEY" for t in amounts) and r.currency() == "USD" else None)
    currency = currency or r.unnamed_currency()
    # "keep my 4090 or sell it for $1,800", "someone offered me $600 for my 3090, take it or keep it?"
    if len({g.name for g in names}) == 1 and ((sell and (keep or sale or paid)) or (keep and (sale or paid))):
        return SpecQuery(
            text=r.text,
            gpus=(names[0],),
            fields=("sell",),
            sale_amount=sale.number() if sale else None,
            paid_amount=paid.number() if paid else None,
            money_currency=currency,
        )
    if len({g.name for g in names}) == 2 and sale is not None and sell:
        return CompareQuery(
            text=r.text,
            gpus=tuple(names),
            workload=r.workload,
            worth=True,
            sale_amount=sale.number(),
            sale_currency=currency,
        )
    return None


def without_sale(query: Query, stated: tuple[Setting, ...]) -> tuple[Setting, ...]:
    """The settings a sell question states, less the sale: the owned card's amount is what it sells for (or what was
    paid), never its price in force, and a year beside it dates the purchase, not a price snapshot."""
    sold = None
    if isinstance(query, SpecQuery) and "sell" in query.fields:
        sold = query.gpus[0].name
    elif isinstance(query, CompareQuery) and query.sale_amount is not None:
        sold = query.gpus[0].name
    if sold is None:
        return stated
    return tuple(s for s in stated if s.key != "snapshot" and not (s.key == "price_override" and s.gpu == sold))


_TOP_UP_GAP = 12  # characters between a top-up word and its amount ("adding $1100", "再加3000")


def topped_up(r: Reading, query: Query, stated: tuple[Setting, ...]) -> tuple[Setting, ...]:
    """ "selling my 4080 for about $850 and adding $1100 to get a 5090": the card bought costs the sale plus the money
    added (a word of [lists] top_up_words right before an amount), as a price for it; unchanged otherwise."""
    if not isinstance(query, CompareQuery) or query.sale_amount is None or len(query.gpus) != 2:
        return stated
    target = query.gpus[1].name
    if target is None or any(s.key == "price_override" and s.gpu == target for s in stated):
        return stated
    text, words = r.text.lower(), r.lex.listed("top_up_words")
    for t in _amounts(r):
        before = text[max(0, t.start - _TOP_UP_GAP) : t.start].rstrip(" $¥€£~约大概")
        if t.number() != query.sale_amount and any(before.endswith(w) for w in words):
            price = Setting("price_override", query.sale_amount + t.number(), gpu=target, currency=query.sale_currency)
            return (*stated, price)
    return stated
