"""The currency a question asks its figure in ("一个月要多少港币", "多少英镑", "折合人民币", "monthly in euros?",
"in hkd"), whatever currency its own amounts are typed in: currency in, currency out, and the one asked wins.

Contract: `asked_currency(text, lex)` -> an ISO code (USD or one of CODES: CNY, EUR, GBP, ...) or None when the
question asks in none, or in two. A currency word of lexicon [units] cur_<code> (us_dollar_words for dollars) counts
right after "多少" / "in" / "how many" or a word of converting ("换成", "折合", "算成"), or right before "多少"
("港币多少"). Pure; one regex per language, built once.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon

# with a rate in knowledge/exchange_rates.csv and a unit list cur_<code> in each lexicon
CODES = (
    "eur", "gbp", "cny", "cad", "aud", "jpy", "hkd", "inr",
    "krw", "sgd", "twd", "brl", "mxn", "chf", "sek", "pln", "nzd", "thb", "myr", "zar",
    "nok", "dkk", "czk", "huf", "ils", "aed", "try", "php", "idr", "vnd", "rub", "uah",
)  # fmt: skip
RATED = ", ".join(("USD", *(code.upper() for code in CODES)))  # said where a currency without a rate is named
_PATTERNS: dict[int, tuple[re.Pattern[str], dict[str, str]]] = {}


def _joined(tokens: tuple[str, ...]) -> str:
    """A unit's tokens as typed: "hong kong dollars", "hk$", "港币"."""
    out = tokens[0] if tokens else ""
    for prev, tok in zip(tokens, tokens[1:], strict=False):
        out += (" " if prev.isascii() and prev.isalnum() and tok.isascii() and tok.isalnum() else "") + tok
    return out


def _pattern(lex: Lexicon) -> tuple[re.Pattern[str], dict[str, str]]:
    key = id(lex)
    if key not in _PATTERNS:
        code_of: dict[str, str] = {}
        for code in CODES:
            for tokens in lex.units.get(f"cur_{code}", ()):
                if _joined(tokens):  # a word the tokenizer keeps nothing of names no currency
                    code_of.setdefault(_joined(tokens).lower(), code.upper())
        for word in lex.listed("us_dollar_words"):
            code_of.setdefault(word.lower().removeprefix("in "), "USD")
        words = "|".join(re.escape(w) for w in sorted(code_of, key=lambda w: (-len(w), w)))
        pattern = re.compile(
            rf"(?:多少|换成|换算成|折合|算成|合成|\bin|\bhow many)\s*({words})(?![a-z])"
            rf"|(?<![a-z])({words})\s*(?:多少|是多少)"
        )
        _PATTERNS[key] = (pattern, code_of)
    return _PATTERNS[key]


def asked_currency(text: str, lex: Lexicon) -> str | None:
    pattern, code_of = _pattern(lex)
    found = {code_of[(m.group(1) or m.group(2)).lower()] for m in pattern.finditer(text.lower())}
    return next(iter(found)) if len(found) == 1 else None
