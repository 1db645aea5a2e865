"""Electricity said to cost the user nothing: "free electricity", "电费学校出", "实验室电费不用自己出", "不用管电费".

Contract: `said_free(text, lex)` is True when the question says the user does not pay for the power: a word of
[lists] free_power_words, or (Chinese) the structure a payer and a paying verb make with the bill word, in either
order ("学校出电费", "电费由公司承担"), or the bill with a word of not needing to pay ("电费不用自己出", "不用管电费");
the parts are lists free_power_payers / free_power_verbs / free_power_bill / free_power_not / free_power_self.
A fee that includes the power is the same for the electricity ("colo is $150/mo incl. power", "托管费800含电费",
"hosting $200 a month, electricity included"): an inclusion word (free_power_include_before / _after) next to a bill
word (free_power_bill), counted only where a fee that can hold the power is said (hosting_fee_words,
power_included_hosts: a colo, a landlord), never a power supply ("$2k including power supply").
`free_spans(text, lex)` gives where those words stand, so that the bill word inside them asks for nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.patterns import compiled

_CACHE: dict[int, re.Pattern[str] | None] = {}


def said_free(text: str, lex: Lexicon) -> bool:
    return bool(free_spans(text, lex))


def free_spans(text: str, lex: Lexicon) -> list[tuple[int, int]]:
    low = text.lower()
    words = lex.listed("free_power_words")  # a word not in the text has no span (no pattern built for it)
    spans = [(m.start(), m.end()) for w in words if w in low for m in re.finditer(re.escape(w), low)]
    pattern = _pattern(lex)
    if pattern is not None:
        spans += [(m.start(), m.end()) for m in pattern.finditer(low)]
    return spans + _included_spans(low, lex)


def _included_spans(low: str, lex: Lexicon) -> list[tuple[int, int]]:
    """Where a fee is said to include the power ("incl. power", "electricity included", "含电费"), when the question
    names a fee that can hold it (a colo, a landlord)."""
    hosts = lex.listed("hosting_fee_words") | lex.listed("power_included_hosts")
    if not hosts or _any_whole(hosts).search(low) is None:
        return []
    bill, before, after = (
        _alt(lex, n) for n in ("free_power_bill", "free_power_include_before", "free_power_include_after")
    )
    if not (bill and before and after):
        return []
    pattern = compiled(
        rf"(?<![a-z])(?:{before})\s*(?:the\s+)?(?:{bill})(?![a-z])(?!\s*(?:{_NOT_POWER}))"
        rf"|(?<![a-z])(?:{bill})\s*(?:costs?\s+|bill\s+)?(?:{after})(?![a-z])"
    )
    return [(m.start(), m.end()) for m in pattern.finditer(low)]


_NOT_POWER = "suppl|unit|cable|connector|limit|draw|adapt|button|cord"  # "including power supply": a part, no bill


@lru_cache(maxsize=16)
def _any_whole(words: frozenset[str]) -> re.Pattern[str]:
    """Any of `words` whole (`_whole`), one pattern per list (the lists are constant): found where one of them is."""
    return compiled("|".join(f"(?:{_whole(w)})" for w in sorted(words)))


def _whole(word: str) -> str:
    """`word` whole in a lower-case text (an English word is never part of another)."""
    return rf"(?<![a-z]){re.escape(word)}(?![a-z])" if word.isascii() else re.escape(word)


def _pattern(lex: Lexicon) -> re.Pattern[str] | None:
    key = id(lex)
    if key not in _CACHE:
        _CACHE[key] = _build(lex)
    return _CACHE[key]


def _alt(lex: Lexicon, name: str) -> str:
    return "|".join(re.escape(w) for w in sorted(lex.listed(name), key=lambda w: (-len(w), w)))


def _build(lex: Lexicon) -> re.Pattern[str] | None:
    names = ("free_power_payers", "free_power_verbs", "free_power_bill", "free_power_not", "free_power_self")
    if not all(lex.listed(n) for n in names):
        return None
    payer, verb, bill, no, me = (_alt(lex, n) for n in names)
    forms = (
        rf"(?:{payer})(?:来|负责)?(?:{verb})了?(?:{bill})",  # 学校出电费
        rf"(?:{bill})(?:由|是|都是|都由|都)?(?:{payer})(?:{verb})",  # 电费学校出, 电费由公司承担
        rf"(?:{bill})(?:也|都)?(?:{no})(?:{me})?(?:{verb})",  # 电费不用自己出, 电费不用管
        rf"(?:{no})(?:{me})?(?:{verb})(?:{bill})",  # 不用自己出电费, 不用管电费
    )
    return re.compile("|".join(forms))
