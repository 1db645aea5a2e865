"""Electricity said to cost the user nothing: "free electricity", "电费学校出", "实验室电费不用自己出", "不用管电费".

Contract: `said_free(text, lex)` is True when the question says the user does not pay for the power: a word of
[lists] free_power_words, or (Chinese) the structure a payer and a paying verb make with the bill word, in either
order ("学校出电费", "电费由公司承担"), or the bill with a word of not needing to pay ("电费不用自己出", "不用管电费");
the parts are lists free_power_payers / free_power_verbs / free_power_bill / free_power_not / free_power_self.
`free_spans(text, lex)` gives where those words stand, so that the bill word inside them asks for nothing.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon

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
    return spans


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
