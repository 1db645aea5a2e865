"""How much the question's cards run, read from ALL its evidence at once: hours said ("3h every evening", "10
hrs/night"), clock spans ("from 7pm till midnight", "9-6 weekdays", "晚上7点到12点"), days said ("5 nights a week",
"most weekdays", "every business day", "周末"), hours said beside a day ("all day every business day (say 10h)"),
and the situation (lexicon [lists] usage_<class>: a colo box, "never idles", "长期租" run around the clock; a lab or
team shares a box; "overnight" runs; "一个月一周").

Contract: `read_usage(tags, text, lex)` -> `Usage | None` (query_terms.Usage: hours a week and the parts they were
made of, each with the words it came from and whether the value is an assumption); None when the question says
nothing about how much its cards run, or when it says the card is on but idle (tagging/usage.idle_time's IDLE: the
load and the hours on are CostQuery's own fields). `usage_of_text(text, index)` tags a text and reads it (two-part
questions hand the whole question's usage to each half). Precedence: hours said beat the situation, the situation
beats the hours a class of words assumes (an evening 3 h), a said 24/7 beats everything; days a week are the ones
said as a number ("every night ... 5 nights a week": 5), else the first day words said ("busy 9-6 weekdays, quiet
nights/weekends": 5). Nothing here raises on a question.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assistant.nlu.clock import clock_span, clock_times, hours_between
from assistant.nlu.schedule import day_spans, days_said, job_weeks, people_said, sessions_said, share_said, split_week
from assistant.nlu.tagging.usage import WEEKS_PER
from assistant.periods import SEMESTER_WEEKS
from assistant.query_terms import Usage, UsagePart

if TYPE_CHECKING:
    from assistant.nlu.lexicon import Lexicon
    from assistant.nlu.tagger import Tag

WEEK = 168.0
# the situation classes (lexicon [lists] usage_<class>) and what each implies, said as an assumption [A]:
# always_on / long_rent / long_run: around the clock (a colocated or never-idle box; a long-term rental is paid for
# every hour; a month-long run goes on day and night);
# shared: a box a lab or team shares is busy at least half the week [A]; overnight: a night's run of 8 hours [A];
# daytime: a working day of 10 hours [A]; week_a_month: one week of each month around the clock [A]
SHARED_SHARE = 0.5
OVERNIGHT_HOURS = 8.0
DAYTIME_HOURS = 10.0
# on_demand: a machine on all week that serves a few people (a home inference server, a bot) works about 3 hours a
# day and idles the rest [A]
ON_DEMAND_HOURS = 3.0
ALWAYS = ("always_on", "long_rent", "long_run")
# deployed: a server put into service for a team, a company or its users ("本地部署", "on our server", "in production")
# is on all week and under load a working day, 8 hours, a day [A]; idle the rest (§cost.idle)
DEPLOYED_HOURS = 8.0
# mostly_idle: a machine said to be on but mostly idle ("mostly idle", "不怎么跑") works a tenth of the week [A]
MOSTLY_IDLE_SHARE = 0.1
# afternoon: an afternoon of use, noon to about 5 pm, 4 hours [A]
AFTERNOON_HOURS = 4.0
HOURS_A_DAY = (("overnight", OVERNIGHT_HOURS), ("daytime", DAYTIME_HOURS), ("afternoon", AFTERNOON_HOURS))
DAY_SETS = (("usage_days_5", 5.0), ("usage_days_2", 2.0), ("usage_days_7", 7.0))  # days a week said in words
TIME_OF_DAY = ("evenings", "few")  # assumed kinds of the tagger that say the hours of a day, not the days
# "9-6 weekdays", "9am-6pm": a span of bare hours beside a day word (a clock span without am/pm)
_SPAN = re.compile(
    r"(?<![\d.$:,/])(\d{1,2})\s*(am|pm)?\s*(?:-|–|to|till|until)\s*(\d{1,2})\s*(am|pm)?(?![\d.:%/]|,\d|\s*(?:k|gb|b\b|w\b|x))"
)
_SPAN_GAP = 16  # characters between such a span and its day word
_PATTERNS: dict[tuple[int, str], re.Pattern[str] | None] = {}


def read_usage(tags: list[Tag], text: str, lex: Lexicon) -> Usage | None:
    if any(t.kind == "IDLE" for t in tags):
        return None
    low = text.lower()
    usage = _read(tags, text, low, lex)
    if usage is not None and usage.per_week < WEEK and usage.on_per_week is None and _idles_rest(low, lex):
        usage = Usage(usage.per_week, usage.parts, on_per_week=WEEK)  # "11pm-7am inference, plus daytime idle"
    if usage is None or usage.assumed or any(p.kind for p in usage.parts) or usage.per_week >= WEEK:
        return usage  # people multiply hours SAID ("each ~3 h a day"), not a situation's or a clock span's
    people = people_said(tags, low, lex)
    if people is None:
        return usage
    n, words = people
    demand = round(usage.per_week * n, 2)
    return Usage(round(min(demand, WEEK), 2), (*usage.parts, UsagePart("people", n, words)), people_hours=demand)


def _read(tags: list[Tag], text: str, low: str, lex: Lexicon) -> Usage | None:
    hours = [t for t in tags if t.kind == "HOURS" and _of_use(t)]
    found = {
        kind: _found(lex, f"usage_{kind}", low)
        for kind in (*ALWAYS, "shared", "overnight", "daytime", "afternoon", "deployed")
    }
    found["week_a_month"] = _found(lex, "usage_week_a_month", low)
    nights = [n for k, _ in HOURS_A_DAY if (n := found[k])]  # "晚上挂机跑": a night's run, not around the clock
    hours = [t for t in hours if not (_always(t) and any(_overlap(t, n) for n in nights))]
    said_always = next((t for t in hours if _always(t)), None)
    if said_always is not None and not any(c.isdigit() for c in said_always.text) and _recurring(hours, low, lex):
        if clock_span(text, lex) is not None:  # "通宵挂机 晚上11点到早上7点 一周五天": the span said, not 24/7
            said_always = None
            hours = [t for t in hours if not _always(t)]
    idle_most = _found(lex, "usage_mostly_idle", low)  # "mostly idle", "不怎么跑": on, working a tenth of the week [A]
    share = share_said(low)  # a share said beats the assumed one ("mostly idle, busy maybe 15% of the day": 15 %)
    if share is None and idle_most is not None and not any(t.mapping().get("per_day") for t in hours if not _always(t)):
        part = UsagePart("share", MOSTLY_IDLE_SHARE, idle_most[0], assumed=True, kind="mostly_idle")
        return Usage(round(WEEK * MOSTLY_IDLE_SHARE, 2), (part,), on_per_week=WEEK)
    if share is not None and not any(t.mapping().get("per_day") for t in hours if not _always(t)):
        on = WEEK if (share[2] or said_always is not None or idle_most is not None) else None  # idles on the rest
        return Usage(round(WEEK * share[0], 2), (UsagePart("share", share[0], share[1], kind="duty"),), on_per_week=on)
    split = split_week(low)  # "平时工作日晚上两三个小时 周末全天": 5 weekdays and 2 weekend days, each at its hours
    if split is not None and said_always is None:
        weekday, day_words, weekend, end_words, assumed = split
        per_week = round(5 * weekday + 2 * weekend, 2)
        parts = (
            UsagePart("hours_day", weekday, day_words, kind="weekdays"),
            UsagePart("hours_day", weekend, end_words, assumed=assumed, kind="weekend_all" if assumed else "weekend"),
        )
        return Usage(per_week, parts)
    sessions = sessions_said(low)  # "每周跑两次每次10小时", "3 times a week, 4 hours each": times x hours each
    if sessions is not None and said_always is None and not any(t.mapping().get("cadence") for t in hours):
        times, each, times_words, each_words = sessions
        parts = (UsagePart("hours_each", round(each, 2), each_words), UsagePart("times_week", times, times_words))
        return Usage(round(min(times * each, WEEK), 2), parts)
    if said_always is not None:
        return _on_demand(Usage(WEEK, (UsagePart("always", WEEK, said_always.text),)), low, lex)
    glued = next((t for t in hours if _glued_to_days(t, low)), None)
    if glued is not None:  # "周六周日各12小时": the tagger's "周12小时" is each of the days named, not a week's hours
        return _composed(UsagePart("hours_day", _week(glued), glued.text), _days_a_week(hours, low, lex))
    day = _hours_a_day(hours, tags, text, low, lex, found)
    days = _days_a_week(hours, low, lex)
    said_week = next(
        (t for t in hours if _week(t) and not t.mapping().get("assumed") and "per_day" not in t.mapping()), None
    )
    weekly = next((t for t in hours if _weekly_total(t, low)), None) if said_week is None and day is None else None
    if weekly is not None:  # "每周租autodl的3090十个小时": the week said before the hours, words between
        value = float(weekly.mapping()["total"])
        return Usage(value, (UsagePart("per_week", value, low[_week_word(weekly, low) : weekly.end].strip()),))
    term = _term_total(hours, low) if said_week is None and day is None else None
    if term is not None:  # "一个学期大概用500小时", "500 hours a semester", "一年用2000小时": spread over its weeks
        value, words = term
        return Usage(round(value, 2), (UsagePart("per_week", round(value, 2), words),))
    if said_week is not None and said_week.mapping().get("cadence"):  # "every other weekend for about 12 hours"
        m = said_week.mapping()
        time = UsagePart(
            "hours_each", float(m["each"]), str(m.get("each_words") or said_week.text), "each_words" not in m
        )
        return Usage(_week(said_week), (time, UsagePart("times_week", float(m["cadence"]), str(m["cadence_words"]))))
    if said_week is not None and (day is None or day.assumed):  # "maybe 6 hrs sat and sun": 12, as said
        daily = _each_of_days(said_week, days)
        if daily is not None and days is not None:  # "sat and sun like 6 hrs each": 6 h on each of the 2 days
            return Usage(_week(said_week), (UsagePart("hours_day", daily, said_week.text), days))
        return Usage(_week(said_week), (UsagePart("per_week", _week(said_week), said_week.text),))
    if day is not None and not day.assumed and found["week_a_month"] and (days is None or days.value == 7):
        per_week = round(day.value * 7 / WEEKS_PER["month"], 1)  # the hours of that one week, spread over the month
        return Usage(
            per_week, (day, UsagePart("per_week", per_week, found["week_a_month"][0], kind="week_a_month_said"))
        )
    if day is not None and not day.assumed:  # hours said: the situation's words do not override them
        return _composed(day, days)
    for kind in ALWAYS:  # "晚上挂机": the night's words hold the always-on word, they are not around the clock
        if found[kind] and any(_inside(found[kind], found[k]) for k, _ in HOURS_A_DAY):
            found[kind] = None
    situation = _situation(found)
    if situation is not None:
        return _on_demand(situation, low, lex)
    tagged = next((t for t in hours if t.mapping().get("assumed") and day and t.text == day.words), None)
    if tagged is not None and days is None:  # "twice a month": the tagger's own reading, nothing else said
        kind = str(tagged.mapping()["assumed"])
        return Usage(_week(tagged), (UsagePart("per_week", _week(tagged), tagged.text, True, kind),))
    if day is not None:  # a day word alone ("每天1万次请求") says how often something happens, not how long cards run
        return _composed(day, days)
    return None


def _each_of_days(t: Tag, days: UsagePart | None) -> float | None:
    """The hours of each day when a week's hours are the number said x the days said ("6 hrs" on "sat and sun": 6)."""
    if days is None or not 0 < days.value < 7:
        return None
    said = re.search(r"\d+(?:\.\d+)?", t.text)
    each = _week(t) / days.value
    return each if said is not None and abs(float(said.group(0)) - each) < 0.01 else None


def hours_in_all(tags: list[Tag], low: str = "") -> bool:
    """Does the question state hours in all ("for a 30 hour run", "跑一个100小时的实验")? A rent of them is theirs;
    not hours said of each week ("每周租...十个小时")."""
    return any(
        t.kind == "HOURS" and "total" in t.mapping() and not t.mapping().get("per_week") and not _weekly_total(t, low)
        for t in tags
    )


# a week said before hours in all, in the same clause: "每周租autodl的3090十个小时", "一周大概用4090跑6个小时"
_WEEK_BEFORE = re.compile(
    r"(?:每周|一周|每星期|一星期|每个星期|一个星期|每礼拜)(?:[^。，,;；.!?！？\s]|\s(?!\s)){0,16}$"
)


# a longer period said with hours in all: before them in the clause ("一个学期大概用500小时", "每个月用100小时") or
# right after them ("500 hours a semester", "2000 hours a year"); its weeks (a semester: the term said, else
# SEMESTER_WEEKS)
_TERM_BEFORE = re.compile(
    r"(?P<p>每学期|一个学期|一学期|每个学期|整个学期|每月|每个月|一个月|每年|一年)(?:[^。，,;；.!?！？\s]|\s(?!\s)){0,12}$"
)
_TERM_AFTER = re.compile(r"^\s*(?:a|per|each|every|in a|over a|/)\s*(?P<p>semester|term|year|yr)\b")
_TERM_WEEKS = {"学期": SEMESTER_WEEKS, "semester": SEMESTER_WEEKS, "term": SEMESTER_WEEKS, "月": 52.0 / 12.0}


def _term_total(hours: list[Tag], low: str) -> tuple[float, str] | None:
    """Hours in all said of a semester, a month or a year: (hours a week, the words)."""
    for t in hours:
        m = t.mapping()
        if "total" not in m or m.get("per_week") or not 0 < float(m["total"]) <= 5000:
            continue
        found = _TERM_BEFORE.search(low[: t.start]) or _TERM_AFTER.match(low[t.end :])
        if found is None:
            continue
        word = found.group("p")
        weeks = next((w for k, w in _TERM_WEEKS.items() if k in word), 52.18)
        if weeks == SEMESTER_WEEKS and (said := job_weeks(low)) is not None:
            weeks = said[0]  # "一个学期(16周)": the term said
        start, end = (found.start(), t.end) if found.re is _TERM_BEFORE else (t.start, t.end + found.end())
        return float(m["total"]) / weeks, low[start:end].strip()
    return None


def _week_word(t: Tag, low: str) -> int:
    m = _WEEK_BEFORE.search(low[: t.start])
    return m.start() if m else t.start


def _weekly_total(t: Tag, low: str) -> bool:
    """A HOURS tag of hours in all (up to a week's) said after a week word in its clause: hours each week."""
    m = t.mapping()
    if not low or "total" not in m or m.get("per_week") or not 0 < float(m["total"]) <= 168:
        return False
    return _WEEK_BEFORE.search(low[: t.start]) is not None


def usage_of_text(text: str, index) -> Usage | None:
    """The usage of a whole question (tagged here): what a two-part question's halves share."""
    from assistant import i18n
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.tagger import tag
    from assistant.nlu.text import clean, tokenize

    cleaned, _ = clean(text)
    lex = lexicon(i18n.language_of(cleaned))
    tags, _ = tag(lex.respell(tokenize(cleaned), index.name_words), cleaned, index, lex)
    return read_usage(tags, cleaned, lex)


def _of_use(t: Tag) -> bool:
    """A HOURS tag about how much a card runs: not GPU-hours bought in all, not days rented in all ("for 3 days");
    GPU-hours a period ("每个月300个GPU小时", "400 h100 hours a month") are a use."""
    m = t.mapping()
    return not (m.get("gpu_hours") and not m.get("per_week")) and not m.get("span")


def _always(t: Tag) -> bool:
    return bool(t.mapping().get("full_time")) or _week(t) >= WEEK


def _week(t: Tag) -> float:
    return float(t.mapping().get("per_week") or 0.0)


def _situation(found: dict[str, tuple[str, int] | None]) -> Usage | None:
    """The situation's usage when no hours are said: around the clock, a shared box's share, a week a month, a server
    deployed (on all week, a working day of load)."""
    for kind in ALWAYS:
        if always := found[kind]:
            return Usage(WEEK, (UsagePart("always", WEEK, always[0], assumed=True, kind=kind),))
    if shared := found["shared"]:
        return Usage(WEEK * SHARED_SHARE, (UsagePart("share", SHARED_SHARE, shared[0], True, "shared"),))
    if month := found["week_a_month"]:
        per_week = round(WEEK / WEEKS_PER["month"], 1)
        return Usage(per_week, (UsagePart("per_week", per_week, month[0], True, "week_a_month"),))
    if deployed := found["deployed"]:  # "本地部署", "on our server": on all week, a working day of load
        load = UsagePart("hours_day", DEPLOYED_HOURS, deployed[0], assumed=True, kind="deployed")
        return Usage(DEPLOYED_HOURS * 7, (load,), on_per_week=WEEK)
    return None


def _on_demand(usage: Usage, low: str, lex) -> Usage:
    """A machine on around the clock that serves on demand (lexicon usage_on_demand: "home inference server", "discord
    bot", "api给朋友用"): on all week, under load ON_DEMAND_HOURS a day [A] and idle the rest (§cost.idle)."""
    served = _found(lex, "usage_on_demand", low)
    if served is None or usage.per_week < WEEK:
        return usage
    load = UsagePart("hours_day", ON_DEMAND_HOURS, served[0], assumed=True, kind="on_demand")
    return Usage(ON_DEMAND_HOURS * 7, (*usage.parts, load), on_per_week=WEEK)


def _composed(day: UsagePart, days: UsagePart | None) -> Usage:
    """Hours a day x days a week (7 when no days are said: "2h a day"; a day's hours default to none said)."""
    n = days.value if days is not None else 7.0
    every_day = days is not None and n == 7.0 and not day.assumed  # "3 hours every day": the hours said are all
    parts = (day, days) if days is not None and not every_day else (day,)
    return Usage(round(min(day.value * n, WEEK), 2), parts)


def _hours_a_day(hours, tags, text, low, lex, found) -> UsagePart | None:
    """The hours of a day of use: said per day (a tag), a clock span, bare hours beside a day word, the situation's
    class (overnight 8 h), or the tagger's assumption for its words (an evening 3 h)."""
    for t in hours:
        m = t.mapping()
        if m.get("per_day") and not m.get("assumed"):
            return UsagePart("hours_day", float(m["per_day"]), t.text)
    recurring = _recurring(hours, low, lex)
    if recurring:
        ends = clock_span(text, lex)  # "9am to 6pm", "晚上11点到早上7点", "早9晚6": the day's span by its two ends
        if ends is not None:
            return UsagePart("hours_day", hours_between(ends[0], ends[1]), ends[2], kind="clock")
        start, by = clock_times(text, lex)
        if start is not None and by is not None:
            span = hours_between(start, by)
            return UsagePart("hours_day", span, f"{start:02.0f}:00-{by:02.0f}:00", kind="clock")
        bare = _bare_span(low, lex)
        if bare is not None:
            return bare
        total = next((t for t in hours if "total" in t.mapping() and 0 < float(t.mapping()["total"]) <= 24), None)
        if total is not None:  # "all day every business day (say 10h)", "every night ~8h"
            return UsagePart("hours_day", float(total.mapping()["total"]), total.text)
    for kind, each in HOURS_A_DAY:
        if found[kind]:
            return UsagePart("hours_day", each, found[kind][0], assumed=True, kind=kind)
    assumed = [t for t in hours if t.mapping().get("assumed")]
    assumed.sort(key=lambda t: t.mapping()["assumed"] not in TIME_OF_DAY)
    if assumed:
        m = assumed[0].mapping()
        return UsagePart("hours_day", float(m["each"]), assumed[0].text, assumed=True, kind=str(m["assumed"]))
    return None


def _idles_rest(low: str, lex) -> bool:
    """The machine is said to stay on and idle when not working (lexicon idle_rest_words), and not said to be off."""
    return _found(lex, "idle_rest_words", low) is not None and _found(lex, "off_rest_words", low) is None


def _glued_to_days(t: Tag, low: str) -> bool:
    """A tag of hours a week that starts inside days named by shape ("周六周日各12小时"): hours of each of them."""
    m = t.mapping()
    return bool(_week(t)) and not m.get("per_day") and any(a < t.start < b < t.end for a, b, _ in day_spans(low))


def _recurring(hours, low: str, lex) -> bool:
    """Is a use said to recur by the day ("most weekdays", "every night", a tagger's usage words)?"""
    if any(t.mapping().get("days") for t in hours) or days_said(low) is not None:
        return True
    return any(_found(lex, name, low) for name, _ in DAY_SETS)


def _bare_span(low: str, lex) -> UsagePart | None:
    """ "9-6 weekdays", "9am-6pm on weekdays": a span of hours without clock words beside a day word."""
    for m in _SPAN.finditer(low):
        near = low[max(0, m.start() - _SPAN_GAP) : m.end() + _SPAN_GAP]
        shaped = any(b >= m.start() - _SPAN_GAP and a <= m.end() + _SPAN_GAP for a, b, _ in day_spans(low))
        if not shaped and not any(_found(lex, name, near) for name, _ in DAY_SETS):
            continue  # "monday to friday 9 to 6": days said by shape count as the day word
        a, b = int(m.group(1)), int(m.group(3))
        if m.group(2) == "pm" and a < 12:
            a += 12
        if (m.group(4) == "pm" or (m.group(4) is None and b <= a)) and b < 12:
            b += 12
        if a < 24 and b <= 24 and 0 < hours_between(a, b) <= 16:  # "8pm to 1am": over midnight, 5 h
            return UsagePart("hours_day", hours_between(a, b), m.group(0).strip())
    return None


def _days_a_week(hours, low: str, lex) -> UsagePart | None:
    """Days a week said: a number of days ("5 nights a week"), else the first day words said."""
    for t in hours:
        m = t.mapping()
        if m.get("days") and any(c.isdigit() for c in t.text) and m.get("assumed") in ("evenings", "days", "weekends"):
            return UsagePart("days_week", float(m["days"]), t.text)
    shaped = days_said(low)  # "Mon-Fri", "sat/sun", "3 days a week", "每周一三五", "周末不用"
    if shaped is not None:
        return UsagePart("days_week", shaped[0], shaped[1])
    said = [(w[1], n, w[0]) for name, n in DAY_SETS if (w := _found(lex, name, low))]
    if said:  # the first said: "busy 9-6 weekdays, quiet nights/weekends" is 5 days
        _, n, words = min(said)
        return UsagePart("days_week", n, words)
    return None


def _overlap(t: Tag, other: tuple[str, int]) -> bool:
    return t.start < other[1] + len(other[0]) and other[1] < t.end


def _inside(word: tuple[str, int] | None, other: tuple[str, int] | None) -> bool:
    return bool(word and other and other[1] <= word[1] and word[1] + len(word[0]) <= other[1] + len(other[0]))


def _found(lex, name: str, low: str) -> tuple[str, int] | None:
    """The first word of lexicon list `name` in the lowered text (ASCII words as words), with its offset."""
    key = (id(lex), name)
    if key not in _PATTERNS:
        words = sorted(lex.listed(name), key=lambda w: (-len(w), w))
        alts = [rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])" if w.isascii() else re.escape(w) for w in words]
        _PATTERNS[key] = re.compile("|".join(alts)) if alts else None
    pattern = _PATTERNS[key]
    m = pattern.search(low) if pattern is not None else None
    return (m.group(0), m.start()) if m else None
