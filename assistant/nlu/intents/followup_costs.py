"""Follow-ups about the time and the money of what was talked about: "how long?", "要多久", "跑50小时多少钱",
"need about 200 hours", "what if i only have 48 hours to finish", "how much would that cost", "and electricity if i
train 3h a day at 0.22/kwh".

Each reader takes a `Reading` and returns the query it claims (a `FollowUpQuery` the dialogue merges into the
question it continues, a `RatesQuery` for a card named with hours, a `CostQuery` for a bill) or None; what the hours
or the money mean after the last answer (a rent, a job, hours a week of use) is the dialogue's to decide.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.deadline import deadline_hours
from assistant.nlu.followup_details import job_data
from assistant.nlu.intents.cost import power_asked
from assistant.nlu.intents.followup import AROUND, _only, build
from assistant.nlu.intents.rates import PERIODS, period
from assistant.nlu.intents.settings import settings_of
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CostQuery, Query
from assistant.query_talk import FollowUpQuery


@needs(said=("image_time_words", "duration_words"))
def time_alone(r: Reading) -> Query | None:
    """ "how long?", "要多久", "大概多久能跑完": a time asked with nothing else, the time of the job or the fit talked
    about (the dialogue asks back when nothing was). Claimed before the reader of empty questions: these may have no
    tag at all."""
    b = r.b
    if said(r, "image_time_words") and not r.explicit and not r.model and not {t.kind for t in b.tags} - AROUND:
        return build(r, want_speed=True)  # "一张要几秒", "多久一张" (untagged): the image time of what was talked about
    data = any(job_data(r).values())  # "how long for 20k samples", "训练2万条数据要多久": the job on that data
    extra = {t.kind for t in b.tags} - AROUND
    if extra <= {"PERIOD", "FIT"} and b.first("PERIOD") == "day":
        extra = (
            set()
        )  # "每天要跑几个小时", "how many hours a day would it run": the day's time of the work talked about
    if job_data(r).get("sample_tokens"):
        extra -= {"CONTEXT"}  # "1 epoch of 20k samples at 512 tokens": the samples' length, read as such
    if (
        not said(r, "duration_words")
        or r.explicit
        or (extra and not (data and extra <= {"COUNTED", "NUMBER", "MODE", "OF", "FIT"}))
    ):
        return None
    names = ("duration_words", "time_fillers", "job_data_words") if data else ("duration_words", "time_fillers")
    phrases = [p for name in names for p in r.lex.listed(name)]
    words = {w for p in phrases for w in p.split()} | {ch for p in phrases if not p.isascii() for ch in p}
    return build(r) if _only(b.unknown, words) else None


_HOURS_PRICED = {"FIT", "HOURS", "FIELD", "HOW_MUCH", "COST", "FOR"} | AROUND


@needs(("HOURS",), unless=("MODEL",))
def hours_priced(r: Reading) -> Query | None:
    """ "跑50小时多少钱", "how much for 50 hours", "用100个小时要多少钱": the money for that many hours of what was
    talked about (a rent after rates), with no model or rate of its own; one card named ("how much for 50 hours on an
    h100"): renting it for those hours."""
    b = r.b
    tag = b.first("HOURS")
    if len(r.explicit) > 1 or r.model or not isinstance(tag, dict) or set(tag) != {"total"}:
        return None
    # "训一次大概3小时 总共多少钱": one run's hours; "租一小时各多少刀": the rate of each card talked about
    if not set(b.unknown) <= r.lex.listed("per_run_words") | r.lex.listed("each_card_words"):
        return None
    priced = b.meaning("FIELD") == "price" or b.has("HOW_MUCH", "COST") or said(r, "money_asks")
    priced = priced or r.text.lower().lstrip().startswith(tuple(r.lex.listed("period_first_asks")))  # "monthly if"
    totalled = said(r, "hours_total_asks")  # "i need about 120 hours of it for a finetune, total?"
    allowed = _HOURS_PRICED | ({"OF", "PRONOUN", "MODE", "QUESTION", "UNDER"} if totalled or b.unknown else set())
    allowed |= {"CURRENCY"}  # "多少刀": the money asked in dollars
    allowed |= set() if r.explicit else {"RENT"}  # "国内租一小时多少": the rent of what was talked about
    if not (priced or totalled) or {t.kind for t in b.tags} - allowed - {"GPU", "ON"} or b.has("KWH", "MONEY"):
        return None
    if r.explicit and not b.has("ON"):
        return None  # "4090跑100小时多少钱": renting or the power bill, for the readers of those
    if r.explicit:
        from assistant.queries import RatesQuery  # "how much for 50 hours on an h100": renting it for those hours

        return RatesQuery(text=r.text, gpus=tuple(r.explicit), mode="rent", hours=float(tag["total"]))
    follow = build(r)
    return dataclasses.replace(follow, hours_total=tag["total"], hours_bare=None, fields=())


_DEADLINE = {"HOURS", "NUMBER", "COUNT", "COUNTED", "IF", "HOW_MUCH", "FIT", "GPU", "SPEED", "FASTER", "TIME", "UNDER"}
_DEADLINE |= {"PERIOD", "BUDGET"}  # "一天内", "只有48小时" (只有 is read as a budget word)
_DEADLINE |= AROUND


@needs(unless=("PARAMS", "WORKLOAD", "RENT", "MONEY", "KWH", "MODEL"))
def deadline_set(r: Reading) -> Query | None:
    """ "what if i only have 48 hours to finish", "i need it done in 2 days", "两天内要跑完 要几张", "限时三天": a time
    the job talked about must be done in, with no model or work of its own (the dialogue gives the cards each kind
    talked about needs, or asks the fit talked about with that deadline); a card named is one more kind to weigh."""
    b = r.b
    limit = deadline_hours(r.text)
    if not limit or r.model or b.has("PARAMS", "WORKLOAD", "RENT", "MONEY", "KWH"):
        return None
    if {t.kind for t in b.tags} - _DEADLINE - {"MODE"} or len(b.unknown) > 4:
        return None
    kept = tuple(s for s in settings_of(r)[0] if s.key != "utilization")  # the limit, not hours a week of use
    return FollowUpQuery(text=r.text, gpus=tuple(r.explicit), deadline_hours=limit, settings=kept)


_HOURS_ALONE = {
    "HOURS",
    "UNDER",
    "QUESTION",
    "FIT",
    "COUNTED",
    "SET",
    "COUNT",
    "OVER",
    "MONTHS",
} | AROUND  # "my run is ~60 hours on one"


@needs(("HOURS",), unless=("MODEL", "PARAMS"))
def hours_alone(r: Reading) -> Query | None:
    """ "need about 200 hours", "gonna need ~200 hrs", "job is about 200 hours", "要跑200小时": hours in all said with
    nothing else (no card, model, rate or span of use): a follow-up whose hours the dialogue reads by what was asked
    before (the rent of those hours after a rate, else hours a week of use)."""
    b = r.b
    tag = b.first("HOURS")
    if r.explicit or r.model or not isinstance(tag, dict) or set(tag) != {"total"} or b.has("PARAMS"):
        return None
    if {t.kind for t in b.tags} - _HOURS_ALONE - {"MODE"} or not set(b.unknown) <= r.lex.listed("hours_alone_fillers"):
        return None  # "我要跑个lora 大概30小时": the method named with the hours is still the job's hours
    if r.said("which_words"):
        return None  # "a lora for about 30 hours, which gpu?": a pick
    return build(r)


_COST_OF_THAT = {"HOW_MUCH", "QUESTION", "PRONOUN", "COST", "FIELD", "EXPLAIN", "FOLLOW", "AND"}


@needs(("COST", "HOW_MUCH", "FIELD"), unless=("MODEL",))
def cost_of_that(r: Reading) -> Query | None:
    """ "how much would that cost", "what does that cost", "how much is that", "那要多少钱": the money of what was just
    talked about (the rent after a rental, else the price of the card), nothing named, or "how much in total",
    "一共多少" with no pronoun; not "to buy" (a price)."""
    b = r.b
    kinds = {t.kind for t in b.tags}
    total = _total_only(r)  # "how much in total", "一共多少": the money of what was talked about, all of it
    if r.explicit or r.model or (b.unknown and not total) or kinds - _COST_OF_THAT - ({"ON"} if total else set()):
        return None
    if b.meaning("FIELD") not in (None, "price"):
        return None
    if not b.has("COST", "HOW_MUCH", "FIELD") or (b.has("FIELD") and b.has("COST")):
        return None
    if b.meanings.get("COST_KIND") or r.said("run_words") or power_asked(r) or r.form.figure == "bill":
        return None  # "how much would that cost to run", "它的运行成本", "and the power bill?": a running cost
    pronouns = tuple(g for g in r.refs if g.pronoun in ("it", "that", "them"))
    alone = kinds <= {"COST", "QUESTION"} and not b.unknown  # "cost?": the money of what was just talked about
    if len(pronouns) != len(r.refs) or not (pronouns or b.has("FOLLOW") or total or alone):
        return None
    if not b.has("COST") and any(g.pronoun != "that" for g in pronouns):
        return None  # "how much is it": the price of the card talked about (the spec reader)
    # "how much per month then": the period asked too (a rent of the hours in use, by the month)
    return FollowUpQuery(text=r.text, gpus=pronouns, fields=("price",), ask="cost_of_that", period=period(r))


def _total_only(r: Reading) -> bool:
    """The question says "in total" / "一共" and nothing else that was not understood ("how much in total")."""
    if not r.said("total_words"):
        return False
    words = {w for p in r.lex.listed("total_words") for w in p.split()}
    chars = {ch for p in r.lex.listed("total_words") if not p.isascii() for ch in p}
    return all(w in words or (not w.isascii() and all(ch in chars for ch in w)) for w in r.b.unknown)


_USE_PRICED = {"COST", "HOURS", "KWH", "NUMBER", "MONEY", "MODE", "FIT", "PER", "ON", "IF"} | AROUND


@needs(("COST",), ("HOURS",), unless=("MODEL",))
def power_bill_stated(r: Reading) -> Query | None:
    """ "and electricity if i train 3h a day at 0.22/kwh", "电费算0.6呢 每天8小时": an electricity rate and hours of use
    stated with the electricity named, no card: the running cost of the cards talked about at those (kept as the
    conversation's settings), not only the rate stored."""
    b = r.b
    tag = b.first("HOURS")
    if r.explicit or r.model or not b.has("COST") or not isinstance(tag, dict) or not tag.get("per_week"):
        return None
    if {t.kind for t in b.tags} - _USE_PRICED or b.unknown or period(r) or b.has("HOW_MUCH"):
        return None  # "power cost per month at 0.25, 6h a day": a cost asked in so many words (cost.read)
    rate = b.has("KWH") or r.rate_tags() is not None or (b.means("ELECTRICITY") and b.has("NUMBER", "MONEY"))
    return CostQuery(text=r.text, kind="running") if rate else None


_RATE_USE_PERIOD = _USE_PRICED | {"ELECTRICITY", "SET", "QUESTION", "PERIOD", "PER", "HOW_MUCH", "PRONOUN"}


@needs(("HOURS",), unless=("MODEL",))
def bill_of_period_asked(r: Reading) -> Query | None:
    """ "my power is 0.35/kwh, 5h a day, monthly?", "0.2 a kwh 8h a day, per year?": a rate and the hours of use said
    as settings, with a period asked (the question's only other word), no card: the bill of the cards talked about for
    that period at those settings, not the settings stored and nothing answered."""
    b = r.b
    tag = b.first("HOURS")
    if r.explicit or r.model or not isinstance(tag, dict) or not tag.get("per_week"):
        return None
    asked = period(r)
    kinds = {t.kind for t in b.tags} - ({"FIELD"} if b.meaning("FIELD") == "release" and asked == "year" else set())
    if b.meaning("FIELD") == "power" and r.form.figure == "bill":
        kinds -= {"FIELD"}  # "how much per month in power": the electricity bill, not the watts
    kinds -= {"COMPARE"}  # "electricity is 0.25 usd, monthly difference running 24/7": the bills of the cards compared
    if asked is None or not (b.has("KWH") or r.rate_tags() is not None) or kinds - _RATE_USE_PERIOD:
        return None  # ("per year?" tags the year as a release date: the period it is here)
    words = {w for name in PERIODS for p in r.lex.listed(f"period_{name}") for w in p.split()}
    if not set(b.unknown) <= words | r.lex.listed("period_total_fillers"):
        return None
    return CostQuery(text=r.text, kind="running", period=asked)


_PERIOD_AT_USE = {
    "HOURS",
    "HOW_MUCH",
    "COST",
    "FIELD",
    "PERIOD",
    "PER",
    "PRONOUN",
    "IF",
    "FIT",
    "RENT",
    "SET",
    "CURRENCY",
}
_PERIOD_AT_USE |= AROUND


@needs(("HOURS",), unless=("MODEL", "MONEY", "BUDGET", "KWH"))
def period_at_use(r: Reading) -> Query | None:
    """ "how much a month if it's 6 hours a day", "一个月多少钱 每天跑6小时", "per year at 5h a day?": the last
    question (a bill, a rent) for that period at that use, with no card, model or money of its own: an edit of the
    thread's period and hours, not a spec sheet of "it" or a setting typed alone."""
    from assistant.nlu.intents.rates import period

    b = r.b
    if r.explicit or r.model or not b.has("HOURS") or period(r) is None or b.has("MONEY", "BUDGET", "KWH"):
        return None
    priced = b.meaning("FIELD") == "price" or b.has("HOW_MUCH", "COST") or said(r, "money_asks")
    priced = priced or r.text.lower().lstrip().startswith(tuple(r.lex.listed("period_first_asks")))  # "monthly if"
    if not priced or {t.kind for t in b.tags} - _PERIOD_AT_USE or len(b.unknown) > 1:
        return None
    tag = b.first("HOURS")
    if isinstance(tag, dict) and set(tag) == {"total"}:
        return None  # "how much for 50 hours": that many hours (hours_priced)
    follow = build(r)
    return dataclasses.replace(follow, period=period(r), fields=())


@needs(said=("video_clip_words",))
def clip_time(r: Reading) -> Query | None:
    """ "how long would a 5s 720p clip take on that", "生成一段5秒720p视频要多久": a clip's time with no model named,
    the video model talked about (dialogue/video_thread.video_time); at most one card, or a pronoun."""
    if r.model or len(r.explicit) > 1 or said(r, "video_models") or not said(r, "video_clip_words"):
        return None
    if not (said(r, "duration_words") or said(r, "image_time_words")):
        return None
    return dataclasses.replace(build(r), ask="video_time")
