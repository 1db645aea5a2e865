"""Usage: .venv/bin/python scripts/number_audit.py [--list ROLE|all] [--json OUT] [--before OLD.json] [FILES...]

The stated-numbers audit: every number a question states (money, a rate per hour or kWh, a count of cards, users
or images, hours a day / week / month, watts, GB, context, quant bits, RAM speed, steps, samples, dates ...) must
be carried by the parsed query, shown in the answer, or said not to be used. The audit reads each question of the
held-out sets (notes/stranger10-13_questions, final12_questions, pool13, see SET_GLOBS; files named *conv* are
conversations, their turns asked in order) and sorts every stated number into

  carried   its value (or a plain conversion: hours a day -> a week, a percentage -> a share) sits in a query field
            of its role (a count in a count, money in a price / budget / rate field ...)
  misplaced its value sits only in a field of ANOTHER role ("500 a100 hours" read as 500 GPUs)
  declined  the answer shows the number in a sentence that says it was not used / not counted
  shown     the answer shows the number (the query did not keep it)
  dropped   none of these: the number the user stated is silently gone

The roles are read here with their own small vocabulary, independent of the product's tagger, so that a number
the tagger misses shows up as dropped. GPU and model names ("4090", "llama 3.1 8b") are names, not stated numbers
(the product tagger's GPU / MODEL spans are skipped). A small integer (< 20) counts as shown only with a unit of
its role beside it in the answer ("4 x", "4 张", "10 users"), since "4" alone appears in most answers.

Prints the counts by role and status, then the dropped and misplaced numbers (the work queue); --list ROLE prints
every number of that role with its status; --json writes the rows; --before compares the counts with an earlier
--json (before / after by role).
"""

from __future__ import annotations

import dataclasses
import glob
import json
import os
import re
import sys
import warnings
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NOTES = Path(os.environ.get("GPU_ADVISOR_NOTES", "/work/wt/notes"))
# the judged tester rounds and the mined pool; a set still being measured stays unseen until its round is judged
# (add it here then; fresh13_questions is the tester's copy of set G, the same questions as stranger13_questions)
SET_GLOBS = ("stranger1[0-4]_questions/*.txt", "final12_questions/*.txt", "pool13/*.txt")

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
FIELDS = {
    "money": (
        "usd",
        "price",
        "budget",
        "amount",
        "cost",
        "paid",
        "offer",
        "gap",
        "money",
        "spend",
        "value",
        "override",
    ),
    "rate_hour": ("rate", "usd", "price", "hour", "offer", "override"),
    "rate_kwh": ("kwh", "electricity"),
    "rate_month": ("month", "usd", "price", "offer", "spend"),
    "hours": ("hour", "usage", "week", "utilization", "deadline", "time", "duration"),
    "hours_day": ("hour", "usage", "week", "utilization", "day"),
    "top_n": ("top",),
    "hours_week": ("hour", "usage", "week", "utilization"),
    "hours_month": ("hour", "usage", "week", "utilization", "month"),
    "gpu_hours": ("hour",),
    "watts": ("watt", "power", "limit", "psu", "_w"),
    "gb": ("gb", "memory", "vram", "ram"),
    "count": ("count", "gpus"),
    "money_diff": ("gap",),  # a difference is carried as a price gap; in an offer or a card's price it is misplaced
    "money_box": ("offer", "box"),  # a machine's price: the offer, or a card's price only divided by the cards
    "users": ("users", "concurrent", "targets"),
    "images": ("images",),
    "steps": ("steps",),
    "samples": ("samples",),
    "epochs": ("epochs",),
    "context": ("context", "tokens"),
    "tokens": ("tokens",),
    "period": ("years", "months", "days", "weeks", "period", "deadline", "hours"),
    "full_time": ("hour", "usage", "week", "utilization"),
}
DECLINE = re.compile(
    r"not used|not counted|did not use|didn't use|does not weigh|doesn't weigh|set aside|ignor|instead of|not weigh|"
    r"cannot use|can't use|not taken|assum|用不上|没有用|没用到|没算|不算|未计入|没有把它算|按默认|假设|没法用|不能用"
)
SMALL = 20
MONEY_ROLES = frozenset({"money", "money_diff", "money_box", "rate_hour", "rate_kwh", "rate_month", "number"})


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


def _lower(answer: str) -> str:
    """The whole answer, NFKC and lower case (normalize() cuts at the question length limit: the notes at the end of
    a long answer, "You said ...: not used", were never seen)."""
    import unicodedata

    return unicodedata.normalize("NFKC", answer).lower()


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


# --- what the query and the answer carry -------------------------------------------------------------------------


def query_numbers(obj, path: str = "") -> list[tuple[str, float]]:
    """(field path, value) of every number inside a query: dataclass fields, tuples, dicts; a Setting's value is
    named by the setting's key ("settings.electricity_usd_per_kwh")."""
    out: list[tuple[str, float]] = []
    if isinstance(obj, bool) or obj is None:
        return out
    if isinstance(obj, (int, float)):
        return [(path, float(obj))]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        name = getattr(obj, "key", None)  # a Setting: its key names its value
        for f in dataclasses.fields(obj):
            if f.name in ("text", "mention", "stated", "said"):
                continue  # the question's numbers as read (nlu/stated.py) or said back: no slot that uses them
            sub = f"{path}.{name}" if f.name == "value" and isinstance(name, str) else f"{path}.{f.name}"
            out += query_numbers(getattr(obj, f.name), sub)
        return out
    if isinstance(obj, (tuple, list)):
        words = " ".join(x for x in obj if isinstance(x, str))  # ("power_limit", 300): the kind names the value
        for x in obj:
            if not isinstance(x, str):
                out += query_numbers(x, f"{path}[{words}]" if words else path)
        return out
    if isinstance(obj, dict):
        for k, x in obj.items():
            out += query_numbers(x, f"{path}.{k}")
    return out


def query_strings(obj) -> list[str]:
    """The precision-like strings of a query (precision, kept_precision, quant names), lower case."""
    out: list[str] = []
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            x = getattr(obj, f.name)
            if isinstance(x, str) and ("precision" in f.name or "quant" in f.name):
                out.append(x.lower())
            elif dataclasses.is_dataclass(x) or isinstance(x, tuple):
                out += query_strings(x)
    elif isinstance(obj, tuple):
        for x in obj:
            out += query_strings(x)
    return out


def _conversions(m: Mention) -> list[float]:
    v = m.value
    base = [v]
    if m.role in ("hours_day",):
        base += [v * 7, v * 5, v * 2, v * 30, v * 30.4, v * 7 / 168, v / 24, v * 365]
    if m.role == "full_time":
        base += [1.0, 24.0 * 365]
    if m.role == "hours_week":
        base += [v / 168]
    if m.role == "hours_month":
        base += [v * 12 / 52, v / 4.33, v / 4.345, v / 730, v * 12 / 52 / 168, v * 7 / 30, v * 7 / 30.4]
    if m.role in ("percent",):
        base += [v / 100]
    if m.role == "money" and v < 1000:
        base += [v * 1e3, v * 1e4]  # "1.5k", "2万" read with their multiplier here or there
    if m.role == "rate_kwh" and v >= 1:
        base += [v / 100]  # cents
    if m.role == "period":
        base += [v / 12, v * 24, v * 168, v / 52, v * 7 * 24]
    if m.role == "context":
        base += [v * 1000, v * 1024, v * 1.024]  # "16k" = 16,000 here, 16,384 in the query
    if m.role == "tokens":
        base += [v * 1e3, v * 1e6, v * 1e9, v * 1e4, v * 1e8]
    return base


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(1.0, abs(a)) or (abs(a) > 10 and abs(a - b) / abs(a) < 0.002)


def carried(m: Mention, numbers: list[tuple[str, float]], strings: list[str] = ()) -> str | None:  # type: ignore[assignment]
    """ "carried" when a field of the mention's role holds it, "misplaced" when only other fields do, else None."""
    if m.role in ("money", "money_box") and any(
        "override" in p and any(_close(m.value / n, q) for n in range(2, 17)) for p, q in numbers
    ):
        return "carried"  # "8x h100 ... box for $280k": $35,000 a card of the box; "4张p100 一共1200块": ¥300 a card
    if m.role == "quant":  # a quant is kept as a precision name ("q4_k_m", "int4", "fp8")
        bits = f"{m.value:g}"
        return "carried" if any(re.search(rf"(?<!\d){bits}(?!\d)", x) for x in strings) else None
    hits = [
        p for p, q in numbers if any(_close(c, q) for c in _conversions(m)) and not (q <= 1 and p.endswith("count"))
    ]
    if not hits:
        return None
    words = FIELDS.get(m.role)
    if m.role == "money_diff" and any("override" in p or "offer" in p for p in hits):
        return "misplaced"  # a difference also taken as a card's price or an offer ("$300 less" -> "$300 for ...")
    if words is None or any(any(w in p.lower() for w in words) for p in hits):
        return "carried"
    return "misplaced"


def _shown_patterns(m: Mention) -> list[str]:
    v = m.value
    forms = {f"{v:g}", f"{v:,.0f}" if v.is_integer() else f"{v:,.2f}", f"{v:.2f}" if not v.is_integer() else f"{v:.0f}"}
    if v >= 1000 and v.is_integer():
        forms |= {f"{v / 1000:g}k", f"{v / 1e4:g}万"}
    pats = [rf"(?<![\d.,]){re.escape(f)}(?![\d]|\.\d)" for f in forms]
    if v < SMALL and v.is_integer():
        n = f"{v:.0f}"
        unit = {
            "count": r"\s*(?:x|×|张|块|卡|台|cards?|gpus?)|(?:x|×)\s*",
            "users": r"\s*(?:users?|people|staff|人|用户|位)",
            "hours": r"\s*(?:h\b|hours?|小时)",
        }.get(m.role.split("_")[0], r"\s*[a-z%\u4e00-\u9fff$]")
        pats = (
            [rf"(?<![\d.,]){n}(?:{unit})", rf"(?:x|×)\s*{n}(?![\d])"]
            if m.role == "count"
            else [rf"(?<![\d.,]){n}(?:{unit})"]
        )
    return pats


def shown(m: Mention, answer_text: str) -> str | None:
    """ "declined" when a sentence of the answer shows the number and says it is not used, "shown" when the answer
    shows it, else None."""
    pats = [re.compile(p) for p in _shown_patterns(m)]
    for sentence in re.split(r"(?<=[.!?。！？\n])", answer_text):
        if any(p.search(sentence) for p in pats):
            if DECLINE.search(sentence):
                return "declined"
    hits = [(h.start(), h.end()) for p in pats for h in p.finditer(answer_text)]
    if not hits:
        return None
    if m.role not in MONEY_ROLES and all(re.search(r"[$€£¥]\s*$", answer_text[max(0, a - 2) : a]) for a, _ in hits):
        return "misread"  # "1500 sdxl images" shown only as "$1,500": read into a money slot
    return "shown"


def status(m: Mention, numbers: list[tuple[str, float]], answer_text: str, strings: list[str] = ()) -> str:  # type: ignore[assignment]
    got = carried(m, numbers, strings)
    if got == "carried":
        return got
    said = shown(m, answer_text)
    if got == "misplaced" and said != "declined":
        return got  # in the wrong slot, whether or not the answer shows it ("$280,000 a card" shows the 280k)
    return said or got or "dropped"


# --- running the sets ----------------------------------------------------------------------------------------------


def question_sets(files: list[str] | None = None) -> list[tuple[str, bool, list[str]]]:
    paths = files or sorted(p for g in SET_GLOBS for p in glob.glob(str(NOTES / g)))
    out = []
    for path in paths:
        lines = [ln.strip() for ln in open(path, encoding="utf-8") if ln.strip() and not ln.startswith("#")]
        out.append((os.path.relpath(path, NOTES).replace("_questions", ""), "conv" in os.path.basename(path), lines))
    return out


def name_spans(question: str, index) -> list[tuple[int, int]]:
    """Spans of GPU and model names in the normalized question (the product tagger's), which hold no stated number."""
    from assistant.i18n import language_of
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.tagger import tag
    from assistant.nlu.text import tokenize

    cleaned = normalize(question)
    lex = lexicon(language_of(cleaned))
    tags, _ = tag(lex.respell(tokenize(cleaned)), cleaned, index, lex)
    return [(t.start, t.end) for t in tags if t.kind in ("GPU", "MODEL", "CPU", "DATASET")]


def audit(sets) -> list[dict]:
    from assistant import answer as render
    from assistant.nlu import understand
    from assistant.session import open_session

    warnings.filterwarnings("ignore")
    session = open_session("sqlite://", echo_warnings=False)
    index = session.index
    rows = []
    for name, conv, lines in sets:
        c = session.conversation()
        for i, q in enumerate(lines, 1):
            if not conv:
                c = session.conversation()
            found = mentions(q, name_spans(q, index))
            if not found:
                continue
            try:
                ans = c.ask(q)
                text = render.to_text(ans) + "\n" + "\n".join(ans.notes)
            except Exception as exc:  # noqa: BLE001 - a crash is a row to see
                text = f"CRASH {exc}"
            parsed, last = understand(q, index), c.dialogue.context.last_query
            numbers = query_numbers(parsed) + query_numbers(last)
            strings = query_strings(parsed) + query_strings(last)
            for m in found:
                where = sorted({p for p, v in numbers if any(_close(c, v) for c in _conversions(m))})
                rows.append(
                    {"id": f"{name}:{i}", "q": q, "number": m.text, "value": m.value, "role": m.role,
                     "status": status(m, numbers, _lower(text), strings), "fields": where}
                )  # fmt: skip
    return rows


STATUSES = ("carried", "shown", "declined", "misplaced", "misread", "dropped")
FAILED = ("misplaced", "misread", "dropped")  # a number in the wrong slot is a failure, like one dropped


def table(rows: list[dict]) -> dict[str, Counter]:
    by: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        by[r["role"]][r["status"]] += 1
    return by


def print_table(rows: list[dict], before: list[dict] | None = None) -> None:
    by, old = table(rows), table(before or [])
    order = sorted(by, key=lambda role: -sum(by[role][s] for s in FAILED))
    print(f"{'role':13}" + "".join(f"{s:>10}" for s in STATUSES) + ("   failed before -> now" if before else ""))
    for role in order:
        line = f"{role:13}" + "".join(f"{by[role][s]:>10}" for s in STATUSES)
        if before:
            line += f"   {sum(old[role][s] for s in FAILED):>6} -> {sum(by[role][s] for s in FAILED)}"
        print(line)
    total: Counter = Counter()
    for c in by.values():
        total.update(c)
    print(f"{'ALL':13}" + "".join(f"{total[s]:>10}" for s in STATUSES))


def main(argv: list[str]) -> None:
    opts = {a: argv[i + 1] for i, a in enumerate(argv) if a in ("--list", "--json", "--before") and i + 1 < len(argv)}
    files = [a for a in argv if not a.startswith("--") and a not in opts.values()]
    rows = audit(question_sets(files or None))
    before = json.load(open(opts["--before"], encoding="utf-8")) if "--before" in opts else None
    print_table(rows, before)
    want = opts.get("--list")
    print()
    for r in rows:
        if (want and (want == "all" or r["role"] == want)) or (not want and r["status"] in FAILED):
            fields = f"  [{' '.join(r['fields'])}]" if r["status"] in ("misplaced", "misread") else ""
            print(f"{r['status']:9} {r['role']:12} {r['number']:>10}  {r['id']}  {r['q'][:110]}{fields}")
    if "--json" in opts:
        with open(opts["--json"], "w", encoding="utf-8") as f:
            json.dump(rows, f, ensure_ascii=False, indent=0)


if __name__ == "__main__":
    main(sys.argv[1:])
