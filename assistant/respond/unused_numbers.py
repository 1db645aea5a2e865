"""Numbers the user stated that the answer did not use, said instead of dropped ("you said 10,000 hours of audio:
this answer does not use it").

Contract: `note(query, answer, lang)` -> a note, or "" when every number of `query.said` (tags the parser keeps:
counts of things, RAM speeds, an accessory's price) and every difference of `query.stated` ("$300 less", "+$500",
nlu/stated.py) is shown in the answer's text: a number an answer uses it shows
(a field of the query holding it is not enough: "ddr5-6000" is kept on a fit query that only the CPU-only answer
reads). A number counts as shown when its value appears in the text in a form answers write (1500, 1,500).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.patterns import compiled
from assistant.queries import Query


def note(query: Query, answer: Answer, lang: str) -> str:
    differences = [(s.value, s.text) for s in query.stated if s.direction]  # "$300 less", "+$500"
    if not (query.said or differences) or answer.clarification:
        return ""
    text = " ".join(
        [answer.headline, *answer.steps, *answer.notes, *(" ".join(r) for t in answer.tables for r in t.rows)]
    )
    said = [(value, typed) for _kind, value, typed in query.said] + differences
    unused = [typed for value, typed in said if not _shown(value, text)]
    if not unused:
        return ""
    items = i18n.join_names(lang, [i18n.quote(lang, u) for u in dict.fromkeys(unused)])
    return i18n.t(lang, "engine.said_unused", items=items)


def _shown(value: float, text: str) -> bool:
    forms = {f"{value:g}", f"{value:,.0f}" if value.is_integer() else f"{value:,.2f}"}
    return any(compiled(rf"(?<![A-Za-z0-9.,]){re.escape(f)}(?![\d])").search(text) for f in forms)  # not "A100" for 100


def requests_note(load: tuple[float, float, bool, int], lang: str) -> str:
    """How a load stated per day was sized (nlu/request_rate.py, docs/model.md §serve.requests)."""
    from assistant.nlu.request_rate import PEAK_FACTOR, PEAK_HOURS, STREAM_TPS

    per_day, tokens, assumed, users = load
    return i18n.t(
        lang,
        "engine.requests_sized",
        per_day=f"{per_day:,.0f}",
        tokens=f"{tokens:,.0f}",
        assumed=i18n.t(lang, "engine.reply_assumed") if assumed else "",
        hours=f"{PEAK_HOURS:g}",
        factor=f"{PEAK_FACTOR:g}",
        tps=f"{STREAM_TPS:g}",
        users=users,
    )
