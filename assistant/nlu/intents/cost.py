"""Costs: running (electricity), total cost of ownership, performance per dollar, a training run.

Claims a question with a cost, electricity-rate or value word (or training tokens with a
workload) unless it asks for a recommendation, or for performance per dollar of two GPUs (a
comparison by value). `kind` tells which cost is asked.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.rates import PERIODS, period, provider
from assistant.nlu.intents.rent_or_buy import against_buying, renting_the_other, usage
from assistant.nlu.intents.verdict import said
from assistant.nlu.local_dollars import local_dollar
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.stated_draw import draw_bill, stated_draw
from assistant.queries import CompareQuery, CostQuery, GpuRef, Query


@needs(unless=("RECOMMEND",))
def read(r: Reading) -> Query | None:
    cost = kind(r)
    if not cost or r.b.has("RECOMMEND") or (cost == "perf_per_dollar" and len(r.refs) >= 2):
        return None
    if cost == "perf_per_dollar" and against_buying(r):
        return None  # "is it worth it vs buying" after a rent: renting against buying (rent_or_buy.read)
    weighed = r.b.has("THAN", "VS") and r.said("which_words")
    if cost == "perf_per_dollar" and len(r.explicit) == 1 and weighed:
        return None  # "和H100比哪个性价比高", "which is better value vs an h100": the card talked about against it
    if cost == "running" and not r.refs and said(r, "efficiency_words") and said(r, "machine_wish_words"):
        return None  # "想搞一台常开的推理机，跑whisper，电费要省": a low-power pick for the work, not a bill
    if cost == "perf_per_dollar" and said(r, "resale_words") and not r.b.has("MONEY", "BUDGET", "HOURS"):
        return None  # "p40 resale value", "what's the resale value of a 3090": what it fetches used (spec.read)
    gap = cost == "tco" and len(r.explicit) == 1 and said(r, "asked_price_gap") and not r.b.has("YEARS", "HOURS")
    if gap and r.b.has("BUY", "FOLLOW"):
        return None  # "那买3090要多花多少钱": its price against the card talked about (compare), not owning it
    if cost == "tco" and r.b.has("FASTER") and said(r, "cheaper_overall_words"):
        return None  # "would 2 h100s be faster and cheaper overall": the work on them weighed, not owning them
    if cost == "tco" and renting_the_other(r):
        return None  # "3 yr tco of 4x rtx pro 6000 vs renting 4x h100 on runpod": buying one against renting the other
    if cost == "tco" and (rented := _hours_needed(r)) is not None:
        return rented  # "i need an h100 for about 40 hours total, cost?": those hours rented, no 5 years owned
    if cost == "running" and _images_made(r):
        return None  # "how much electricity to generate 1000 flux images on a 3090": that job's energy (fit answers)
    counted = r.form.figure == "count" and (r.model or r.b.has("PARAMS"))
    if counted and (cost != "training_run" or r.form.deadline_hours):
        # "how many 3090s would i need to run llama 3.1 405b at q4, and what would that pile cost", "how many 4090s to
        # full finetune llama 3 8b on 500m tokens in 6 hours": a count of cards, not a cost
        return None
    if len(r.explicit) >= 2 and r.b.has("VALUE") and (r.model or r.b.has("PARAMS")) and r.num("KWH") is not None:
        return None  # "4090和5090跑r1 70b哪个划算，电费按0.6元一度算": compared on the model, the tariff a setting
    if len(r.explicit) >= 2 and r.b.has("VS", "OR") and said(r, "verdict_worth") and not r.b.has("COST", "KWH"):
        return None  # "a5000 vs 3090 for 24/7 inference, is the lower power worth it": the two compared, power in it
    if (
        len(r.explicit) >= 2
        and r.b.has("OR")
        and r.num("KWH") is not None
        and not r.b.has("HOW_MUCH")
        and r.form.figure not in ("bill", "energy", "price", "watts")
    ):  # "i game 6h a day ..., electricity 0.30/kwh, 9070 xt or 5070 ti": which card, the tariff and hours settings
        return None
    if cost == "perf_per_dollar" and not r.refs and r.b.has("GPU_WORD"):
        return None  # "性价比最高的卡是哪张": which card, a recommendation
    if cost == "perf_per_dollar" and not r.refs and r.said("which_words") and not (r.model or r.b.has("PARAMS")):
        # "which is better value" after two cards: those two compared on value
        return CompareQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="implicit"),), aspect="value")
    return CostQuery(
        text=r.text,
        gpus=tuple(r.refs) or _difference_of(r, cost),
        kind=cost,
        years=r.num("YEARS") or (round(months / 12.0, 2) if (months := r.num("MONTHS")) and cost == "tco" else None),
        **usage_stated(r),
        model=r.model,
        params_b=r.num("PARAMS"),
        tokens=r.num("TOKENS"),
        electricity_usd_per_kwh=r.num("KWH"),
        electricity_currency=kwh_currency(r),
        period=period(r),
        provider=provider(r),  # "... and what would it cost on lambda": the rent at that cloud
        powered_hours_per_week=r.form.powered_hours_week,  # "idles 24/7 and does ~4h of load a day": on 168 h
        watts=stated_draw(r) if cost == "running" else None,  # "~1.3 kW from the wall": the bill at that draw
        hours_total=_run_hours(r) if cost == "running" else None,  # "for 48 hours straight": that run's energy
        pretrain=cost == "training_run" and bool(r.said("pretrain_words")),  # "from scratch": kept for the thread
        power_said=r.b.means("ELECTRICITY") or r.b.has("KWH") or bool(said(r, "power_cost_words")),
    )


def _run_hours(r: Reading) -> float | None:
    from assistant.nlu.intents.asked import job_hours  # asked reads costs with this module's kind()

    return job_hours(r)


def _images_made(r: Reading) -> bool:
    """A count of images of an image model on the cards named: a job whose hours the fit answer times."""
    from assistant.nlu.intents import fit

    model = r.model
    kind = r.index.model_kind(model.key) if model is not None and model.key else None
    return kind == "image" and bool(r.refs) and fit.image_count(r) is not None


@needs(unless=("RENT", "COMPARE", "VS", "OR"))
def hours_priced(r: Reading) -> Query | None:
    """ "cost of a 4090 for 500 hours", "总共要跑200小时 a100 多少钱": one card, hours in all and money asked (a cost
    word, "how much", a price) with nothing bought or owned: the rent of those hours (see _hours_needed)."""
    b = r.b
    asked = b.has("COST", "HOW_MUCH") or "price" in b.meanings.get("FIELD", [])
    spot = bool(r.lex.words_in("spot_words", f" {r.text.lower()} "))  # "4090 竞价实例 多少钱一小时": the spot rate
    return _hours_needed(r) if asked and not spot and not b.has("RENT", "COMPARE", "VS", "OR") else None


def _hours_needed(r: Reading) -> Query | None:
    """One card needed for hours in all ("40 hours total", "for about 100 hours"), with no buying, owning, years,
    usage a week or electricity said: a cost of renting those hours (RatesQuery mode "rent"); None otherwise."""
    from assistant.queries import RatesQuery

    b = r.b
    per_week, total = r.hours()
    # "how much for a 20 hour finetune on that" after the rates of an A100: the card talked about (a pronoun)
    gpus = tuple(r.explicit) or tuple(g for g in r.refs if g.pronoun)[:1]
    if per_week or not total or total < 1 or len({g.name or g.pronoun for g in gpus}) != 1:
        return None
    if b.has("BUY", "YEARS", "MONTHS", "KWH", "WATTS", "MONEY", "BUDGET", "RATE") or b.means("ELECTRICITY"):
        return None
    return RatesQuery(text=r.text, gpus=gpus, mode="rent", hours=float(total), provider=provider(r))


def _difference_of(r: Reading, cost: str) -> tuple[GpuRef, ...]:
    """ "电费差多少", "what's the difference in the power bill" with no card named: a difference is between the two
    cards just talked about ("them"; the dialogue fills them), not the bill of the last one alone."""
    if cost not in ("running", "tco") or r.model or r.b.has("PARAMS") or not said(r, "cost_difference_asks"):
        return ()
    return (GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="them"),)


def by_watts(r: Reading) -> Query | None:
    """ "my card pulls 450w, 8h a day at $0.15/kwh how much a month", "显卡功耗450w 一个月电费多少": the power bill of
    a stated draw when no GPU is named."""
    b = r.b
    if not b.has("WATTS") or r.explicit or b.has("RECOMMEND", "MODEL", "PARAMS", "COUNT"):
        return None
    if b.has("FIT") and not b.has("COST", "KWH") and not (draw_bill(r) and period(r)):
        return None  # "is 850w enough": a power supply, not a bill ("800w under load ... yearly cost" is a bill)
    rated = b.has("KWH", "HOURS") or period(r) is not None or b.means("ELECTRICITY")
    if not (b.has("COST") or (b.has("HOW_MUCH") or period(r) is not None) and rated):
        return None
    return CostQuery(
        text=r.text,
        kind="running",
        watts=_load_draw(r),
        **usage_stated(r),
        electricity_usd_per_kwh=r.num("KWH"),
        electricity_currency=kwh_currency(r),
        period=period(r),
        powered_hours_per_week=r.form.powered_hours_week,
    )


def kwh_currency(r: Reading) -> str | None:
    """The currency of the electricity price stated: its own ("0.6元", "€0.32"), else the question's language's for
    a bare amount ("电费0.6" is yuan, as the settings reader takes it; "0.30/kwh" dollars)."""
    if r.b.has("KWH") and not r.currency("KWH") and (local := local_dollar(r)):
        return local  # "power is 35c/kWh here" beside "AUD 2,999": Australian cents
    return r.currency("KWH") or (r.unnamed_currency() if r.b.has("KWH") else None)


def rate_only(r: Reading) -> bool:
    """The cost words only state an electricity rate for another question: "electricity 0.25, 3090 or
    4090 for training", "power is 30c/kwh, 4090 vs 3090" (a pair of GPUs set against each other)."""
    b = r.b
    rate = r.rate_tags()
    asked = [t for t in b.kinds.get("COST", []) if rate is None or t is not rate[0]]
    pair = any(len(s.refs) >= 2 for s in b.structs if s.kind in ("versus", "why", "faster"))
    if b.has("HOW_MUCH") and (b.has("HOURS") or period(r)):
        return False  # "3090 running 24/7, power costs 0.22, how much per year": the running cost is asked
    if b.has("COST") and period(r):
        return False  # "power cost per month at 0.25, 6h a day": the cost per month is asked
    if power_asked(r):
        return False  # "what about with power costs": no rate stated, the cost is asked
    return not asked and not b.has("VALUE", "TOKENS") and (not b.has("KWH") or pair)


def power_asked(r: Reading) -> bool:
    """An electricity word without a rate: "with power costs?", "including electricity" ask what it costs."""
    b = r.b
    if not b.means("ELECTRICITY") or b.has("KWH", "SET") or r.rate_tags() is not None:
        return False
    return bool(b.has("GPU", "PRONOUN", "HOW_MUCH", "FOLLOW", "AND") or said(r, "cost_including"))


RUN_TOKENS = 1e8  # this many training tokens or more with a model size is a run from scratch, not a fine-tune [A]


def _run_timed(r: Reading) -> bool:
    """A model size, a training set's worth of tokens and a time asked, no fine-tuning method named."""
    tokens = r.num("TOKENS")
    return bool(
        r.b.has("PARAMS")
        and tokens
        and float(tokens) >= RUN_TOKENS
        and r.mode() in ("inference", "full_finetune")
        and said(r, "duration_words")
    )


def kind(r: Reading) -> str | None:
    """running | tco | perf_per_dollar | training_run, or None when no cost is asked."""
    b = r.b
    if _run_timed(r):
        return "training_run"  # "how long would a 125m gpt2 take on 10b tokens on my 3090": a run from scratch
    if said(r, "amortize_words") and (r.explicit or b.has("PRONOUN")):
        return "tco"  # "按3年折旧加电费…每个月摊下来多少钱", "amortized over 3 years": the whole cost, spread
    per = b.has("HOURS") or period(r)
    stated = (
        power_asked(r)
        or (r.rate_tags() is not None or (r.said("run_words") and (r.explicit or b.has("PRONOUN"))))
        and b.has("HOW_MUCH")
        and per
    )
    if not b.has("COST", "KWH", "VALUE") and not (b.has("TOKENS") and b.means("MODE", "WORKLOAD")) and not stated:
        return None
    if not b.has("COST", "KWH", "VALUE") and r.mode() in ("lora", "qlora"):
        return None  # "how long to fine tune llama 3 8b on 2m tokens with lora on a 3090": the fit's job time (LoRA)
    if rate_only(r):
        return None
    if stated and not b.has("COST"):  # "power costs 0.22, how much per year", "how much per year to run a 4090"
        return "tco" if said(r, "cost_including") else "running"  # "what about with power costs": all of it
    texts = " ".join(t.text.lower() for k in ("COST", "FIT", "ELECTRICITY", "FIELD") for t in b.kinds.get(k, []))
    if b.has("TOKENS") or ("train" in texts and not b.has("GPU", "PRONOUN")):
        return "training_run"
    power = b.means("ELECTRICITY") or "running" in b.meanings.get("COST_KIND", [])
    if power and said(r, "cost_including"):
        return "tco"  # "including electricity?", "算上电费呢": the whole cost with the power bill in it
    kinds = b.meanings.get("COST_KIND", [])
    if kinds:
        return kinds[0]
    if (
        b.has("COST")
        and b.lang == "zh"
        and "full_finetune" in b.meanings.get("MODE", [])
        and b.has("PARAMS", "MODEL")
        and not b.has("GPU", "PRONOUN")
    ):
        return "training_run"  # 训练一个7b模型要多少钱
    ran = "run" in texts.split() and not _RUN_ME.search(texts)  # "what's a 4090 gonna run me": its price
    if r.lex.words_in("running_cost", texts) or b.has("KWH") or ran:
        return "running"
    if b.has("VALUE"):
        return "perf_per_dollar"
    if r.lex.words_in("tco_cost", texts):
        return "tco"
    cost_words = _RUN_ME.sub("cost", " ".join(t.text.lower() for t in b.kinds.get("COST", [])))
    if (
        "price" in b.meanings.get("FIELD", [])
        and cost_words in ("cost", "costs")
        and not b.has("YEARS", "UTILIZATION")
        and not period(r)  # "whats the monthly cost for 2x 4090": a bill per month, no price
    ):
        return None  # "how much does a 4090 cost": its price, a spec (not "cost of a 3090 over 3 years")
    if b.has("HOURS", "YEARS"):
        return "tco"
    return "tco" if b.has("GPU", "PRONOUN") else None


_RUN_ME = re.compile(r"\brun (?:me|you|us|ya)\b")
FULL_TIME_HOURS = 168.0  # a week of round-the-clock running


def usage_stated(r: Reading) -> dict:
    """The usage stated; in a running-cost question, "满载" / "at full load" with no hours said means running flat out
    all the time ("4090一天电费多少 满载"), lexicon list full_load_words (a spec question's "满载功耗" is no usage);
    hours of load apart from the time the card is on (Reading.form: "idles 24/7 and does ~4h of load a day"), and
    none when it is only said to idle ("if i leave it idle all day")."""
    found = usage(r)
    per_week, total = r.hours()
    if r.form.load_hours_week is not None:
        found["hours_per_week"] = r.form.load_hours_week  # "idles 24/7 and does ~4h of load a day": the load
    elif r.form.powered_hours_week and per_week is None and total is None and r.said("idle_words"):
        found["hours_per_week"] = 0.0  # "if i leave it idle all day": on, and no load said
    elif found["hours_per_week"] is None and found["utilization"] is None and said(r, "full_load_words"):
        found["hours_per_week"] = FULL_TIME_HOURS
    elif found["hours_per_week"] is None and found["utilization"] is None and run_span(r):
        found["hours_per_week"] = FULL_TIME_HOURS  # "8卡a800跑一个月要多少度电": running through the period asked
    return found


def run_span(r: Reading) -> str | None:
    """The period a card runs through, said as a run word right before it ("跑一个月", "训练跑了一周", "连续跑一天",
    "run it for a week straight": lexicon [lists] run_span_words then a period): day | week | month | year; None
    when the period is not a stretch of running ("一个月电费多少" is the bill's period, the use unsaid)."""
    text = r.text.lower()
    words = sorted(r.lex.listed("run_span_words"), key=len, reverse=True)
    for t in r.b.kinds.get("PERIOD", []):
        before = text[: t.start].rstrip()
        if t.value in PERIODS and any(before.endswith(w) for w in words):
            return str(t.value)
    for t in r.b.kinds.get("COST", []):  # "跑了一个月 电费": the period glued into the cost words
        said_in = [p for p in PERIODS if r.lex.words_in(f"period_{p}", t.text.lower())]
        before = text[: t.start].rstrip()
        if said_in and any(before.endswith(w) for w in words):
            return said_in[0]
    return None


def _load_draw(r: Reading) -> float:
    """The draw a bill is worked at: the largest watts said that is no idle draw ("idles at 60w, about 300w under
    load": 300), else the first."""
    kept = [t.number() for t, role in zip(r.b.kinds["WATTS"], _watts_roles(r), strict=False) if role != "idle"]
    return max(kept) if kept else float(r.b.first("WATTS"))


def _watts_roles(r: Reading) -> list[str | None]:
    from assistant.nlu.watts_role import watts_role

    tags, low = r.b.tags, r.text.lower()
    return [watts_role(tags, k, low, r.lex)[0] for k, t in enumerate(tags) if t.kind == "WATTS"]
