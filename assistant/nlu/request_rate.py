"""Requests a day turned into users at once: "每天1万次请求", "20k requests a day, ~400 tokens per reply",
"公司20个人 每人每天问50次 平均1000token回复". A load stated per day is sized as the replies being written at the
busiest moment, so the serving answers (which weigh users at once) can weigh it.

Contract: `request_load(r)` -> (requests a day, tokens per reply, tokens assumed, users at once, users a day, requests
per second said or 0) or None
when the question states no count of requests with a word of a day and no people a day. A count per person
("每人每天问50次") is multiplied by the people said (USERS tag). People a day ("1000 users a day", "200 daily users",
"5k dau", "日活1000", "每天有500个用户") each send REQUESTS_PER_USER requests [A] (users a day is 0 otherwise).
Tokens per reply: the one token amount said with a reply word near it, else REPLY_TOKENS [A].
Users at once = ceil(peak requests per second x seconds to stream one reply), with the day's requests in PEAK_HOURS
hours at PEAK_FACTOR times their average rate and a reply streamed at STREAM_TPS tokens/s [A] (docs/model.md
§serve.requests).
"""

from __future__ import annotations

import math

from assistant.nlu.reading import Reading

REPLY_TOKENS = 500.0  # a chat reply when its length is unsaid [A]
REQUESTS_PER_USER = 10.0  # the messages one person of a day's users sends that day [A]
PEAK_HOURS = 8.0  # the day's requests arrive within a working day [A]
PEAK_FACTOR = 2.0  # the busiest hour at twice that day's average rate [A]
STREAM_TPS = 20.0  # a reply streamed at about reading speed, the per-user speed serving answers aim for [A]
_NEAR = 16  # characters between the count and its noun or day word
_DAY_BEFORE = 4  # characters before a count of people that may say their day ("每天有500个用户", "日活1000")


_SECONDS = (("req_per_second", 1.0), ("req_per_minute", 60.0), ("req_per_hour", 3600.0))


def request_load(r: Reading) -> tuple[float, float, bool, int, int, float] | None:
    rate = _rate_load(r)  # "1000 requests per minute": the rate said is the busy rate
    if rate is not None:
        return rate
    text = r.text.lower()
    lex = r.lex
    per_day = None
    daily = _users_a_day(r)
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
    if per_day is None and daily:
        per_day = daily * REQUESTS_PER_USER
    else:
        daily = 0  # the requests said are the load; the people are only their senders
    if per_day is None:
        return None
    tokens, assumed = _reply_tokens(r), False
    if tokens is None:
        tokens, assumed = REPLY_TOKENS, True
    peak_per_s = per_day / (PEAK_HOURS * 3600.0) * PEAK_FACTOR
    users = max(1, math.ceil(peak_per_s * tokens / STREAM_TPS))
    return per_day, tokens, assumed, users, daily, 0.0


def _rate_load(r: Reading) -> tuple[float, float, bool, int, int, float] | None:
    """Requests said per second, minute or hour ("1000 requests per minute", "每秒10个请求"): that rate as the busy
    one, users at once = ceil(requests per second x tokens per reply / STREAM_TPS); the last field is the requests per
    second (0 for a load said per day)."""
    text = r.text.lower()
    for t in r.b.tags:
        if t.kind not in ("COUNTED", "NUMBER", "USERS") or not isinstance(t.value, (int, float)) or t.value < 1:
            continue
        said = text[t.start : t.end + _NEAR]  # "10个请求" is one USERS tag; "1000 requests" a number and its noun
        if not any(w in said for w in r.lex.listed("request_nouns")):
            continue
        around = f" {text[max(0, t.start - _NEAR) : t.end + 2 * _NEAR]} "
        seconds = next((sec for name, sec in _SECONDS if r.lex.words_in(name, around)), None)
        if seconds is None:
            return None
        per_s = float(t.value) / seconds
        tokens, assumed = _reply_tokens(r), False
        if tokens is None:
            tokens, assumed = REPLY_TOKENS, True
        users = max(1, math.ceil(per_s * tokens / STREAM_TPS))
        return per_s * 86400.0, tokens, assumed, users, 0, per_s
    return None


def _users_a_day(r: Reading) -> int:
    """The people of a day said ("1000 users a day", "200 daily users", "日活1000", "每天有500个用户"): a USERS tag
    whose own words or the few characters just before it ("每天有", "日活") say a day; 0 when there is none."""
    tag = next((t for t in r.b.tags if t.kind == "USERS"), None)
    if tag is None or not isinstance(tag.value, (int, float)):
        return 0
    text = r.text.lower()
    around = text[max(0, tag.start - _DAY_BEFORE) : tag.end]
    return int(tag.value) if r.lex.words_in("daily_user_words", around) else 0


def _reply_tokens(r: Reading) -> float | None:
    """The length of a reply said ("~400 tokens per reply", "平均1000token回复"): a token amount of 20..32,768."""
    found = [
        float(t.value)
        for t in r.b.tags
        if t.kind in ("CONTEXT", "TOKENS") and isinstance(t.value, (int, float)) and 20 <= t.value <= 32768
    ]
    return found[0] if len(found) == 1 else None
