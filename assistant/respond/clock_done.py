"""The time of day a job is done, when the question says when it starts ("start at 9pm, what time will it be done",
"晚上10点开始 ... 早上8点前能跑完吗").

Contract: `lead(answer, clock, env)` -> the sentence that leads the answer, or "" when the question said no start time
(Query.clock = (start, by) hours of the day, nlu/clock.py) or the answer worked out no job time (figures job_hours,
else days x 24). The end is the start + the job time (nlu/clock.done_at), rounded to ROUND_MINUTES; with a time to be
done by, whether it is met and by how much. figures gain done_at (hour of the day), done_days_later and, with a by-time,
done_in_time. `windowed(answer, text, env)` -> the days a job takes when it runs only in a span of each day.
"""

from __future__ import annotations

import math
import re

from assistant.nlu.clock import done_at, hours_between
from assistant.respond.env import Env
from assistant.respond.wording import duration

ROUND_MINUTES = 10  # the end time is an estimate: said to the nearest 10 minutes (5 under SHORT_HOURS, 1 under 1 h)
SHORT_HOURS = 3.0


def job_hours(figures: dict) -> float | None:
    hours = figures.get("job_hours") or figures.get("hours")
    if hours:
        return float(hours)
    days = figures.get("days")
    return float(days) * 24.0 if days else None


def clock_text(env: Env, hour: float, days: int = 0, job: float = 24.0) -> str:
    step = 1 if job < 1.0 else 5 if job < SHORT_HOURS else ROUND_MINUTES
    minutes = int(round(hour * 60 / step) * step) % (24 * 60)
    h, m = divmod(minutes, 60)
    if env.t("clock.hours") == "24":  # the clock the answer's language writes: "21:30"
        said = f"{h}:{m:02d}"
    else:  # "9:30 pm"
        said = env.t("clock.time", h12=(h % 12) or 12, m=f"{m:02d}", half=env.t("clock.am" if h < 12 else "clock.pm"))
    return env.t("clock.day_1" if days == 1 else "clock.day_n", time=said, n=days) if days else said


# the days asked: "how many days", "how long", "how many nights", "几天", "多久", "多少天", "几个晚上"
_ASKS_DAYS = re.compile(r"how many (?:days|nights|evenings|weeks)|how long|几天|多少天|多久|几个晚上|几晚|几周")


def windowed(answer, text: str, env: Env) -> str:
    """A job run only in a span of each day ("only run it evenings 7pm-1am", "每天只能晚上8点到12点跑"): the days its
    hours take at that span a day (nlu/clock.clock_span); "" when no span is said or the job fits in one."""
    from assistant.nlu.clock import clock_span
    from assistant.nlu.lexicon import lexicon

    hours = job_hours(answer.figures) if _ASKS_DAYS.search(text.lower()) else None
    span = clock_span(text, lexicon(env.lang)) if hours else None
    if span is None or not hours:
        return ""
    each = hours_between(span[0], span[1])
    if hours <= each or each >= 24:
        return ""
    days = math.ceil(round(hours / each, 2))
    answer.figures |= {"window_hours": each, "window_days": days}
    window = f"{clock_text(env, span[0])}-{clock_text(env, span[1])}"
    total = env.t("duration.hours", n=f"{hours:,.0f}")  # the job's hours as hours, beside the days they take
    return env.t("clock.windowed", window=window, each=duration(env, each), hours=total, days=days)


def lead(answer, clock: tuple[float | None, float | None] | None, env: Env, asked: str | None = "clock") -> str:
    start = clock[0] if clock else None
    hours = job_hours(answer.figures) if asked in ("clock", "yes_no", "time") else None  # not a usage span's clock
    if start is None or not hours:
        return ""
    end, days = done_at(start, hours)
    answer.figures |= {"done_at": round(end, 2), "done_days_later": days}
    values = {"start": clock_text(env, start), "hours": duration(env, hours), "done": clock_text(env, end, days, hours)}
    by = clock[1] if clock else None
    if by is None:
        return env.t("clock.done", **values)
    window = hours_between(start, by)
    met = hours <= window
    answer.figures["done_in_time"] = met
    gap = duration(env, abs(window - hours))
    return env.t("clock.in_time" if met else "clock.late", by=clock_text(env, by), gap=gap, **values)
