"""A time limit a job must fit in ("in a week", "within 3 days", "in under 48 hours", "一周内", "三天之内").

Contract: `deadline_hours(text)` -> the limit in hours, or None when the text states none. Only limits said with
"in / within / under" (or 内 / 之内 / 以内 after the period) count: "8 hours a day" is a usage, "for a week" a rental.
"""

from __future__ import annotations

import re

_HOURS = {"hour": 1.0, "day": 24.0, "week": 168.0, "month": 730.0}
_EN_UNITS = {"h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour", "day": "day", "days": "day"}
_EN_UNITS |= {"week": "week", "weeks": "week", "month": "month", "months": "month"}
_EN = re.compile(
    r"\b(?:in|within|under|in under|in less than|inside)\s+(?:about\s+|around\s+|roughly\s+)?"
    r"(a|an|one|a single|\d+(?:\.\d+)?)\s*(hours?|hrs?|h|days?|weeks?|months?)\b"
)
_ZH_NUM = {
    "一": 1,
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
    "半": 0.5,
}
_ZH_UNITS = {"小时": "hour", "天": "day", "日": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month"}
_ZH = re.compile(r"(\d+(?:\.\d+)?|[一两二三四五六七八九十半]+)?\s*个?(小时|天|日|周|星期|礼拜|月)\s*(?:之内|以内|内)")


def deadline_hours(text: str) -> float | None:
    low = text.lower()
    m = _EN.search(low)
    if m:
        count = float(m.group(1)) if m.group(1)[0].isdigit() else 1.0
        return count * _HOURS[_EN_UNITS[m.group(2)]]
    m = _ZH.search(low)
    if m:
        count = _zh_count(m.group(1)) if m.group(1) else 1.0
        return count * _HOURS[_ZH_UNITS[m.group(2)]] if count else None
    return None


def _zh_count(word: str) -> float:
    if word[0].isdigit():
        return float(word)
    if word == "十":
        return 10.0
    if word.startswith("十"):  # 十二
        return 10.0 + _ZH_NUM.get(word[1:], 0)
    if word.endswith("十"):  # 二十
        return _ZH_NUM.get(word[:-1], 0) * 10.0
    return float(_ZH_NUM.get(word, 0))
