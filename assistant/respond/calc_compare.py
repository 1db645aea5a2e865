"""Two bills a question weighs against each other, each from its own stated numbers, and their difference ("vast 3090
at $0.22/hr vs lambda a10 at $0.75/hr for 200 hours, how much more", "按量每小时26元 跑120小时 和包月4500比省多少",
"1 year 24/7 at 0.10/kwh vs 0.35/kwh, the spread?").

Contract: `lead(text, query, env, answer)` -> (sentence, figures) or None. Only when the question asks a difference
(DIFFERENCE words: "how much more", "difference", "spread", "省多少", "哪个便宜" ...). The stated quantities
(nlu/amounts.py) are split at a word that opens the second option (SEPARATORS: "vs", "versus", "compared to", "还是",
"和 ... 比", "自己" ...): each side keeps its own amounts and takes from the other side those of a kind it does not
state ("for 200 hours" said once counts for both). Each side is solved by models/calc.solve; a side whose only price
is an amount ("包月4500") costs that amount. None when either side cannot be worked out (the answer stays as it is).
"""

from __future__ import annotations

import re

from assistant.models.calc import Calc, Factor, Term, solve
from assistant.nlu.amount_asks import period_asked
from assistant.nlu.amounts import Amount, amounts, normal
from assistant.nlu.amounts_work import with_items_asked

DIFFERENCE = re.compile(
    r"difference|how much (?:more|less|extra|cheaper)|\bspread\b|\bgap\b|which (?:is|one is|would be) cheaper"
    r"|\bsav(?:e|es|ing)\b|\bcheaper\b|more expensive|差多少|省多少|贵多少|便宜多少|多花多少|差价|差额|能省"
    r"|哪个.{0,10}(?:便宜|划算|省)|更便宜|更划算"
    r"|how (?:does|would|do) (?:that|it|this|they) compare|相比呢|比起来呢"
)
SEPARATORS = sorted(
    {" vs ", " vs. ", " versus ", " compared to ", " compared with ", " compare to ", " compare with ", " against ",
     " or ", "还是", "对比", "和", "跟",
     "比起", "自己", "myself", "self-host", "self host", "locally"}
)  # fmt: skip
_SEP = re.compile("|".join(re.escape(w) for w in sorted(SEPARATORS, key=lambda w: (-len(w), w))))


def _key(a: Amount) -> tuple:
    return (a.unit, a.per, a.role) if a.unit != "money" else ("money",)


def _side(own: list[Amount], other: list[Amount]) -> list[Amount]:
    """A side's amounts, with the other side's of a kind this one does not state (never the other's price)."""
    kinds = {_key(a) for a in own}
    shared = [a for a in other if a.unit != "money" and _key(a) not in kinds]  # "8 gpus for 2 weeks": both
    return [*own, *shared]


def _cards(side: list[Amount], query) -> int:
    counted = next((int(a.value) for a in side if a.unit == "gpu"), None)
    if counted:
        return counted
    refs = [r for r in getattr(query, "gpus", ()) or () if getattr(r, "name", None)]
    return int(getattr(refs[0], "count", 1) or 1) if len(refs) == 1 else 1


def _solve_side(side: list[Amount], period: str | None, cards: int, defaults: dict) -> Calc | None:
    priced = [a for a in side if a.unit == "money" and a.per]
    plain = [a for a in side if a.unit == "money" and not a.per]
    if not priced and len(plain) == 1:  # "或者直接买 4500": that amount
        return Calc("money", [Term("price", (Factor("rate", plain[0].value),), plain[0].value)], None, period)
    return solve([a for a in side if a not in plain], "money", period, cards, defaults)


def asked(text: str) -> bool:
    """A difference of two bills is asked."""
    return bool(DIFFERENCE.search(normal(text)))


def said_in(text: str) -> list[Amount]:
    """The amounts the two sides are made of (a time said again more precisely counts once)."""
    return with_items_asked([a for a in amounts(text) if a.role != "restated"], text)


def sides(text: str, said: list[Amount], query, defaults: dict) -> tuple[Calc, Calc] | None:
    """The two bills of a question that asks their difference, or None. `said`: said_in(text) in one currency;
    `defaults`: the KB values a side may lean on (a card's board power, the electricity price in force)."""
    low = normal(text)
    if len([a for a in said if a.unit == "money"]) < 2:
        return None
    period = period_asked(text)
    for m in _SEP.finditer(low):
        first = [a for a in said if (a.start + a.end) / 2 < m.start()]
        second = [a for a in said if (a.start + a.end) / 2 > m.end()]
        if not any(a.unit == "money" for a in first) or not any(a.unit == "money" for a in second):
            continue
        a_side, b_side = _side(first, second), _side(second, first)
        a_cards, b_cards = _cards(a_side, query), _cards(b_side, query)
        a = _solve_side(a_side, period, a_cards, defaults)
        b = _solve_side(b_side, period, b_cards, defaults)
        if a is not None and b is not None and a.total > 0 and b.total > 0:
            return a, b
    return None
