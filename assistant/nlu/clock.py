"""Clock times in a question: when a job starts and the time it must be done by, as hours of the day (0-24).

Contract: `clock_times(text, lex)` -> (start, by): "starting ... at 9pm" (21.0, None),
"晚上10点开始 ... 早上8点前能跑完吗" (22.0, 8.0), "launch at midnight ... done before i wake up at 8" (0.0, 8.0);
None for a time not said. A clock time is an "H am/pm", "H:MM", "midnight" / "noon" (lexicon [lists] clock_named),
or a Chinese "N点" with its part of the day
("晚上", "下午": clock_evening_zh adds 12 h to hours under 12). Its role is read from the words around it: a word of
clock_by_before right before it ("by", "before", "until", "wake up at") or of clock_by_after right after it ("前",
"之前") makes it the time to be done by; a word of clock_start_words before it (within START_GAP characters) or of
clock_start_after right after it ("开始", "开跑") makes it the start; a time with neither is the start when it is the
first one said. A bare "by" hour ("下班6点前" after a 9:00 start) is the one of H and H + 12 that comes first after the
start. `clock_span(text, lex)` is a span of the day said by its two ends ("9am to 6pm", "晚上8点到12点", "早9晚6"),
the first of `clock_spans(text, lex)` (every one, with its place: the one clock-span reader, nlu/amounts.py reads it);
`hours_between(start, by)` is the time from one to the next (over midnight), `done_at(start, hours)`
the time of day after `hours`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistant.nlu.lexicon import Lexicon

_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_EN = re.compile(r"(?<![\d.:$])(\d{1,2})(?::([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)(?![a-z])")
_EN_24 = re.compile(r"(?<![\d.:$])([01]?\d|2[0-3]):([0-5]\d)(?!\s*(?:am|pm|a\.m|p\.m|\d))")
_EN_BARE = re.compile(r"\b(?:at|by|before|until|till)\s+(\d{1,2})(?=\s*(?:[?!,;)]|\.(?!\d)|$|o'?clock))")
_ZH = re.compile(
    r"(凌晨|早上|早晨|清晨|上午|中午|下午|傍晚|晚上|夜里|夜间|半夜)?\s*(\d{1,2}|十[一二]?|[一二两三四五六七八九])\s*点(半|钟)?"
)
# two clock times joined as a span of the day ("9am to 6pm", "from 8pm till midnight", "晚上8点到12点",
# "早上10点跑到晚上10点", "11pm-7am"): the words allowed between them
_SPAN_JOIN = re.compile(
    r"\s*(?:-|–|—|~|to|till|til|until|through|thru|到|至|跑到|一直到|一直跑到|开到|用到)\s*"
    r"(?:the next day\s*|next morning\s*|第二天|次日|隔天)?\s*"
)
# a bare hour ending a span after a clock time ("8pm to 12", "9am-6"): a number that is no amount of something
_BARE_END = re.compile(
    _SPAN_JOIN.pattern + r"(\d{1,2})(?![\d.:/%]|\s*(?:h\b|hrs?\b|hours?\b|gb\b|w\b|x\b|小时|个|张|块|元|点))"
)
# a bare hour starting a span before a clock time ("9-5pm", "7 to 11pm"): the text right before the clock time
_BARE_START = re.compile(r"(?<![\d.:$/])(\d{1,2})" + _SPAN_JOIN.pattern + r"$")
# "早9晚6", "早九晚十": a working day said by its ends, the second in the evening
_ZH_EARLY_LATE = re.compile(
    r"早\s*(\d{1,2}|十[一二]?|[一二两三四五六七八九])\s*(?:点)?\s*晚\s*(\d{1,2}|十[一二]?|[一二两三四五六七八九])"
)
START_GAP = 30  # characters between a start word and its time ("kick off a qlora of mistral 7b ... at 11pm" is not)
BY_GAP = 14  # characters between a by-word and its time ("done before i wake up at 8")


def _zh_hour(word: str) -> float:
    if word.isdigit():
        return float(word)
    if word.startswith("十"):
        return 10.0 + (_ZH_DIGITS.get(word[1:], 0) if len(word) > 1 else 0)
    return float(_ZH_DIGITS.get(word, 0))


def _mentions(low: str, lex: Lexicon) -> list[tuple[int, int, float, bool]]:
    """(start, end, hour of the day, bare) of every clock time said, in order; bare: no am / pm or part of the day
    said, so "6" may be 6:00 or 18:00."""
    found: list[tuple[int, int, float, bool]] = []
    for m in _EN.finditer(low):
        hour = int(m.group(1)) % 12 + (12 if m.group(3).startswith("p") else 0)
        found.append((m.start(), m.end(), hour + int(m.group(2) or 0) / 60.0, False))
    for m in _EN_24.finditer(low):
        found.append((m.start(), m.end(), int(m.group(1)) + int(m.group(2)) / 60.0, int(m.group(1)) <= 12))
    for m in _EN_BARE.finditer(low):  # "done before i wake up at 8?": a bare hour after "at" / "by" ending a clause
        if int(m.group(1)) <= 24:
            found.append((m.start(1), m.end(1), float(int(m.group(1)) % 24), int(m.group(1)) <= 12))
    for m in _ZH.finditer(low):
        said = _zh_hour(m.group(2))
        if said > 24:
            continue
        part = m.group(1) or ""
        if part in lex.listed("clock_evening_zh") and said < 12:
            said += 12.0
        elif part == "中午" and said < 6:
            said += 12.0
        found.append((m.start(), m.end(), said + (0.5 if m.group(3) == "半" else 0.0), not part and said <= 12))
    for word in sorted(lex.listed("clock_named")):
        name, _, value = word.partition("=")
        if name not in low:  # the pattern needs the name itself
            continue
        for m in re.finditer(rf"\b{re.escape(name)}\b", low):
            found.append((m.start(), m.end(), float(value), False))
    found.sort()
    return [f for k, f in enumerate(found) if not any(f[0] < e and s < f[1] for s, e, _, _ in found[:k])]


def _words_before(low: str, at: int, gap: int, words: frozenset[str]) -> bool:
    window = low[max(0, at - gap) : at]
    return any(w in window and re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", window) for w in words)


def clock_times(text: str, lex: Lexicon) -> tuple[float | None, float | None]:
    low = text.lower()
    start: float | None = None
    by: float | None = None
    by_bare = False
    for k, (at, end, hour, bare) in enumerate(_mentions(low, lex)):
        after = low[end : end + 4]
        if _words_before(low, at, BY_GAP, lex.listed("clock_by_before")) or any(
            after.lstrip().startswith(w) for w in lex.listed("clock_by_after")
        ):
            if by is None:
                by, by_bare = hour, bare
        elif start is None and (
            k == 0
            or _words_before(low, at, START_GAP, lex.listed("clock_start_words"))
            or any(after.lstrip().startswith(w) for w in lex.listed("clock_start_after"))
        ):
            start = hour
    if by is not None and start is not None and by_bare and hours_between(start, by + 12.0) < hours_between(start, by):
        by += 12.0  # "早上9点开跑 ... 下班6点前": the 6 o'clock that comes first after the start, 18:00
    return start, by % 24.0 if by is not None else None


def clock_span(text: str, lex: Lexicon) -> tuple[float, float, str] | None:
    """A span of the day said by its two ends (module comment above _SPAN_JOIN): (start, end, the words) of the first
    of `clock_spans`; None when none is said."""
    spans = clock_spans(text, lex)
    if not spans:
        return None
    s0, e1, a, b = spans[0]
    return a, b, text[s0:e1].strip()


def clock_spans(text: str, lex: Lexicon) -> list[tuple[int, int, float, float]]:
    """Every span of the day said by its two ends, in order and apart: (start offset, end offset, start hour, end
    hour). A bare end up to 12 is read as the hour nearer after the start ("9am to 6": 18:00, "8pm to 12": midnight),
    a bare start before a clock time as the hour that makes the shorter span ("9-5pm": 9:00, "7-11pm": 19:00); a span
    of more than 20 hours is none. The one reader of clock spans: the usage reader and the bill's amounts
    (nlu/amounts.py) both read these."""
    low = text.lower()
    found = _mentions(low, lex)
    ends = [(s0, e0, a, s1, e1, b, bare) for (s0, e0, a, _), (s1, e1, b, bare) in zip(found, found[1:], strict=False)]
    for s0, e0, a, _ in found:  # "8pm to 12": the end a bare number no clock pattern reads
        m = _BARE_END.match(low, e0)
        if m is not None and int(m.group(1)) <= 24 and not any(e[1] == e0 for e in ends):
            ends.append((s0, e0, a, m.start(1), m.end(1), float(int(m.group(1)) % 24), True))
    for s1, e1, b, bare in found:  # "9-5pm", "7 to 11pm": the start a bare number before a clock time
        m = _BARE_START.search(low[:s1]) if not bare else None
        if m is not None and int(m.group(1)) <= 12 and not any(e[4] == e1 for e in ends):
            a = min((float(int(m.group(1)) % 12), float(int(m.group(1)) % 12 + 12)), key=lambda h: hours_between(h, b))
            ends.append((m.start(1), m.end(1), a, s1, e1, b, False))
    spans: list[tuple[int, int, float, float]] = []
    for s0, e0, a, s1, e1, b, bare in sorted(ends):
        if not _SPAN_JOIN.fullmatch(low[e0:s1]) or any(s0 < e and s < e1 for s, e, _, _ in spans):
            continue
        if bare and b <= 12 and hours_between(a, (b + 12.0) % 24.0) < hours_between(a, b):
            b = (b + 12.0) % 24.0  # the reading of a bare end nearer after the start: "8pm to 12" ends at midnight
        if hours_between(a, b) <= 20:
            spans.append((s0, e1, a, b % 24.0))
    for m in _ZH_EARLY_LATE.finditer(low):  # "早9晚6": a working day by its ends
        if not any(m.start() < e and s < m.end() for s, e, _, _ in spans):
            a, b = _zh_hour(m.group(1)), _zh_hour(m.group(2))
            spans.append((m.start(), m.end(), a, (b + 12.0 if b < 12 else b) % 24.0))
    return sorted(spans)


def hours_between(start: float, by: float) -> float:
    """Hours from `start` to the next `by` (over midnight: 22:00 to 8:00 is 10 h)."""
    gap = (by - start) % 24.0
    return gap if gap > 0 else 24.0


def done_at(start: float, hours: float) -> tuple[float, int]:
    """The hour of the day `hours` after `start`, and how many days later (0 = the same day)."""
    total = start + hours
    return total % 24.0, int(total // 24.0)
