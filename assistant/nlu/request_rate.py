"""Requests a day turned into users at once: "每天1万次请求", "20k requests a day, ~400 tokens per reply",
"公司20个人 每人每天问50次 平均1000token回复". A load stated per day is sized as the replies being written at the
busiest moment, so the serving answers (which weigh users at once) can weigh it.

Contract: `request_load(r)` -> (requests a day, tokens per reply, tokens assumed, users at once) or None when the
question states no count of requests with a word of a day. A count per person ("每人每天问50次") is multiplied by the
people said (USERS tag). Tokens per reply: the one token amount said with a reply word near it, else REPLY_TOKENS [A].
Users at once = ceil(peak requests per second x seconds to stream one reply), with the day's requests in PEAK_HOURS
hours at PEAK_FACTOR times their average rate and a reply streamed at STREAM_TPS tokens/s [A] (docs/model.md
§serve.requests).
"""

from __future__ import annotations

import math

from assistant.nlu.reading import Reading

REPLY_TOKENS = 500.0  # a chat reply when its length is unsaid [A]
PEAK_HOURS = 8.0  # the day's requests arrive within a working day [A]
PEAK_FACTOR = 2.0  # the busiest hour at twice that day's average rate [A]
STREAM_TPS = 20.0  # a reply streamed at about reading speed, the per-user speed serving answers aim for [A]
_NEAR = 16  # characters between the count and its noun or day word


def request_load(r: Reading) -> tuple[float, float, bool, int] | None:
    text = r.text.lower()
    lex = r.lex
    per_day = None
    for t in r.b.tags:
        if t.kind not in ("COUNTED", "NUMBER") or not isinstance(t.value, (int, float)) or t.value < 1:
            continue
        after = text[t.end : t.end + _NEAR].lstrip()
        noun = next((w for w in lex.listed("request_nouns") if after.startswith(w)), None)
        if noun is None:
            continue
        around = text[max(0, t.start - _NEAR) : t.start] + " " + after[len(noun) : len(noun) + _NEAR]
        if lex.words_in("per_day_words", around):
            per_day = float(t.value)
            if lex.words_in("per_person_words", text) and r.b.has("USERS"):
                per_day *= float(r.b.first("USERS"))  # "20个人 每人每天问50次": 1,000 a day
            break
    if per_day is None:
        return None
    tokens, assumed = _reply_tokens(r), False
    if tokens is None:
        tokens, assumed = REPLY_TOKENS, True
    peak_per_s = per_day / (PEAK_HOURS * 3600.0) * PEAK_FACTOR
    users = max(1, math.ceil(peak_per_s * tokens / STREAM_TPS))
    return per_day, tokens, assumed, users


def _reply_tokens(r: Reading) -> float | None:
    """The length of a reply said ("~400 tokens per reply", "平均1000token回复"): a token amount of 20..32,768."""
    found = [
        float(t.value)
        for t in r.b.tags
        if t.kind in ("CONTEXT", "TOKENS") and isinstance(t.value, (int, float)) and 20 <= t.value <= 32768
    ]
    return found[0] if len(found) == 1 else None
