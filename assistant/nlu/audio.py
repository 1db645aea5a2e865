"""An amount of audio stated in a question ("40 hours of podcast audio", "一小时音频", "120小时录音", "a 1 hour file"):
its seconds, for the transcription speed (docs/model.md §speech.speed).

Contract: `audio_seconds(text, lang)` -> seconds of audio, or None when no number and unit come before an audio word
(lexicon `audio_words`, both languages). Numbers are digits or the Chinese numerals one to ten and 半.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.nlu.lexicon import lexicon
from assistant.nlu.tagging.cn_numerals import cn_amount

_UNITS = {"hour": 3600.0, "hr": 3600.0, "h": 3600.0, "小时": 3600.0, "个小时": 3600.0, "minute": 60.0, "min": 60.0}
_UNITS |= {"分钟": 60.0}


@cache
def _pattern() -> re.Pattern:
    words = sorted(lexicon("en").listed("audio_words") | lexicon("zh").listed("audio_words"))
    audio = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    num = r"(\d[\d,]*(?:\.\d+)?|[半一两二三四五六七八九十])"
    unit = r"(hours?|hrs?|h|minutes?|mins?|个小时|小时|分钟)"
    return re.compile(rf"{num}\s*-?\s*{unit}\s*(?:of\s+)?(?:[a-z]+\s+){{0,2}}?(?:的)?\s*(?:{audio})", re.I)


def audio_seconds(text: str, lang: str = "en") -> float | None:
    m = _pattern().search(text.lower())
    if not m:
        return None
    raw, unit = m.group(1), m.group(2).lower()
    value = cn_amount(raw) or float(raw.replace(",", ""))
    scale = next((v for k, v in _UNITS.items() if unit == k or unit.rstrip("s") == k), 3600.0)
    return float(value) * scale
