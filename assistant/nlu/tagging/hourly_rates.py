"""Hourly rents said loosely, read after tagging: an amount with a word of one hour right after it or right before it
is a RATE (per GPU-hour), whatever unit the amount has or lacks.

Contract: `hourly_rates(tags, text, lex)` returns the tags with each such pair made one RATE tag (value: the amount,
its CURRENCY meaning kept):
- the hour after the amount: "0.4 an hour", "20 cents an hour" (cents: the amount was read as 0.2 of a dollar),
  "1.3一小时", "¥2.5 per gpu hour" (lexicon [lists] rate_hour_after);
- the hour before the amount: "一小时两块", "每小时1.88", "每卡时8块" (lexicon [lists] rate_hour_before).
Only whitespace may stand between the two; the amount must be a MONEY or NUMBER tag (or cents read as a kWh price
without a kWh word) of at most RATE_MAX, so "一小时能出多少张图" or "跑了一小时 电费30块" keep their hours. A rate
already read ("$0.35/hr") is left as it is.
"""

from __future__ import annotations

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

RATE_MAX = 500.0  # an amount per hour above this is no rent of a card (yuan included: an 8-GPU H100 node ~¥250/h)
_AMOUNTS = ("MONEY", "NUMBER")
_COUNTED_AFTER = frozenset("张个次条幅句")  # classifiers of things counted, not of money


def hourly_rates(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    after = sorted(lex.listed("rate_hour_after"), key=len, reverse=True)
    before = sorted(lex.listed("rate_hour_before"), key=len, reverse=True)
    out: list[Tag] = []
    covered = -1
    for t in tags:
        if t.start < covered:
            continue  # the hour words a rate just took ("an hour" read as hours)
        if not _amount(t, text, lex):
            out.append(t)
            continue
        rest = text[t.end :]
        word = next((w for w in after if rest.lstrip().startswith(w) and _ends_word(rest.lstrip(), w)), "")
        if word:
            covered = t.end + (len(rest) - len(rest.lstrip())) + len(word)
            out.append(Tag("RATE", float(t.number()), text[t.start : covered], t.start, covered, t.meanings))
            continue
        prev = out[-1] if out else None
        head = text[prev.start : prev.end] if prev is not None else ""
        if prev is not None and prev.kind == "HOURS" and head in before and not text[prev.end : t.start].strip():
            out[-1] = Tag("RATE", float(t.number()), text[prev.start : t.end], prev.start, t.end, t.meanings)
            continue
        out.append(t)
    return out


def _amount(t: Tag, text: str, lex: Lexicon) -> bool:
    """An amount that may be a rent per hour: money or a bare number, or cents read as a kWh price though no kWh word
    follows ("20 cents an hour"); positive and at most RATE_MAX."""
    cents = t.kind == "KWH" and not lex.words_in("kwh_marks", text[t.start : t.end])
    if t.kind not in _AMOUNTS and not cents:
        return False
    try:
        value = t.number()
    except ValueError:
        return False
    if text[t.end :].lstrip()[:1] in _COUNTED_AFTER:
        return False  # "1小时100张图": things made in an hour, not a rent
    return 0 < value <= RATE_MAX


def _ends_word(rest: str, word: str) -> bool:
    """The hour word ends a word ("an hour" in "an hour,", not "an hours-long"); Chinese words always do."""
    nxt = rest[len(word) : len(word) + 1]
    return not word.isascii() or not (nxt.isalnum() or nxt == "-")
