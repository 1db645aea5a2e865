"""Hourly rents said loosely, read after tagging: an amount with a word of one hour right after it or right before it
is a RATE (per GPU-hour), whatever unit the amount has or lacks.

Contract: `hourly_rates(tags, text, lex)` returns the tags with each such pair made one RATE tag (value: the amount,
its CURRENCY meaning kept):
- the hour after the amount: "0.4 an hour", "20 cents an hour" (cents: the amount was read as 0.2 of a dollar),
  "1.3一小时", "¥2.5 per gpu hour" (lexicon [lists] rate_hour_after);
- the hour before the amount: "一小时两块", "每小时1.88", "每卡时8块" (lexicon [lists] rate_hour_before);
- a small amount of money per card in a question that rents for hours it states: "rented 4x a100 on lambda for 10
  hours at $1.29 each" (lexicon [lists] rate_each_after; at most EACH_RATE_MAX: "$650 each" is a card's price).
Only whitespace may stand between the two; the amount must be a MONEY or NUMBER tag (or cents read as a kWh price
without a kWh word) of at most RATE_MAX, so "一小时能出多少张图" or "跑了一小时 电费30块" keep their hours. A rate
already read ("$0.35/hr") is left as it is.
"""

from __future__ import annotations

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

EACH_RATE_MAX = 30.0  # "$1.29 each" in a rental of hours: a rent per card-hour; "$650 each" is a price
RATE_MAX = 500.0  # an amount per hour above this is no rent of a card (yuan included: an 8-GPU H100 node ~¥250/h)
_AMOUNTS = ("MONEY", "NUMBER")
_COUNTED_AFTER = frozenset("张个次条幅句")  # classifiers of things counted, not of money


def hourly_rates(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    after = sorted(lex.listed("rate_hour_after"), key=len, reverse=True)
    before = sorted(lex.listed("rate_hour_before"), key=len, reverse=True)
    out: list[Tag] = []
    covered = -1
    each = _each_words(tags, lex)
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
        word = next((w for w in each if rest.lstrip().startswith(w) and _ends_word(rest.lstrip(), w)), "")
        if word and t.kind == "MONEY" and t.number() <= EACH_RATE_MAX:
            out.append(Tag("RATE", float(t.number()), t.text, t.start, t.end, t.meanings | {"PER_CARD": True}))
            continue
        prev = out[-1] if out else None
        head = text[prev.start : prev.end] if prev is not None else ""
        if prev is not None and prev.kind == "HOURS" and head in before and not text[prev.end : t.start].strip():
            out[-1] = Tag("RATE", float(t.number()), text[prev.start : t.end], prev.start, t.end, t.meanings)
            continue
        lead = text[: t.start].rstrip()
        word = next((w for w in before if lead.endswith(w)), "")
        if word and not word.isascii():  # "4090每小时1.9": the hour word read as a PER word and filler
            start = len(lead) - len(word)
            while out and out[-1].start >= start and out[-1].kind in ("PER", "FILLER"):
                out.pop()
            out.append(Tag("RATE", float(t.number()), text[start : t.end], start, t.end, t.meanings))
            continue
        out.append(t)
    return out


def _each_words(tags: list[Tag], lex: Lexicon) -> list[str]:
    """The words of one card after an amount ("each", "per gpu"), when the question rents (a RENT tag) for hours it
    states (an HOURS tag): only then is a small amount per card a rent per card-hour."""
    kinds = {t.kind for t in tags}
    if not {"RENT", "HOURS"} <= kinds or "RATE" in kinds:
        return []
    return sorted(lex.listed("rate_each_after"), key=len, reverse=True)


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
