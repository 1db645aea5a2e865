"""The video work a question states: the video model named and how many clips it makes in a period ("wan 2.2 14b
i2v ... ~30 clips a week", "每周出20段视频", "10 videos a day").

Contract: `video_of(r)` -> the knowledge/video_models.csv key of the video model named (lexicon [lists]
video_models), else None; `clips_per_week(text)` -> the clips said per day, week or month as clips a week, else None;
`rented_clips(query, r)` -> a RatesQuery of one card with the clips it is to make ("在autodl上租5090跑一百段要花多少钱",
"rent a 5090 on runpod for 100 clips") and the video model named (None: the thread's, dialogue/video_thread.py), any
other query unchanged. Never raises.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.queries import RatesQuery

_PER_WEEK = {"day": 7.0, "week": 1.0, "month": 12.0 / 52.0}
_UNIT = {"天": "day", "日": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month"}
_EN = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:short\s+)?(?:clips?|videos?|vids?|generations?|renders?)\s*(?:a|per|each|every|/|an)?\s*"
    r"(day|week|wk|month)"
)
_ZH = re.compile(r"(?:每|一)(天|日|周|星期|礼拜|个月|月)[^\d]{0,4}?(\d+(?:\.\d+)?)\s*(?:段|条|个|支)")


def video_of(r: Reading) -> str | None:
    from assistant.nlu.intents.video import key_of

    found = said(r, "video_models")
    return key_of(found) if found else None


def clips_per_week(text: str) -> float | None:
    low = text.lower()
    found = _EN.search(low)
    if found:
        unit = "week" if found.group(2) == "wk" else found.group(2)
        return float(found.group(1)) * _PER_WEEK[unit]
    found = _ZH.search(low)
    if found:
        unit = _UNIT[found.group(1).replace("个", "")]
        return float(found.group(2)) * _PER_WEEK[unit]
    return None


_CLIP_AFTER = re.compile(r"\s*(?:段|条|个视频|支视频|clips?\b|videos?\b|vids?\b)", re.IGNORECASE)


def rented_clips(query, r: Reading):
    if not isinstance(query, RatesQuery) or query.hours or len({g.name for g in query.gpus if g.name}) != 1:
        return query
    if clips_per_week(r.text) is not None:
        return query  # clips a week: a pace, not a number of clips to make
    for t in (*r.b.kinds.get("NUMBER", []), *r.b.kinds.get("COUNTED", [])):
        if _CLIP_AFTER.match(r.text, t.end) and float(t.number()) >= 1:
            return dataclasses.replace(query, clips=float(t.number()), video=video_of(r))
    return query
