"""Quantities of WORK a question states, read before the other amounts (nlu/amounts.py) so that the bill can be timed
from them (models/calc.py `work_hours`).

Contract: `read(r)` takes, from the normalised text of an amounts reader `r`:
- a count of items (unit "item", role the item's kind "image" | "token"): "1000 images", "1M tokens", "10000张图";
- the time one item takes (unit "h", per ("item",)): "one image takes 12s", "12s per image", "一张图4秒", "4秒一张";
- a speed (unit "item", per ("s",)): "90 tok/s", "每秒60 token", "20 images a minute";
- a price per N items (unit "money", per ("item",), `scale` N): "$2/M tokens", "每百万token 2元", "$0.01 per image";
- hours of media (unit "h", role "media"): "300 hours of audio", "50小时录音"; a speed-up over real time (unit "x", role
  "realtime"): "~40x realtime", "40倍速";
- a margin on the time (unit "share", role "buffer", as a fraction): "plus 20% buffer", "多留20%余量".
`items_asked(text)` -> (N, kind) when the figure is asked per N items ("cost per 1000 images", "per million tokens",
"每百万token"), else None. The words are the sorted sets below; nothing here matches one question.
"""

from __future__ import annotations

import re
from functools import cache

_N = r"(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?![\d])"
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "mil": 1e6, "千": 1e3, "万": 1e4, "百万": 1e6, "亿": 1e8}
_KINDS = {
    "image": sorted({"image", "images", "img", "imgs", "pic", "pics", "picture", "pictures", "render", "renders",
                     "photo", "photos", "张图", "张图片", "幅图"}),
    "token": sorted({"token", "tokens", "tok", "toks", "个token", "个tokens"}),
    "step": sorted({"step", "steps", "training step", "training steps", "iteration", "iterations", "iters", "步"}),
    "request": sorted({"request", "requests", "req", "reqs", "query", "queries", "api call", "api calls", "次请求",
                       "个请求"}),
}  # fmt: skip
_SECONDS = {"s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0, "秒": 1.0, "min": 60.0, "mins": 60.0,
            "minute": 60.0, "minutes": 60.0, "分钟": 60.0}  # fmt: skip
_PER_TIME = {"s": 1.0, "sec": 1.0, "second": 1.0, "min": 60.0, "minute": 60.0, "h": 3600.0, "hr": 3600.0,
             "hour": 3600.0, "秒": 1.0, "分钟": 60.0, "小时": 3600.0}  # fmt: skip
_MEDIA = sorted({"audio", "video", "videos", "recording", "recordings", "speech", "podcast", "podcasts", "音频", "录音",
                 "视频", "语音"})  # fmt: skip
_REALTIME = sorted({"realtime", "real-time", "real time", "rt", "实时", "倍速"})
_BUFFER = sorted({"buffer", "margin", "overhead", "headroom", "slack", "contingency", "余量", "冗余", "缓冲", "富余"})
_MONEY = r"(us\$|[$¥￥£€])?\s*" + _N + r"\s*(元|块钱|块|usd|dollars?|bucks|rmb|eur|euros?|gbp)?"


def _alt(words) -> str:
    return _alt_of(tuple(words))


@cache
def _alt_of(words: tuple[str, ...]) -> str:
    """The words as one alternation, longest first (the same few lists every question: escaped once)."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))) + ")"


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def _kind(word: str) -> str | None:
    if word == "张":
        return "image"  # read only in a question about images (read: _IMAGE_CONTEXT)
    return next((k for k, words in _KINDS.items() if word in words), None)


_SCALE_RE = r"\s*(" + _alt(_SCALE) + r"(?![a-z]))?\s*"
_ITEM_RE = "(" + _alt([w for ws in _KINDS.values() for w in ws]) + r")(?![a-z])"


_IMAGE_CONTEXT = re.compile(r"出图|生图|画图|张图|图片|sd|sdxl|flux|image|midjourney|comfyui")


def read(r) -> None:
    from assistant.nlu.amounts import Amount

    item_re = _ITEM_RE
    if _IMAGE_CONTEXT.search(r.text):  # "出图一张5秒 一共要出2万张": 张 counts images
        card = r"(?!\s*(?:rtx|gtx|tesla|[a-z]{0,3}\d{2,4}|卡|显卡|gpu))"  # "两张4090": cards
        item_re = "(" + _alt([w for ws in _KINDS.values() for w in ws]) + "|张" + card + r")(?![a-z])"

    def item_price(m: re.Match) -> Amount | None:
        cur, value, after, scale, kind = m.group(1), _num(m.group(2)), m.group(3), m.group(4), _kind(m.group(5))
        if kind is None or (cur is None and after is None):
            return None
        return Amount(value, "money", ("item",), _currency(cur, after), kind, scale=_SCALE.get(scale or "", 1.0))

    def item_price_zh(m: re.Match) -> Amount | None:
        n, scale, kind, cur = m.group(1), m.group(2), _kind(m.group(3)), m.group(4)
        value, after = _num(m.group(5)), m.group(6)
        if kind is None or (cur is None and after is None):
            return None
        per = (_num(n) if n else 1.0) * _SCALE.get(scale or "", 1.0)  # "每百万token" (read as "每 1000000token")
        return Amount(value, "money", ("item",), _currency(cur, after), kind, scale=per)

    # "$2/M tokens", "$0.01 per image", "2 dollars per million tokens"
    r.each(_MONEY + r"\s*(?:/|per|an?|for)\s*(?:1\s*)?" + _SCALE_RE + item_re, item_price)
    # "每百万token 2元", "每张图0.1元"
    r.each(
        r"每\s*(\d+)?\s*(" + _alt(_SCALE) + r")?\s*(?:个)?" + item_re + r"\s*(?:要|是|收|约)?\s*" + _MONEY,
        item_price_zh,
    )

    def speed(m: re.Match) -> Amount | None:
        value = _num(m.group(1))
        return Amount(value, "item", ("s",), role="token") if value > 0 else None

    r.each(_N + r"\s*(?:tok/s|tokens?/s|t/s|tps|tokens? (?:per|a) second|token/秒|tokens?每秒)(?![a-z])", speed)
    r.each(r"每秒\s*(?:大概|约|能)?\s*(?:出|生成|跑|输出)?\s*" + _N + r"\s*(?:个)?\s*(?:token|tok)s?", speed)

    def images_per(m: re.Match) -> Amount | None:
        value, per = _num(m.group(1)), _PER_TIME.get(m.group(3))
        return Amount(value / per, "item", ("s",), role="image") if per and _kind(m.group(2)) == "image" else None

    r.each(_N + r"\s*" + item_re + r"\s*(?:/|per|an?|every)\s*(s|sec|second|min|minute|h|hr|hour)(?![a-z])", images_per)

    def each_time(m: re.Match) -> Amount | None:
        kind, value, unit = _kind(m.group(1)), _num(m.group(2)), _SECONDS.get(m.group(3))
        return Amount(value * unit / 3600, "h", ("item",), role=kind) if kind and unit and value > 0 else None

    def time_each(m: re.Match) -> Amount | None:
        value, unit, kind = _num(m.group(1)), _SECONDS.get(m.group(2)), _kind(m.group(3))
        return Amount(value * unit / 3600, "h", ("item",), role=kind) if kind and unit and value > 0 else None

    secs = "(" + _alt(_SECONDS) + r")(?![a-z])"
    # "one flux dev image takes 12s", "each image takes ~4 seconds", "一张图4秒", "出一张图要4秒"
    r.each(
        r"(?:one|an?|each|every|1|per|一|每)\s*(?:[a-z0-9.\-]+\s+){0,3}?"
        + item_re
        + r"\s*(?:takes?|took|is|=|needs?|every|要|需要|大概|约|用)?\s*(?:about|around|~|大概|约)?\s*"
        + _N
        + r"\s*"
        + secs,
        each_time,
    )

    def takes(m: re.Match) -> Amount | None:  # "50k images if each takes 3.5s": each of the items said before
        value, unit = _num(m.group(1)), _SECONDS.get(m.group(2))
        return Amount(value * unit / 3600, "h", ("item",)) if unit and value > 0 else None

    r.each(r"\beach(?: one)?\s+(?:takes?|took|needs?)\s+(?:about\s+|around\s+|~)?" + _N + r"\s*" + secs, takes)
    # "12s per image", "12 seconds an image", "4秒一张", "4秒出一张图"
    r.each(_N + r"\s*" + secs + r"\s*(?:/|per|an?|each|for each|一|每|出一)\s*" + item_re, time_each)

    def items(m: re.Match) -> Amount | None:
        value, scale, kind = _num(m.group(1)), _SCALE.get(m.group(2) or "", 1.0), _kind(m.group(3))
        return Amount(value * scale, "item", role=kind) if kind else None

    r.each(r"(?<![a-z\d.$¥£€])" + _N + _SCALE_RE + item_re, items)

    def many(m: re.Match) -> Amount | None:  # "一共要出2万张 4090 ...": thousands are images even before a card
        value = _num(m.group(1))
        return Amount(value, "item", role="image") if value >= 50 else None

    if item_re != _ITEM_RE:
        r.each(r"(?<![a-z\d.$¥£€])" + _N + r"\s*张", many)

    def media(m: re.Match) -> Amount:
        return Amount(_num(m.group(1)), "h", role="media")

    r.each(_N + r"\s*(?:hours?|hrs?|h|小时|个小时)\s*(?:of\s+|的)?\s*" + _alt(_MEDIA), media)
    r.each(
        r"(?:~|about\s+)?" + _N + r"\s*(?:x|倍)\s*" + _alt(_REALTIME),
        lambda m: Amount(_num(m.group(1)), "x", role="realtime"),
    )

    def buffer(m: re.Match) -> Amount | None:
        value = _num(m.group(1))
        return Amount(value / 100, "share", role="buffer") if 0 < value <= 200 else None

    r.each(_N + r"\s*%\s*(?:of\s+|的)?\s*(?:extra\s+|more\s+)?" + _alt(_BUFFER), buffer)
    r.each(
        _N + r"\s*%\s*(?:extra\s+)?for\s+(?:failed|retries|reruns|re-runs|restarts|overhead|safety|mistakes)", buffer
    )
    r.each(r"(?:plus|\+|add|with)\s*(?:a\s+|an\s+)?(?:extra\s+)?" + _N + r"\s*%(?!\s*(?:of|util|load|power))", buffer)
    r.each(r"(?:多留|预留|留|加上?|多加)\s*" + _N + r"\s*%", buffer)


_PARTS = sorted(
    {"电源", "主板", "cpu", "内存", "硬盘", "固态", "机箱", "散热", "显卡", "psu", "motherboard", "mobo", "ram",
     "ssd", "case", "cooler", "platform", "准系统", "整机其他", "其他配件", "配件"}
)  # fmt: skip
_CARD_NUMBER = re.compile(r"[1-9]0[5-9]0|16[56]0|[1-9]0[5-9]0ti")  # "4090一张": a card, not ¥4,090


def read_parts(r) -> None:
    """Prices of the parts of a purchase, said without a currency in Chinese forum style: "闲鱼2500一张" (a card's
    price, unit money, role "each"), "电源1500", "主板cpu内存6000" (role "part"), for a total asked ("一共多少")."""
    from assistant.nlu.amounts import Amount

    def each(m: re.Match) -> Amount | None:
        if _CARD_NUMBER.fullmatch(m.group(1)) or _num(m.group(1)) < 50:
            return None
        return Amount(_num(m.group(1)), "money", ("gpu",), None, "each")

    r.each(r"(?<![a-z\d.$¥£€])" + _N + r"\s*(?:元|块)?\s*(?:一张|每张|一块|一台)(?!\s*(?:卡|显卡))", each)

    def part(m: re.Match) -> Amount | None:
        value = _num(m.group(1))
        return Amount(value, "money", (), None, "part") if value >= 50 else None

    words = _alt(_PARTS)
    unit = r"(?![\d.]|[a-z]|\s*(?:w|gb|g|tb|瓦|核|代|mhz|mt|%)(?![a-z]))"  # "电源1500", not "电源850w", "内存64g"
    r.each(words + r"[^\d,，。;；]{0,8}?" + _N + r"\s*(?:元|块)?" + unit, part)


def _currency(before: str | None, after: str | None) -> str | None:
    from assistant.nlu.amounts import currency_of

    return currency_of(before, after)


_ZH_PER_IMAGE = re.compile(r"(?:每|一)\s*张\s*(?:图|图片)\s*(?:的)?\s*(?:电费|成本|多少|要多少|花多少|几毛|几分)")


def items_asked(text: str) -> tuple[float, str] | None:
    """(N, kind) of "cost per 1000 images", "per million tokens", "每百万token", "per image"."""
    m = re.search(r"(?:per|/|for each|every|每)\s*(?:(\d[\d,]*)\s*)?" + _SCALE_RE + _ITEM_RE, text)
    if m is None:
        return (1.0, "image") if _ZH_PER_IMAGE.search(text) else None  # "一张图多少电费": per image
    kind = _kind(m.group(3))
    if kind is None:
        return None
    n = _num(m.group(1)) if m.group(1) else 1.0
    return n * _SCALE.get(m.group(2) or "", 1.0), kind


def with_items_asked(said: list, text: str) -> list:
    """The items a figure is asked per ("cost per million tokens", "每百万token") when no count of them is stated."""
    from assistant.nlu.amounts import Amount

    asked = items_asked(text.lower())
    if asked is None or any(a.unit == "item" and not a.per for a in said):
        return said
    return [*said, Amount(asked[0], "item", role=asked[1], start=len(text) + 1, end=len(text) + 1)]
