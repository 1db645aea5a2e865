"""The unit a question asks its figure in, and what the figure is for, read from the words (not from a form reader),
so that an answer giving a figure of another kind or for another thing is seen: "how many kwh ... to generate 1000
sdxl images" answered with kWh a year, "how many images per hour" answered with a rate table, "after how many weeks
does buying pay off" answered in years.

Contract: `asked(text)` -> `Unit` | None: `unit` (kWh | images | tokens | audio_hours | hours | days | weeks | months |
years | cards | money), `per` (hour | day | week | month | year | image | token | job | None: what one figure is per)
and `items` (a count of things the figure is for: "1000 images" -> 1000, None). `gives(unit, headline)` -> whether
the headline states a number in that unit (per that period or item, for those items when they are asked). The word
lists are the sorted sets below; scripts/figure_audit.py counts these checks per unit, respond/figure_net.py uses the
items check for an energy or bill asked of a count of things.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    """The unit asked, what one figure is per, and the count of things it is for."""

    unit: str
    per: str | None = None
    items: float | None = None


def _alt(words) -> str:
    return "(?:" + "|".join(sorted(words, key=lambda w: (-len(w), w))) + ")"


_UNITS = {
    "kWh": sorted({"kwh", "kilowatt hours", "kilowatt-hours", "度", "度电"}),
    "images": sorted({"images", "image", "pics", "pictures", "张图", "张"}),
    "tokens": sorted({"tokens", "token", "tok"}),
    "hours": sorted({"hours", "hrs", "hour", "小时", "个小时"}),
    "days": sorted({"days", "天"}),
    "weeks": sorted({"weeks", "周", "个星期"}),
    "months": sorted({"months", "个月"}),
    "years": sorted({"years", "年"}),
    "cards": sorted({"cards", "gpus", "张卡", "块卡"}),
}
_PERS = {
    "hour": sorted({"hour", "hr", "h", "小时", "个小时"}),
    "minute": sorted({"minute", "min", "分钟"}),
    "day": sorted({"day", "天"}),
    "month": sorted({"month", "个月", "月"}),
    "image": sorted({"image", "pic", "picture", "张图", "张"}),
    "token": sorted({"million tokens", "m tokens", "1m tokens", "百万token", "百万 token", "token"}),
    "job": sorted({"epoch", "run", "job", "轮", "次"}),
}
_AUDIO = re.compile(r"hours? of (?:audio|speech|recordings?)|小时(?:的)?(?:音频|录音)")
_ASK_EN = re.compile(
    r"how (?:many|much) (?:[a-z\d.-]+\s+){0,2}?("
    + _alt([w for ws in _UNITS.values() for w in ws if w.isascii()])
    + r")\b"
)
_ASK_ZH = re.compile(r"(?:多少|几)(" + _alt([w for ws in _UNITS.values() for w in ws if not w.isascii()]) + ")")
_PER = re.compile(
    r"(?:per|an|a|each|every|/|每|一)\s*(" + _alt([w for ws in _PERS.values() for w in ws]) + r")(?![a-z])"
)
_EACH_COST = re.compile(
    r"(?:each|per|every|一|每)\s*(" + _alt(_PERS["job"] + _PERS["image"]) + r")\s*(?:cost|多少钱|要多少)"
)
_ITEMS = re.compile(
    r"(?:for|generate|generating|make|making|render|rendering|transcribe|produce|生成|出|跑)\s*([\d,.]+)\s*(k|m|万)?\s*"
    r"(?:\w+\s+){0,2}?(images|pics|pictures|tokens|张图|张|个token|token)"
)
_MULT = {"k": 1e3, "m": 1e6, "万": 1e4}


def _unit_of(word: str) -> str:
    return next(u for u, words in _UNITS.items() if word in words)


def _per_of(word: str) -> str:
    return next(p for p, words in _PERS.items() if word in words)


def asked(text: str) -> Unit | None:
    t = text.lower()
    items_m = _ITEMS.search(t)
    items = float(items_m.group(1).replace(",", "")) * _MULT.get(items_m.group(2) or "", 1) if items_m else None
    each = _EACH_COST.search(t)
    if each:
        return Unit("money", _per_of(each.group(1)))
    if _AUDIO.search(t) and re.search(r"per hour|an hour|每小时|一小时", t):
        return Unit("audio_hours", "hour")
    found = _ASK_EN.search(t) or _ASK_ZH.search(t)
    if not found:
        return None
    unit = _unit_of(found.group(1))
    if found.group(1) == "张" and re.match(r"\s*(?:[a-z\d]|卡|显卡)", t[found.end() :]):
        unit = "cards"  # "要几张h20": cards
    after = _PER.search(t, found.end())
    before = _PER.search(t[max(0, found.start() - 12) : found.start()])  # "一小时能出几张": the period first
    per = _per_of(after.group(1)) if after and after.start() - found.end() < 30 else None
    per = per or (_per_of(before.group(1)) if before else None)
    if unit in ("hours", "days", "weeks", "months", "years") and per in ("day", "month"):
        per = None  # "how many hours a day": a schedule, not a rate asked
    return Unit(unit, per, items if unit in ("kWh", "money", "hours") else None)


_NUMBER = r"\d[\d,.]*\s*(?:k|万)?\s*"
_GIVEN = {
    "kWh": r"(?:kwh|度)",
    "images": r"(?:images?|张)",
    "tokens": r"(?:tokens?|tok/s)",
    "audio_hours": r"(?:hours? of audio|x real[- ]time|倍实时|小时音频)",
    "hours": r"(?:h\b|hours?|小时)",
    "days": r"(?:days?|天)",
    "weeks": r"(?:weeks?|周)",
    "months": r"(?:months?|个月)",
    "years": r"(?:years?|年)",
    "cards": r"(?:x\s|cards?|gpus?|张|块)",
}
_GIVEN_PER = {
    "hour": r"(?:an hour|per hour|/h\b|a minute|per minute|每小时|一小时|每分钟)",
    "image": r"(?:per image|an image|each|每张|一张)",
    "token": r"(?:per (?:million|m|1m)|/m\b|每百万)",
    "job": r"(?:per |each |a |每|一)",
}


def gives(unit: Unit, headline: str) -> bool:
    h = headline.lower()
    if unit.unit == "money":
        said = re.search(r"[$¥€£]\s?\d|\d\s*(?:元|块)", h)
        return bool(said) and (unit.per not in _GIVEN_PER or bool(re.search(_GIVEN_PER[unit.per], h)))
    pattern = _GIVEN.get(unit.unit)
    if pattern is None or not re.search(_NUMBER + pattern, h):
        return False
    if unit.per in _GIVEN_PER and unit.unit in ("images", "tokens", "audio_hours") and unit.unit != "audio_hours":
        if not re.search(_GIVEN_PER[unit.per] + "|/s\\b|a second|每秒", h):
            return False
    if unit.items:
        shown = {f"{unit.items:,.0f}", f"{unit.items:.0f}", f"{unit.items / 1e6:g}m", f"{unit.items / 1e4:g}万"}
        return any(s in h for s in shown)
    return True
