"""Schedules read by their SHAPE, not by phrase lists: days of the week said as a range ("Mon-Fri", "周一到周五",
"tue thru sat"), as a list of day names ("sat/sun", "mon, wed and fri", "每周一三五", "tuesdays and thursdays"), as a
count ("3 days a week", "每周三天", "一周五天"), or the weekend said off ("no weekends", "周末不用"); people who each
use the box ("5 students, each ~3 h a day", "me and 4 classmates each", "4个人 每人每天4小时"); and a share of the time
the cards work or idle ("half the time", "idle 90% of the time", "一半时间", "三分之一的时间").

Contract: `days_said(low)` -> (days a week, the words) or None (`day_spans(text)` every one, with its place);
`people_said(tags, low, lex)` -> (people, the words) or None (a count of people AND a per-person word: lexicon
per_person_words; "轮流" / "take turns" share one schedule, no count); `share_said(low)` -> (share of the time
working, the words, idle_said) or None. Day names and number words are the week's and the language's own closed sets
(data below); the words around them are read by position. `sessions_said(low)` -> (times a week, hours each,
the words of each) or None ("每周跑两次每次10小时"); `split_week(low)` weekdays and the weekend said apart;
`job_weeks(low)` the weeks a job lasts ("a 6-week project").
Nothing here raises.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistant.nlu.lexicon import Lexicon
    from assistant.nlu.tagger import Tag

# the days of the week (0 = Monday), English stems and Chinese names; closed sets, not vocabulary to grow
_EN_DAYS = (
    ("mon", "monday"),
    ("tue", "tues", "tuesday"),
    ("wed", "weds", "wednesday"),
    ("thu", "thur", "thurs", "thursday"),
    ("fri", "friday"),
    ("sat", "saturday"),
    ("sun", "sunday"),
)
_EN_DAY = {w: k for k, words in enumerate(_EN_DAYS) for w in words}
_EN_DAY_RE = "|".join(sorted((re.escape(w) for w in _EN_DAY), key=lambda w: (-len(w), w)))
_EN_DAY_TOKEN = rf"(?<![a-z])(?:{_EN_DAY_RE})s?\.?(?![a-z])"
_ZH_DAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_ZH_WEEK = "(?:周|星期|礼拜)"
_NUM = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
}
_NUM_RE = "|".join(sorted(_NUM, key=lambda w: (-len(w), w)))
_RANGE_JOIN = r"\s*(?:-|–|—|~|to|through|thru|till|until|到|至)\s*"
_LIST_JOIN = r"\s*(?:,|/|&|and|or|、|和|,\s*and)\s*"

_EN_RANGE = re.compile(rf"({_EN_DAY_TOKEN}){_RANGE_JOIN}({_EN_DAY_TOKEN})")
_EN_LIST = re.compile(rf"{_EN_DAY_TOKEN}(?:{_LIST_JOIN}{_EN_DAY_TOKEN})+")
_ZH_RANGE = re.compile(rf"{_ZH_WEEK}([一二三四五六日天]){_RANGE_JOIN}{_ZH_WEEK}?([一二三四五六日天])")
_ZH_LIST = re.compile(rf"{_ZH_WEEK}([一二三四五六日天](?:[、和,，/]?{_ZH_WEEK}?[一二三四五六日天])+)")
_EN_COUNT = re.compile(
    rf"(?<![\d.])(\d|{_NUM_RE})\s*(?:days?|nights?|evenings?|mornings?|afternoons?)"
    r"\s*(?:a|per|each|every|/|in a)\s*(?:week|wk)\b"
)
_ZH_COUNT = re.compile(
    r"(?:每周|一周|每星期|一星期|每个星期|一个星期|每礼拜|一礼拜)\s*(?:跑|用|开|训练|上)?\s*(\d|[一两二三四五六七])\s*(?:天|晚|个晚上)"
)
_EN_NO_WEEKEND = re.compile(
    r"\b(?:no|not on|except|excluding|minus|never on|off on|without)\s+(?:the\s+)?weekends?\b|\bweekends?\s+off\b"
)
_ZH_NO_WEEKEND = re.compile(
    r"(?:周末|双休日?)(?:不用|不跑|不开|休息|关机|不上班|除外)|(?:除了|不含|不算|除去)(?:周末|双休)"
)

_EN_ME_AND = re.compile(rf"\b(?:me|i)\s+(?:and|\+|&|plus)\s+(\d+|{_NUM_RE})\s+(?:other\s+|more\s+)?[a-z]+")
_EN_OF_US = re.compile(rf"\b(\d+|{_NUM_RE}|both)\s+of\s+(?:us|them)\b")  # "two of us each", "both of us"
_ZH_WE = re.compile(r"我们\s*(\d+|[一二两三四五六七八九十])\s*个")  # "我们三个人每人每天2小时"
_ZH_ME_AND = re.compile(r"我\s*(?:和|跟|加上?|\+)\s*(\d+|[一二两三四五六七八九十])\s*个")
_FRACTIONS = (
    ("three quarters", 0.75),
    ("two thirds", 2 / 3),
    ("a third", 1 / 3),
    ("one third", 1 / 3),
    ("a quarter", 0.25),
    ("one quarter", 0.25),
    ("half", 0.5),
    ("三分之二", 2 / 3),
    ("三分之一", 1 / 3),
    ("四分之一", 0.25),
    ("一半", 0.5),
    ("一小半", 0.3),
    ("一大半", 0.7),
)
_SHARE_EN = re.compile(
    r"(?:(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*%|(three quarters|two thirds|a third|one third|a quarter|one quarter|half))"
    r"\s*(?:of\s+)?(?:the\s+)?(?:time|day|week|the\s+day)\b"
)
_SHARE_EN_IDLE = re.compile(
    r"\b(?:idle|idles|idling|off|asleep)\s+(?:about\s+|around\s+|like\s+|~\s*)?(\d{1,3}(?:\.\d+)?)\s*%"
)
_SHARE_ZH = re.compile(r"(一半|一小半|一大半|三分之一|三分之二|四分之一|(\d{1,3})\s*%)\s*(?:的)?\s*(?:时间|时候)")
# a utilization said as a percent ("steady ~70% utilization", "utilization around 80%", "利用率大概60%", "60%的利用率"):
# the share of the stated hours the cards work
_SHARE_UTIL = re.compile(
    r"(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*%\s*(?:gpu\s+)?(?:utili[sz]ation|util\b|的?利用率|的?占用率)"
    r"|(?:utili[sz]ation|util\b|利用率|占用率)\s*(?:is\s+|of\s+|at\s+|around\s+|about\s+|~|≈|大概|大约|约|在|有)*\s*"
    r"(\d{1,3}(?:\.\d+)?)\s*%"
)
_IDLE_WORDS = ("idle", "idles", "idling", "闲着", "空闲", "闲置", "空着", "待机")
# a share said of the cards' use, not of a speed ("trains in half the time"): a use or idle word within _NEAR characters
_USE_WORDS = (
    "run",
    "busy",
    "work",
    "use",
    "load",
    "train",
    "infer",
    "render",
    "on ",
    "跑",
    "用",
    "忙",
    "训练",
    "推理",
    "干活",
    "开",
)
_NEAR = 40


def days_said(low: str) -> tuple[float, str] | None:
    """Days a week by shape: a count said, a range of day names, a list of day names, the weekend said off."""
    found = day_spans(low)
    return (found[0][2], low[found[0][0] : found[0][1]].strip()) if found else None


def day_spans(text: str) -> list[tuple[int, int, float]]:
    """Every days-a-week said by shape in `text` (lower case): (start, end, days), the likeliest first (a count, a
    range, a list of day names, the weekend off); nlu/amounts.py reads them into its bill's schedule."""
    return list(_day_spans(text))


@lru_cache(maxsize=64)
def _day_spans(text: str) -> tuple[tuple[int, int, float], ...]:
    """day_spans, read once per text (the bill's amounts, the period asked and the usage reader read the same)."""
    low = text.lower()
    found: list[tuple[int, int, float]] = []
    for pattern in (_EN_COUNT, _ZH_COUNT):
        for m in pattern.finditer(low):
            n = _number(m.group(1))
            if n is not None and 1 <= n <= 7:
                found.append((m.start(), m.end(), float(n)))
    for m in _EN_RANGE.finditer(low):
        found.append((m.start(), m.end(), _span(_en_day(m.group(1)), _en_day(m.group(2)))))
    for m in _ZH_RANGE.finditer(low):
        found.append((m.start(), m.end(), _span(_ZH_DAY[m.group(1)], _ZH_DAY[m.group(2)])))
    for m in _EN_LIST.finditer(low):
        named = {_en_day(w) for w in re.findall(_EN_DAY_TOKEN, m.group(0))}
        found.append((m.start(), m.end(), float(len(named))))
    for m in _ZH_LIST.finditer(low):
        named = {_ZH_DAY[c] for c in m.group(1) if c in _ZH_DAY}
        if len(named) >= 2:
            found.append((m.start(), m.end(), float(len(named))))
    for pattern in (_EN_NO_WEEKEND, _ZH_NO_WEEKEND):
        found += [(m.start(), m.end(), 5.0) for m in pattern.finditer(low)]
    kept: list[tuple[int, int, float]] = []
    for a, b, days in found:  # the first reading of a stretch of text wins ("mon-fri" is a range, not a list)
        if not any(a < e and s < b for s, e, _ in kept):
            kept.append((a, b, days))
    return tuple(kept)


def people_said(tags: list[Tag], low: str, lex: Lexicon) -> tuple[float, str] | None:
    """People who EACH use the box: a count of people (a USERS tag, "me and 4 classmates" = 5) and a per-person word;
    none when they take turns on one schedule (lexicon turn_taking_words)."""
    if not lex.words_in("per_person_words", low) or lex.words_in("turn_taking_words", low):
        return None
    if m := (_EN_ME_AND.search(low) or _ZH_ME_AND.search(low)):
        n = _number(m.group(1))
        if n is not None and 1 <= n < 1000:
            return float(n + 1), m.group(0).strip()
    if m := (_EN_OF_US.search(low) or _ZH_WE.search(low)):
        n = 2 if m.group(1) == "both" else _number(m.group(1))
        if n is not None and 1 < n < 1000:
            return float(n), m.group(0).strip()
    for t in tags:
        if t.kind == "USERS" and isinstance(t.value, (int, float)) and 1 < t.value < 1000:
            return float(t.value), t.text
    return _counted_people(low, lex)


def _counted_people(low: str, lex: Lexicon) -> tuple[float, str] | None:
    """A count of people said with up to one word between it and the noun ("5 grad students", "4个研究生",
    "三位同事"): lexicon people_nouns."""
    nouns = sorted(lex.listed("people_nouns"), key=lambda w: (-len(w), w))
    if not nouns:
        return None
    alts = "|".join(re.escape(w) for w in nouns)
    en = rf"(?<![\d.$])(\d+|{_NUM_RE})\s+(?:[a-z.\-]+\s+)?(?:{alts})\b"
    zh = rf"(\d+|[一二两三四五六七八九十]+)\s*(?:个|名|位)\s*(?:{alts})"
    m = re.search(en, low) or re.search(zh, low)
    if m is None:
        return None
    word = m.group(1)
    n = _number(word) if word.isdigit() or word in _NUM else _cn_count(word)
    return (float(n), m.group(0).strip()) if n is not None and 1 < n < 1000 else None


def share_said(low: str) -> tuple[float, str, bool] | None:
    """The share of the time the cards work: "half the time", "30% of the time", "一半时间"; said of idling ("idle 90%
    of the time", "一半时间闲着") it is the rest. idle_said: the machine is said to idle the rest (it stays on)."""
    m = _SHARE_EN_IDLE.search(low)
    if m is not None and 0 < float(m.group(1)) < 100:
        return 1.0 - float(m.group(1)) / 100.0, m.group(0).strip(), True
    m = _SHARE_UTIL.search(low)
    if m is not None and 0 < float(m.group(1) or m.group(2)) < 100:
        return float(m.group(1) or m.group(2)) / 100.0, m.group(0).strip(), False
    found = _SHARE_EN.search(low) or _SHARE_ZH.search(low)
    if found is None:
        return None
    words = found.group(0).strip()
    window = low[max(0, found.start() - _NEAR) : found.end() + _NEAR]
    if low[max(0, found.start() - 3) : found.start()] == "in " or not any(
        w in window for w in _USE_WORDS + _IDLE_WORDS
    ):
        return None  # "finishes in half the time": a speed, not a share of the week
    digits = next((g for g in found.groups()[::2] if g and g[0].isdigit()), None) if found.re is _SHARE_EN else None
    if found.re is _SHARE_ZH:
        digits = found.group(2)
    if digits is not None:
        share = float(digits) / 100.0
    else:
        share = next((v for w, v in _FRACTIONS if w in words), 0.0)
    if not 0 < share < 1:
        return None
    after = low[found.end() : found.end() + 14]
    before = low[max(0, found.start() - 14) : found.start()]
    # idling said after the share, or before it with no use word after ("基本闲着 大概30%的时间在跑": 30 % in use)
    idle = any(w in after for w in _IDLE_WORDS) or (
        any(w in before for w in _IDLE_WORDS) and not any(w in after for w in _USE_WORDS)
    )
    return (1.0 - share if idle else share), words, idle


_ZH_N = "[\\d一二两三四五六七八九十]"
_EN_TIMES = re.compile(
    rf"(?<![\d.])(\d+|{_NUM_RE}|once|twice)(?:\s*(?:-|to|or)\s*(\d+|{_NUM_RE}))?\s*(?:x|times|sessions|runs)?\s*"
    r"(?:a|per|each|every|/)\s*(?:week|wk)\b"
)
_EN_EACH = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(h|hrs?|hours?|min|mins|minutes)\s*"
    r"(?:each(?:\s+(?:time|session|run))?|per\s+(?:session|run)|a\s+(?:session|run)|apiece)\b"
    r"|(?:each|every|per)\s+(?:session|run|time)\s+(?:is\s+|takes\s+|lasts\s+|of\s+)?(?:about\s+|around\s+|~\s*)?"
    r"(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(h|hrs?|hours?|min|mins|minutes)\b"
)
_ZH_TIMES = re.compile(
    rf"(?:每周|一周|每星期|一星期|每个星期|一个星期|每礼拜|一礼拜)[^\d一二两三四五六七八九十。，,;；]{{0,4}}({_ZH_N}+)\s*次"
)
_ZH_EACH = re.compile(
    rf"(?:每次|一次)[^\d一二两三四五六七八九十。，,;；]{{0,8}}({_ZH_N}+)\s*(?:个)?\s*(小时|钟头|分钟)"
)


def sessions_said(low: str) -> tuple[float, float, str, str] | None:
    """Times of use a week and the hours of each ("3 times a week, 4 hours each", "每周跑两次每次10小时",
    "一周大概跑三次 每次五六个小时": a range of two numbers is its middle): (times, hours each, the words of each);
    None unless both are said."""
    times = _EN_TIMES.search(low)
    each = _EN_EACH.search(low)
    if times is not None and each is not None:
        n = _middle(times.group(1), times.group(2))
        groups = each.groups()
        value, high, unit = (groups[0], groups[1], groups[2]) if groups[0] else (groups[3], groups[4], groups[5])
        h = _middle(value, high)
        if n is not None and h is not None:
            h = h / 60.0 if unit.startswith("min") else h
            return n, h, times.group(0).strip(), each.group(0).strip()
    times = _ZH_TIMES.search(low)
    each = _ZH_EACH.search(low)
    if times is not None and each is not None:
        n, h = _zh_middle(times.group(1)), _zh_middle(each.group(1))
        if n is not None and h is not None:
            h = h / 60.0 if each.group(2) == "分钟" else h
            return n, h, times.group(0).strip(), each.group(0).strip()
    return None


def _middle(a: str | None, b: str | None) -> float | None:
    """A number said, or the middle of a range of two ("5-6", "three or four")."""
    first = _value(a)
    second = _value(b) if b else None
    if first is None:
        return None
    return (first + second) / 2.0 if second is not None and second > first else first


def _value(word: str | None) -> float | None:
    if not word:
        return None
    if word in ("once", "twice"):
        return 1.0 if word == "once" else 2.0
    try:
        return float(word)
    except ValueError:
        n = _NUM.get(word)
        return float(n) if n is not None else None


def _zh_middle(word: str) -> float | None:
    """A Chinese count or a range of two adjacent numerals ("五六" 5.5, "三四" 3.5, "10"); None for others."""
    if word.isdigit():
        return float(word)
    if len(word) == 2 and word[0] in _NUM and word[1] in _NUM and word[0] != "十" and word[1] != "十":
        a, b = _NUM[word[0]], _NUM[word[1]]
        if b == a + 1:
            return (a + b) / 2.0
    if len(word) == 1 and word in _NUM:
        return float(_NUM[word])
    if word.startswith("十") and len(word) <= 2:
        return 10.0 + (_NUM.get(word[1:], 0) if len(word) == 2 else 0)
    return None


_WEEKDAY_PART = re.compile(
    r"(?:工作日|平时|平日|周一到周五|下班回家|下班后|下班|weekdays?|weeknights?|during the week|after work)"
    rf"[^。，,;；.]{{0,10}}?(\d+(?:\.\d+)?|{_ZH_N}{{1,2}})\s*(?:个)?\s*(?:小时|钟头|h\b|hrs?\b|hours?\b)"
)
_WEEKEND_PART = re.compile(
    r"(?:周末|双休|weekends?|on weekends|sat(?:urday)?s? and sun(?:day)?s?)[^。，,;；.]{0,8}?"
    rf"(?:(\d+(?:\.\d+)?|{_ZH_N}{{1,2}})\s*(?:个)?\s*(?:小时|钟头|h\b|hrs?\b|hours?\b)"
    r"|(全天|一整天|整天|all day|whole day))"
)
# the English order, hours first: "2h on weeknights", "8 hours on weekends", "all day on weekends"
_EN_HOURS = r"(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b"
_WEEKDAY_AFTER = re.compile(
    _EN_HOURS + r"\s*(?:a night\s*|a day\s*|each\s*)?(?:on|every|each|during|most)?\s*(?:the\s+)?"
    r"(?:weekdays?|weeknights?|workdays?)\b"
)
_WEEKEND_AFTER = re.compile(
    r"(?:" + _EN_HOURS + r"|(all day|whole day))\s*(?:a day\s*|each\s*)?(?:on|at|every|each|over)?\s*"
    r"(?:the\s+)?weekends?\b"
)
# the stretch a job lasts: "a 6-week project", "2 week hackathon", "for the next 3 months", "6周的项目", "寒假两个月"
_JOB_NOUNS = (
    r"(?:project|hackathon|sprint|internship|job|course|class|contract|experiment|run|deadline|stretch|semester|term)"
)
_EN_JOB = re.compile(
    rf"(?<![\d.])(\d+|{_NUM_RE})[\s-]*(weeks?|months?)[\s-]+(?:long\s+)?{_JOB_NOUNS}\b"
    rf"|\bfor (?:the next |another |about |around )?(\d+|{_NUM_RE})\s*(weeks?|months?)\b"
    rf"|\b(?:semester|term)\b[\s(,:]*(?:is|of|lasts|runs)?\s*(?:about |around |roughly |~\s*)?"
    rf"(\d+|{_NUM_RE})\s*(weeks?|months?)\b"
)
_ZH_JOB = re.compile(
    rf"({_ZH_N}+)\s*(?:个)?\s*(周|星期|礼拜|月)的(?:项目|实习|课程|比赛|时间|学期)"
    rf"|(?:寒假|暑假|假期|学期)[（(，,：:\s]*(?:有|是|共|一共|总共)?\s*(?:大概|大约|约|差不多|将近)?\s*({_ZH_N}+(?:\.5)?)\s*(?:个)?"
    r"\s*(周|星期|礼拜|月)"
)
ALL_DAY_HOURS = 10.0  # a day "all day" at the weekend ("周末全天"): a waking day of use, as usage_reader's daytime [A]


def split_week(low: str) -> tuple[float, str, float, str, bool] | None:
    """Weekdays and the weekend said apart ("平时工作日晚上两三个小时 周末全天", "2h on weeknights, 8h on weekends"):
    (hours each weekday, its words, hours each weekend day, its words, the weekend's hours assumed); None unless
    both are said."""
    day = _WEEKDAY_AFTER.search(low) or _WEEKDAY_PART.search(low)  # the English order first: "2h on weeknights"
    end = _WEEKEND_AFTER.search(low) or _WEEKEND_PART.search(low)
    if day is None or end is None:
        return None
    weekday = _hours_word(day.group(1))
    assumed = bool(end.group(2))
    weekend = ALL_DAY_HOURS if assumed else _hours_word(end.group(1))
    if weekday is None or weekend is None or not (0 < weekday <= 24 and 0 < weekend <= 24):
        return None
    return weekday, day.group(0).strip(), weekend, end.group(0).strip(), assumed


_HALF = re.compile(r"(\d+|[一二两三四五六七八九])个半月")  # "4个半月", "四个半月": and a half


def job_weeks(low: str) -> tuple[float, str] | None:
    """The weeks a job lasts when said as its stretch ("a 6-week project" 6, "for the next 3 months" 13, "6周的项目",
    "寒假两个月"), or the length of a term said ("a 15-week semester", "semester (14 weeks)", "一个学期大概四个月"),
    with the words; None if none."""
    low = _HALF.sub(lambda h: f"{(_value(h.group(1)) or _NUM.get(h.group(1), 0)) + 0.5:g}个月", low)
    m = _EN_JOB.search(low) or _ZH_JOB.search(low)
    if m is None:
        return None
    count, unit = next((m.group(k), m.group(k + 1)) for k in range(1, m.re.groups, 2) if m.group(k))
    n = _value(count) if count[0].isdigit() or count in _NUM else _zh_middle(count)
    if n is None and not count[0].isdigit():
        n = _cn_count(count)
    if n is None or not 0 < n <= 104:
        return None
    weeks = n * (52.0 / 12.0) if unit.startswith(("month", "月")) else n
    return weeks, m.group(0).strip()


def _cn_count(word: str) -> float | None:
    """ "十二" 12, "二十" 20: a Chinese count of tens."""
    if "十" not in word:
        return None
    tens, _, ones = word.partition("十")
    return float((_NUM.get(tens, 1) if tens else 1) * 10 + (_NUM.get(ones, 0) if ones else 0))


def _hours_word(word: str) -> float | None:
    if word[0].isdigit():
        return float(word)
    return _zh_middle(word)


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return _NUM.get(word)


def _en_day(word: str) -> int:
    stem = word.rstrip(".").removesuffix("s") if word.rstrip(".") not in _EN_DAY else word.rstrip(".")
    return _EN_DAY.get(stem, _EN_DAY.get(word.rstrip("."), 0))


def _span(a: int, b: int) -> float:
    """Days from a to b inclusive, over the week's end ("fri-mon": 4)."""
    return float((b - a) % 7 + 1)
