"""Numbers the user stated that the answer did not use, said instead of dropped (in the one "Not used: ..." line).

Contract: `unused(query, answer, lang)` -> the numbers as typed, [] when every number of `query.said` (tags the parser
keeps: counts of things, RAM speeds, an accessory's price), every difference of `query.stated` ("$300 less", "+$500",
nlu/stated.py) and every amount of money alone (respond/unused_money.py) is shown in the answer's text: a number an
answer uses it shows, in its text or its tables' titles, headers and rows (a field of the query holding it is not
enough: "ddr5-6000" is kept on a fit query that only the CPU-only answer reads). A number counts as shown when its value
appears in the text in a form answers write (1500, 1,500). They join the one "Not used: ..." line
(respond/unused_amounts.line)."""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.patterns import compiled
from assistant.queries import Query
from assistant.respond import unused_money


def keep(query: Query, answer: Answer, lang: str) -> None:
    """The unused numbers kept on the answer for the one "Not used: ..." line (respond/unused_amounts.line)."""
    from assistant.respond.unused_amounts import UNUSED_SAID

    found = unused(query, answer, lang)
    if found:
        answer.figures[UNUSED_SAID] = found


def unused(query: Query, answer: Answer, lang: str) -> list[str]:
    query = _said_now(query)
    differences = [(s.value, s.text) for s in query.stated if s.direction]  # "$300 less", "+$500"
    if not query.stated and not query.said or answer.clarification:
        return []
    from assistant.respond.unused_amounts import shown_text

    text = shown_text(answer)  # a table header shows it too: "fits on 1 x 8 GB"
    said = [(value, typed) for _kind, value, typed in query.said] + differences
    unused = [typed for value, typed in said if not _shown(value, text)]
    unused += unused_money.unshown(query, text, lang)  # "$4,800 per machine", "£1,400": a price the answer dropped
    return list(dict.fromkeys(unused))


def _said_now(query: Query) -> Query:
    """The query with only the numbers its own text says: a follow-up ("SDXL呢") carries the stated numbers of the
    question it continues ("预算4000..."), which were used there, not asked again."""
    low = query.text.lower()
    stated = tuple(s for s in query.stated if all(w in low for w in s.text.lower().split()))
    said = tuple(x for x in query.said if all(w in low for w in str(x[2]).lower().split()))
    if len(stated) == len(query.stated) and len(said) == len(query.said):
        return query
    return dataclasses.replace(query, stated=stated, said=said)


def _shown(value: float, text: str) -> bool:
    forms = {f"{value:g}", f"{value:,.0f}" if value.is_integer() else f"{value:,.2f}"}
    return any(compiled(rf"(?<![A-Za-z0-9.,]){re.escape(f)}(?![\d])").search(text) for f in forms)  # not "A100" for 100


def requests_note(load: tuple[float, float, bool, int, int, float], lang: str) -> str:
    """How a load stated per day was sized (nlu/request_rate.py, docs/model.md §serve.requests); people a day are
    turned into requests first, said as an assumption."""
    from assistant.nlu.request_rate import PEAK_FACTOR, PEAK_HOURS, REQUESTS_PER_USER, STREAM_TPS

    per_day, tokens, assumed, users, daily, per_s = load
    common = {
        "tokens": f"{tokens:,.0f}",
        "assumed": i18n.t(lang, "engine.reply_assumed") if assumed else "",
        "tps": f"{STREAM_TPS:g}",
        "users": users,
    }
    if per_s:  # "1000 requests per minute": that rate, as it was said
        return i18n.t(lang, "engine.requests_rate_sized", per_s=f"{per_s:,.1f}", **common)
    people = (
        i18n.t(lang, "engine.users_a_day", daily=f"{daily:,}", each=f"{REQUESTS_PER_USER:g}") + i18n.gap(lang)
        if daily
        else ""
    )
    return people + i18n.t(
        lang,
        "engine.requests_sized",
        per_day=f"{per_day:,.0f}",
        hours=f"{PEAK_HOURS:g}",
        factor=f"{PEAK_FACTOR:g}",
        **common,
    )
