"""Figures of the conversation's device asked with no card named: "what does it pull at idle", "whats the idle draw of
the whole thing", "total power for 4 of them under load", "两张一起功耗多少", "四张加起来多少显存".

Contract: each reader takes a `Reading` and returns a `FollowUpQuery` carrying the spec fields asked (and the count
said, "4 of them", "两张"), which the dialogue merges into the device the conversation is about (references and
ellipsis: its card, with the count it has or the count said); None when the question names a card, a model, a kind
of work or money, or asks why (other readers take those). Plain reading: nothing here knows the conversation.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading
from assistant.queries import FollowUpQuery, Query

# tags that make a figure question something else: a bill, a price, a model or a job on the device, a reason, a pick
_OTHER = ("COST", "MONEY", "KWH", "HOURS", "BUDGET", "WHY", "MODEL", "PARAMS", "WORKLOAD", "RECOMMEND", "COMPARE", "VS")


def idle_draw(r: Reading) -> Query | None:
    """ "what does it pull at idle", "whats the idle draw of the whole thing", "待机功耗呢": the idle draw of the
    device talked about (lexicon asked_idle), with its count; a card named is spec.read's."""
    b = r.b
    if r.explicit or b.has(*_OTHER) or not r.lex.words_in("asked_idle", f" {r.text.lower()} "):
        return None
    if r.form.period is not None:
        return None  # "idle draw per month": an energy or a bill (cost readers)
    return FollowUpQuery(text=r.text, fields=("power",), gpu_count=r.total_count())


def figure_of_count(r: Reading) -> Query | None:
    """ "total power for 4 of them under load", "power draw for both", "两张一起功耗多少", "四张加起来多少显存": a spec
    figure (power, memory) of N of the device talked about; the count said is the set's."""
    b = r.b
    fields = tuple(f for f in r.fields() if f in ("power", "memory"))
    count = r.total_count()
    if r.explicit or not fields or not count or count < 2 or b.has(*_OTHER):
        return None
    return FollowUpQuery(text=r.text, fields=fields, gpu_count=count)


def count_enough(r: Reading) -> Query | None:
    """ "三块卡够不够", "两张够吗", "would 3 of them be enough": only a count and an "enough" word, no card or model:
    the last question again on that many of the device talked about."""
    b = r.b
    count = r.total_count()
    kinds = {t.kind for t in b.tags}
    if (
        r.explicit
        or not count
        or count < 2
        or not kinds <= {"COUNT", "NUMBER", "FIT", "QUESTION", "FOLLOW", "OF", "PRONOUN"}
    ):
        return None
    if "FIT" not in kinds or b.unknown:
        return None
    return FollowUpQuery(text=r.text, gpu_count=count)
