"""Hours of a named card said as an amount of GPU time ("300个a100小时", "about 300 a100 hours", "500 h100-hours"): the
number before the card counts its hours, not cards ("300 x A100" for three months) nor dollars.

Contract: `card_hours(tags, text, lex)` -> the tags with each such number (a COUNT, a NUMBER or a MONEY said without a
currency mark, right before a GPU tag, "个" or spaces between) replaced by a HOURS tag {"total": n, "gpu_hours": True}
over the number, the card and the hours word, when an hours word (lexicon [units] hours, "-" or "gpu" before it) follows
the card ({"per_week": n / weeks} instead of a total when a period follows: "400 h100 hours a month"); the GPU tag stays
(the card those hours are of). Other tags unchanged. Never raises.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assistant.nlu.tagging.base import Tag
from assistant.periods import CALENDAR_WEEKS

if TYPE_CHECKING:
    from assistant.nlu.lexicon import Lexicon

_NUMBER_KINDS = ("COUNT", "NUMBER", "MONEY")
_GAP = re.compile(r"^\s*个?\s*$")
_CURRENCY = re.compile(r"[$¥￥€£元块]|usd|rmb", re.I)


_AFTER: dict[int, re.Pattern[str]] = {}


def _hours_after(lex: Lexicon) -> re.Pattern[str]:
    """An hours word of the lexicon's [units] hours right at a place ("-hours", " gpu hours", "小时"), compiled once."""
    if id(lex) not in _AFTER:
        forms = {sep.join(form) for form in lex.units.get("hours", frozenset()) for sep in (" ", "")}
        alts = "|".join(re.escape(w) for w in sorted(forms, key=lambda w: (-len(w), w)) if w)
        _AFTER[id(lex)] = re.compile(r"\s*(?:-\s*|gpu\s*)?(?:" + alts + r")(?![a-z])", re.I)
    return _AFTER[id(lex)]


def card_hours(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    if not any(t.kind == "GPU" for t in tags):
        return tags
    hours = _hours_after(lex)
    out = list(tags)
    for k in range(len(out) - 1, 0, -1):
        card, amount = out[k], out[k - 1]
        if card.kind != "GPU" or amount.kind not in _NUMBER_KINDS or _CURRENCY.search(amount.text):
            continue
        if not _GAP.match(text[amount.end : card.start]):
            continue
        m = hours.match(text, card.end)
        try:
            value = float(amount.number())
        except (TypeError, ValueError):
            continue
        if m is None or not 0 < value < 1e6:
            continue
        per = _PER_PERIOD.match(text, m.end())  # "400 h100 hours a month": that many each month, a usage
        end = per.end() if per else m.end()
        said = {"per_week": value / CALENDAR_WEEKS[_PERIODS[per.group(1)]]} if per else {"total": value}
        out[k - 1] = Tag("HOURS", said | {"gpu_hours": True}, text[amount.start : end], amount.start, end)
    return out


_PERIODS = {"day": "day", "week": "week", "wk": "week", "month": "month", "mo": "month", "year": "year", "yr": "year"}
_PER_PERIOD = re.compile(r"\s*(?:a|an|per|each|every|/)\s*(day|week|wk|month|mo|year|yr)\b", re.I)
