"""A rent taken for a stretch of days, weeks or months without a break ("a100租一个月", "跑一个月", "连续租两周",
"rent an a100 for a month"): the hours in all, which a rent-or-buy weighs instead of an assumed weekly use.

Contract: `span_hours(text, lex)` -> hours (a month 730 h, periods.HOURS_PER_MONTH; a week 168 h; a day 24 h) of the
first span said right after a verb of renting or running (lexicon [units] duration_before but 用, which says how
long a card is owned: "用6个月，租还是买3090"), or after "for" in a clause that rents (English), or of a job or
project said by its length anywhere ("for a 3 day fine tune", "a 2 week project", "2 weeks straight": around the
clock, the most it can use), else None. A rate said per period ("每月", "a month" after a number of hours) is not a
span: only a count right after the verb is.
"""

from __future__ import annotations

import re

from assistant.periods import HOURS_PER_MONTH

_CN = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "半": 0.5}
_EN = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "a full": 1, "a whole": 1}
_UNIT = {
    "月": HOURS_PER_MONTH,
    "周": 168.0,
    "星期": 168.0,
    "礼拜": 168.0,
    "天": 24.0,
    "month": HOURS_PER_MONTH,
    "week": 168.0,
    "day": 24.0,
}
_ZH_SPAN = r"(?:整整|一整)?(\d+(?:\.\d+)?|[一两二三四五六七八九十半])\s*个?\s*(?:整)?(月|周|星期|礼拜|天)"
_EN_COUNT = r"(a full|a whole|a|one|two|three|four|six|\d+)"
_EN_SPAN = re.compile(r"\brent(?:s|ing|ed)?\b[^.?!;,]*?\bfor\s+(?:an?\s+)?" + _EN_COUNT + r"[\s-]+(month|week|day)s?\b")
# a stretch without a break said anywhere ("~2 weeks straight", "3 days nonstop", "a month in a row"): its hours in all
_EN_STRAIGHT = re.compile(
    r"\b" + _EN_COUNT + r"[\s-]+(month|week|day)s?\s+(?:straight|non[- ]?stop|continuously|in a row|back to back)\b"
)
# a job or project said by its length anywhere ("for a 3 day fine tune", "a 2 week project"): its hours in all
_EN_JOB = re.compile(
    r"\b(?:for\s+)?(?:an?\s+)?" + _EN_COUNT + r"[\s-]+(month|week|day)s?(?:\s+long)?\s+"
    r"(?:project|job|fine[- ]?tune|finetune|run|training run|training job|experiment|sprint|contract|gig)\b"
)


def span_hours(text: str, lex) -> float | None:
    lowered = text.lower()
    verbs = sorted(("".join(form) for form in lex.units.get("duration_before", ())), key=len, reverse=True)
    zh = [v for v in verbs if not v.isascii() and not v.startswith("用")]  # "用6个月": how long it is owned
    if zh:
        m = re.search("(?:" + "|".join(map(re.escape, zh)) + r")\s*(?:了)?" + _ZH_SPAN, lowered)
        if m is not None and lowered[m.end() : m.end() + 1] not in ("内", "后"):  # "一个月内回本": a limit, no span
            return _hours(m.group(1), m.group(2))
    m = _EN_SPAN.search(lowered)
    if m is not None and not re.search(r"\bbuy", lowered[m.start() : m.end()]):
        return _hours(m.group(1), m.group(2))
    m = _EN_JOB.search(lowered) or _EN_STRAIGHT.search(lowered)
    return _hours(m.group(1), m.group(2)) if m is not None else None


def _hours(count: str, unit: str) -> float | None:
    n = float(count) if count[0].isdigit() else _CN.get(count, _EN.get(count))
    if not n or n > 36:
        return None
    return n * _UNIT[unit]
