"""The note that says how much the answer takes the cards to run and where that comes from: the tagger's one-class
assumption ("on weekends" read as 8 h a day) or the usage read from all the question's evidence (nlu/usage_reader.py:
'24/7 assumed for "colo"', '5 h a day ("19:00-00:00") x 5 days a week ("most weekdays")').

Contract: `targets_not_counted(query, lang)` -> the notes for stated targets an answer did not weigh (the engine
adds them). `said(query, lang)` -> the notes to add (none when the question's use is one number said as such, "10 hours
a week", which the settings note already gives back), and the weeks a semester is taken as when a figure is asked per
semester. Never raises.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.periods import ASKED_YEARS as PERIOD_YEARS
from assistant.queries import Query
from assistant.query_terms import UsagePart

WEEKS_PER_YEAR = 365.25 / 7


def said(query: Query, lang: str) -> list[str]:
    return _semester(query, lang) + _use(query, lang)


def targets_not_counted(query: Query, lang: str) -> list[str]:
    """The notes for targets the question states that the answer did not weigh (Query.targets with no
    figures["targets"]): users / a speed per user said, and a power limit per card in watts or as a share of the
    stock power ("power limited to 250w each", "to 70%") where the answer uses the stock power."""
    limits = [v for kind, v in query.targets if kind == "power_limit"]
    shares = [v for kind, v in query.targets if kind == "power_limit_share"]
    people = people_counted(query)  # people whose hours the answer counted were weighed
    unused = [(k, v) for k, v in query.targets if v not in limits + shares and (k != "users" or v not in people)]
    asked = [i18n.t(lang, f"engine.target_{k}", n=f"{v:g}") for k, v in unused]
    notes = [i18n.t(lang, "engine.targets_not_counted", targets=i18n.join_names(lang, asked))] if asked else []
    if limits:
        notes.append(i18n.t(lang, "engine.limit_not_counted", n=f"{limits[0]:g}"))
    elif shares:
        notes.append(i18n.t(lang, "engine.limit_share_not_counted", n=f"{shares[0] * 100:g}"))
    return notes


def people_counted(query: Query) -> set[float]:
    """The counts of people whose hours of use the answer counted ("5 students, each ~3 h a day")."""
    usage = getattr(query, "usage", None)
    return {p.value for p in usage.parts if p.what == "people"} if usage is not None else set()


def _semester(query: Query, lang: str) -> list[str]:
    """A figure asked per semester: the weeks a semester is taken as (assistant/periods.py SEMESTER_WEEKS [A]), or the
    term the question says ("一个学期(5个月)", "a 15-week semester")."""
    if getattr(query, "period", None) != "semester":
        return []
    term = term_said(query)
    if term is not None:
        return [i18n.t(lang, "usage.semester_said", weeks=f"{term[0]:.3g}", words=term[1])]
    return [i18n.t(lang, "usage.semester")]


def term_said(query: Query) -> tuple[float, str] | None:
    """The weeks of the term the question says ("一个学期(5个月)": 21.7, "a 15-week semester": 15), with its words."""
    from assistant.nlu.schedule import job_weeks

    if getattr(query, "period", None) != "semester":
        return None
    found = job_weeks(getattr(query, "text", "").lower())
    return (found[0], found[1].lstrip("学期（(，,：: ").replace(" ", "")) if found is not None else None


def year_share(query: Query) -> float:
    """The share of a year the period asked is (a year when none): a semester the question says is its own weeks
    ("一个学期(5个月)": 5/12 of a year), else assistant/periods.py."""
    term = term_said(query)
    if term is not None:
        return term[0] / WEEKS_PER_YEAR
    return PERIOD_YEARS.get(getattr(query, "period", None) or "year", 1.0)


def _use(query: Query, lang: str) -> list[str]:
    if query.usage_assumed:  # "i only train on weekends": the hours the words leave open, assumed and said
        kind, each, per_week = query.usage_assumed
        how = i18n.t(lang, f"engine.usage_{kind}", each=f"{each:g}")
        return [i18n.t(lang, "engine.usage_assumed", how=how, hours=f"{round(per_week, 1):g}")]
    usage = query.usage
    stretch = next((p for p in usage.parts if p.what == "weeks"), None) if usage is not None else None
    if usage is not None and stretch is not None:  # a rent over a job's stretch: its weeks, then the week's use
        usage = dataclasses.replace(usage, parts=tuple(p for p in usage.parts if p is not stretch))
        total = f"{usage.per_week * stretch.value:,.4g}"
        over = i18n.t(
            lang,
            "usage.stretch",
            per_week=f"{usage.per_week:,.3g}",
            weeks=f"{stretch.value:g}",
            words=stretch.words,
            hours=total,
        )
        return [over, *_use(dataclasses.replace(query, usage=usage), lang)]
    if usage is None or (len(usage.parts) == 1 and not usage.assumed and not usage.parts[0].kind):
        return []
    joint = i18n.t(lang, "usage.then" if usage.on_per_week else "usage.times")  # on all week; then its load
    if any(p.kind == "weekdays" for p in usage.parts):  # weekdays and the weekend said apart: their hours added
        joint = i18n.t(lang, "usage.plus")
    cards = next((p.value for p in usage.parts if p.what == "cards" and p.value > 1), None)
    how = joint.join(_part(p, lang) for p in usage.parts if p.what != "cards")  # one card: no sharing to say
    if cards is not None and usage.people_hours:  # people who share a machine's cards: their hours over the cards
        total = f"{usage.people_hours:,.4g}"
        return [
            i18n.t(lang, "usage.note_shared", hours=f"{usage.per_week:,.3g}", how=how, total=total, cards=f"{cards:g}")
        ]
    return [i18n.t(lang, "usage.note", hours=f"{usage.per_week:,.3g}", how=how)]


def _part(p: UsagePart, lang: str) -> str:
    value = f"{p.value * 100:.0f}" if p.what == "share" else f"{p.value:g}"
    if p.kind and i18n.has(lang, f"usage.{p.what}_{p.kind}"):
        return i18n.t(lang, f"usage.{p.what}_{p.kind}", value=value, words=p.words)
    key = f"usage.{p.what}_assumed" if p.assumed else f"usage.{p.what}"
    return i18n.t(lang, key, value=value, words=p.words)
