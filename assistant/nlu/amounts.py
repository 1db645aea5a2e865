"""Quantities with their units as a question states them, read from its text for arithmetic (respond/calc.py).

Contract: `amounts(text)` -> list of `Amount` in text order, each with a value, a unit and what it is per:
- money: "$412", "¥37.6", "30块", "£12" (unit "money", `currency` USD / CNY / GBP / EUR, None when no sign is said);
- money per something (`per`): ("h",) an hour ("$0.27/hr", "1.98元一小时", "每小时1.3元", "一小时8块"), ("gpu", "h") a
  GPU-hour ("$0.86/gpu-hr", "$1.29 each" for cards rented by the hour), ("kWh",) ("$0.23/kwh", "0.6一度",
  "电费0.6", "15p/kwh"), ("GB", "month") ("$0.15/gb/month"), ("month",) / ("day",) (a monthly or daily fee);
- durations in hours (unit "h", `role` "span"): "3h20m" 3.33, "90 minutes" 1.5, "2.5 days" 60, "3天" 72, "2 weeks";
- a schedule: hours a day (unit "h", per ("day",): "7 hours a day", "每天10小时", "一天开10小时"), hours a week (per
  ("week",): "40 hours a week", "一周跑40小时") and days a week (unit
  "day", per ("week",): "5 days a week", "每周两天", "weekdays" 5, "weekends" / "周末" 2); round the clock ("24/7",
  "straight", "连续", "不关机"): 24 h a day, role "continuous";
- power (unit "W": "610w", "0.7 kw"; a PSU's rating is not a draw), energy (unit "kWh": "300 kwh", "300度电"),
  storage (unit "GB": "200gb", "2tb") and a count of cards (unit "gpu": "8x", "4张", "2 cards").
What the text says beside its amounts (the period asked, numbers no amount reads) is read by nlu/amount_asks.py.
Chinese numerals before a unit are read as digits first ("每周两天", "十小时"). The unit words are the sorted sets
below; nothing here matches one question.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from assistant.i18n import language_of
from assistant.nlu.clock import clock_spans
from assistant.nlu.currency_words import AFTER, SIGNS
from assistant.nlu.lexicon import lexicon
from assistant.nlu.patterns import compiled
from assistant.nlu.schedule import day_spans
from assistant.nlu.tagging.cn_numerals import CN_NUM, cn_number


@dataclass(frozen=True)
class Amount:
    """A quantity as stated: its value in the unit's base (hours, watts, GB), what it is per, its currency, where."""

    value: float
    unit: str  # money | h | day | W | kWh | GB | gpu | runs
    per: tuple[str, ...] = ()
    currency: str | None = None
    role: str = ""  # h: span | continuous | media; money: each; W: each | rest | idle | limit; item: its kind
    start: int = 0
    end: int = 0
    scale: float = 1.0  # a price per `scale` items ("$2/M tokens": 1e6)


def _alt(words) -> str:
    return _alt_of(tuple(words))


@cache
def _alt_of(words: tuple[str, ...]) -> str:
    """The words as one alternation, longest first (the same few lists every question: escaped once)."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))) + ")"


alternation = _alt  # for readers of the same text (nlu/amount_asks.py): a word list as one pattern


KWH_PRICE_MAX = 5.0  # a bare number read as a price per kWh stays below this (¥ or $; the dearest tariffs are ~¥1.5)
_N = r"(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?![\d])"
_SIGNS = SIGNS  # nlu/currency_words.py
_AFTER = AFTER
_HOUR = sorted({"h", "hr", "hrs", "hour", "hours", "小时", "个小时", "钟头", "个钟头", "个钟"})
_GPU_HOUR = sorted(
    {"gpu-hr", "gpu-hour", "gpu hour", "gpu hr", "gpu/hr", "gpu/h", "gpu-h", "gpuh", "card-hour", "卡时"}
)
_KWH = sorted({"kwh", "kw/h", "kw-h", "kw h", "度", "度电", "千瓦时"})
_GB_MONTH = sorted({"gb/month", "gb/mo", "gb-month", "gb-mo", "gb per month", "gb a month", "gb/月", "g/月", "gb每月"})
_MONTH = sorted({"month", "mo", "月", "个月"})
_DAY = sorted({"day", "天"})
_EACH = sorted({"each", "apiece", "per card", "per gpu", "a card", "a gpu", "每张", "每卡", "一张", "每块"})
_RATE_SEP = r"\s*(?:/|per\s+|an?\s+|every\s+|一|每)\s*"
_DENOMS = (
    (("gpu", "h"), _GPU_HOUR),
    (("GB", "month"), _GB_MONTH),
    (("kWh",), _KWH),
    (("GB",), ["gb", "g"]),
    (("h",), _HOUR),
    (("month",), _MONTH),
    (("day",), _DAY),
)
_CUR_BEFORE = r"(us\$|ca?\$|[$¥￥£€₹])?\s*"
_CENTS = sorted({"c", "cents", "cent", "¢", "p"})  # a hundredth of the currency, said before "/kwh" ("28c/kwh", "15p")
_CUR_AFTER = r"\s*(" + _alt(_AFTER) + r"|" + _alt(_CENTS) + r"(?=\s*(?:/|per|a)\s*kwh))?"
_MONEY = _CUR_BEFORE + _N + r"\s*(k|万)?" + _CUR_AFTER  # "¥2.1万": 21,000
_POWER_WORDS = sorted(
    {"电费", "电价", "electricity", "power is", "power at", "power costs", "tariff", "a kwh", "商业电", "工业电",
     "民用电", "居民电", "商用电", "峰电", "谷电"}
)  # fmt: skip
_PSU = r"\s*(?:psu|power supply|电源|金牌|白金|gold|platinum|titanium)"
_WEEKDAYS = sorted(
    {"weekdays", "weekday", "weeknights", "weeknight", "mon-fri", "monday to friday", "工作日", "周一到周五",
     "周一至周五", "school days", "school day", "school nights", "workdays", "workday", "work days", "business days",
     "上学日", "上课日", "上班日"}
)  # fmt: skip
_WEEKENDS = sorted(
    {"weekends", "weekend", "周末", "双休", "周六周日", "周六日", "周六和周日", "星期六星期天", "星期六和星期天",
     "saturdays and sundays", "sat and sun", "sat/sun"}
)  # fmt: skip
_ROUND = sorted(
    {"24/7", "24x7", "round the clock", "around the clock", "nonstop", "non-stop", "straight", "continuously",
     "连续", "不停", "不关机", "全天", "24小时"}
)  # fmt: skip
_SPAN_UNITS = (
    (sorted({"sec", "secs", "second", "seconds", "秒"}), 1 / 3600),  # "120 epochs at 90 seconds each"
    (sorted({"min", "mins", "minute", "minutes", "分钟"}), 1 / 60),
    (_HOUR, 1.0),
    (sorted({"day", "days", "天", "日"}), 24.0),
    (sorted({"week", "weeks", "wk", "wks", "周", "个星期", "星期", "个礼拜"}), 168.0),
    (sorted({"month", "months", "个月"}), 730.0),
)
_CN_RUN = re.compile(
    "[" + "".join(sorted(CN_NUM)) + "]+(?=个?(?:小时|钟头|天|周|星期|礼拜|张|块|台|卡|度|分钟|月|年|元|token|秒))"
)
_WEEKDAY = re.compile(r"(?<![每一])(?:周|星期|礼拜)$")  # "周六周日", "星期五": a weekday; "每周五天": five days


def _normal(text: str) -> str:
    """Lower case, full-width forms folded, Chinese numerals before a unit as digits ("每周两天" -> "每周2天")."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"(?<![\d一二三四五六七八九十两])一(?=块钱|元)", "1", text)  # "一块钱一度": one yuan
    text = _DIGIT_SCALE.sub(lambda m: f"{float(m.group(1)) * _SCALES[m.group(2)]:.10g}", text)  # "2万张": 20000张
    return _CN_RUN.sub(_digits, text)


_SCALES = {"千": 1e3, "万": 1e4}
_DIGIT_SCALE = re.compile(r"(\d+(?:\.\d+)?)\s*([千万])(?=个?(?:张|块|元|token|小时|台|度|条))")


def _digits(m: re.Match) -> str:
    """A run of Chinese numerals as digits, a space before ("4090两天" is not "40902天"); a lone 一 stays (一天, 一小时
    and 一个月 open schedules, rates and periods)."""
    run = m.group(0)
    if (
        _WEEKDAY.search(m.string[max(0, m.start() - 3) : m.start()])
        or "几" in run
        or m.string[m.start() - 1 : m.start()] == "第"
    ):
        return run  # "周六", "几百块", "第二天" (the next day): no number
    value = cn_number(list(run)) if run != "一" else None
    return f" {value:.10g}" if value else run


normal = _normal  # for readers that split the text the amounts' positions refer to


def _num(s: str) -> float:
    return float(s.replace(",", ""))


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.taken = [False] * len(text)
        self.found: list[Amount] = []

    def free(self, a: int, b: int) -> bool:
        return not any(self.taken[a:b])

    def add(self, m: re.Match, amount: Amount) -> None:
        self.put(*m.span(), amount)

    def put(self, a: int, b: int, amount: Amount) -> None:
        self.taken[a:b] = [True] * (b - a)
        self.found.append(Amount(**{**amount.__dict__, "start": a, "end": b}))

    def each(self, pattern: str, build) -> None:
        for m in compiled(pattern).finditer(self.text):
            if self.free(*m.span()):
                got = build(m)
                if got is not None:
                    self.add(m, got)


def currency_of(before: str | None, after: str | None) -> str | None:
    """The currency of a sign before an amount or a word after it (None: not said)."""
    if before:
        return _SIGNS.get(before)
    if after == "p":
        return "GBP"
    return _AFTER.get(after or "")


def _money_value(m: re.Match, first: int) -> tuple[float, str | None]:
    """(value, currency) of a _MONEY match whose groups start at `first`."""
    before, num, k, after = m.group(first), m.group(first + 1), m.group(first + 2), m.group(first + 3)
    value = _num(num) * {"k": 1000, "万": 10000}.get(k or "", 1)
    return (value / 100 if after in _CENTS else value), currency_of(before, after)


def _rates(r: _Reader) -> None:
    # "电费0.6", "electricity 0.30", "power is $0.23": a price per kWh (a small amount, no other unit), first:
    # "电费0.58 一个月多少钱" is no monthly fee
    pattern = (
        _alt(_POWER_WORDS) + r"\s*(?:is|按|是|:|=|at|of)?\s*(?:约|大概)?\s*" + _MONEY + r"(?!\s*(?:[a-z%]|万|千|个))"
    )
    r.each(pattern, lambda m: _rate(m, ("kWh",)) if _money_value(m, 1)[0] < KWH_PRICE_MAX else None)
    # "每小时1.3元", "一小时8块", "每度0.6": the unit first (Chinese)
    # "每月0.5元/gb": storage by the GB-month
    r.each(r"(?:每|一)个?月\s*" + _MONEY + r"\s*/\s*(?:gb|g)\b", lambda m: _rate(m, ("GB", "month")))
    for per, words in ((("h",), _HOUR), (("kWh",), _KWH), (("day",), _DAY), (("month",), _MONTH)):
        pattern = r"(每(?:张|卡|块)卡?)?(?:每|一)" + _alt(words) + r"(?:电)?\s*(?:要|是|收|约|大概|差不多)?\s*" + _MONEY
        r.each(pattern, lambda m, per=per: _prefixed(m, per))
    # "$0.86/gpu-hr", "1.98元一小时", "0.30 per kwh", "15p/kwh"
    each_card = r"(?:\s*(?:(?:per|/|a|each|every|每)\s*(?:gpu|card|卡|张)|each|apiece))?"
    for denom, words in _DENOMS:
        words = [*words, "时"] if denom == ("h",) else words  # "¥9.5/时"
        pattern = _MONEY + _RATE_SEP + _alt(words) + r"(?![a-z\d])" + (each_card if denom == ("h",) else "")
        r.each(pattern, lambda m, d=denom: _rate(m, ("gpu", "h") if d == ("h",) and _each(m) else d))
    # "$2.99 per h100 hour", "$1.10/a100/hr": per GPU-hour of that card
    card = r"(?:rtx\s*|tesla\s*)?[a-z]{0,2}\d{2,4}[a-z]{0,4}"
    r.each(
        _MONEY + r"\s*(?:/|per|an?)\s*" + card + r"\s*(?:gpu[- ]?)?(?:/\s*)?(?:hour|hr|h)\b",
        lambda m: _rate(m, ("gpu", "h")),
    )
    # "包月4500", "月租3000": a monthly plan's price, yuan unless said
    r.each(r"(?:包月|月租|包月价)\s*(?:要|是|价|的话)?\s*" + _MONEY, lambda m: _plan(m))
    # "$0.15/gb/month"
    r.each(_MONEY + r"\s*/\s*gb\s*/\s*(?:month|mo)\b", lambda m: _rate(m, ("GB", "month")))
    # "$0.40 each per hour", "$1.10 apiece an hour": per GPU-hour
    r.each(
        _MONEY + r"\s*(?:each|apiece|a card|per card|per gpu)\s*(?:per|an?|/|every)\s*(?:hour|hr|h)\b",
        lambda m: _rate(m, ("gpu", "h")),
    )
    # "$1.29 each", "每张1.5元" (per card; by the hour when hours are said)
    r.each(_MONEY + r"\s*" + _alt(_EACH) + r"(?![a-z])", lambda m: _rate(m, ("gpu",), role="each"))
    # a plain amount with its currency said: "$412", "30块"
    r.each(_MONEY, lambda m: _rate(m, ()) if _money_value(m, 1)[1] else None)


def _plan(m: re.Match) -> Amount | None:
    """ "包月4500": a plan's price a month (with no currency said, an amount a plan costs, not "包月租两张")."""
    value, currency = _money_value(m, 1)
    if re.match(r"\s*(?:张|台|块|卡|个|x)", m.string[m.end() :]) or (currency is None and value < 50):
        return None
    return Amount(value, "money", ("month",), currency, "plan")


def _prefixed(m: re.Match, per: tuple[str, ...]) -> Amount | None:
    """ "每小时1.3元", "每卡每小时6元" (per card: a GPU-hour), "每度0.6" (no currency needed for a kWh price below
    KWH_PRICE_MAX: "一度 4090每天" is a card)."""
    value, currency = _money_value(m, 2)
    if re.match(r"\s*(?:台|张|卡|个|x\b|块(?!钱))", m.string[m.end() :]):
        return None  # "元一度 三台机器": a count, not a price
    decimal = "." in m.group(3) and per == ("h",)  # "一小时6.88": a decimal price an hour
    if value <= 0 or (currency is None and not decimal and (per != ("kWh",) or value >= KWH_PRICE_MAX)):
        return None
    return Amount(value, "money", ("gpu", "h") if m.group(1) and per == ("h",) else per, currency)


def _each(m: re.Match) -> bool:
    return bool(re.search(r"(?:gpu|card|卡|张|each|apiece)$", m.group(0)))


def _rate(m: re.Match, per: tuple[str, ...], role: str = "") -> Amount | None:
    """A price; with no currency said only a decimal one or a price per kWh ("0.79/hr", "电费0.6"): "4090一个月" is
    a card and a month."""
    value, currency = _money_value(m, 1)
    if value <= 0 or (currency is None and per != ("kWh",) and "." not in m.group(2)):
        return None
    return Amount(value, "money", per, currency, role)


def _schedule(r: _Reader) -> None:
    for a, b, start, end in clock_spans(r.text, lexicon(language_of(r.text))):  # "9am-5pm", "晚上8点到12点", "早9晚6"
        amount = _span_of_day(start, end)
        if amount is not None and r.free(a, b):
            r.put(a, b, amount)
    day = _alt(["day", "night", "evening"]) + r"(?![a-z])"  # "3 hours every weekday": a time, then weekdays (5 a week)
    nightly = r"\s*(?:overnight|nightly|every night|each night|at night|(?:every|each|a|per|on)\s*(?=weeknight))"
    r.each(_N + r"\s*" + _alt(_HOUR) + nightly, lambda m: _per_day(m))
    r.each(_N + r"\s*" + _alt(_HOUR) + r"\s*(?:a|per|/|each|every)\s*" + day, lambda m: _per_day(m))
    r.each(_N + r"\s*" + _alt(_HOUR) + r"\s*(?:of \w+\s*)?(?:daily|a day|per day)", lambda m: _per_day(m))
    # "每天租autodl 4090跑8小时", "每周租两张4090跑20小时": a card's name or a count of cards between
    between = r"(?:[^\d。，,;；]|(?<=[^\d])[a-z]{0,6}\d{3,4}[a-z]{0,4}(?=\D)|(?<=[^\d])\d{1,2}(?=[张块卡台])){0,12}?"
    r.each(r"(?:每天|一天|每日|天天|每晚|一晚)" + between + _N + r"\s*" + _alt(_HOUR), lambda m: _per_day(m))
    r.each(_N + r"\s*" + _alt(_HOUR) + r"\s*(?:每天|一天)", lambda m: _per_day(m))
    week = _alt(["week", "wk"]) + r"(?![a-z])"
    r.each(_N + r"\s*" + _alt(_HOUR) + r"\s*(?:a|per|/|each|every)\s*" + week, lambda m: _per_week(m))
    r.each(
        # "每周租autodl的3090十个小时"
        r"(?:每周|一周|每星期|一星期|每礼拜|一礼拜)" + between + _N + r"\s*" + _alt(_HOUR),
        lambda m: _per_week(m),
    )
    r.each(_N + r"\s*days?\s*(?:a|per|/|each|every)\s*" + week, lambda m: _days(m))
    r.each(r"(?:每周|一周|每星期|一星期|每礼拜|一礼拜)[^\d。，,;；]{0,3}?" + _N + r"\s*天", lambda m: _days(m))
    for a, b, days in day_spans(r.text):  # "mon-thu", "sat/sun", "每周一三五", "no weekends" (nlu/schedule.py)
        if r.free(a, b):
            r.put(a, b, Amount(days, "day", ("week",)))
    r.each(_alt(_WEEKDAYS), lambda m: Amount(5, "day", ("week",)))
    r.each(r"(?<!by the )(?<!this )" + _alt(_WEEKENDS), lambda m: Amount(2, "day", ("week",)))
    r.each(_alt(_ROUND), lambda m: Amount(24, "h", ("day",), role="continuous"))


def _span_of_day(start: float, end: float) -> Amount | None:
    hours = (end - start) % 24
    return Amount(hours, "h", ("day",)) if 0 < hours <= 23 else None


def _per_day(m: re.Match) -> Amount | None:
    v = _num(m.group(1))
    return Amount(v, "h", ("day",)) if 0 < v <= 24 else None


def _per_week(m: re.Match) -> Amount | None:
    """ "40 hours a week", "一周跑40小时"."""
    v = _num(m.group(1))
    return Amount(v, "h", ("week",)) if 0 < v <= 168 else None


def _days(m: re.Match) -> Amount | None:
    v = _num(m.group(1))
    return Amount(v, "day", ("week",)) if 0 < v <= 7 else None


def _spans(r: _Reader) -> None:
    r.each(_N + r"\s*h(?:rs?|ours?)?\s*(\d+)\s*m(?:ins?|inutes?)?(?![a-z])", lambda m: _hm(m))
    r.each(r"(\d+)\s*小时\s*(\d+)\s*分", lambda m: _hm(m))
    r.each(r"(?<![a-z\d.])" + _N + r"\s*(个)?(天|小时|个月|周|星期)半", lambda m: _half(m))
    r.each(
        r"(?:跑|租|用|开|挂|训练|训|烧)了?(?:整整|满)?(一|半)(天|个小时|小时|周|个星期|星期|个月)", lambda m: _one(m)
    )
    r.each(r"\bfor (?:a|one|an) (hour|day|week|month)\b(?!ly)", lambda m: _one(m, "一", m.group(1)))
    kind = r"(?:(?:training|test|full|separate|fine-?tuning|finetune|experiment)\s+)?"
    runs = kind + r"(?:runs?|jobs?|epochs?|sessions?|times)"
    r.each(r"(?<![a-z\d.])" + _N + r"\s*(?:" + runs + r"|次|轮|遍)(?![a-z])", lambda m: _runs(m))
    r.each(
        r"(?<![a-z\d.$¥£€])" + _N + r"\s*(?:gpu|card)[- ]?(?:hours?|hrs?|h)\b",
        lambda m: Amount(_num(m.group(1)), "h", role="span"),
    )
    # "120 epochs at 90s each" (not "4090s": a card's plural)
    r.each(
        r"(?<![a-z\d.$¥£€])" + _N + r"s(?=\s+(?:each|apiece|per|a piece))",
        lambda m: Amount(_num(m.group(1)) / 3600, "h", role="span"),
    )
    for words, hours in _SPAN_UNITS:
        pattern = r"(?<![a-z\d.$¥£€])" + _N + r"\s*-?\s*" + _alt(words) + r"(?![a-z\d/])"  # "a 6-week project"
        r.each(pattern, lambda m, hours=hours: Amount(_num(m.group(1)) * hours, "h", role="span"))


_UNIT_HOURS = {"hour": 1.0, "天": 24.0, "day": 24.0, "小时": 1.0, "个小时": 1.0, "周": 168.0, "个星期": 168.0,
               "星期": 168.0, "week": 168.0, "个月": 730.0, "month": 730.0}  # fmt: skip


def _half(m: re.Match) -> Amount:
    """ "两天半" 60 h, "3个小时半" 3.5 h."""
    return Amount((_num(m.group(1)) + 0.5) * _UNIT_HOURS[("个" if m.group(2) else "") + m.group(3)], "h", role="span")


def _one(m: re.Match, count: str | None = None, unit: str | None = None) -> Amount:
    """ "跑一周" 168 h, "租半天" 12 h, "for a week" 168 h."""
    half = (count or m.group(1)) == "半"
    return Amount(_UNIT_HOURS[unit or m.group(2)] * (0.5 if half else 1.0), "h", role="span")


def _runs(m: re.Match) -> Amount | None:
    """ "3 runs of 14 hours", "跑3次": the times a job is repeated."""
    v = _num(m.group(1))
    return Amount(v, "runs") if 1 <= v <= 1000 and v == int(v) else None


def _hm(m: re.Match) -> Amount:
    return Amount(_num(m.group(1)) + _num(m.group(2)) / 60, "h", role="span")


def _things(r: _Reader) -> None:
    r.each(_N + r"\s*(kwh|度电|千瓦时)(?![a-z/])", lambda m: Amount(_num(m.group(1)), "kWh"))
    r.each(_N + r"\s*(kw|w|watts?|瓦)(?![a-z])(?!" + _PSU + ")", lambda m: _watts(m))
    r.each(
        _N + r"\s*(tb|gb|g)(?![a-z])", lambda m: Amount(_num(m.group(1)) * (1000 if m.group(2) == "tb" else 1), "GB")
    )
    r.each(r"(?<![a-z\d.])" + _N + r"\s*x\s*(?=[a-z\d])", lambda m: _count(m))
    r.each(r"(?<![a-z\d.])" + _N + r"\s*(?:张|台|块(?=\s*[a-z\d]|显卡|卡)|卡)", lambda m: _count(m))
    r.each(r"(?<![a-z\d.])" + _N + r"\s*(?:cards|gpus)\b", lambda m: _count(m))
    # "2 a100s", "3 3090s", "4 h100": a small count before a card's model number; "4090 x2"
    adjective = r"(?:(?:rented|used|new|cloud|more|extra|spare)\s+)?"  # "4 rented 4090s"
    # ... never a model's size ("llama 3 70b": the 3 is the family's version, no count of cards)
    card = r"(?:rtx\s*|gtx\s*|tesla\s*)?(?!\d{1,3}b\b)[a-z]{0,2}\d{2,4}[a-z]{0,4}\b"
    r.each(r"(?<![a-z\d.$¥£€])" + _N + r"\s+" + adjective + "(?=" + card + ")", _few)
    r.each(r"(?<=[a-z\d])\s*x\s*" + _N + r"(?![a-z\d.])", _few)


_LIMIT = re.compile(
    r"(?:limit\w*|cap\w*|down|lower\w*|set)\s+(?:\w+\s+){0,3}?(?:to|at)\s*$|(?:限\w{0,2}|降|锁|压|控制)[到在至]\s*$"
    r"|(?:max|maximum|limit|cap|breaker|ups|最多|最大|限|限电|限功率|上限)\s*(?:is|of|at|:)?\s*$"
)  # a limit set or a cap stated ("宿舍限1500w", "breaker max 1800w"): no draw


_EACH_W = re.compile(r"^\s*(?:each|apiece|a piece|per (?:card|gpu)|a card|/card|/gpu)\b")
_EACH_W_BEFORE = re.compile(
    r"(?:每|单)(?:张|台|块|卡)(?:卡|显卡)?(?:功耗|满载|大概|约)?\s*$|\beach (?:at|pulling|drawing)\s*~?$"
    # "each pulls ~330w", "each one draws about 300w" (not "each and about")
    r"|\beach(?: one| card| gpu| of them)?"
    r"(?: (?:pulls?|draws?|uses?|runs?|sits?|does|pulling|drawing|using|running|at|about|around|roughly|maybe"
    r"|like)){1,3}"
    r"\s*~?$"
)
_REST_W_BEFORE = re.compile(
    r"(?:其他|其余|其它|cpu|platform|rest of (?:the )?(?:system|rig|pc|box))[^\d]{0,8}$"
    r"|(?:再加|加上|另加|额外|整机再加)\s*$"
)
_REST_W_AFTER = re.compile(
    r"^\s*(?:for|of|on)?\s*(?:the rest|everything else|the other|other parts|the cpu|cpu|the platform)"
)
# "预算 30w", "价格1.3w", "花了2w": a w after a money word is 万 (ten thousand), not watts
_MONEY_W = re.compile(r"(?:预算|价格|价|花了|花|卖|收|报价|开价|budget)\s*(?:大概|大约|差不多|约|在|是|不到|左右)?\s*$")
_IDLE_W = re.compile(r"(?:idle|idles|idling|待机|空闲|闲置)[^\d]{0,10}$")
_IDLE_W_AFTER = re.compile(r"^\s*(?:at |when |while )?(?:idle|idling)\b")


def _watts(m: re.Match) -> Amount | None:
    """A draw; a power limit set ("power limit my 3090 to 280w", "限功耗到300w") is role "limit", not the draw; a
    draw per card ("350w each", "每张450w") "each"; the rest of the machine ("~150w for the rest", "主机其他部分200w")
    "rest"; a draw at idle ("idles at 95w") "idle"."""
    v = _num(m.group(1)) * (1000 if m.group(2) == "kw" else 1)
    before, after = m.string[max(0, m.start() - 40) : m.start()], m.string[m.end() : m.end() + 30]
    if m.group(2) != "kw" and _MONEY_W.search(before[-12:]):
        return None  # "预算 30w", "花了1.3w": 万 (ten thousand yuan), money read elsewhere, no draw
    role = ""
    each = bool(_EACH_W.search(after) or _EACH_W_BEFORE.search(before))
    if _LIMIT.search(before):
        role = "limit"
    elif _IDLE_W.search(before[-16:]) or _IDLE_W_AFTER.search(after):
        role = "idle_each" if each else "idle"  # "空闲的时候每张30w": per card at idle
    elif each:
        role = "each"
    elif _REST_W_BEFORE.search(before[-20:]) or _REST_W_AFTER.search(after):
        role = "rest"
    return Amount(v, "W", role=role) if 10 <= v <= 20000 else None


def _few(m: re.Match) -> Amount | None:
    v = _num(m.group(1))
    return Amount(v, "gpu") if 1 <= v <= 16 and v == int(v) else None


def _count(m: re.Match) -> Amount | None:
    v = _num(m.group(1))
    return Amount(v, "gpu") if 1 <= v <= 1024 and v == int(v) else None


def amounts(text: str) -> list[Amount]:
    return list(_amounts_of(text))


@lru_cache(maxsize=64)
def _amounts_of(text: str) -> tuple[Amount, ...]:
    """The amounts of a text, read once (the question reader and the bill ask the same text; Amounts are frozen)."""
    from assistant.nlu.amounts_work import read as read_work
    from assistant.nlu.amounts_work import read_parts

    r = _Reader(_normal(text))
    read_work(r)
    read_parts(r)
    _rates(r)
    _schedule(r)
    _spans(r)
    _things(r)
    return tuple(_restated(_hourly(sorted(r.found, key=lambda a: a.start), r.text), r.text))


_HOURS_AT = re.compile(r"(?:hours?|hrs?|h|小时)\s*(?:at|@|for|each at)\s*$")
_RESTATE = re.compile(r"^[^\d]{0,6}?(?:大概|大约|约|差不多|也就是|about|roughly|so|~|≈|i\.e\.)\s*$")


def _hourly(found: list[Amount], text: str) -> list[Amount]:
    """A decimal price with no unit right after a time ("an h100 for 40 hrs at $2.69") is that time's price an hour."""
    out = []
    for a in found:
        if a.unit == "money" and not a.per and a.value < 50 and _HOURS_AT.search(text[max(0, a.start - 12) : a.start]):
            a = Amount(**{**a.__dict__, "per": ("h",)})
        out.append(a)
    return out


def _restated(found: list[Amount], text: str) -> list[Amount]:
    """A time said again more precisely ("跑了三天两夜大概60小时", "2 days, about 40 hours"): the second one."""
    spans = [a for a in found if a.unit == "h" and a.role == "span"]
    dropped = {id(a) for a, b in zip(spans, spans[1:], strict=False) if _RESTATE.search(text[a.end : b.start])}
    return [Amount(**{**a.__dict__, "role": "restated"}) if id(a) in dropped else a for a in found]
