"""How often a job is run, as the question says it: "i do maybe 2 runs a month", "a couple of fine-tunes per month",
"once a week", "每个月跑两次", "一个月训练3次", "每周一次".

Contract: `runs_per_month(text)` is the runs a month said (a week's count times 52 / 12, a year's over 12), or None
when no count of runs (jobs, runs, trainings, fine-tunes, times) per period is said. Hours said per period ("4 hours a
week") are not runs: the word after the number must be a run word, or the period follows "once" / "twice" / "N times".
"""

from __future__ import annotations

import re

from assistant.nlu.schedule import _NUM_RE, _value, _zh_middle

_PER_MONTH = {"month": 1.0, "mo": 1.0, "week": 52.0 / 12.0, "wk": 52.0 / 12.0, "year": 1.0 / 12.0, "yr": 1.0 / 12.0}
_EN = re.compile(
    rf"(?<![\d.$])(\d+(?:\.\d+)?|{_NUM_RE}|a couple(?: of)?|a few|once|twice)\s*"
    r"(?:(?:more\s+|training\s+|fine-?tuning\s+|finetuning\s+|such\s+|of\s+these\s+)?"
    r"(?:runs?|jobs?|trainings?|fine-?tunes?|finetunes?|experiments?|times?|x)\s+)?"
    r"(?:a|per|each|every|/)\s*(month|mo|week|wk|year|yr)\b"
)
_RUN_WORD = re.compile(r"runs?|jobs?|trainings?|fine-?tunes?|finetunes?|experiments?|times?|\bx\b|once|twice")
_ZH_N = "[\\d一二两三四五六七八九十]+"
_ZH = re.compile(
    r"(每个?月|一个?月|每个?星期|一个?星期|每周|一周|每年|一年)"
    rf"[^\d一二两三四五六七八九十。，,;；？?]{{0,6}}?({_ZH_N})\s*(?:次|回|轮)"
)
_ZH_PERIOD = {"月": 1.0, "星期": 52.0 / 12.0, "周": 52.0 / 12.0, "年": 1.0 / 12.0}
_FEW = {"a couple": 2.0, "a couple of": 2.0, "a few": 3.0}


# "if i do this every month", "repeat it each week": the job talked about, once a period
_EVERY = re.compile(
    r"\b(?:do|run|repeat|redo|train)\s+(?:this|it|that|the (?:job|run|fine-?tune|training))\s+"
    r"(?:every|each|once a|once per|per|a)\s+(month|week|year)\b"
)


def runs_per_month(text: str) -> float | None:
    """The runs a month said in `text` (see the module contract), or None."""
    low = text.lower()
    every = _EVERY.search(low)
    if every is not None:
        return _PER_MONTH[every.group(1)]
    for found in _EN.finditer(low):
        count_word, period = found.group(1), found.group(2)
        if not _RUN_WORD.search(found.group(0)):
            continue  # "2 a month" alone, "$2 a month": no run said
        count = _FEW.get(count_word) or _value(count_word)
        if count:
            return count * _PER_MONTH[period]
    zh = _ZH.search(text)
    if zh is not None:
        count = _zh_middle(zh.group(2))
        period = next(v for k, v in _ZH_PERIOD.items() if k in zh.group(1))
        if count:
            return count * period
    return None
