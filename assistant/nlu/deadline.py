"""A time limit a job must fit in ("in a week", "within 3 days", "in under 48 hours", "一周内", "三天之内").

Contract: `deadline_hours(text)` -> the limit in hours, or None when the text states none. Only limits said with
"in / within / under" (or 内 / 之内 / 以内 after the period) count, or a time the work must be done in ("only
have 48 hours to finish", "48h deadline", "只有两天", "限时三天", "两天要跑完", "一周能训完吗"): "8 hours a day" is a
usage, "for a week" a rental, "i only have 10 hours a week" a usage.
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.nlu.tagging.cn_numerals import cn_amount
from assistant.periods import PERIOD_HOURS

_HOURS = {p: PERIOD_HOURS[p] for p in ("hour", "day", "week", "month")}
_EN_UNITS = {"h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour", "day": "day", "days": "day"}
_EN_UNITS |= {"week": "week", "weeks": "week", "month": "month", "months": "month"}
_EN = re.compile(
    r"\b(?:in|within|under|in under|in less than|inside)\s+(?:about\s+|around\s+|roughly\s+)?"
    r"(a|an|one|a single|\d+(?:\.\d+)?)\s*(hours?|hrs?|h|days?|weeks?|months?)\b"
)
_AMOUNT = r"(a|an|one|a single|\d+(?:\.\d+)?)\s*(hours?|hrs?|h|days?|weeks?|months?)\b"
_PER = r"(?!\s*(?:a|an|per|each|every|/)\s*(?:day|week|month|night|weekend)\b)"  # "10 hours a week": a usage
_EN_DONE = (
    re.compile(r"\bonly\s+(?:have|has|got|get|gets)\s+(?:about\s+|around\s+)?" + _AMOUNT + _PER),
    re.compile(
        r"\b" + _AMOUNT + r"\s+(?:left\s+)?(?:to|till|until|before)\s+(?:finish|complete|get it done|be done|"
        r"wrap|ship|train|the deadline)"
    ),
    re.compile(r"\bdeadline\s+(?:is\s+|of\s+)?(?:in\s+)?" + _AMOUNT),
    re.compile(r"\b" + _AMOUNT + r"\s+deadline"),
    # "i have 2 days before the demo", "we've got 3 days until the submission", "5 days left"
    re.compile(
        r"\b(?:i|we)\s*(?:have|'ve got|ve got|got|'ve)\s+(?:only\s+)?" + _AMOUNT + r"\s+(?:before|until|till|left)"
    ),
    re.compile(
        r"\b" + _AMOUNT + r"\s+(?:left\s+)?(?:before|until|till)\s+(?:the|my|our)\s+(?:demo|deadline|submission|launch)"
    ),
)
_ZH_UNITS = {"小时": "hour", "天": "day", "日": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month"}
_ZH = re.compile(r"(\d+(?:\.\d+)?|[一两二三四五六七八九十半]+)?\s*个?(小时|天|日|周|星期|礼拜|月)\s*(?:之内|以内|内)")
_ZH_AMOUNT = r"(\d+(?:\.\d+)?|[一两二三四五六七八九十半]+)\s*个?(小时|天|日|周|星期|礼拜|月)"
_ZH_USAGE = re.compile(r"每|[一两]?(?:天|周|月|星期|礼拜)$")
_ZH_DONE = (
    re.compile(
        r"(?<![每一])(?:只有|只剩|就|仅有|只给|限时|最多给?|deadline\s*是?)\s*" + _ZH_AMOUNT + r"(?![一每]?\s*[天周月])"
    ),
    re.compile(r"(?:还有|还剩|剩下)\s*" + _ZH_AMOUNT + r"\s*(?:就|要|得|必须)*\s*(?:交|截止|deadline|答辩|上线|演示)"),
    re.compile(_ZH_AMOUNT + r"\s*后\s*(?:就|要|得|必须)*\s*(?:交|截止|答辩|上线|演示)"),
    re.compile(
        _ZH_AMOUNT
        + r"\s*(?:就|必须|得|要|之前|以前|前|能不能|能|可不可以|可以|够不够|够)?\s*(?:要|得)?\s*"
        + r"(?:跑完|训完|练完|训练完|预训练完|微调完|跑得完|训得完|练得完|完成|搞定|出结果|交付)"
    ),
)


_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_WEEKDAYS_EN = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
_TODAY_ZH = re.compile(r"今天(?:是)?(?:周|星期|礼拜)([一二三四五六日天])")
_DUE_ZH = re.compile(
    r"(下)?(?:个)?(?:周|星期|礼拜)([一二三四五六日天])(?:之前|以前|前)?\s*(?:就|要|得|必须)*\s*(?:交|截止|答辩|上线|演示|要用|deadline)"
)
_TODAY_EN = re.compile(r"\b(?:today is|it'?s|its)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b")
_DUE_EN = re.compile(
    r"\b(?:due|by|before|until|deadline(?: is)?)\s+(next\s+)?"
    r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
)


def weekday_deadline(text: str) -> float | None:
    """Days between the weekday said to be today and the weekday the work is due ("下周五交论文 今天周一": 11 days;
    "it's monday, due friday": 4), in hours; None unless both are said."""
    low = text.lower()
    today, due = _TODAY_ZH.search(low), _DUE_ZH.search(low)
    if today and due:
        start, end, later = _WEEKDAYS_ZH[today.group(1)], _WEEKDAYS_ZH[due.group(2)], bool(due.group(1))
    else:
        today, due = _TODAY_EN.search(low), _DUE_EN.search(low)
        if not (today and due):
            return None
        start, end, later = _WEEKDAYS_EN[today.group(1)], _WEEKDAYS_EN[due.group(2)], bool(due.group(1))
    days = 7 - start + end if later else (end - start) % 7 or 7  # "下周二" on a Thursday: next week's Tuesday, 5 days
    return float(days) * 24.0


@lru_cache(maxsize=256)  # a pure function of the text, asked by several readers of the same question
def deadline_hours(text: str) -> float | None:
    found = weekday_deadline(text)
    if found is not None:
        return found
    low = text.lower()
    m = _EN.search(low)
    if m:
        count = float(m.group(1)) if m.group(1)[0].isdigit() else 1.0
        return count * _HOURS[_EN_UNITS[m.group(2)]]
    for pattern in _EN_DONE:
        m = pattern.search(low)
        if m:
            count = float(m.group(1)) if m.group(1)[0].isdigit() else 1.0
            return count * _HOURS[_EN_UNITS[m.group(2)]]
    m = _ZH.search(low)
    if m:
        count = _zh_count(m.group(1)) if m.group(1) else 1.0
        return count * _HOURS[_ZH_UNITS[m.group(2)]] if count else None
    for pattern in _ZH_DONE:
        m = pattern.search(low)
        if m and not _ZH_USAGE.search(low[max(0, m.start() - 4) : m.start()]):  # "一周只有10小时": a usage
            count = _zh_count(m.group(1))
            return count * _HOURS[_ZH_UNITS[m.group(2)]] if count else None
    return None


def _zh_count(word: str) -> float:
    return float(word) if word[0].isdigit() else cn_amount(word) or 0.0
