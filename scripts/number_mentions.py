"""How the stated-numbers audit (scripts/number_audit.py) reads the numbers a question states: each number with its
value, its role (money, a rate per hour or kWh, a count of cards, users or images, hours a day / week / month, watts,
GB, context, quant bits, RAM speed, steps, samples, dates ...) and its position.

Contract: `mentions(question, skip)` -> the `Mention`s of a question in text order, GPU and model name spans
(`skip`) left out; `role_of(text, start, end, value)` the role of one number; `normalize(text)` the text as they are
read. Its own small vocabulary, independent of the product's tagger, so that a number the tagger misses shows up.
"""

from __future__ import annotations

import dataclasses
import re

CN_DIGIT = "零〇一二两三四五六七八九十百千万亿"
# a number: digits with thousands separators and decimals and an optional k / m multiplier, or a Chinese numeral
NUMBER = re.compile(
    rf"(?<![a-z0-9_.:])(?<![a-z]-)(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?(k\b|m\b(?=\s*tokens)|万\d?(?!\d)|毛)?|[{CN_DIGIT}]+(?:毛)?"
)
DURATION = re.compile(
    r"(?<![\w.])(?P<h>\d+)\s*(?:h|hrs?|hours?|小时|个小时)\s*(?P<m>\d{1,2})\s*(?:m|mins?|minutes?|分钟|分)(?![a-z])"
    rf"|(?P<half>\d+|[{CN_DIGIT}]+)个半(?:小时|钟头)"
)
FULL_TIME = re.compile(
    r"24\s*/\s*7|7\s*[x×*]\s*24|24\s*[x×*]\s*7|24\s*(?:小时|h|hours?)\s*(?:挂机|开机|不关|运行|不停|on\b|a day)"
)
SKIP_AFTER = re.compile(r"^(?:b\b|b[-_ ]|x\d|pin|p\b(?!\s*(?:/|per)\s*kwh)|v\b|th\b|nd\b|st\b|rd\b|\.0\b|-?bit)")
SKIP_BEFORE = re.compile(r"(?:pcie\s*(?:gen\s*)?|gen\s*|version\s*|第|\d{3,4}x)$")
QUANT = re.compile(
    r"(?<![a-z0-9])(?:i?q(\d)(?:_[a-z0-9]+)*|int(\d)|(\d{1,2})[- ]?bits?|fp(\d{1,2})|nf(\d))(?![a-z0-9])"
)
RAM_SPEED = re.compile(r"ddr\d[- ]?(\d{4})|(\d{4})\s*(?:mt/s|mhz)")

# role -> pattern right AFTER the number (checked in order: the first role that matches wins)
AFTER = [
    ("rate_kwh", r"^\s*(?:\$|usd|eur|€|£|cents?|c|p|元|块|毛|角)?\s*(?:/|per|a|an|each|每|一)\s*(?:kwh|kw/h|度)"),
    (
        "rate_hour",
        r"^\s*(?:\$|usd|eur|€|£|元|块|刀)?\s*(?:/|per|an|a|every|每|一)\s*"
        r"(?:h|hr|hour|gpu[- ]?h(?:ou)?r|小时|卡时|钟头)\b",
    ),
    ("rate_hour", r"^\s*(?:\$|usd|元|块)?\s*(?:/h|/hr|/hour|每小时|一小时|每卡时)"),
    ("rate_month", r"^\s*(?:\$|usd|元|块)?\s*(?:/mo|/month|per month|a month|每月|一个月|包月)"),
    ("gpu_hours", r"^\s*(?:[a-z]+\s?\d{2,4}[a-z]*|gpu)[- ]?(?:h|hrs?|hours?)\b"),
    ("hours", r"^\s*(?:h|hr|hrs|hours?|小时|个小时|个钟|钟头)(?![a-z])"),
    ("kwh", r"^\s*(?:kwh|度电|度)(?![a-z])"),
    ("watts", r"^\s*(?:w|watts?|瓦|千瓦|kw)(?![a-z])"),
    ("gb", r"^\s*(?:gb|g|gib|tb|t)(?![a-z])"),
    ("context", r"^\s*k?\s*(?:ctx|context|上下文)"),
    ("tokens", r"^\s*(?:[kmb]|万|亿)?\s*(?:tokens?)(?![/a-z])"),
    ("speed", r"^\s*(?:tok/s|t/s|tokens?/s|token/秒|tps|it/s|s/it|秒/张|s/img|个token每秒|token每秒)"),
    (
        "users",
        r"^\s*(?:concurrent|simultaneous)?\s*(?:users?|people|person|staff|employees|devs|students|seats|用户|个用户|人|个人|同事|并发)",
    ),
    ("images", r"^\s*(?:[a-z0-9.-]+\s+)?(?:images?|pics?|photos?|renders?|张图|张图片|幅|张/天|张每天)"),
    ("steps", r"^\s*(?:steps?|步)(?![a-z])"),
    ("samples", r"^\s*(?:k\s*)?(?:samples?|examples?|rows|conversations|条)"),
    ("duration", r"^\s*(?:min|mins|minutes?|分钟|sec|secs|seconds?|s\b|秒)"),
    ("requests", r"^\s*(?:次|requests?|queries|questions|prompts|calls)"),
    ("items", r"^\s*(?:[a-z-]+\s+)?(?:clips?|videos?|个视频|段视频|files?|个文件)"),
    ("layers", r"^\s*(?:/\s*\d+\s*)?layers"),
    ("ratio", r"^\s*x\b(?!\s*\d)(?!\s*(?:[a-z]\d|rtx|gtx|h100|a100|l40|mi\d))"),
    ("epochs", r"^\s*(?:epochs?|轮)(?![a-z])"),
    ("percent", r"^\s*(?:%|percent)"),
    ("temperature", r"^\s*(?:°c|°|c\b|度(?=.{0,4}(?:温|热)))"),
    ("clock", r"^\s*(?:am|pm|点)(?![a-z])"),
    ("count", r"^\s*(?:x|×|\*)?\s*(?:gpus?|cards?|张|块|卡|台|路|个卡)(?!图)"),
    ("count", r"^\s*(?:x|×)\s*(?=[a-z]*\s*\d)"),
    ("period", r"^\s*(?:years?|yrs?|年|months?|个月|月|weeks?|周|星期|days?|天|日|nights?)(?![a-z])"),
    ("money", r"^\s*(?:k\s*)?(?:\$|usd|dollars?|bucks|eur|euros?|€|pounds|quid|£|元|块钱|块|刀|rmb|yuan|万)"),
]
UNIT_AFTER = re.compile(r"^\s*(?:w\b|瓦|kw|gb|g\b|小时|h\b|hours?|度)")  # "整机600w": watts, not a machine's price
MONEY_AFTER = re.compile(r"^\s*(?:k\b|万)?\s*(?:\$|usd|dollars?|bucks|eur|euros?|€|£|元|块钱|块|刀|rmb|yuan)?")
DIFF_AFTER = re.compile(r"^\s*(?:less|cheaper|more|extra|pricier|dearer)\b")
DIFF_BEFORE = re.compile(r"(?:便宜了?|贵了?|差价?|价差|相差|多花了?|多出)\s*(?:大概|大约|约|了)?\s*[$¥]?\s*$")
BOX_BEFORE = re.compile(
    r"(?:box|server|node|prebuilt|workstation|整机|服务器|主机)\W{0,2}\s*(?:for|at|@|is|costs?|=|要|卖)?"
    r"\s*(?:about|around|~|约)?\s*[$€£¥~]*\s*$"
)
# role -> pattern right BEFORE the number (the end of the text before it)
BEFORE = [
    ("ram_speed", r"ddr\d[- ]?$"),
    ("top_n", r"(?:top|best|前)\s*$"),
    ("rate_kwh", r"(?:电价|electricity(?: is| at)?|kwh (?:is|at)|power is|一度电?|每度)\s*(?:\$|€|£|¥)?\s*$"),
    ("rate_hour", r"(?:一小时|每小时|每卡时|时租|per hour|hourly)\s*(?:\$|€|£|¥)?\s*$"),
    ("count", r"(?:[a-z]\d{3,4}(?:\s*ti)?\s*(?:x|×)|\bx|×)\s*$"),
    ("users", r"(?:并发|concurrent(?:ly)?|同时)\s*$"),
    (
        "money",
        r"(?:\$|€|£|¥|usd\s?|eur\s?|rmb\s?|预算|budget(?: is| of)?|卖|出|买|收|要|报价|售价|花了|差价?|贵了?|便宜了?"
        r"|quoted|paid|for|at|offer(?:ed)?(?: me)?)\s*$",
    ),
]
_AFTER = [(role, re.compile(p)) for role, p in AFTER]
_BEFORE = [(role, re.compile(p)) for role, p in BEFORE]
PER_DAY = re.compile(
    r"^\s*(?:h|hr|hrs|hours?|小时|个小时)?\s*(?:a|per|each|every|/)\s*(?:day|night|evening)"
    r"|^[^,，。]{0,12}(?:a|per) day|daily"
)
PER_WEEK = re.compile(r"^\s*(?:h|hr|hrs|hours?|小时|个小时)?\s*(?:a|per|each|every|/)\s*(?:week|weekend)|weekly")
PER_MONTH = re.compile(
    r"^\s*(?:h|hr|hrs|hours?|小时|个小时)?\s*(?:a|per|each|every|/)\s*(?:month|mo)\b|^\s*(?:小时)?/月"
)
CN_PER = {
    "hours_day": ("每天", "一天", "天天", "每晚", "每日"),
    "hours_week": ("每周", "一周", "每星期"),
    "hours_month": ("每月", "每个月", "一个月", "一月"),
}
NUMBER_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "dual": 2,
    "pair": 2,
    "couple": 2,
    "双": 2,
}
WORD_COUNT = re.compile(
    r"\b(two|three|four|five|six|seven|eight|dual|(?:a )?pair of|(?:a )?couple(?: of)?)\s+(?:used\s+|of\s+)?"
    r"(?:[a-z]+\s+)?(?=\d{4}|[a-z]\d{3}|gpus|cards|h100|a100|3090|4090)|双卡"
)


# query field names (path words) of each role: a value there is the number carried in its role
@dataclasses.dataclass
class Mention:
    """A number the question states: its text, value, role and position."""

    text: str
    value: float
    role: str
    start: int
    end: int


def normalize(text: str) -> str:
    """The question as the product reads it (NFKC, lower case), so the tagger's spans line up."""
    from assistant.nlu.text import clean

    return clean(text)[0]


def _value(m: re.Match) -> float | None:
    from assistant.nlu.tagging.cn_numerals import cn_number

    s = m.group(0)
    if s[0] in CN_DIGIT:
        v = cn_number(list(s.rstrip("毛")))
        return v / 10 if v is not None and s.endswith("毛") else v
    v = float(m.group(1).replace(",", "") + (m.group(2) or ""))
    unit = m.group(3) or ""
    if unit.startswith("万"):
        return v * 1e4 + (float(unit[1:]) * 1e3 if unit[1:] else 0.0)  # "2万5" = 25,000
    return v * {"k": 1e3, "m": 1e6, "毛": 0.1}.get(unit, 1)


def role_of(text: str, start: int, end: int, value: float) -> str:
    """The role of the number at text[start:end], from the words right after and right before it."""
    after, before = text[end : end + 24].lstrip("+~ "), text[max(0, start - 24) : start]
    money_before = bool(re.search(r"[$€£¥]\s*$", before)) or bool(MONEY_AFTER.match(after))
    if value >= 10 and (
        (money_before and DIFF_AFTER.match(re.sub(MONEY_AFTER, "", after, count=1)))
        or re.search(r"\+\s*[$€£¥]\s*$", before)
        or DIFF_BEFORE.search(before)
    ):
        return "money_diff"  # "$300 less", "+$500", "便宜2000", "贵了800": a difference, never a price
    if value >= 100 and BOX_BEFORE.search(before) and not UNIT_AFTER.match(after):
        return "money_box"  # "hgx h100 box for ~$280k", "整机 9999": the whole machine's price
    if re.search(r"[\u4e00-\u9fff]", text) and re.match(r"^w(?![a-z])", after) and value < 100:
        if not re.search(r"功耗|功率|瓦|电源|tdp|psu", text):
            return "money"  # "预算1.5w": 1.5 万 in Chinese chat
    for role, pat in _BEFORE[:2]:  # "ddr5-6000", "top 3"
        if pat.search(before):
            return role
    for role, pat in _AFTER:
        if pat.search(after):
            if role == "hours":
                return _hours_role(after, before)
            if role == "count" and after.startswith("块") and not re.match(r"块\s*(?:[a-z]|\d{3,4})", after):
                return "rate_hour" if re.search(r"(?:一|每)小时\s*$", before) else "money"  # "一小时两块": yuan
            if role == "count" and value > 64 and after.startswith("张"):
                return "images"  # "一天要出2000张": pictures, not cards
            if role == "count" and (value > 64 or value < 1):
                continue
            if (
                role == "money"
                and text[end : end + 1] == "块"
                and value <= 16
                and re.match(r"块\s*(?:[a-z]|\d{3,4})", after)
            ):
                return "count"  # "两块4090": cards, not yuan
            if role == "gb" and value > 4096:
                continue
            return role
    for role, pat in _BEFORE[2:]:
        if pat.search(before):
            if role == "money" and value < 5 and not re.search(r"[$€£¥]\s*$", before):
                continue  # "for 2", "at 3": not an amount
            return role
    return "number"


def _hours_role(after: str, before: str) -> str:
    if (
        re.match(r"^\s*(?:gpu[- ]?)?(?:h|hr|hrs|hours?)\s*(?:of\s+)?(?:gpu|compute)|^\s*卡时", after)
        or "gpu" in after[:18]
    ):
        return "gpu_hours"
    for role, pat in (("hours_day", PER_DAY), ("hours_week", PER_WEEK), ("hours_month", PER_MONTH)):
        if pat.search(after):
            return role
    for role, words in CN_PER.items():
        if any(w in before[-8:] for w in words) or any(w in after[:10] for w in words):
            return role
    if re.search(r"(?:a|per|each|every)\s+(?:day|night)|daily", before[-14:]):
        return "hours_day"
    return "hours"


def mentions(question: str, skip: list[tuple[int, int]] = ()) -> list[Mention]:  # type: ignore[assignment]
    """The numbers `question` states, with their roles; numbers inside `skip` spans (GPU and model names) are left
    out, and so are bare numbers whose role nothing says (role "number") when they are Chinese numerals."""
    text = normalize(question)
    out: list[Mention] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return not any(a < e and s < b for s, e in list(skip) + taken)

    for m in FULL_TIME.finditer(text):
        if free(*m.span()):
            out.append(Mention(m.group(0), 168.0, "full_time", *m.span()))
            taken.append(m.span())
    for m in RAM_SPEED.finditer(text):
        a, b = m.span(1) if m.group(1) else m.span(2)
        if free(a, b):
            out.append(Mention(text[a:b], float(text[a:b]), "ram_speed", a, b))
            taken.append(m.span())
    for m in QUANT.finditer(text):
        g = next(x for x in m.groups() if x)
        if free(*m.span()):
            out.append(Mention(m.group(0), float(g), "quant", *m.span()))
            taken.append(m.span())
    for m in DURATION.finditer(text):  # "3h20m", "1h 30m", "3小时20分", "两个半小时": one amount of hours, whatever
        if not any(m.start() < e and s < m.end() for s, e in taken):  # name the product read inside it ("h20")
            out.append(Mention(m.group(0), _duration(m), "hours", *m.span()))
            taken.append(m.span())
    for m in WORD_COUNT.finditer(text):
        word = m.group(1) or "双"
        value = NUMBER_WORDS.get(word.split()[-1] if word.split()[-1] != "of" else word.split()[-2], 2)
        if free(*m.span()):
            out.append(Mention(m.group(0).strip(), float(value), "count", *m.span()))
            taken.append(m.span())
    for m in NUMBER.finditer(text):
        a, b = m.span()
        if not free(a, b):
            continue
        if m.group(0)[0] in CN_DIGIT and _cn_word(text, a, b):
            continue
        if SKIP_AFTER.match(text[b : b + 6]) or SKIP_BEFORE.search(text[max(0, a - 8) : a]):
            continue  # "70b", "x16", "pcie 3.0", "第二": a size, a lane count, a version, an ordinal
        v = _value(m)
        if v is None:
            continue
        role = role_of(text, a, b, v)
        if role == "number" and (m.group(3) or "").startswith("万"):
            role = "money"  # "1.6万": an amount of yuan
        if role == "number" and (m.group(0)[0] in CN_DIGIT or v in (0, 1)):
            continue
        if role in ("count", "period", "kwh") and v == 1:
            continue
        if role == "number" and re.match(r"^\s*(?:b|m)\b", text[b : b + 3]):
            continue  # "8b", "124m": a model size
        out.append(Mention(m.group(0), v, role, a, b))
    return sorted(out, key=lambda x: x.start)


def _duration(m: re.Match) -> float:
    from assistant.nlu.tagging.cn_numerals import cn_number

    if m.group("half"):
        got = cn_number(list(m.group("half"))) if m.group("half")[0] in CN_DIGIT else float(m.group("half"))
        return (got or 0.0) + 0.5
    return float(m.group("h")) + float(m.group("m")) / 60.0


def _cn_word(text: str, a: int, b: int) -> bool:
    """A Chinese numeral that is part of a word (一下, 一般, 万一, 一起) rather than a number with a unit."""
    s = text[a:b]
    nxt = text[b : b + 1]
    if s in ("一", "万") and not re.match(r"[张块卡台个小天周月年度瓦人步条轮倍]", nxt):
        return True
    return not re.match(r"[张块卡台个小天周月年度瓦人步条轮倍元万千wgk]", nxt)
