"""Owning a card and selling it after a while: "二手3090 6000块 用两年再卖掉 算上电费每月成本多少", "5090两万三 用两年卖
一万五 算下来每月花多少", "used 3090 for 700, sell it after 2 years, whats the monthly cost with power".

Contract: `resale_said(r)` gives the CostQuery fields of a resale the question states ({} when none): resale (the
card is sold after the years said; §cost.resale in docs/model.md), resale_usd + resale_currency (a resale price said
right after a resale word: "残值按3000算", "卖一万五", "sell it for 400"; in the currency the question's amounts are
in, converted by the answer like electricity_currency), or resale_share (a share of the price paid said instead:
"for half", "七折", "for 60%"). A resale is said with a word of lexicon [lists]
resale_words ("再卖掉", "回血", "残值", "出掉", "sell it after") or a selling word right after the years
([lists] resale_after_years: "两年后卖", "用两年卖"). `read(r)` claims a question that states a resale and asks a
cost or a period ("每月成本", "平均每月多少钱", "monthly cost"), before the offer / price-setting readers (which
would take "出二手" for an offer or the price paid for a setting): the cost of owning, kind "tco"; with the years
said and only "how much" asked ("用两年卖掉大概能回多少钱"), the resale price leads (CostQuery.resale_asked).
`own_card_price(r)` claims "旧卡能卖多少", "how much can i sell my old card for": the used price of the user's own card.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents import cost
from assistant.nlu.intents.rates import period
from assistant.nlu.patterns import compiled
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CostQuery, GpuRef, Query, Setting, SpecQuery


def own_card_price(r: Reading) -> Query | None:
    """ "旧卡能卖多少", "我的卡能卖多少钱", "how much can i sell my old card for": what the user's own card
    (Context.owned, else the card talked about) sells for used now, a price (the dialogue fills the pronoun); None
    when a card is named (the readers of a named card's price or sale take it) or no selling of one's own is asked."""
    if r.explicit or r.model or not (r.said("own_sale_asks") and r.said("own_card_words")):
        return None
    if r.b.has("YEARS", "MONEY", "COST", "NUMBER"):
        return None  # "用两年卖掉 每月成本", "sell it for 500 at the end": a sale weighed, not today's price
    mine = GpuRef(mention="", pronoun="owned", condition="used")
    return SpecQuery(text=r.text, gpus=(mine,), fields=("price",))


_AMOUNT_GAP = 4  # characters between a resale word and the resale price ("残值按3000算": 1)
_MIN = 50.0  # a smaller number after a resale word is not a price (a count, a year)


@needs(("GPU",))
def read(r: Reading) -> Query | None:
    said = resale_said(r)
    if not said or not r.explicit or len({g.name for g in r.explicit}) != 1:
        return None
    b = r.b
    how_much = b.has("HOW_MUCH") or "price" in b.meanings.get("FIELD", [])  # "能回多少钱", "how much will it sell for"
    asked = how_much and b.has("YEARS") and not b.has("COST")  # "一年后二手还能卖多少" ("一年" may read as a period)
    if asked:  # "5090用两年卖掉大概能回多少钱": what it sells for after those years, then the cost of owning
        said = {**said, "resale_asked": True}
    elif not (b.has("COST") or period(r) is not None):
        return None  # "4090现在二手能卖多少": today's used price (a spec question), no years to sell after
    paid = _paid(r)  # "现在1.6万买4090 一年后还能卖多少": the price paid, said before the card
    found = cost.read(r)
    if isinstance(found, CostQuery):
        return dataclasses.replace(found, kind="tco", settings=(*found.settings, *paid), **said)
    return CostQuery(
        settings=paid,
        text=r.text,
        gpus=tuple(r.refs),
        kind="tco",
        years=r.num("YEARS"),
        period=period(r),
        hours_per_week=r.hours()[0],
        workload=r.workload,
        **said,
    )


def resale_said(r: Reading) -> dict:
    text = r.text.lower()
    ends = [end for w in r.lex.listed("resale_words") if (end := _end_of(w, text)) is not None]
    ends += _after_years(r, text)
    if not ends:
        return {}
    out: dict = {"resale": True}
    for tag in r.b.tags:
        if tag.kind not in ("MONEY", "NUMBER") or not isinstance(tag.value, (int, float)) or tag.value < _MIN:
            continue
        if any(0 <= tag.start - end <= _AMOUNT_GAP for end in ends):
            currency = tag.meanings.get("CURRENCY") or r.unnamed_currency()
            out |= {"resale_usd": float(tag.value), "resale_currency": currency}
            break
    if "resale_usd" not in out and (later := _later_amount(r)) is not None:
        out |= {
            "resale_usd": float(later.value),
            "resale_currency": later.meanings.get("CURRENCY") or r.unnamed_currency(),
        }
    if "resale_usd" not in out and (share := resale_share(r.text, r.lex)) is not None:
        out["resale_share"] = share  # "sell it after 2 years for half": a share of the price paid, no amount
    return out


_SHARE = re.compile(
    r"(\d{1,2})\s*%\s*of\s+(?:what|the|its|my)|([1-9一二三四五六七八九])\s*(折|成)"
    r"|(?:for|at|get|recoup|recover|back)\s+(?:about\s+|around\s+|~\s*)?(\d{1,2})\s*%"  # "sell it ... for 60%"
)
_CN = dict(zip("一二三四五六七八九", range(1, 10), strict=True))


def resale_share(text: str, lex) -> float | None:
    """The share of the price paid a card sells for, said instead of an amount: "for half (what i paid)", "半价",
    "一半" (lexicon [lists] resale_half_words), "60% of what i paid", "六折", "七成": 0.5, 0.6, 0.7; None when none
    is said."""
    low = text.lower()
    if lex.words_in("resale_half_words", low):
        return 0.5
    m = _SHARE.search(low)
    if m is None:
        return None
    if m.group(1) or m.group(4):
        return int(m.group(1) or m.group(4)) / 100.0
    digit = m.group(2)
    return (int(digit) if digit.isdigit() else _CN[digit]) / 10.0


_PERCENT_OF = re.compile(r"^\s*(?:of\s+(?:what|the|its|my|the\s+price)|back\b)")
_PERCENT_FOR = re.compile(
    r"(?:sell|sold|resell|flip|get|recoup|recover)\b.{0,30}\b(?:for|at|get|back)\s+(?:about\s+|~\s*)?$"
)


def resale_percent(text: str, start: int, end: int) -> bool:
    """The percent at text[start:end] is a share of the price a card sells for ("sell it for 40% of what i paid",
    "resell at 60%"), not a utilization."""
    low = text.lower()
    return bool(_PERCENT_OF.match(low[end : end + 20]) or _PERCENT_FOR.search(low[max(0, start - 50) : start]))


def _later_amount(r: Reading):
    """ "keep it 4 years then resell. 5080 at $1000 now, maybe $450 at the end": with a resale said and exactly two
    amounts of money, the second and smaller one is what the card sells for (the first is what it costs)."""
    amounts = [t for t in r.b.kinds.get("MONEY", []) if isinstance(t.value, (int, float)) and t.value >= _MIN]
    if len(amounts) == 2 and amounts[1].number() < amounts[0].number():
        return amounts[1]
    return None


def _end_of(word: str, text: str) -> int | None:
    """Where `word` ends in `text` (an English word whole, a Chinese one anywhere); None if it is not there."""
    if word not in text:
        return None
    found = compiled(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])").search(text) if word.isascii() else None
    if word.isascii():
        return found.end() if found else None
    at = text.find(word)
    return at + len(word) if at >= 0 else None


def sold_after_years(r: Reading) -> bool:
    """ "三年后估计一张还能卖800", "两年后卖掉": a sale said after the years of owning (a selling word after them)."""
    return bool(r.b.has("YEARS") and _after_years(r, r.text.lower()))


_LATER = re.compile(r"^后?(?:估计|大概|应该|预计|可能|也许)?(?:一张|每张|两张|这卡|卡)?(?:还|也)?(?:能|可以)?")


def _after_years(r: Reading, text: str) -> list[int]:
    """ "用两年卖一万五", "两年后转卖", "三年后估计一张还能卖800": a selling word right after the years said (hedges,
    "一张", "还能" between); where each such word ends."""
    words = sorted(r.lex.listed("resale_after_years"), key=len, reverse=True)
    out = []
    for tag in r.b.kinds.get("YEARS", []):
        rest = text[tag.end :].lstrip()
        word = next((w for w in words if rest.startswith(w)), None)
        if word is None and (hedge := _LATER.match(rest).end()):  # type: ignore[union-attr]
            rest = rest[hedge:]
            word = next((w for w in words if rest.startswith(w)), None)
        if word:
            out.append(len(text) - len(rest) + len(word))
    return out


_PAID_GAP = frozenset(
    "买收的了 "
)  # what may stand between the amount paid and the card ("1.6万买4090", "一万三收的3090")


def _paid(r: Reading) -> tuple[Setting, ...]:
    """The price paid for the card said before it: an amount, a buying word (BUY / COSTS) and the card, only those
    characters between (_PAID_GAP); a price setting for this question, in the question's currency."""
    tags = r.b.tags
    for k in range(2, len(tags)):
        card, verb, amount = tags[k], tags[k - 1], tags[k - 2]
        if card.kind != "GPU" or verb.kind not in ("BUY", "COSTS") or amount.kind != "MONEY":
            continue
        if set(r.text[amount.end : card.start]) <= _PAID_GAP and isinstance(amount.value, (int, float)):
            name = card.value.name if hasattr(card.value, "name") else None
            currency = amount.meanings.get("CURRENCY") or r.unnamed_currency()
            if name:
                return (Setting(key="price_override", value=float(amount.value), gpu=name, currency=currency),)
    return ()
