"""Prices said beside a card in any order, read from the question's shape when the price readers left them unclaimed:
"AUD 2,999 for a 5080 at scorptec vs AUD 1,499 for a used 3090", "two used a6000s are ~$4k each", "4090 is like 3200
AUD at msy": each amount of money alone in a clause with exactly one card named is that card's price (per card when
"each" / one card, else the set's spread over its cards), in its own currency.

Contract: `clause_prices(r, query, settings)` -> extra `price_override` Settings for the cards of a compare, cost or
rent-or-buy question that have none yet. An amount is skipped when it is a rate, a difference, a budget or a cap
(Stated.whole "budget", respond/unused_money's cap words), or a sale or a past purchase (a word of [lists]
price_sold_before before it in its clause: "sells for £1,400", "paid £1,899 for my 4090": not what buying costs now).
Clauses end at sentence punctuation, a comma followed by a space, and the words of [lists] clause_split_words. An
amount in a clause of its own that a price word opens ([lists] price_clause_words: "，京东价1.3w左右") prices the one
card of the clause before it.
"""

from __future__ import annotations

import re

from assistant.nlu.price_gap import gap_tag
from assistant.nlu.reading import Reading
from assistant.queries import Setting

_INTENTS = frozenset({"compare", "cost", "rent_or_buy"})
_END = re.compile(r"[。！？；;!?，]|[.,](?:\s|$)")
_MIN = 50.0


def _bounds(low: str, at: int, splits: frozenset[str]) -> tuple[int, int]:
    start, end = 0, len(low)
    for m in _END.finditer(low):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= at:
            end = min(end, m.start())
            break
    for w in splits:
        pattern = rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w)
        for m in re.finditer(pattern, low):
            if m.end() <= at:
                start = max(start, m.end())
            elif m.start() >= at:
                end = min(end, m.start())
    return start, end


_PERIOD_AFTER = re.compile(
    r"^\s*(?:/|per\s|an?\s|a\s|every\s|每)\s*(?:mo|month|yr|year|wk|week|day|hr|hour|h\b|月|年|天|小时)"
    # "一张13000 每天8小时": the hours' period, not the amount's
    r"(?!\s*(?:跑|用|开|训练)?\s*[\d一二两三四五六七八九十半])"
)


def not_a_price(low: str, start: int, end: int, r: Reading) -> bool:
    """A budget or a cap (money_cap_before / money_cap_after), a fee or a running cost (price_fee_words close
    before it), or an amount per a period ("$150/mo")."""
    before, after = low[max(0, start - 12) : start], low[end : end + 8]
    if _PERIOD_AFTER.match(after) or any(after.lstrip().startswith(w) for w in r.lex.listed("money_cap_after")):
        return True
    words = r.lex.listed("money_cap_before") | r.lex.listed("price_fee_words")
    return any(
        (
            re.search(rf"(?<![a-z]){re.escape(w)}\W*(?:of\s+|is\s+|at\s+)?[~≈]?\s*\S{{0,4}}$", before)
            if w.isascii()
            else w in before
        )
        for w in words
    )


_BEFORE_CARD = re.compile(
    r"^[\s)）]*(?:for|on)?\s*(?:an?|one|two|three|four|the|my|\d+\s*x)?\s*(?:used|new|refurbished|二手|全新)?\s*$"
)
_MAX_WORDS = 4  # words between a card and its price after it ("two used a6000s are ~$4k each", "4090 is like 3200")
_MAX_CJK = 6  # characters, in Chinese ("二手3090要5200")


def _card_beside(low: str, s, cards) -> str | None:
    """The card an amount prices: the card named last before it, a few words apart, else the card right after it
    joined by "for (a) (used)" ("AUD 2,999 for a 5080"); "an nvlink bridge ($90) worth it for 2x 3090" prices none."""
    before = [t for t in cards if t.end <= s.start]
    if before:
        gap = low[before[-1].end : s.start]
        if len(gap.split()) <= _MAX_WORDS and (gap.isascii() or len(gap.strip()) <= _MAX_CJK):
            return before[-1].gpu_match().name
    after = [t for t in cards if t.start >= s.end]
    if after and _BEFORE_CARD.match(low[s.end : after[0].start]):
        return after[0].gpu_match().name
    return None


def _price_opened(low: str, at: int, splits, r: Reading) -> bool:
    """The clause of the amount at `at` opens with a price word ([lists] price_clause_words: "京东价", "price is")."""
    a, _ = _bounds(low, at, splits)
    opening = low[a:at].strip()
    return any(opening.startswith(w) or (not w.isascii() and w in opening) for w in r.lex.listed("price_clause_words"))


def _card_of_clause_before(low: str, a: int, at: int, cards, r: Reading) -> str | None:
    """An amount in a clause of its own that a price word opens ("京东价1.3w左右", "price is about $1,800"): the price
    of the one card named in the clause right before it; None when that clause names none or several."""
    if not _price_opened(low, at, r.lex.listed("clause_split_words"), r):
        return None
    prior = [t for t in cards if t.end <= a]
    if not prior:
        return None
    start, _ = _bounds(low, prior[-1].start, r.lex.listed("clause_split_words"))
    named = {t.gpu_match().name for t in prior if t.start >= start}
    return named.pop() if len(named) == 1 else None


def clause_prices(r: Reading, query, settings) -> list[Setting]:
    if query.intent not in _INTENTS:
        return []
    from assistant.nlu.stated import stated_quantities  # Query.stated is set after the settings are read

    stated = stated_quantities(r.b.tags, r.text, r.lex)
    gap = gap_tag(r)  # "二手差800块": the gap between two cards (nlu/price_gap.py), no card's price
    low = r.text.lower()
    priced = {s.gpu for s in settings if s.key == "price_override"}
    refs = {g.name: g for g in getattr(query, "gpus", ()) if g.name}
    cards = [t for t in r.b.tags if t.kind == "GPU" and t.gpu_match().status == "ok"]
    splits = r.lex.listed("clause_split_words")
    sold = r.lex.listed("price_sold_before")
    if query.intent == "rent_or_buy":  # "i paid $700 for my 3090, when does it pay back vs renting": what owning cost
        sold = sold - r.lex.listed("price_paid_before")
    out: list[Setting] = []
    for s in stated:
        if s.dim not in ("money", "number") or s.per or s.direction or s.whole == "budget" or s.value < _MIN:
            continue
        if gap is not None and s.start == gap.start:
            continue
        if s.dim == "number" and not s.whole and not _price_opened(low, s.start, splits, r):
            continue  # a bare number: bare_price reads the one of a rent-or-buy ("，闲鱼价1.1w" is a price)
        if not_a_price(low, s.start, s.end, r):
            continue  # "预算3万", "under $1000", "$150/mo", "托管费800", "+ $80 shipping": no card's price
        a, b = _bounds(low, s.start, splits)
        if any(w in low[a : s.start] for w in sold):
            continue
        last = max((t for t in cards if a <= t.start and t.end <= s.start), key=lambda t: t.end, default=None)
        if last is not None and _both_priced(low[last.end : s.start], refs, r):
            # "二手2070 super和全新3050都是一千五左右": the amount after the cards and a word for all of them: each
            out += _each_card(s, [g for n, g in refs.items() if n not in priced], r)
            priced.update(refs)
            continue
        name = _card_beside(low, s, [t for t in cards if a <= t.start < b])
        if name is None and not any(a <= t.start < b for t in cards):
            if _both_priced(low[a : s.start], refs, r):  # "4090D 和 5080 ...，京东价差不多都 1w 出头": each of them
                out += _each_card(s, [g for n, g in refs.items() if n not in priced], r)
                priced.update(refs)
                continue
            name = _card_of_clause_before(low, a, s.start, cards, r)  # "4090d值得买吗，京东价1.3w左右"
        if name is None:
            continue
        ref = refs.get(name)
        if ref is None or name in priced:
            continue
        each = s.whole == "card" or ref.count <= 1
        value = s.value if each else s.value / ref.count
        out.append(
            Setting(
                "price_override", value, gpu=name, condition=ref.condition, currency=s.currency or r.unnamed_currency()
            )
        )
        priced.add(name)
    return out


def _both_priced(before: str, refs: dict, r: Reading) -> bool:
    """Two or more cards named, and a word for all of them before the amount in its clause ("都 1w 出头", "both about
    $800", "each around 1k"): one price for each card."""
    return len(refs) >= 2 and any(w in before for w in r.lex.listed("both_priced_words"))


def _each_card(s, refs: list, r: Reading) -> list[Setting]:
    """The amount `s` as the price of each of `refs` (one card each)."""
    return [
        Setting(
            "price_override", s.value, gpu=g.name, condition=g.condition, currency=s.currency or r.unnamed_currency()
        )
        for g in refs
    ]
