"""Figures of the conversation's device asked with no card named: "what does it pull at idle", "whats the idle draw of
the whole thing", "total power for 4 of them under load", "两张一起功耗多少", "四张加起来多少显存".

Contract: each reader takes a `Reading` and returns a `FollowUpQuery` carrying the spec fields asked (and the count
said, "4 of them", "两张"), which the dialogue merges into the device the conversation is about (references and
ellipsis: its card, with the count it has or the count said); None when the question names a card, a model, a kind
of work or money, or asks why (other readers take those). Plain reading: nothing here knows the conversation.
"""

from __future__ import annotations

from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import FollowUpQuery

# tags that make a figure question something else: a bill, a price, a model or a job on the device, a reason, a pick
_OTHER = (
    "COST",
    "MONEY",
    "KWH",
    "HOURS",
    "BUDGET",
    "WHY",
    "MODEL",
    "PARAMS",
    "WORKLOAD",
    "RECOMMEND",
    "COMPARE",
    "VS",
    "WATTS",
)


@needs(unless=_OTHER)
def idle_draw(r: Reading) -> Query | None:
    """ "what does it pull at idle", "whats the idle draw of the whole thing", "待机功耗呢": the idle draw of the
    device talked about (lexicon asked_idle), with its count; a card named is spec.read's."""
    b = r.b
    if r.explicit or b.has(*_OTHER) or not r.lex.words_in("asked_idle", f" {r.text.lower()} "):
        return None
    if r.form.period is not None:
        return None  # "idle draw per month": an energy or a bill (cost readers)
    return FollowUpQuery(text=r.text, fields=("power",), gpu_count=r.total_count())


@needs(unless=_OTHER)
def figure_of_count(r: Reading) -> Query | None:
    """ "total power for 4 of them under load", "power draw for both", "两张一起功耗多少", "四张加起来多少显存": a spec
    figure (power, memory) of N of the device talked about; the count said is the set's."""
    b = r.b
    fields = tuple(f for f in r.fields() if f in ("power", "memory"))
    count = r.total_count()
    if r.explicit or not fields or not count or count < 2 or b.has(*_OTHER):
        return None
    if r.form.figure == "bill":  # "what about power per year for two of them": their electricity bill, not the watts
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


def period_total(r: Reading) -> Query | None:
    """ "一年下来多少钱", "一年要花多少", "那一年多少钱": the money of what the conversation rents or runs over that
    period, not a setting of years owned (one year said with money asked, nothing else but fillers)."""
    b = r.b
    kinds = {t.kind for t in b.tags}
    year = b.first("YEARS")
    if (
        r.explicit
        or r.model
        or year != 1.0
        or not b.has("HOW_MUCH", "FIELD")
        or b.meaning("FIELD") not in (None, "price")
    ):
        return None
    if kinds - {"YEARS", "FIELD", "HOW_MUCH", "FOLLOW", "QUESTION"} or not set(b.unknown) <= r.lex.listed(
        "period_total_fillers"
    ):
        return None
    return FollowUpQuery(text=r.text, period="year")


@needs(unless=("KWH", "HOURS", "RENT", "MODEL"))
def whole_machine(r: Reading) -> Query | None:
    """ "整机大概多少钱", "how much would the whole thing cost if i buy used", "all in price for the build?": the price
    of the machine around the cards talked about (their set, the platform allowance), not one card's price nor a
    ranking; a card or a budget named is another question."""
    b = r.b
    # "总预算大概多少钱", "what would the total budget be": the budget asked, no amount said, is the machine's price
    budget_asked = not b.has("MONEY", "NUMBER") and r.lex.words_in("whole_budget_words", f" {r.text.lower()} ")
    words = r.lex.words_in("whole_machine_words", f" {r.text.lower()} ") or budget_asked
    if r.explicit or r.model or b.has("KWH", "HOURS", "RENT") or (b.has("BUDGET") and not budget_asked) or not words:
        return None
    asked = (
        b.has("HOW_MUCH", "COST")
        or budget_asked
        or "price" in r.fields()
        or r.lex.words_in("money_asked_words", f" {r.text.lower()} ")
    )
    if not asked or b.meanings.get("COST_KIND"):
        return None
    return FollowUpQuery(text=r.text, ask="whole_machine", fields=("price",))


@needs(unless=(*_OTHER, "MEMORY", "MODEL"))
def memory_total(r: Reading) -> Query | None:
    """ "how much vram do i have in total", "显存一共多少", "总共多少显存": the memory of the device talked about, all
    its cards together (lexicon set_total_words), not the memory concept."""
    b = r.b
    low = f" {r.text.lower()} "
    if r.explicit or r.model or b.has(*_OTHER, "MEMORY") or not r.lex.words_in("set_total_words", low):
        return None  # "the least i can spend to get 48 gigs of vram total": a memory wanted, a search
    if "price" in r.fields() or r.lex.words_in("whole_machine_words", low):
        return None
    if "memory" not in r.fields() and not r.lex.words_in("memory_asked_words", low):
        return None
    return FollowUpQuery(text=r.text, fields=("memory",), gpu_count=r.total_count())


@needs(unless=("PARAMS", "MONEY", "HOURS", "BUDGET", "WORKLOAD", "MODEL"))
def job_data_alone(r: Reading) -> Query | None:
    """ "3 epochs", "with 200k samples then", "跑3轮呢": only the data of a training job, nothing else asked: the job
    talked about again on that data (its time, or its rent when it was rented)."""
    from assistant.nlu.followup_details import job_data

    b = r.b
    data = {k: v for k, v in job_data(r).items() if v is not None}
    if not data or r.explicit or r.model or b.has("PARAMS", "MONEY", "HOURS", "BUDGET", "WORKLOAD"):
        return None
    # "大概要多少钱，数据集5万条": the money of the job on that data asked too (its rent, when it was rented)
    kinds = {t.kind for t in b.tags} - {"NUMBER", "COUNTED", "QUESTION", "FOLLOW", "AND", "ON", "ONLY", "MODE", "COST"}
    words = {"epochs", "epoch", "samples", "sample", "instead", "then", "with", "轮", "个", "条", "数据", "样本"}
    words |= {"数据集", "条数据", "训练集", "大概", "大约"}
    if kinds or not set(b.unknown) <= words | r.lex.listed("fragment_words"):
        return None
    return FollowUpQuery(text=r.text, **data)


@needs(("PRECISION",), ("CONTEXT",), unless=("MODEL",))
def fit_settings_alone(r: Reading) -> Query | None:
    """ "at q4_k_m with 16k context?", "q8 and 32k then": a precision and a context said together, nothing else: the fit
    talked about again at those (a fragment of one detail is followup.fragment's)."""
    b = r.b
    kinds = {t.kind for t in b.tags}
    if r.explicit or r.model or b.unknown or not {"PRECISION", "CONTEXT"} <= kinds:
        return None
    if kinds - {"PRECISION", "CONTEXT", "ON", "AND", "QUESTION", "FOLLOW", "ONLY"}:
        return None
    return FollowUpQuery(text=r.text, precision=r.precision, context_tokens=r.num("CONTEXT"))


@needs(unless=("MODEL",))
def total_alone(r: Reading) -> Query | None:
    """ "total bill?", "whats the total?", "all in?": only a total asked, nothing named: the money of what was just
    talked about (the rent of a job or hours after a rental, the set's price after a card), as "how much would that
    cost" reads it."""
    import re

    low = r.text.lower()
    if r.explicit or r.model or not r.lex.words_in("total_alone_words", f" {low} "):
        return None
    words = [w for w in re.split(r"[\s,.!?？。，]+", low) if w]
    allowed = r.lex.listed("total_alone_words") | r.lex.listed("total_alone_fillers")
    if not words or not all(w in allowed for w in words):
        return None
    return FollowUpQuery(text=r.text, fields=("price",), ask="cost_of_that")


@needs(("WHY",), ("VENDOR",))
def why_not_vendor(r: Reading) -> Query | None:
    """ "why not amd", "为啥不考虑a卡" after a pick: why the vendor's cards were left out, which is how they work for
    this in practice (the vendor concept: the software stack), not a question nobody understood."""
    from assistant.nlu.intents.explain import _VENDOR_PRACTICE
    from assistant.query_talk import ExplainQuery

    b = r.b
    concept = _VENDOR_PRACTICE.get(b.first("VENDOR") or "")
    kinds = {t.kind for t in b.tags}
    if concept is None or r.explicit or not b.has("WHY") or kinds - {"WHY", "NO", "VENDOR", "QUESTION", "FOLLOW"}:
        return None
    return ExplainQuery(text=r.text, concept=concept, mention=r.text.strip(" ?!.？！"))
