"""Amounts and usage a question says loosely, read after tagging (passes over the finished tags).

Contract (each pass takes the tags, the cleaned text and the lexicon and returns the tags):
- `round_the_clock`: "24小时挂机", "24小时不关机跑一个月": 24 hours said with a word of running on right after it
  (lexicon [lists] running_on_words, or a full-time HOURS tag there) is all the time: one HOURS tag
  {"per_week": 168, "full_time": True} in place of a 24-hour job (which the cost reader would take first); so is 24
  hours after a word of running ([lists] running_before_words: "跑24小时推理", "runs 24 hours") in a question about a
  week, month, quarter, semester or year (a day's run then is every day's). A full-load
  word right before stated hours ("每天跑满8小时") says how hard those hours run: the hours stand (per day after 每天).
- `powered_and_load` (run last, on the finished hours): on all the time with fewer hours of load said ("24小时开机
  每天只训练4小时") makes the full-time tag an IDLE tag for the time on.
- `vague_amounts`: "几百块", "小几千", "a few hundred bucks", "两千多", "一两千", "三四千": a rough amount. Its MONEY /
  NUMBER tag gets the middle of the range as its value and meanings["VAGUE"] = (low, high), which the answer shows
  ("几百块" is never ¥100). The range words are lexicon [lists] vague_few (2-9 of the unit), vague_couple (2-3),
  vague_small (1-3), vague_big (6-9), and vague_more after an amount ("两千多": 2,000-3,000).
- `temperatures`: "90度", "90多度", "跑到83度" said with a word of heat ([lists] temperature_words: "温度", "正常") and
  no electricity word ([lists] kwh_words): a TEMPERATURE tag (°C, as tagging/temperature.py makes for "85c"), never a
  kWh amount or a bare number. The units are [lists] temperature_units (Chinese only); only 30 to 110 °C counts.
- `ram_word_before(text, start, lex)`: a system-RAM word ([lists] ram_words_before: "内存", "内存条", "ram") right
  before position `start`, with only [lists] ram_gap words between ("内存有512g", "ram: 64gb"): the amount there is
  the computer's memory, never a GPU's.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag
from assistant.nlu.tagging.cn_numerals import CN_BIG, CN_DIGITS, CN_SMALL

FULL_TIME = {"per_week": 168.0, "full_time": True}
# digits a range word stands for, as (low, high) multiples of the unit after it
_VAGUE_DIGITS = (("vague_small", 1, 3), ("vague_big", 6, 9), ("vague_couple", 2, 3), ("vague_few", 2, 9))
_UNITS = {**CN_SMALL, **CN_BIG, "hundred": 100, "thousand": 1000}


def round_the_clock(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    out: list[Tag] = []
    skip, covered = None, -1
    words = sorted(lex.listed("running_on_words"), key=len, reverse=True)
    for k, t in enumerate(tags):
        if t is skip or t.start < covered:
            continue  # inside the span read as running all the time ("24小时在线": not "在")
        if not _twenty_four(t):
            out.append(t)
            continue
        nxt = tags[k + 1] if k + 1 < len(tags) else None
        rest = text[t.end :].lstrip()
        joined = nxt is not None and nxt.kind == "HOURS" and nxt.mapping().get("full_time") and not rest[:1].isascii()
        if joined and nxt is not None and not text[t.end : nxt.start].strip():
            out.append(Tag("HOURS", dict(FULL_TIME), text[t.start : nxt.end], t.start, nxt.end, t.meanings))
            skip = nxt
            continue
        word = next((w for w in words if rest.startswith(w)), "")
        if word:
            covered = text.index(word, t.end) + len(word)
            out.append(Tag("HOURS", dict(FULL_TIME), text[t.start : covered], t.start, covered, t.meanings))
            continue
        ran = _run_before(text, t.start, lex) or any(rest.startswith(w) for w in lex.listed("running_before_words"))
        if ran and _longer_period(text, lex):
            out.append(Tag("HOURS", dict(FULL_TIME), t.text, t.start, t.end, t.meanings))  # "跑24小时推理 一个月电费"
            continue
        out.append(t)
    return _load_hours_said(out, text)


def _run_before(text: str, start: int, lex: Lexicon) -> bool:
    """A word of running ([lists] running_before_words: "跑", "挂", "runs", "on") right before position `start`,
    not a past run ("跑了24小时" is one run of a day); the same word right after the hours ("24小时挂一张4090") counts
    too."""
    before = text[:start].rstrip().lower()
    return any(before.endswith(w) and not before[: -len(w)][-1:].isalpha() for w in lex.listed("running_before_words"))


def _longer_period(text: str, lex: Lexicon) -> bool:
    """The question asks about a period longer than a day (a week, month, quarter, semester or year: lexicon
    [lists] period_<p>): 24 hours of running then are every day of it, not one day's job."""
    low = text.lower()
    return any(lex.words_in(f"period_{p}", low) for p in ("week", "month", "quarter", "semester", "year"))


def powered_and_load(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    """ "两张3090 24小时开机 每天只训练4小时", "一直开着 每天跑3小时": the card is on all the time (a full-time HOURS
    tag said with a word of [lists] powered_on_words) and under load only for the other hours said: the full-time tag
    becomes IDLE (per_week 168, the hours on; nlu/form.py reads it as powered_hours_week), the load hours stay HOURS. A
    full-load word alone ("4090跑满450w，一天10小时") with other hours said is how hard those hours run: it goes."""
    hours = [t for t in tags if t.kind == "HOURS"]
    full = [t for t in hours if t.mapping().get("full_time")]
    load = [t for t in hours if not t.mapping().get("full_time") and 0 < (t.mapping().get("per_week") or 0) < 168]
    words = lex.listed("powered_on_words")
    on = [t for t in full if any(w in text[t.start : t.end + 2] for w in words)]
    loaded = lex.listed("full_load_words")  # "4090跑满450w ... 一天10小时": how hard it runs in the hours said
    hard = [t for t in full if t not in on and t.text.strip() in loaded]
    if hard and load:
        return [t for t in tags if t not in hard]
    if len(on) != 1 or not load:
        return tags
    idle = Tag("IDLE", {"per_week": FULL_TIME["per_week"]}, on[0].text, on[0].start, on[0].end, {})
    return [idle if t is on[0] else t for t in tags]


def _load_hours_said(tags: list[Tag], text: str) -> list[Tag]:
    """ "每天跑满8小时": a full-load word right before stated hours is how hard those hours run, not all week: the
    full-time tag goes, and hours after "每天" (a PERIOD day right before the load word) are per day."""
    out: list[Tag] = []
    k = 0
    while k < len(tags):
        t = tags[k]
        if k + 1 >= len(tags):
            out.append(t)
            break
        nxt = tags[k + 1]
        said = nxt.kind == "HOURS" and set(nxt.mapping()) == {"total"}
        if t.kind == "HOURS" and t.mapping().get("full_time") and said and not text[t.end : nxt.start].strip():
            hours = float(nxt.mapping()["total"])
            before = out[-1] if out else None
            daily = before is not None and before.kind == "PERIOD" and before.value == "day"
            if daily and before is not None and not text[before.end : t.start].strip() and 0 < hours <= 24:
                out[-1] = Tag(
                    "HOURS", {"per_week": hours * 7}, text[before.start : nxt.end], before.start, nxt.end, nxt.meanings
                )
            else:
                out.append(nxt)
            k += 2
            continue
        out.append(t)
        k += 1
    return out


def temperatures(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    low = text.lower()
    if not any(w in low for w in lex.listed("temperature_words")) or any(w in low for w in lex.listed("kwh_words")):
        return tags
    units = sorted(lex.listed("temperature_units"), key=len, reverse=True)
    out: list[Tag] = []
    covered = -1
    for t in tags:
        if t.start < covered:
            continue
        degrees = _degrees(t, low, units, lex)
        if degrees is None:
            out.append(t)
            continue
        covered = degrees[1]
        out.append(Tag("TEMPERATURE", degrees[0], text[t.start : covered], t.start, covered, {}))
    return out


def _degrees(t: Tag, low: str, units: list[str], lex: Lexicon) -> tuple[float, int] | None:
    """(°C, end) of a number tag that a temperature unit follows ("90度", "90多度", "85c"), else None."""
    if t.kind not in ("NUMBER", "KWH"):
        return None
    said = low[t.start : t.end]
    digits = re.match(r"\d+(?:\.\d+)?", said)
    if digits is None:
        return None
    value = float(digits.group())
    rest = said[digits.end() :] + low[t.end : t.end + 12] if t.kind == "KWH" else low[t.end : t.end + 12]
    more = next((w for w in lex.listed("vague_more") if rest.startswith(w)), "")
    rest = rest[len(more) :]
    unit = next((u for u in units if rest.startswith(u) and not _word_goes_on(u, rest[len(u) :][:1])), None)
    if unit is None or not 30 <= value <= 110:
        return None
    if t.kind == "KWH":
        return value, t.start + digits.end() + len(more) + len(unit)
    return value, t.end + len(more) + len(unit)


def _word_goes_on(unit: str, nxt: str) -> bool:
    """An ASCII unit glued to more letters is another word ("85 cents"); Chinese runs on without spaces ("90度正常")."""
    return unit.isascii() and nxt.isascii() and nxt.isalpha()


def _twenty_four(t: Tag) -> bool:
    """A HOURS tag of 24 hours in all ("24小时", "24h")."""
    return t.kind == "HOURS" and t.mapping().get("total") == 24.0 and not t.mapping().get("span")


def vague_amounts(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    out = []
    for t in tags:
        if t.kind in ("MONEY", "NUMBER") and "VAGUE" not in t.meanings:
            t = _few_of_unit(t, text, lex) or _spoken_range(t) or _and_more(t, text, lex) or t
        out.append(t)
    return out


def _few_of_unit(t: Tag, text: str, lex: Lexicon) -> Tag | None:
    """ "几百块", "小几千", "a few hundred bucks": a range word right before a unit said without a digit."""
    unit = _unit_at(t.text)
    if unit is None or t.number() != unit:
        return None
    before = text[: t.start].rstrip()
    for name, low, high in _VAGUE_DIGITS:
        word = next((w for w in sorted(lex.listed(name), key=len, reverse=True) if _ends_with_word(before, w)), None)
        if word is not None:
            start = len(before) - len(word)
            return _ranged(t, low * unit, high * unit, start, t.end, text)
    return None


def _spoken_range(t: Tag) -> Tag | None:
    """ "一两千", "三四千", "五六百": two neighbouring digits and a unit (cn_numerals.cn_range made the middle)."""
    chars = t.text[:3]
    if len(chars) < 3 or chars[0] not in CN_DIGITS or chars[1] not in CN_DIGITS or chars[2] not in _UNITS:
        return None
    low, high, unit = CN_DIGITS[chars[0]], CN_DIGITS[chars[1]], _UNITS[chars[2]]
    if not low or high != low + 1 or t.number() != (low + high) / 2 * unit:
        return None
    return Tag(t.kind, t.value, t.text, t.start, t.end, {**t.meanings, "VAGUE": (low * unit, high * unit)})


def _and_more(t: Tag, text: str, lex: Lexicon) -> Tag | None:
    """ "两千多", "一万多块", "3000多": a round amount and a word of "more" after it: up to one more of its place."""
    inside = _more_inside(t.text, lex)  # "两千多块": the money tag already holds 多
    after = t.text[inside:] if inside is not None else text[t.end :]
    word = next((w for w in sorted(lex.listed("vague_more"), key=len, reverse=True) if after.startswith(w)), None)
    if word is None or any(after.startswith(w) for w in lex.listed("vague_more_not")):
        return None
    v = t.number()
    place = _place(v)
    if place < 10:
        return None
    return _ranged(t, v, v + place, t.start, t.end if inside is not None else t.end + len(word), text)


def _more_inside(said: str, lex: Lexicon) -> int | None:
    """Where a word of "more" starts inside a tag's text after its numerals ("两千多块" -> 2), or None."""
    k = 0
    while k < len(said) and (said[k] in CN_DIGITS or said[k] in _UNITS or said[k].isdigit()):
        k += 1
    return k if 0 < k < len(said) and any(said[k:].startswith(w) for w in lex.listed("vague_more")) else None


def _place(v: float) -> float:
    """The largest power of ten that divides a round amount (2000 -> 1000, 2500 -> 100, 15000 -> 1000)."""
    if v <= 0 or not float(v).is_integer():
        return 0.0
    place = 1.0
    while v % (place * 10) == 0 and place * 10 <= v:
        place *= 10
    return place


def _ranged(t: Tag, low: float, high: float, start: int, end: int, text: str) -> Tag:
    middle = (low + high) / 2
    return Tag(t.kind, middle, text[start:end], start, end, {**t.meanings, "VAGUE": (low, high)})


def _unit_at(said: str) -> float | None:
    """The unit a tag's text starts with ("百块" 100, "千" 1000, "十万" 100,000, "hundred bucks" 100), or None."""
    first = said.split()[0] if said and said[0].isascii() else said[:1]
    if first not in _UNITS:
        return None
    unit, k = float(_UNITS[first]), 1
    while not said[0].isascii() and k < len(said) and said[k] in _UNITS and _UNITS[said[k]] > _UNITS[said[k - 1]]:
        unit *= _UNITS[said[k]]  # "几十万": ten ten-thousands
        k += 1
    return unit


def _ends_with_word(before: str, word: str) -> bool:
    if not before.endswith(word):
        return False
    prev = before[: -len(word)][-1:]
    return not (word.isascii() and prev.isalnum())


def ram_word_before(text: str, start: int, lex: Lexicon) -> bool:
    before = text[:start].rstrip()
    for gap in sorted(lex.listed("ram_gap"), key=len, reverse=True):
        if before.endswith(gap):
            before = before[: -len(gap)].rstrip()
            break
    for word in sorted(lex.listed("ram_words_before"), key=len, reverse=True):
        if _ends_with_word(before, word):
            owner = before[: -len(word)].rstrip()
            return not any(owner.endswith(w) for w in lex.listed("vram_owner_words"))  # "显卡内存24g": the card's
    return False


_CLOCK = re.compile(
    r"(早上|上午|中午|下午|傍晚|晚上|夜里|半夜|凌晨)?\s*(\d{1,2}|[零一二两三四五六七八九十]{1,3})\s*(?:点|时)(半)?\s*"
    r"(?:到|至|-|~|～|—)\s*(早上|上午|中午|下午|傍晚|晚上|夜里|半夜|凌晨|第二天早上|次日早上)?\s*"
    r"(\d{1,2}|[零一二两三四五六七八九十]{1,3})\s*(?:点|时)(半)?"
)
_AFTERNOON = ("下午", "傍晚", "晚上", "夜里")  # a clock hour under 12 after these words is p.m.


def clock_ranges(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    """ "每天晚上11点到早上7点跑训练", "9点到5点": a span of clock hours is that many hours a day (past midnight when
    the end is earlier; an end said without 早上 / 下午 is taken in the half of the day that gives the shorter span),
    every day unless a usage pattern says which days ("周末" 2, weekdays 5): one HOURS tag
    {"per_week", "per_day"} in place of the hours a usage word would assume ("每晚 3 小时")."""
    m = _CLOCK.search(text)
    if m is None:
        return tags
    start, end = _clock(m.group(1), m.group(2), m.group(3)), _clock(m.group(4), m.group(5), m.group(6))
    if start is None or end is None:
        return tags
    spans = [(end - start) % 24]
    if m.group(4) is None:  # "下午2点到6点", "9点到5点": an end without its word may be the other half of the day
        spans.append((end + 12 - start) % 24)
    hours = min((h for h in spans if h > 0), default=24.0)
    assumed = [t for t in tags if t.kind == "HOURS" and t.mapping().get("assumed")]
    days = float(assumed[0].mapping().get("days") or 7) if assumed else _days_said(text, lex)
    clock = Tag("HOURS", {"per_week": hours * days, "per_day": hours}, m.group(0), m.start(), m.end(), {})
    kept = [
        t for t in tags if t not in assumed and not (t.kind in ("HOURS", "NUMBER") and m.start() <= t.start < m.end())
    ]
    return sorted([*kept, clock], key=lambda t: t.start)


def _days_said(text: str, lex: Lexicon) -> float:
    """Days a week a clock span is used: weekends (lexicon clock_weekend_words) 2, workdays (clock_workday_words) 5,
    else every day."""
    if lex.words_in("clock_weekend_words", text):
        return 2.0
    return 5.0 if lex.words_in("clock_workday_words", text) else 7.0


def _clock(word: str | None, number: str, half: str | None) -> float | None:
    value = float(number) if number.isdigit() else None
    if value is None:
        chars = list(number)
        from assistant.nlu.tagging.cn_numerals import cn_number

        value = cn_number(chars)
    if value is None or not 0 <= value <= 24:
        return None
    if word in _AFTERNOON and value < 12:
        value += 12
    if word == "中午" and value < 6:
        value += 12
    return value + (0.5 if half else 0.0)
