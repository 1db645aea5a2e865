"""What a question says beside its amounts: the period a figure is asked per, and the numbers no amount reads.

Contract: `period_asked(text)` -> "hour" | "day" | "week" | "month" | "quarter" | "semester" | "year" | None: the
period a figure is asked per ("monthly", "a month", "一个月", "每年"), read after the schedules and rates
(`assistant.nlu.amounts.amounts`) are taken out. `unexplained(text, cards)` -> the numbers of the text no amount
reads (a card's model number, 4 digits, and the count of cards named aside). The unit words are the sorted sets
below; nothing here matches one question.
"""

from __future__ import annotations

import re

from assistant.nlu.amounts import alternation, amounts, normal

_PERIODS = (
    (
        "month",
        sorted({"monthly", "a month", "per month", "this month", "/month", "/mo", "一个月", "每月", "每个月", "月"}),
    ),
    (
        "quarter",
        sorted({"quarterly", "a quarter", "per quarter", "each quarter", "一个季度", "每季度", "一季度", "每个季度"}),
    ),
    (
        "semester",
        sorted({"a semester", "per semester", "each semester", "per term", "一个学期", "每学期", "一学期", "每个学期"}),
    ),
    ("year", sorted({"yearly", "annually", "a year", "per year", "/yr", "一年", "每年", "1 year", "one year", "全年"})),
    ("week", sorted({"weekly", "a week", "per week", "一周", "每周", "一星期", "每星期"})),
    ("day", sorted({"daily", "a day", "per day", "一天", "每天"})),
    ("hour", sorted({"an hour", "per hour", "one hour", "hourly", "一小时", "每小时", "一个小时", "每个小时"})),
)


_MODEL_VERSION = re.compile(
    r"\b(?:llama|qwen|mistral|gemma|phi|deepseek|glm|yi|flux|sd|sdxl|whisper|yolo|yolov|gpt|claude|kimi|minimax|"
    r"stable diffusion|v)\s*-?\d+(?:\.\d+)*\b"
)


def unexplained(text: str, cards: int = 0) -> list[str]:
    """Numbers of the text no amount reads (a card's model number, 4 digits, and the count of cards named aside):
    "3 runs" unread would make a bill of one run."""
    t = normal(text)
    for a in amounts(text):
        t = t[: a.start] + " " * (a.end - a.start) + t[a.end :]
    t = _MODEL_VERSION.sub(" ", t)  # "llama 3.1 8b": a model's name
    t = re.sub(r"\b1 (?=year|month|week|day)", " ", t)  # "1 year of electricity": the period
    found = re.findall(r"(?<![a-z\d.])\d+(?:\.\d+)?(?![\d.]*[a-z\d])", t)
    return [n for n in found if not re.fullmatch(r"\d{4}", n) and n != str(cards)]


_SCHEDULE_HEAD = re.compile(r"(?:每天|每日|天天|每周|每星期|every day|each day)\s*(?:都)?\s*(?:从|from)?\s*$")


def period_asked(text: str) -> str | None:
    """The period a figure is asked per, once rates and schedules are taken out of the text."""
    t = normal(text)
    for a in amounts(text):
        t = t[: a.start] + " " * (a.end - a.start) + t[a.end :]
        if a.unit == "h" and a.per in (("day",), ("week",)):  # "每天从早上10点跑到晚上10点": the schedule's own day
            head = _SCHEDULE_HEAD.search(t[: a.start])
            if head is not None:
                t = t[: head.start()] + " " * (head.end() - head.start()) + t[head.end() :]
    for period, words in _PERIODS:
        if re.search(r"(?<![a-z])" + alternation(words) + r"(?![a-z])", t):
            return period
    return None
