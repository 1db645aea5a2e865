"""Cloud prices as the answer: "what does an h100 cost per hour?", "vast.ai 4090 price", "which
provider is cheapest for an h100", "how much to rent an a100 for 100 hours / a month", "cost to
fine-tune llama 3 8b on rented h100s", "serve llama 3 70b for a month in the cloud", "租一张4090一个月多少钱".

`read` claims a question with a rent word, a named provider or a per-hour word (lists
`rate_words`, `cloud_providers`) that names a GPU (or a model to train or serve), unless it
weighs renting against buying (a buy word or hours a week: rent_or_buy) or asks which GPU to
rent without naming one (a recommendation), or asks only whether the cards hold a model named (`held_asked`:
"租8卡H100跑deepseek v3，放得下吗", a fit). `asked_providers` / `other_clouds`: the clouds a follow-up prices at, none
when every one named is one to leave out ("anything cheaper than runpod?").
"""

from __future__ import annotations

import re

from assistant.nlu.cloud_names import against_renting, asked_providers, provider, providers
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.schedule import day_spans
from assistant.nlu.tagging.cn_numerals import cn_number
from assistant.periods import ASKED, CALENDAR_WEEKS
from assistant.queries import GpuRef, Query, RatesQuery

PERIODS = ASKED  # day | week | month | quarter | semester | year (assistant/periods.py)
_UNIT_HOUR = re.compile(r"(?:一|1|每)\s*个?\s*(?:小时|钟头)|(?:an?|one|1|per)\s+hours?", re.I)

_FOR_BEFORE = re.compile(r"(?:\bfor|跑|用)\s*$", re.I)  # "rent a 4090 for 1 hour", "跑一小时": hours of use


def _rate_hour(r: Reading) -> bool:
    """The one hour said is the unit of a rate asked ("一小时多少钱", "how much per hour"), not hours of use."""
    hour = r.b.kinds["HOURS"][0]
    return bool(_UNIT_HOUR.fullmatch(hour.text.strip())) and not _FOR_BEFORE.search(r.text[: hour.start])


def _span_rented(r: Reading) -> float | None:
    """ "rent an h100 for a week to qlora llama 3.1 70b", "租一周a100微调": the one stretch of time said (nlu/amounts:
    a week 168 h, a month 730 h), rented for the job; None when none or several are said ("租一小时" is the rate's
    unit hour, not the rent)."""
    from assistant.nlu.amounts import amounts

    spans = [a.value for a in amounts(r.text) if a.unit == "h" and a.role == "span" and a.value >= 24]
    return spans[0] if len(spans) == 1 else None


def period(r: Reading) -> str | None:
    """The period a cost is asked per ("tco per month", "yearly power bill", "一个月电费"): day | week |
    month | year (lists period_*), outside the hours of use ("8 hours a day", "每天8小时"); a period inside the cost
    words asked ("一年电费") first, before a period of use ("每天挂机"); None if none. Read once per question."""
    return r.once("period", lambda: _period(r))


def _period(r: Reading) -> str | None:
    b = r.b
    low = r.text.lower()
    for name in ("semester", "quarter"):  # "一个学期(大概18周)多少钱": the term asked, never the weeks inside it
        if r.lex.words_in(f"period_{name}", low):
            return name
    for cost in b.kinds.get("COST", []):  # "每天挂机跑推理 一年电费多少": the period said in the cost asked wins
        said_in = [name for name in PERIODS if r.lex.words_in(f"period_{name}", cost.text.lower())]
        if said_in:
            return said_in[0]
    costs = b.kinds.get("COST", [])
    days = day_spans(r.text)  # "每周二四六", "周一到周六", "每周三天": days of a schedule, no period asked
    tagged_periods = [t for t in b.kinds.get("PERIOD", []) if not any(a < t.end and t.start < e for a, e, _ in days)]
    asks = [t for t in b.tags if t.kind in ("FIELD", "HOW_MUCH", "QUESTION")]
    for t in tagged_periods:  # "每天 电费0.6 一个月多少钱": the period right before the question asked wins
        if t.value in PERIODS and any(0 <= q.start - t.end <= 1 for q in asks):
            return str(t.value)
    for t in tagged_periods:  # "每天9点到5点跑 电费一个月多少": the period beside the cost word
        if t.value in PERIODS and any(abs(t.start - c.end) <= 2 or abs(c.start - t.end) <= 2 for c in costs):
            return str(t.value)
    hours = [(t.start, t.end) for t in b.kinds.get("HOURS", [])]
    periods = tagged_periods
    outside = [t for t in periods if not any(s <= t.start < e for s, e in hours)]  # "一周跑5天 ... 一个月多少钱"
    tagged = (outside or periods)[0].value if periods else None
    if isinstance(tagged, str) and tagged in PERIODS:
        return tagged
    spans = [(t.start, t.end) for k in ("HOURS", "USERS") for t in b.kinds.get(k, [])]  # "200 daily users": no period
    # "for a year and a half", "一年半": a span of ownership, no year asked per
    spans += [(t.start, t.end) for k in ("YEARS", "MONTHS") for t in b.kinds.get(k, []) if t.number() % 1]
    kept = [tok.lower() for tok, at in zip(b.toks, b.toks_pos, strict=False) if not any(s <= at < e for s, e in spans)]
    joined, text = " " + " ".join(kept) + " ", "".join(kept)
    found: list[tuple[int, str]] = []
    for name in PERIODS:
        for word, token_key in r.lex.keyed(f"period_{name}"):
            at = joined.find(token_key) if token_key is not None else text.find(word)
            if at >= 0:
                found.append((at, name))
    return min(found)[1] if found else None


def held_asked(r: Reading) -> bool:
    """Whether the cards hold a model is asked ("can they fit llama 3 70b", "放得下吗"): a fit word, yes or no."""
    held = any(_HELD.search(t.text.lower()) for t in r.b.kinds.get("FIT", []))
    return held and r.form.figure in ("yes_no", None)


_HELD = re.compile(r"\bfits?\b|\bhold\b|放得下|装得下|塞得下|放下|装下|跑得下")


def other_clouds(r: Reading) -> bool:
    """Every cloud named is one to leave out ("anything cheaper than runpod?")."""
    return bool(providers(r)) and not asked_providers(r)


_WEEKS_PER_PERIOD = CALENDAR_WEEKS
WEEKEND_HOURS = 60.0  # a weekend of rent: Friday evening to Monday morning [A]

_SAMPLES = re.compile(
    r"(\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万亿]+)\s*(k|m|w|千|万)?\s*((?:[a-z&]+\s+){0,2})"
    r"(?:samples|examples|rows|conversations|instructions|pairs|sentences|documents|docs|records|dialogues|texts"
    r"|reviews|articles|tweets|emails|messages|utterances|paragraphs|passages|abstracts|tickets|transcripts"
    r"|条|个样本|句|篇)",
    re.IGNORECASE,
)
_SCALE = {"k": 1e3, "m": 1e6, "w": 1e4, "千": 1e3, "万": 1e4}


def job_fields(r: Reading, sized) -> dict:
    """The training job a question states, as RatesQuery fields: the model or its size, the method (full
    fine-tuning unless one is named), the data (tokens, samples and their length, or the sequence length said as
    their upper bound, epochs), pre-training."""
    count, length = samples(r), sample_tokens(r)
    seq = r.num("CONTEXT") if count and length is None else None  # "5k samples (seq 1024)": each at most that long
    return dict(
        model=r.model,
        params_b=float(sized) if sized else None,
        method=r.mode() if r.mode() != "inference" else "full_finetune",
        tokens=r.num("TOKENS"),
        samples=count,
        sample_tokens=length or seq,
        sample_tokens_seq=seq is not None,
        epochs=epochs(r),
        pretrain=bool(said(r, "pretrain_words")),
    )


def samples(r: Reading) -> float | None:
    """ "about 50k samples", "5万条数据", "数据一万条", "10w条": the number of training samples a job names; None if
    none."""
    kinds = r.lex.listed("count_modifiers")  # "30k instruction pairs", "20k labeled chat examples"
    found = next((m for m in _SAMPLES.finditer(r.text) if set(m.group(3).lower().split()) <= kinds), None)
    if not found:
        return None
    digits = found.group(1)
    if not (digits[0].isdigit() or set(digits) & set("十百千万亿")):
        return None  # "一条5秒视频": a classifier, not a data set
    value = float(digits) if digits[0].isdigit() else cn_number(list(digits))
    return value * _SCALE.get((found.group(2) or "").lower(), 1.0) if value else None


RENT_ONE = "one"  # the mention of "rent one": a card talked about, else any cloud GPU


def _no_card_named(r: Reading) -> bool:
    """A rent word with no GPU, pronoun, model, size, amount or buying named: the question is about the cloud GPUs."""
    b = r.b
    return (
        b.has("RENT")
        and not r.refs
        and not r.model
        and not b.has("PARAMS", "TOKENS", "MONEY", "BUDGET", "BUY", "PRONOUN", "VS", "OR")
        and not b.struct("rent_buy")
        and not said(r, "rent_vs_buy")
    )


def cloud_gpus(r: Reading) -> Query | None:
    """ "cheapest cloud gpu per hour", "cheapest cloud gpu for a weekend hackathon", "which gpu to rent for training",
    "云上训练用什么卡": a GPU word (or a recommendation word) and a rent word, no GPU named, no usage said: every GPU
    with cloud rates (at least the memory said), cheapest first. Claimed before the follow-ups, which read "cheapest
    ... per hour" alone as the rates of the card talked about."""
    nouns = set(r.b.toks) & set(r.lex.listed("cloud_gpu_nouns"))
    if not nouns and said(r, "rent_one") and _no_card_named(r) and not r.b.has("MEMORY"):
        # "cheapest place to rent one then", "租一张最便宜去哪": the card talked about (the cheapest cloud GPUs when no
        # card was talked about: core._without_pronouns)
        one = GpuRef(mention=RENT_ONE, pronoun="it", count_open=True)
        spell = period(r)  # "and to rent one for a month?": that month's rent
        mode = "rent" if spell is not None else "rates"
        return RatesQuery(text=r.text, provider=provider(r), gpus=(one,), workload=r.workload, mode=mode, period=spell)
    asks_cards = nouns or r.b.has("RECOMMEND")
    if not _no_card_named(r) or not asks_cards or r.b.has("HOURS", "MONTHS", "YEARS"):
        return None
    memory = r.num("MEMORY")
    return RatesQuery(
        text=r.text,
        provider=provider(r),
        mode="by_memory",
        min_memory_gb=float(memory) if memory else None,
        workload=r.workload,
    )


@needs(unless=("PRONOUN", "PARAMS", "MEMORY", "HOURS", "MONTHS", "BUY", "FOLLOW", "MODEL"))
def of_providers(r: Reading) -> Query | None:
    """ "autodl和恒源云哪个便宜", "恒源云租卡多少钱", "火山引擎 gpu 价格", "runpod vs vast prices": clouds named with a
    price word and no GPU, model or pronoun: their price lists (one cloud: every GPU it rents, cheapest first; two or
    more: the GPUs they both rent, side by side). Claimed before the follow-ups, which read a cloud alone as the card
    talked about at that cloud ("那autodl呢" has no price word and stays one)."""
    named = providers(r)
    if not named or r.refs or r.model or r.b.has("PRONOUN", "PARAMS", "MEMORY", "HOURS", "MONTHS", "BUY", "FOLLOW"):
        return None
    if not (said(r, "rate_words") or r.b.has("COST", "HOW_MUCH") or said(r, "provider_price_words")):
        return None  # a cloud's name is a RENT word itself: "那autodl呢" asks about the card talked about
    if period(r) is not None or (len(named) == 1 and not said(r, "provider_list_words")):
        return None  # "autodl上一个月多少钱", "hows the price on runpod": the card talked about, at that cloud
    return RatesQuery(text=r.text, provider=named[0], providers=named, mode="providers")


@needs(("RENT",), unless=("BUY", "MODEL", "PARAMS", "MONEY", "BUDGET", "RECOMMEND", "HOURS", "YEARS"))
def which_to_rent(r: Reading) -> Query | None:
    """ "租哪个划算 跑推理", "which is cheaper to rent" with no GPU named: the rates of the GPUs talked about, weighed
    for the work named (the dialogue fills them in; before any GPU it asks which)."""
    b = r.b
    if r.refs or not b.has("RENT") or b.has("BUY") or b.struct("rent_buy") or not r.said("which_words"):
        return None
    if against_renting(r):
        return None  # "跟恒源云按小时租比哪个划算": renting set against the card talked about (rent_or_buy)
    if b.has("MODEL", "PARAMS", "MONEY", "BUDGET", "RECOMMEND", "HOURS", "YEARS"):
        return None
    them = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="them", count_open=True)
    return RatesQuery(text=r.text, gpus=(them,), workload=r.workload)


_EPOCHS = re.compile(
    # not the number of a name ("cifar10 epoch time", "cifar-10 epoch"): a count stands apart from the word before it
    r"(?<![A-Za-z_\-\d.])(\d+(?:\.\d+)?|one|two|three|four|five|ten|[一二两三四五六七八九十]+)\s*(?:epochs?|passes|个\s*epochs?|轮|遍)",
    re.IGNORECASE,
)
_EPOCH_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}
_SAMPLE_LENGTH = re.compile(
    r"(?:samples?|examples?|rows|conversations|instructions|pairs|条|样本)\s*(?:of|at|with|x|×|,|每条)?\s*"
    r"(?:averaging|that average|which average|avg\.?)?\s*"
    r"(?:~|about|around|roughly|avg|average|约)?\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:-\s*)?(?:tokens?|toks?|tok)"
    r"|(\d+(?:\.\d+)?)\s*(k)?\s*(?:-\s*)?(?:tokens?|toks?)\s*(?:each|per sample|per example|per row|apiece|a sample|"
    r"on average|avg|long each|samples?|examples?)",
    re.IGNORECASE,
)


def epochs(r: Reading) -> float | None:
    """ "3 epochs", "for two passes", "跑3轮", "训练两遍": how many times the job goes over its data; None if unsaid."""
    found = _EPOCHS.search(r.text)
    if not found:
        return None
    word = found.group(1).lower()
    value = float(word) if word[0].isdigit() else _EPOCH_WORDS.get(word) or cn_number(list(word))
    return float(value) if value and 0 < float(value) <= 1000 else None


def sample_tokens(r: Reading) -> float | None:
    """ "50k samples of 512 tokens", "about 1k tokens each", "512-token samples": the length of one training sample
    when the question states it; None otherwise (the answer assumes one and says so)."""
    found = _SAMPLE_LENGTH.search(r.text)
    if not found:
        return None
    digits, k = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
    value = float(digits) * (1e3 if k else 1.0)
    return value if 8 <= value <= 1e6 else None


def throughput(r: Reading) -> bool:
    """ "how many images per hour", "tokens an hour": things made per hour (lexicon counted_nouns before a rate
    word), a speed asked, not the rent of an hour."""
    toks = r.b.toks
    for k, w in enumerate(toks[:-2]):
        if (
            w in r.lex.listed("counted_nouns")
            and toks[k + 1] in ("per", "an", "a", "/", "every")
            and toks[k + 2]
            in (
                "hour",
                "hr",
                "h",
                "minute",
                "min",
                "day",
            )
        ):
            return True
    return False


def hours_asked(r: Reading) -> bool:
    """How long is asked: a duration word ("how long", "how many hours") or "how many" with an hours unit a few words
    on ("how many h100 hours", "how many gpu hours on an a100")."""
    if said(r, "duration_words"):
        return True
    toks = r.b.toks
    return any(
        toks[k : k + 2] == ["how", "many"] and any(r.lex.unit("hours", toks, j) for j in range(k + 2, k + 6))
        for k in range(len(toks))
    )


def _hourly_of_several(r: Reading) -> bool:
    """ "autodl上h20多少钱一小时 和a800比哪个划算": the hourly price of two or more cards asked (lexicon [lists]
    hourly_price_words) and nothing bought: their rates side by side, not renting weighed against buying."""
    b = r.b
    return bool(
        len(r.explicit) >= 2 and said(r, "hourly_price_words") and not b.has("BUY") and not b.struct("rent_buy")
    )


def _pair_rented(r: Reading) -> bool:
    """ "autodl租3090还是4090划算", "l20和4090租来跑推理哪个更划算": two different cards, both rented, nothing bought:
    one rent weighed against the other (rates_several), not renting against buying."""
    b = r.b
    two = len({g.name for g in r.explicit if g.name}) == 2
    bought = b.has("BUY") or b.struct("rent_buy") or said(r, "rent_vs_buy") or said(r, "pair_own_words")
    return two and b.has("RENT") and not bought


def _provider_only(r: Reading, named, rented: bool) -> bool:
    """A provider said with no word of renting or rates: what it rents, not its price, may be the question."""
    providers = {w for w, _ in r.lex.keyed("cloud_providers")}
    rent_words = [t for t in r.b.kinds.get("RENT", []) if t.text.lower() not in providers]  # "runpod" is a RENT tag
    priced = r.b.has("COST", "PRICES", "HOW_MUCH", "MONEY", "RATE", "PERIOD", "HOURS")
    priced = priced or any(t.value == "price" for t in r.b.kinds.get("FIELD", []))  # "多少钱"
    return bool(named) and not (rented or rent_words or priced or said(r, "rate_words"))


def read(r: Reading) -> Query | None:
    b = r.b
    named = provider(r)
    spends = bool(
        r.money() and hours_asked(r) and (said(r, "rent_hours_words") or r.explicit)
    )  # "hours of a100 for $1000"
    spot = bool(said(r, "spot_words"))  # "cheapest spot a100", "h100竞价实例多少钱": a spot rate is a cloud rate
    # "h100 cheapest place"; not "best place to get a 3090 used" (a card to buy in that condition: its price)
    where = bool(r.explicit and said(r, "where_cheapest_words") and not b.has("BUY", "CONDITION"))
    if not (b.has("RENT") or named or said(r, "rate_words") or spot or spends or where) or (
        throughput(r) and not b.has("RENT") and not named
    ):
        return None
    asks_run = said(r, "ask_fit") or said(r, "ask_verdict") or said(r, "card_use_words")  # "can i use a runpod 3090"
    priced = b.has("HOW_MUCH", "MONEY", "COST", "PRICES", "RATE")
    if r.model and r.explicit and held_asked(r) and not priced:
        return None  # "公司打算租8卡H100跑deepseek v3 fp8，放得下吗": whether it fits on the cards to rent (fit)
    if _provider_only(r, named, spot or spends) and r.model and asks_run:
        from assistant.nlu.intents import fit  # "can runpod a100 run llama 3 70b": whether it runs, not the rate

        return fit.read(r)
    if against_renting(r) and not r.explicit and not b.has("RATE"):
        return None  # "how does that compare to renting": buying the thread's card against renting it (rent_or_buy)
    if said(r, "tco_asked") and b.has("VS", "OR", "COMPARE") and not b.has("RATE"):
        return None  # "2yr tco of a 4x a6000 server vs lambda on demand": owning weighed against renting (rent_or_buy)
    per_week, total = r.hours()
    if total == 1.0 and b.has("PERIOD") and _UNIT_HOUR.fullmatch(b.kinds["HOURS"][0].text.strip()):
        total = None  # "一小时多少钱 连续跑一周要多少": the hour is the rate's unit, the week is the use
        later = [t.mapping() for t in b.kinds["HOURS"][1:]]  # "一小时多少钱，每天8小时租一个月": the use said next
        per_week = next((m.get("per_week") for m in later if m.get("per_week")), per_week)
    several = providers(r) if not b.has("BUY") else ()
    billed = period(r) if per_week and total is None else None  # "租4090 每天8小时 一个月多少钱": the month's bill
    if len(several) > 1:
        per_week = None  # "runpod or vast for a 4090?": providers weighed against each other, not renting and buying
    elif (
        b.has("BUY")
        or b.struct("rent_buy")
        or (per_week and billed is None and not (b.has("RATE") and r.months()))
        or said(r, "verdict_worth")
        or said(r, "rent_vs_buy")
        or own_against_rent(r)
        or (b.has("RATE") and bool(r.explicit) and sold_later(r))  # "5090 at $2000, resell in 2 years for $1300"
    ) and not (said(r, "rent_which") or _hourly_of_several(r) or _pair_rented(r)):
        return None  # renting weighed against buying: "is renting an a100 worth it", "rent or buy"
    if _work_counted(r) and not (per_week or total):
        from assistant.nlu.intents import fit  # "10000 sdxl images on a rented a100": the work's time, priced as a rent

        timed = fit.read(r)
        if timed is not None:
            return timed
    memory = r.num("MEMORY")
    if not r.refs and memory and not b.has("PARAMS") and not r.model:
        # "cheapest cloud gpu with 80gb", "云上最便宜的80g卡": every rented GPU with that much memory
        return RatesQuery(text=r.text, provider=named, mode="by_memory", min_memory_gb=float(memory))
    trains = bool(said(r, "train_words")) or r.mode() != "inference"
    # "pretrain a 3b model on 300b tokens, cost on rented h100s": a sized run with its tokens is a training run
    sized = r.num("PARAMS") if not (r.model or b.has("TOKENS")) else None
    if total == 1.0 and (r.model or sized) and trains and _rate_hour(r):
        total = None  # "租4090一小时多少钱，微调7B lora总共要花多少": the rate's unit hour; the job sets the hours
    if trains and (r.model or sized) and (r.explicit or not (r.refs or b.has("RECOMMEND"))):
        # "cost to fine-tune llama 3 8b on runpod" (no GPU: the cheapest job), "cost to pretrain a 1b model
        # on rented h100s" (a rent word is said: "a 3b model on 300b tokens on a 4090" is a training run);
        # "what gpu should i rent for fine-tuning llama 3 8b" stays a recommendation
        return RatesQuery(
            text=r.text,
            gpus=tuple(r.explicit),
            provider=named,
            providers=several if len(several) > 1 else (),  # "lora qwen3 32b autodl还是runpod": the job at each
            mode="job",
            **job_fields(r, sized),
            # "lora on a rented a100 for about 10 hours", "rent an h100 for a week to qlora ...": what is rented
            hours=total or _span_rented(r),
        )
    hourly_of_it = bool(r.refs) and all(g.pronoun for g in r.refs) and bool(said(r, "rate_words"))
    served = bool(r.explicit) and b.has("PARAMS") and bool(said(r, "serve_words"))  # "rent an a100 to serve a 70b"
    if not (r.explicit or hourly_of_it) or (b.has("PARAMS") and not served):
        # "what gpu should i rent" (a recommendation), "a 3b model on 300b tokens" (a training run); "what does it
        # cost to rent one per hour" is the rate of the GPU talked about
        return None
    mode = "rates"
    if r.model and trains:
        mode = "job"
    elif (r.model or served) and said(r, "serve_words"):
        mode = "serve"
    asked = period(r)
    months = r.months()
    if total is None and said(r, "weekend_words"):
        total = WEEKEND_HOURS  # "renting a100s on vast for a weekend": Friday evening to Monday morning
    if billed is not None and per_week:
        total = per_week * _WEEKS_PER_PERIOD[billed]  # the hours of use in the period asked
    elif per_week and total is None and b.has("RATE") and months:
        total = per_week * months * 52.0 / 12.0  # "$2/h for an h100, 40 hours a week for 3 months": the hours rented
        months = None
    if mode == "rates" and (total or asked or months):
        mode = "rent"
    spend = r.money() if mode in ("rates", "serve") and hours_asked(r) else None
    if spend is None and asked and mode in ("rates", "rent") and said(r, "spend_words") and not total:
        # "我在autodl租4090跑训练 一个月花了八百多", "i spend about $300 a month renting a 4090": the hours that a
        # period's spend rents, the use the thread runs at
        number = r.b.first("NUMBER")
        spend = r.b.first("MONEY") or (float(number) if isinstance(number, (int, float)) and number >= 20 else None)
    if spend:  # "i have $500, how many hours of h100 is that", "1万块能租多久的4090": the hours that money rents
        mode = "spend"
    job_open = mode == "rates" and r.explicit and job_of_thread(r)
    return RatesQuery(
        text=r.text,
        gpus=tuple(_forms_named(r)),
        provider=several[0] if len(several) > 1 else named,
        providers=several if len(several) > 1 else (),
        mode=mode,
        hours=total or (months * 730.0 if months else None),
        period=asked,
        model=r.model,
        params_b=r.num("PARAMS") if served and not r.model else None,
        method=r.mode() if r.mode() != "inference" else "full_finetune",
        tokens=r.num("TOKENS"),
        precision=r.precision,
        workload=r.workload,
        job_open=bool(job_open),
        spend=float(spend) if spend else None,
        # an amount with no money tag ("八百多") is in the question's language's currency (yuan in Chinese)
        spend_currency=(r.currency() if r.b.has("MONEY") else r.unnamed_currency()) if spend else None,
        stated_rate=r.num("RATE"),  # "if i rent an h100 at $2.49/hr ...": the user's rate prices the hours
        stated_rate_currency=r.currency("RATE"),
        spot=spot,
    )


_TIME_AND_COST = re.compile(
    r"\b(?:time|how long|days|hours)\b.{0,25}\b(?:cost|price|money|how much|\$)|"
    r"\b(?:cost|how much|price)\b.{0,25}\b(?:time|how long|days)\b|"
    r"时间.{0,6}(?:成本|费用|多少钱)|(?:成本|费用|多少钱).{0,6}时间"
)


def job_compared(r: Reading) -> Query | None:
    """ "8x h100 vs 8x a100 for pretraining a 7b model, time and cost": a training run of a model or size on two
    or more cards set against each other, its time and its cost both asked, no buying said: the run rented on each
    (mode "job", the rented job's time and cost for every set), as when renting is said."""
    b = r.b
    cards = {g.name for g in r.explicit if g.name}
    trains = bool(said(r, "train_words")) or r.mode() != "inference"
    if len(cards) < 2 or not trains or not (r.model or b.has("PARAMS")) or b.has("BUY", "RENT"):
        return None
    if not _TIME_AND_COST.search(r.text.lower()):
        return None
    sized = r.num("PARAMS") if not (r.model or b.has("TOKENS")) else None
    return RatesQuery(text=r.text, gpus=tuple(r.explicit), mode="job", **job_fields(r, sized))


def _work_counted(r: Reading) -> bool:
    """A card named and an amount of work for an image or speech model said: images to make ("generate 10000 sdxl
    images") or audio to transcribe ("500 hours of audio with whisper"); the fit times it (intents/fit.py)."""
    from assistant.nlu.audio import audio_seconds
    from assistant.nlu.job_terms import image_count

    if not (r.explicit and r.model) or r.mode() not in (None, "inference"):
        return False
    if r.b.has("RATE") or r.form.figure == "count":
        return False  # the user's own rate (respond/calc.py works the bill out), or how many cards to rent
    if r.model.key.startswith("whisper"):
        return bool(audio_seconds(r.text))
    return r.workload == "image_generation" and bool(image_count(r))


def sold_later(r: Reading) -> bool:
    """Does the question sell the card again later ("resell it in 2 years for $1300", "两年后能卖9000")? A card
    bought, so an hourly rate beside it is a rent weighed against buying."""
    from assistant.nlu.intents.resale import resale_said

    return bool(resale_said(r))


def own_against_rent(r: Reading) -> bool:
    """Cards run on one's own side weighed against renting ("a 3060 at home vs a $0.20/hr cloud gpu", "colo ... vs
    just paying runpod", "托管 ... 和恒源云长租比"): a word of lexicon own_side_words, or of pair_own_words beside a
    "vs" / "or", or a switch to renting (rent_switch_words) with the cards' electricity said ("电费0.55 ... 要不要换成
    租"; "改成租h100呢" alone is a rent), with a card named. Rent-or-buy weighs them at the question's use."""
    if not r.explicit:
        return False
    return owned(r) or (bool(said(r, "pair_own_words")) and r.b.has("VS", "OR"))


def owned(r: Reading) -> bool:
    """The cards are one's own and kept running: a word of own_side_words ("at home", "colo", "托管"), or a switch to
    renting (rent_switch_words) with their electricity said ("双卡4090训练 电费0.55 一个月多少 要不要换成租")."""
    if said(r, "rent_switch_words") and (r.b.has("KWH") or r.b.means("ELECTRICITY")):
        return True
    return bool(said(r, "own_side_words"))


def job_of_thread(r: Reading) -> bool:
    """ "how much is that if i rent the 4090", "what would the whole run cost on a rented h100", "ok and renting h100s
    instead?", "那租a100呢": the rent of what was said before, not a rate per hour; the dialogue prices the training
    job talked about on these GPUs (or gives their rates when no job was talked about)."""
    that = any(t.kind == "PRONOUN" and t.value in ("that", "this", "it") for t in r.b.tags)
    whole = said(r, "job_words") or said(r, "total_words")  # "what's the total if i rent an h100 for it"
    # "and renting h100s instead?", "那租a100呢": a rent in place of what was talked about
    instead = r.said("instead_words") or r.b.has("AND", "FOLLOW")
    return (that or bool(whole) or instead) and not said(r, "hourly_words") and not r.workload


def _forms_named(r: Reading) -> list:
    """The GPUs of a rates question, one card named in two of its forms counted as two ("a100 80g sxm4 vs pcie on
    vast", "h100 pcie和sxm 租的时候选哪个": each form's rents, as the comparison reader reads them)."""
    from assistant.nlu.intents.compare import siblings_of

    if len(r.refs) == 1 and (r.b.struct("versus") or r.b.has("VS", "OR", "AND", "COMPARE")):
        return siblings_of(r, r.refs) or list(r.refs)
    return list(r.refs)
