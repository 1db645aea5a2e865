"""A duration said in hours AND minutes, or in minutes alone, read as one amount of hours before any name can claim
its pieces: "3h20m" (3.33 h; was 3 x H20), "1h 30m", "2h45m", "3小时20分", "两个半小时" / "一个半小时" (2.5 / 1.5 h),
"90min", "45 minutes", "90分钟".

Contract: `duration(tagger, i, j, v)` is a reading step of tagging/quantities.py NUMBER_STEPS: the number `v` read
at token i, token j right after it. When hours follow with minutes after them (lexicon [units] hours then
minutes_after_hours), or 个半 + hours, or minutes alone (lexicon [units] minutes), it adds one HOURS tag
{"total": hours, "minutes": True} over the whole span and returns the index after it; None otherwise (the hours
alone are read by usage.py). Minutes alone followed by a per word ("20 minutes per image", "每张20分钟") are a time
per item, not a duration of use: None.
"""

from __future__ import annotations

from assistant.nlu.tagging.base import TaggerBase

_PER_AFTER = ("per", "each", "a", "an", "every", "/", "每", "一")
_MAX_MINUTES = 59.0  # "3h20m": the minutes after hours are under an hour


def duration(tagger: TaggerBase, i: int, j: int, v: float) -> int | None:
    tt, n = tagger.tt, len(tagger.tt)
    if j >= n or v < 0:
        return None
    if tt[j] == "个" and j + 1 < n and tt[j + 1] == "半" and (h := tagger.unit("hours", j + 2)):
        return tagger.add("HOURS", {"total": v + 0.5, "minutes": True}, i, j + 2 + h)  # "两个半小时"
    h = tagger.unit("hours", j)
    if h:
        k = j + h
        got = tagger.number_at(k) if k < n and tagger.toks[k].kind in ("num", "cjk") else None
        if got is None or not 0 < got[0] <= _MAX_MINUTES:
            return None
        m = tagger.unit("minutes_after_hours", k + got[1])
        if not m:
            return None
        return tagger.add("HOURS", {"total": round(v + got[0] / 60.0, 4), "minutes": True}, i, k + got[1] + m)
    m = tagger.unit("minutes", j)
    if not m or v <= 0 or (j + m < n and tt[j + m] in _PER_AFTER):
        return None
    return tagger.add("HOURS", {"total": round(v / 60.0, 4), "minutes": True}, i, j + m)
