"""Amounts of money the question states (a price paid or asked, a fee, a resale) that the answer never shows, for the
one "not used" line: "$4,800 per machine", "£1,400", "AUD 2,999", "托管费2000元" dropped by an answer of another kind
are said, not lost.

Contract: `unshown(query, text, lang)` -> the amounts of `query.stated` of dim money, an amount alone (not a rate per
something: the rates are checked by respond/unused_amounts.py), not a difference, not a budget or a cap (Stated.whole
"budget", or a word of [lists] money_cap_before before it / money_cap_after right after it: "under $1000", "预算7000",
"5000以内"), whose value the answer's text shows in no form (1,500 / 1500 / 1.5k within 0.6 %), as typed. Only checked
when the answer shows money in the amount's own currency (a converted answer shows other numbers).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.nlu.lexicon import lexicon
from assistant.queries import Query
from assistant.respond.env import SYMBOLS

_NUMBER = re.compile(r"(?<![A-Za-z])\d[\d,]*(?:\.\d+)?")
_K = re.compile(r"(\d+(?:\.\d+)?)\s*k\b", re.I)
_BARE_MIN = 20.0  # below this a number with no currency is not taken for an amount of money
_WINDOW = 14  # characters before the amount a cap word is looked for in


def _numbers(text: str) -> list[float]:
    out = [float(n.replace(",", "")) for n in _NUMBER.findall(text)]
    return out + [float(k) * 1000 for k in _K.findall(text)]


def _capped(low: str, start: int, end: int, lang: str) -> bool:
    lex = lexicon(lang)
    before = low[max(0, start - _WINDOW) : start]
    after = low[end : end + 6].lstrip()
    words_before = lex.listed("money_cap_before")
    if any(re.search(rf"(?<![a-z]){re.escape(w)}\W*$", before) if w.isascii() else w in before for w in words_before):
        return True
    return any(after.startswith(w) for w in lex.listed("money_cap_after"))


def shows_currency(symbol: str, text: str) -> bool:
    """The answer shows amounts in that currency: "$" in "$1,400", not only inside "A$1,400" or "C$900"."""
    return re.search(rf"(?<![A-Za-z]){re.escape(symbol)}", text) is not None


def _symbol(currency: str | None, lang: str) -> str:
    code = (currency or i18n.currency(lang)).upper().replace("RMB", "CNY")  # an amount without a unit: the language's
    return SYMBOLS.get(code, "")


def unshown(query: Query, text: str, lang: str) -> list[str]:
    low = query.text.lower()
    numbers = _numbers(text)
    out = []
    for s in query.stated:
        if s.dim != "money" or s.per or s.direction or s.whole == "budget" or s.value < 1:
            continue
        if s.currency is None and s.value < _BARE_MIN and not re.search(r"[$€£¥￥]", s.text):
            continue  # "split 3 ways": a small number without a unit is rarely money
        symbol = _symbol(s.currency, lang)
        if not symbol or not shows_currency(symbol, text) or _capped(low, s.start, s.end, lang):
            continue
        if any(abs(n - s.value) <= max(0.006 * s.value, 0.006) for n in numbers):
            continue
        out.append(s.text)
    return out
