"""Prices a question states for the cards it names, where no "costs / for / at" word joins them.

`stated_prices(r)` -> [(GpuRef, amount tag, amount)], each a price the user gives for that card:
- an amount right after the card: "闲鱼3090 5000块 4090 13000", "3090 24g 5000 能买吗" (a bare number of 100 or more
  counts only there: smaller ones are memory, counts or rates), with market or condition words between
  ("a6000 48g 二手一万五", "3090 闲鱼收的 5500", "4090 全新 一万八"): a condition said there is the price's;
- "is / at / for / costs N" right after the card: "if the 3090 is 600 and the 4090 is 1800", "5090 at 2800";
- one card and one amount after it, in a question that weighs buying that card and states no budget, rate or
  usage: "二手矿卡3090能买吗，闲鱼五千左右", "used 3090 around 650 usd, buy or wait?";
- an amount right before a buying word and the card it bought ("闲鱼4300收了张3090", "5000买的3090");
- an amount right after a buying word, for the card named just before it ("4090买要1.4万", "租4090一小时两块 买一张要
  1万6", "rent a 4090 at 0.4 an hour or buy one for 1800"), in a question with no budget;
- a typed amount joined to a card said apart from it by a price word (nlu/price_reach.py): "is 7900 xtx a good buy
  for local llms at $800", "is it worth $8k", "would you pay $700 for a used 3090".
Amounts that are an electricity rate (Reading.rate_tags) or a price gap between two cards (nlu/price_gap.py) are
never prices.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.price_gap import gap_tag
from assistant.nlu.price_reach import reached
from assistant.nlu.reading import Reading
from assistant.nlu.stated import box_cards, is_difference
from assistant.nlu.tagger import Tag
from assistant.queries import GpuRef

CLAUSE_END = re.compile(r"[,.;?!]\s|[，。；？！]")  # a clause ends: an amount past it prices no card before it

_IS_WORDS = frozenset({"is", "was", "costs", "cost", "=", "at", "for", "@", "only", "now", "卖", "收", "要"})
BARE_MIN = 100.0  # a bare number after a card: below this it is more likely memory, a count or a rate
_IS_MIN = 50.0
_MAX_BETWEEN = 3  # market words between a card and its price ("3090 闲鱼 收的 5500")
_AFTER_MARKET = frozenset({"ON", "COSTS", "FILLER"})  # "闲鱼上 5500", "闲鱼收的 5500"
# kinds that make a lone amount something other than the card's price (a budget, a rate, a usage, a rental)
_NOT_OFFER = frozenset({"BUDGET", "RATE", "KWH", "HOURS", "RENT", "RECOMMEND", "PER", "MODEL", "PARAMS"})


def stated_prices(r: Reading) -> list[tuple[GpuRef, Tag, float]]:
    tags = r.b.tags
    rate = r.rate_tags()
    rate_tag = rate[1] if rate else None
    gap = gap_tag(r)  # "5060ti 16g和4060ti 16g 差两百块": a gap between the cards, no card's price
    out: list[tuple[GpuRef, Tag, float]] = []
    for k, tag in enumerate(tags[:-1]):
        if tag.kind != "GPU":
            continue
        skip, condition = _market_words(tags, k + 1)
        amount = _amount_after(tags, k + skip)
        if amount is None or amount is rate_tag or amount is gap or is_difference(tags, amount, r.text, r.lex):
            continue
        if _capped(r, amount) and _replaced(r, tag):
            continue  # "3060 12g 想升级 5000块以内换什么": a cap on what to buy next, not the card's price
        if CLAUSE_END.search(r.text[tag.end : amount.start]):
            continue  # "AUD 1,299 for a 4070 ti super at pc case gear, AUD 3,999 for 5090": the next clause's price
        ref = _ref(r, tag)
        if ref is not None and condition and ref.condition is None:
            ref = dataclasses.replace(ref, condition=condition)  # "a6000 二手一万五": the used price
        if ref is not None:
            out.append((ref, amount, _value(amount) / _set_of(r, ref, tag, amount)))
    found = out or _paid_before(r, rate_tag) or _bought_at(r, rate_tag) or _lone_offer(r, rate_tag)
    found = found or reached(r, rate_tag)  # "a good buy for local llms at $800": joined by a price word
    return [f for f in found if not sold_for(r, f[1]) and (gap is None or f[1].start != gap.start)]


_SOLD_REACH = 25  # characters before an amount in which a resale word makes it what the card sells for


def sold_for(r: Reading, amount) -> bool:
    """The amount follows a resale word after a time of owning ("own it 18 months, resell it for $1500", "用一年半
    最后卖8000"): what the card sells for later (intents/resale.py), never what it costs now. With no time said
    ("selling my 3090 for $600 for a 4090") the amount stays the card's price today."""
    return r.b.has("YEARS", "MONTHS") and bool(
        r.lex.words_in("resale_words", r.text.lower()[max(0, amount.start - _SOLD_REACH) : amount.start])
    )


# between an amount and the card it paid for: a buying word, then 了 / 的 and a classifier ("4300收了张3090",
# "5000买的3090", "4800入的4090", "2300一张收的" is read by the card-first forms)
_PAID_BEFORE = re.compile(r"^\s*(?:块|元|块钱)?\s*(?:收|买|入|拿|淘)(?:了|的|来)?\s*(?:一)?\s*(?:张|块|个|台)?\s*$")


def _paid_before(r: Reading, rate_tag) -> list[tuple[GpuRef, Tag, float]]:
    """ "闲鱼4300收了张3090", "5000买的3090": an amount right before a buying word and the card is what it cost."""
    tags = r.b.tags
    for k, amount in enumerate(tags[:-1]):
        if amount is rate_tag or not (
            amount.kind == "MONEY" or (amount.kind == "NUMBER" and _value(amount) >= BARE_MIN)
        ):
            continue
        card = next((t for t in tags[k + 1 : k + 4] if t.kind == "GPU"), None)
        if card is None or not _PAID_BEFORE.match(r.text[amount.end : card.start]):
            continue
        ref = _ref(r, card)
        if ref is not None:
            return [(ref, amount, _value(amount))]
    return []


def _set_of(r: Reading, ref: GpuRef, card, amount) -> int:
    """How many cards the amount after them pays for: all of them when they are counted and a machine is named between
    ("买4卡4090服务器 9万": ¥22,500 a card) or a word of the set's total follows or leads the amount ("2x 3090 1250
    total", "4张p100 一共1200块"), else one."""
    if ref.count < 2:
        return box_cards(r.b.tags, amount, r.text, r.lex, [g.count for g in r.explicit if g.name == ref.name])
    between = r.text.lower()[card.end : amount.start]
    after = r.text.lower()[amount.end : amount.end + 12].strip()
    machine = any(w in between for w in r.lex.listed("machine_words"))
    totals = r.lex.listed("set_total_words")  # "2x 3090 1250 total", "4张p100 一共1200块"
    total = any(after.startswith(w) for w in totals) and not total_asked(r, amount)
    total = total or any(between.rstrip().endswith(w) for w in totals)
    return ref.count if machine or total else 1


_ASKED_REACH = 8  # characters after an amount in which "how much" makes its total word a question


def total_asked(r: Reading, amount) -> bool:
    """The total word after an amount asks the total ("一块四千五 总共多少钱", "700 each, total?"): it is no label of
    the amount as the set's price."""
    return any(t.kind == "HOW_MUCH" and 0 <= t.start - amount.end <= _ASKED_REACH for t in r.b.tags) or bool(
        re.match(r"\s*\S+\s*\?", r.text[amount.end : amount.end + _ASKED_REACH])
    )


def _bought_at(r: Reading, rate_tag) -> list[tuple[GpuRef, Tag, float]]:
    """ "4090买要1.4万", "买一张要1万6", "or buy one for 1800": the amount right after a buying word (a cost word or a
    classifier between at most) is the price of the card named last before it; none with a budget, or when a card is
    named right after the buying word (that is "buy a 3090 for $700", read as the card's own price)."""
    tags = r.b.tags
    if r.b.has("BUDGET"):
        return []
    for k, tag in enumerate(tags[:-1]):
        if tag.kind != "BUY":
            continue
        j = k + 1
        while j < len(tags) - 1 and tags[j].kind in _AFTER_MARKET:
            j += 1
        amount = tags[j]
        if (
            amount is rate_tag
            or is_difference(tags, amount, r.text, r.lex)
            or not (amount.kind == "MONEY" or (amount.kind == "NUMBER" and _value(amount) >= BARE_MIN))
        ):
            continue
        card = next((t for t in reversed(tags[:k]) if t.kind == "GPU"), None)
        ref = _ref(r, card) if card is not None else None
        if ref is not None:
            return [(ref, amount, _value(amount))]
    return []


def _market_words(tags, k: int) -> tuple[int, str | None]:
    """How many condition / market tags ("二手", "闲鱼", "全新"; "上", "收", "for" after them) start at tags[k], and
    the condition they say ("used" / "new"; None if none)."""
    skip, condition = 0, None
    while k + skip < len(tags) - 1 and skip < _MAX_BETWEEN:
        t = tags[k + skip]
        if t.kind == "CONDITION" and str(t.value) in ("used", "new"):
            condition = condition or str(t.value)
        elif not (skip and t.kind in _AFTER_MARKET):
            break
        skip += 1
    return skip, condition


def _amount_after(tags, k: int):
    if k + 1 >= len(tags):
        return None
    nxt = tags[k + 1]
    if nxt.meanings.get("NOUN") or (k + 2 < len(tags) and tags[k + 2].meanings.get("NOUN")):
        return None  # "3060 for 1500 steps", "4090 at 30 steps": a count of steps, not a price
    if nxt.kind == "MONEY" or (nxt.kind == "NUMBER" and _value(nxt) >= BARE_MIN):
        return nxt
    if k + 2 < len(tags) and nxt.text.lower() in _IS_WORDS:
        amount = tags[k + 2]
        if amount.kind == "MONEY" or (amount.kind == "NUMBER" and _value(amount) >= _IS_MIN):
            return amount
    return None


def _lone_offer(r: Reading, rate_tag) -> list[tuple[GpuRef, Tag, float]]:
    b, tags = r.b, r.b.tags
    names = {g.name for g in r.explicit if g.name}
    money = [t for t in tags if t.kind == "MONEY" and not is_difference(tags, t, r.text, r.lex)]
    if len(names) != 1 or len(money) != 1 or money[0] is rate_tag or b.has(*_NOT_OFFER) or b.means("ELECTRICITY"):
        return []
    # a market word ("used", "闲鱼", "二手") or a deal word; "old" says how long the user had a card, not a market
    market = any(t.kind == "CONDITION" and t.text.lower() != "old" for t in tags)
    if not (market or r.said("deal_words") or r.said("verdict_worth")):
        return []
    gpu = next(t for t in tags if t.kind == "GPU")
    if money[0].start < gpu.start or _capped(r, money[0]):
        return []  # "i have $1500, should i buy a 4090": money before the card is what the user has
    ref = _ref(r, gpu)
    return [(ref, money[0], _value(money[0]))] if ref is not None else []


def _replaced(r: Reading, card) -> bool:
    """A word of replacing the card follows it ("3060 想升级", "2070, time to upgrade"): the card is the user's."""
    rest = r.text.lower()[card.end :]
    return any(w in rest for w in r.lex.listed("upgrade_own_words"))


def _capped(r: Reading, money) -> bool:
    """ "under $700", "5000以内": a cap, not a price; "around" / "左右" / "about" keep it a price."""
    k = r.b.tags.index(money)
    around = set(r.lex.listed("price_around_words"))
    near = [t for t in r.b.tags[max(k - 1, 0) : k + 2] if t.kind == "UNDER"]
    return any(t.text.lower() not in around for t in near)


def _ref(r: Reading, tag) -> GpuRef | None:
    return next((g for g in r.explicit if g.mention == tag.text and g.name), None)


def _value(tag) -> float:
    try:
        return float(tag.value)
    except (TypeError, ValueError):
        return 0.0
