"""Time read from a question: hours of use (a week, a day, in all), usage said in words ("on weekends", "every
evening", "weekdays 9-5", "twice a month"), rental spans ("for 3 days"), years and months, and dates ("2023年1月",
"2023 prices").

Contract: `UsageTagging` reading steps look at token i (the number's value `v` already read, its unit starting at
token j) and, when they read a time there, add its tag (HOURS with per_week / total / per_day and, when the words
leave the hours open, "assumed" and "each" naming the assumption; YEARS; MONTHS; DATE) and return the index after
it; None when the time is not theirs; NO_QUANTITY when token i must be read as no quantity at all.
`session_usage` runs over the finished tags and turns times of use in a period into hours a week.
"""

from __future__ import annotations

import re

from assistant.nlu.patterns import compiled
from assistant.nlu.tagging.base import NO_QUANTITY, Tag, TaggerBase
from assistant.nlu.tagging.words import PER_WORDS
from assistant.periods import CALENDAR_WEEKS

WEEKEND_HOURS = 48.0  # a weekend of renting: Saturday and Sunday [A]
# usage said without a number of hours ("i only train on weekends", "a few hours every evening"): hours assumed, and
# the HOURS tag names the assumption ("assumed") so the answer says it
FEW_HOURS = 3.0  # "a few hours" [A]
WEEKEND_DAY_HOURS = 8.0  # a weekend day of use, "on weekends" [A]
EVENING_HOURS = 3.0  # an evening of use, "every evening", "after work" [A]
WEEKDAY_HOURS = 8.0  # a weekday of use, "on weekdays"; also a 9-5 day (8 hours)
SESSION_HOURS = 8.0  # one time of use, "i train twice a month": a day's run [A]
WEEKS_PER = {p: CALENDAR_WEEKS[p] for p in ("week", "month", "year")}  # the periods with usage_<p>_words
USAGE = (  # unit -> (days a week, hours a day, assumed as what)
    ("usage_work_week", 5, WEEKDAY_HOURS, None),
    ("usage_weekends", 2, WEEKEND_DAY_HOURS, "weekends"),
    ("usage_each_weekend", 1, 2 * WEEKEND_DAY_HOURS, "weekends"),  # "每周末用12小时": 12 hours each weekend
    ("usage_evenings", 7, EVENING_HOURS, "evenings"),
    ("usage_weekdays", 5, WEEKDAY_HOURS, "weekdays"),
    ("usage_one_day", 1, WEEKDAY_HOURS, "days"),
)
USAGE_UNITS = ("weekend", "few", *(u for u, _, _, _ in USAGE))  # the usage words that start a time
# words between hours and their period ("8 hours a day", "3h every evening", "10 hours on weekends")
_HOURS_SKIP = frozenset({"per", "a", "an", "/", "each", "every", "of", "in", "the", "on", "during", "每", "一"})
# hours a week from hours per unit
_HOURS_PER = (("week", 1.0), ("day", 7.0), ("month", 12.0 / 52.0), ("weekday", 5.0), ("weekend_day", 2.0))


_MONTHS = {
    "jan": 1,
    "january": 1,
    "feb": 2,
    "february": 2,
    "mar": 3,
    "march": 3,
    "apr": 4,
    "april": 4,
    "jun": 6,
    "june": 6,
    "jul": 7,
    "july": 7,
    "aug": 8,
    "august": 8,
    "sep": 9,
    "sept": 9,
    "september": 9,
    "oct": 10,
    "october": 10,
    "nov": 11,
    "november": 11,
    "dec": 12,
    "december": 12,
}  # month names beside a year ("jan 2023 prices"); "may" is left out (a verb)


_JOB_NOUNS = frozenset({"run", "job", "training", "finetune", "fine-tune", "finetuning", "rental", "project", "sprint"})


class UsageTagging(TaggerBase):
    def after_trouble(self, i: int) -> bool:
        """A problem word (lexicon trouble_words: "swapping", "ooms", "out of memory") in the three tokens before token
        i: a full-time word there says how often the problem happens."""
        before = " ".join(self.tt[max(0, i - 3) : i])
        return any(f" {w} " in f" {before} " for w in self.lex.listed("trouble_words"))

    def usage_words(self, i: int) -> int | None:
        """Usage said in words at token i: a weekend of renting (WEEKEND_HOURS in all), "on weekends", "every evening"
        (USAGE), "a few hours" (FEW_HOURS); None when token i starts none."""
        weekend = self.unit("weekend", i)
        if weekend:  # "一周末租8张a100": a weekend of renting, 48 hours [A]
            return self.add("HOURS", {"total": WEEKEND_HOURS}, i, i + weekend)
        usage = self._usage(i)
        if usage is not None:
            return usage
        few = self.unit("few", i)
        asked = any(t in ("要", "需", "得", "需要") for t in self.tt[max(0, i - 2) : i])  # "每天要跑几个小时": how many
        if few and self.unit("hours", i + few) and not asked:  # "a few hours every evening": 3 hours [A], said
            return self._hours(i, i + few, self.unit("hours", i + few), FEW_HOURS, assumed="few")
        return None

    def year_date(self, i: int, j: int, v: float) -> int | None:
        """A year read as a date: "2023年(1月)的价格", "2023 prices", "use the prices from 2023"."""
        tt, n = self.tt, len(self.tt)
        if not (self.toks[i].kind == "num" and float(v).is_integer() and 1900 <= v <= 2100 and j == i + 1):
            return None
        if j < n and tt[j] == "年":  # 2023年(1月)的价格
            if j + 2 < n and self.toks[j + 1].kind == "num" and tt[j + 2] == "月" and 1 <= float(tt[j + 1]) <= 12:
                return self.add("DATE", f"{int(v)}-{int(float(tt[j + 1])):02d}", i, j + 3)
            return self.add("DATE", str(int(v)), i, j + 1)
        if j < n and tt[j] in _MONTHS:  # "using 2023 jan prices": that month of that year
            return self.add("DATE", f"{int(v)}-{_MONTHS[tt[j]]:02d}", i, j + 1)
        if i > 0 and tt[i - 1] in _MONTHS:  # "jan 2023 prices", "rent vs buy h100 with jan 2024 prices"
            return self.add("DATE", f"{int(v)}-{_MONTHS[tt[i - 1]]:02d}", i, j)
        # "in 2026" ends the question too ("is a used a100 worth buying in 2026"): a year, never a price offered
        if (j < n and tt[j] in ("prices", "price", "pricing", "snapshot", "market")) or (
            i > 0 and tt[i - 1] in ("from", "of", "in", "since", "use", "until", "till", "by")
        ):
            return self.add("DATE", str(int(v)), i, j)
        return None

    def time_units(self, i: int, j: int, v: float) -> int | None:
        """Hours ("8 hours a day"), days a week ("3 nights a week"), days or weeks rented in all ("for 3 days"),
        years and months after the number. "4090 hours" counted of a card is NO_QUANTITY."""
        tt, n = self.tt, len(self.tt)
        g = j + 1 if j < n and tt[j] == "个" else j  # "300个GPU小时"
        gpu_time = g < n and tt[g] in self.lex.listed("gpu_hour_words") and bool(self.unit("hours", g + 1))
        if gpu_time:  # "300 gpu hours a month", "500 gpu-hours/month": hours of GPU time, marked as such
            end = self._hours(i, g + 1, self.unit("hours", g + 1), v)
            self.tags[-1].mapping()["gpu_hours"] = True
            return end
        h = self.unit("hours", j)
        if h and j == i + 1 and self.gpu_hours(i):  # one token: the card's model number
            return NO_QUANTITY  # "how many 4090 hours for a lora": hours of that card, not a duration
        compound = bool(h) and tt[j] == "h" and j + 1 < n and self.toks[j + 1].kind == "num"  # "1h 30m"
        if compound and any(c in self.text[self.toks[j].end : self.toks[j + 1].start] for c in ",;，；"):
            compound = False  # "~8h, 5 nights a week": the hours end at the comma
        if h and not compound:
            return self._hours(i, j, h, v)
        days = self._days_a_week(i, j, v)
        if days is not None:
            return days
        weekends = self._weekends_a_month(i, j, v)
        if weekends is not None:
            return weekends
        for unit, mult in (("day", 24.0), ("week", 168.0)):  # "rent 8x h100 for 3 days": 72 hours in all
            u = self.unit(unit, j)
            rented = self._for_the(i) or (j + u < n and tt[j + u] == "of")
            # "跑三天多少钱", "租两周": a verb of running or renting before the days (lexicon [units] duration_before)
            rented = rented or any(i >= k and self.unit("duration_before", i - k) == k for k in (1, 2))
            rented = rented or (j + u < n and tt[j + u] in _JOB_NOUNS)  # "a 3 day training run", "a 2-week job"
            if j + u < n and tt[j + u] in (*PER_WORDS, "every", "each"):
                rented = False  # "3 days a week": how often, not how long in all
            if u and tt[j] not in ("d", "w") and rented and float(v).is_integer() and 0 < v <= 366:
                return self.add("HOURS", {"total": v * mult, "span": True}, i, j + u)  # days in all, never per week
        for unit, kind in (("years", "YEARS"), ("months", "MONTHS")):
            u = self.unit(unit, j)
            if u and not (tt[j] in ("y", "mo") and not self.toks[j].glued):
                # how old a card is, or how long something has been done: "my 5 year old 2080 ti", "两年前买的", "i've
                # been doing ml for 5 years" (a word of the past before "for"): AGE, no ownership period
                age = self.unit("age_after", j + u)
                past = (
                    i > 0
                    and tt[i - 1] == "for"
                    and any(t in self.lex.listed("age_past") for t in tt[max(0, i - 7) : i])
                )
                if age or past or any(i >= k and self.unit("age_before", i - k) == k for k in (1, 2, 3)):  # "用了两年"
                    return self.add("AGE", v if kind == "YEARS" else v / 12.0, i, j + u + age)
                return self.add(kind, v, i, j + u)
        return None

    def _for_the(self, i: int) -> bool:
        """ "for 3 days", "over 2 weeks", "for the 3 days", "over those 2 weeks": the days said are how long in all."""
        tt = self.tt
        if i > 1 and tt[i - 1] in ("the", "those", "these", "all") and tt[i - 2] in ("for", "over"):
            return True
        return i > 0 and tt[i - 1] in ("for", "over")

    def _hours(self, i: int, j: int, h: int, v: float, assumed: str | None = None) -> int:
        """ "8 hours a day", "10h per week", "5 hours a month", "3 hours every evening", "10h on weekends": hours a
        week; hours alone ("120 hours") are hours in all. Token j starts the hours unit (h tokens long)."""
        tt, n = self.tt, len(self.tt)
        said = {"assumed": assumed, "each": v} if assumed else {}
        jj = j + h
        jj += self._activity_after(jj)  # "4h of load a day", "6 hours of training a day": the hours of that work
        skip = 0
        while jj + skip < n and tt[jj + skip] in _HOURS_SKIP:
            skip += 1
        apart = jj < n and self.text[self.toks[jj - 1].end : self.toks[jj].start] != ""
        if jj < n and any(c in self.text[self.toks[jj - 1].end : self.toks[jj].start] for c in ",;，；"):
            return self.add("HOURS", {"total": v} | said, i, jj)
        per_before = any(t.kind == "PERIOD" for t in self.tags[-3:])
        for unit, mult in _HOURS_PER:
            u = self.unit(unit, jj + skip)
            if u and unit == "week" and self.text[self.toks[jj + skip + u - 1].end :].startswith("末"):
                continue  # "每天4小时 周末不用": the weekend's 周 is no "a week"
            if u and "一" in tt[jj : jj + skip] and (apart or per_before):
                break  # "一天跑10小时 一个月电费多少": the month is the question's period, not the hours'
            if u and unit != "day" and per_before and apart:
                break  # "每天跑8小时 每月多出来多少钱": the hours' period came before them; this one is asked
            if u and (skip or unit != "day" or tt[jj] != "d") and (v * mult <= 168 or unit in ("week", "day", "month")):
                daily = {"per_day": v} if unit == "day" else {}
                return self.add("HOURS", {"per_week": v * mult} | daily | said, i, jj + skip + u)
        return self.add("HOURS", {"total": v} | said, i, jj)

    def _activity_after(self, j: int) -> int:
        """Tokens of "of load" / "under load" / "of gaming" at token j (a word of [lists] hours_activity_before then one
        of hours_activity_words): the work the hours are spent on, between the hours and their period; 0 if none."""
        tt, n = self.tt, len(self.tt)
        if not (j + 1 < n and tt[j] in self.lex.listed("hours_activity_before")):
            return 0
        two = f"{tt[j + 1]} {tt[j + 2]}" if j + 2 < n else ""
        if two in self.lex.listed("hours_activity_words"):
            return 3
        return 2 if tt[j + 1] in self.lex.listed("hours_activity_words") else 0

    def _days_a_week(self, i: int, j: int, v: float) -> int | None:
        """ "3 nights a week", "2 days a week": days of use in a week without their hours; an evening is assumed
        EVENING_HOURS, a day WEEKDAY_HOURS (said by the answer)."""
        tt, n = self.tt, len(self.tt)
        u = self.unit("day", j)
        if not u or tt[j] in ("d", "daily") or not (float(v).is_integer() and 1 <= v <= 7):
            return None
        k = j + u
        skip = 1 if k < n and tt[k] in _HOURS_SKIP else 0
        w = self.unit("week", k + skip)
        start, end = i, k + skip + w
        if not w or tt[k + skip] in ("w", "weekly"):
            before = self._week_before(i)  # "每周五天", "一周跑5天": the week said first (Chinese)
            if before is None:
                return None
            start, end = before, k
        evening = tt[j].startswith(("night", "evening"))
        each = EVENING_HOURS if evening else WEEKDAY_HOURS
        said = {"assumed": "evenings" if evening else "days", "each": each, "days": v}
        return self.add("HOURS", {"per_week": v * each} | said, start, end)

    def _weekends_a_month(self, i: int, j: int, v: float) -> int | None:
        """ "2 weekends a month", "3 weekends per month": weekend days of use (2 a weekend) without their hours, a
        weekend day assumed WEEKEND_DAY_HOURS (said by the answer), spread over the month's calendar weeks."""
        tt, n = self.tt, len(self.tt)
        u = self.unit("weekend_day", j)
        if not u or not (float(v).is_integer() and 1 <= v <= 5):
            return None
        k = j + u
        skip = 1 if k < n and tt[k] in _HOURS_SKIP else 0
        m = self.unit("month", k + skip)
        if not m:
            return None
        per_week = v * 2 * WEEKEND_DAY_HOURS / WEEKS_PER["month"]
        said = {"assumed": "weekends", "each": WEEKEND_DAY_HOURS, "days": v * 2 / WEEKS_PER["month"]}
        return self.add("HOURS", {"per_week": per_week} | said, i, k + skip + m)

    def _week_before(self, i: int) -> int | None:
        """The token a week word starts at right before token i ("每周五天", "一周跑5天": 每 / 一 + week, one verb
        of [lists] week_days_verbs between at most); None when there is none."""
        tt = self.tt
        k = i - 1 if i > 0 and tt[i - 1] in self.lex.listed("week_days_verbs") else i
        for size in (1, 2):
            w = k - size
            if w >= 1 and self.unit("week", w) == size and tt[w - 1] in ("每", "一"):
                return w - 1
        return None

    def _usage(self, i: int) -> int | None:
        """Usage said without a number of hours ("i only train on weekends", "weekdays 9-5", "every evening"): hours a
        week (USAGE), with the assumption named when the words leave the hours open."""
        for unit, days, hours, assumed in USAGE:
            u = self.unit(unit, i)
            if not u:
                continue
            work = self.unit("usage_work_week", i + u)
            if unit == "usage_weekdays" and work:  # "weekdays 9-5": 40 hours, nothing assumed
                return self.add("HOURS", {"per_week": days * hours}, i, i + u + work)
            said = {"assumed": assumed, "each": hours, "days": days} if assumed else {}
            return self.add("HOURS", {"per_week": days * hours} | said, i, i + u)
        return None


def session_usage(tags: list[Tag], text: str, lex) -> list[Tag]:
    """ "i train twice a month", "fine tune 3 times a month for a day", "once a week for 5 hours": times of use in a
    period, as hours a week. The times are a word of [lists] usage_once / usage_twice / usage_few_times or a COUNT
    tag of "N times"; the period a word of [units] week / month / year after a word of [lists] usage_per. Hours said
    for each time ("for 5 hours", a total HOURS tag right after) count; else SESSION_HOURS, assumed and said. A
    question with hours a week already read is left as it is."""
    low = text.lower()
    cadence = cadence_said(low)  # "every other weekend for about 12 hours", "隔周跑一次": times a week below one
    if cadence is not None:
        return _at_cadence(tags, text, cadence)
    if any(t.kind == "HOURS" and "per_week" in t.mapping() for t in tags):
        return tags
    found = _times_said(tags, low, lex)
    if found is None:
        return tags
    times, start, end, count_tag = found
    rest = low[end:].split()
    per = next((w for w in lex.listed("usage_per") if rest[: len(w.split())] == w.split()), None)
    if per is None:
        return tags
    period_word = rest[len(per.split())] if len(rest) > len(per.split()) else ""
    period = next((p for p in WEEKS_PER if period_word.rstrip("s?,.") in lex.listed(f"usage_{p}_words")), None)
    if period is None:
        return tags
    stop = end + low[end:].find(period_word) + len(period_word)
    after = [t for t in tags if t.kind == "HOURS" and t.start >= stop and t.start - stop <= 8]
    each = float(after[0].mapping().get("total", 0.0)) if after else 0.0
    said = {} if each else {"assumed": "sessions", "each": SESSION_HOURS}
    each = each or SESSION_HOURS
    per_week = times * each / WEEKS_PER[period]
    hours = Tag("HOURS", {"per_week": round(per_week, 2)} | said, text[start:stop], start, stop, {})
    kept = [t for t in tags if t is not count_tag and not (after and t is after[0])]
    at = next((k for k, t in enumerate(kept) if t.start > start), len(kept))
    return [*kept[:at], hours, *kept[at:]]


# a cadence said by its interval: the times a week it comes to ("every other weekend" 0.5, "every 3 weeks" 1/3,
# "fortnightly", "隔周", "每两周", "隔天" 3.5); numbers and intervals are closed sets, not phrases to grow
_CADENCES = (
    (
        re.compile(
            r"\bevery (?:other|second|2nd|two|2) (?:weekends?|weeks?)\b|\bfortnightly\b|\bbi-?weekly\b"
            r"|\b(?:once )?(?:a|every|per) fortnight\b"
        ),
        0.5,
    ),
    (re.compile(r"\bevery (?:three|3|third|3rd) (?:weekends?|weeks?)\b"), 1 / 3),
    (re.compile(r"\bevery (?:other|second|2nd|two|2) (?:days?|nights?|evenings?)\b"), 3.5),
    (
        re.compile(
            r"隔\s*一?个?(?:周|星期|礼拜)|每隔?\s*(?:两|2)\s*个?(?:周|星期|礼拜)|(?:两|2)\s*个?(?:周|星期|礼拜)一次|双周"
        ),
        0.5,
    ),
    (re.compile(r"每隔?\s*(?:三|3)\s*个?(?:周|星期|礼拜)|(?:三|3)\s*个?(?:周|星期|礼拜)一次"), 1 / 3),
    (re.compile(r"隔\s*一?天|每隔?\s*(?:两|2)\s*天|(?:两|2)\s*天一次"), 3.5),
)
CADENCE_GAP = 16  # characters between the cadence and the hours of each time ("every other weekend for about 12 hours")


def cadence_said(low: str) -> tuple[float, int, int] | None:
    """(times a week, start, end) of a cadence said by its interval; None if none."""
    for pattern, times in _CADENCES:
        m = pattern.search(low)
        if m is not None:
            return times, m.start(), m.end()
    return None


def _at_cadence(tags: list[Tag], text: str, cadence: tuple[float, int, int]) -> list[Tag]:
    """Hours a week at a cadence: the hours of each time said after it (a HOURS tag of hours in all within
    CADENCE_GAP characters, "每次" between allowed), else SESSION_HOURS assumed and said."""
    times, start, stop = cadence
    after = [t for t in tags if t.kind == "HOURS" and 0 <= t.start - stop <= CADENCE_GAP + 8]
    each = _said_hours(after[0]) if after else 0.0
    each = each if 0 < each <= 72 else 0.0
    said = {} if each else {"assumed": "sessions", "each": SESSION_HOURS}
    per_week = round(times * (each or SESSION_HOURS), 2)
    end = after[0].end if each else stop
    how = {"cadence": times, "cadence_words": text[start:stop], "each": each or SESSION_HOURS}
    how |= {"each_words": after[0].text} if each else {}
    hours = Tag("HOURS", {"per_week": per_week} | said | how, text[start:end], start, end, {})
    kept = [t for t in tags if not (start <= t.start < end and t.kind in ("HOURS", "COUNT", "NUMBER", "PERIOD", "PER"))]
    at = next((k for k, t in enumerate(kept) if t.start > start), len(kept))
    return [*kept[:at], hours, *kept[at:]]


def _said_hours(t: Tag) -> float:
    """The hours a HOURS tag says: its hours in all, else the number typed ("20 hours" read as a week's share)."""
    m = t.mapping()
    if "total" in m:
        return float(m["total"])
    said = re.search(r"\d+(?:\.\d+)?", t.text)
    return float(said.group(0)) if said is not None and "per_day" not in m else 0.0


def _times_said(tags: list[Tag], low: str, lex) -> tuple[float, int, int, Tag | None] | None:
    """(times, start, end, the COUNT tag read) of "twice", "once", "a few times", "3 times"; None if none is said."""
    for name, times in (("usage_twice", 2.0), ("usage_once", 1.0), ("usage_few_times", 3.0)):
        for w in lex.listed(name):
            at = f" {low} ".find(f" {w} ")  # the padded text's offset is the word's own in `low`
            if at >= 0:
                return times, at, at + len(w), None
    units = tuple(lex.listed("usage_times"))
    count = next((t for t in tags if t.kind == "COUNT" and t.text.lower().endswith(units)), None)
    if count is None:
        return None
    return float(count.number()), count.start, count.end, count


def idle_time(tags: list[Tag], text: str, lex) -> list[Tag]:
    """ "7900 xtx idles 24/7 and does ~4h of load a day", "on 24/7 but only trains 3h a day": the time the card is on
    but idle is not its hours of use. A HOURS tag right after a word of [lists] idle_on_words (within
    IDLE_GAP characters), in a question that also states hours of use a week, becomes an IDLE tag (per_week: the
    hours on); the hours of use stay the question's HOURS."""
    hours = [t for t in tags if t.kind == "HOURS"]
    if len(hours) < 2:
        return tags
    low = text.lower()
    words = sorted(lex.listed("idle_on_words"), key=len, reverse=True)

    def idle(t: Tag) -> bool:
        before = low[max(0, t.start - IDLE_GAP) : t.start]
        return any(compiled(rf"(^|\W){re.escape(w)}\W*$").search(before) for w in words)

    marked = [t for t in hours if idle(t)]
    if len(marked) == 1 and marked[0].mapping().get("per_day"):
        tags = [_per_day(t) if t in hours and t is not marked[0] else t for t in tags]  # "on 12h a day, renders 2h"
        hours = [t for t in tags if t.kind == "HOURS"]
    # "on weekdays" with its hours assumed is the days of the same use ("it's on 9 hours a day on weekdays"), no use
    used = [t for t in hours if t not in marked and t.mapping().get("per_week") and not t.mapping().get("assumed")]
    if len(marked) != 1 or not used:
        return tags
    on = marked[0]
    per_week = on.mapping().get("per_week") or 168.0
    idle_tag = Tag("IDLE", {"per_week": per_week}, on.text, on.start, on.end, {})
    return [idle_tag if t is on else t for t in tags]


def _per_day(t: Tag) -> Tag:
    """Hours in all said after a card's hours on a day ("is on 12h a day but only renders 2h"): that many a day."""
    total = t.mapping().get("total")
    if total is None or total > 24 or t.mapping().get("span"):
        return t
    return Tag("HOURS", {"per_week": total * 7.0, "per_day": total}, t.text, t.start, t.end, t.meanings)


IDLE_GAP = 24  # characters between an idle / powered-on word and its time ("idles 24/7", "is on basically 24/7")
