"""Ellipsis: "and the 3090?", "what about for training?", "no, the ti", "3090呢？", "训练呢", questions about the last
answer as a whole: "why?", "anything cheaper?", "便宜点的？", "with amd too", "two of them?", "how fast?", "anything
with more vram under 1500?", and fragments that only change a detail of the last question: "for llms?", "in fp16?",
"qlora then?", "only 24gb+ cards", "with a budget of 1500?", "and used?", "with a lora and a controlnet on top?".

`about_last` claims a question that names no GPU and asks only why, for something cheaper, for more memory, for the
speed, for another vendor, for a count of "them" or for a size ("would that do 720p"); `fragment` claims a question made
only of details (workload, precision, fine-tuning mode, new/used, budget, memory, organization, a bare number) with a
follow-up cue (a lead word, a preposition, "only", "instead");
`read` claims a question that opens with a follow-up word (what about / and / no) or ends with the Chinese particle 呢,
unless it asks something complete of its own; `leftover` claims a follow-up word or a lone workload/precision/context
nothing else took. The dialogue merges it into the previous query (with nothing before it, a fragment is a pick).
Follow-ups that bring a card in ("would a 4090 work", "差价多少") are intents/followup_cards.py's, those about
time and money intents/followup_costs.py's; the details a follow-up states are read by nlu/followup_details.py.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.card_size import card_size_said, size_or_more_said
from assistant.nlu.followup_details import (
    _amount,
    _count_word,
    _sale_said,
    bare_hours,
    data_images,
    follow_precision,
    job_and_adapters,
    made_in,
    mode_said,
    opens_followup,
    per_image_asked,
    referred,
    total_hours,
)
from assistant.nlu.intents.compare import worth_asked
from assistant.nlu.intents.cost import power_asked
from assistant.nlu.intents.lists import top_n
from assistant.nlu.intents.rates import (
    _UNIT_HOUR,
    against_renting,
    asked_providers,
    other_clouds,
    period,
    providers,
    throughput,
)
from assistant.nlu.intents.resale import resale_share
from assistant.nlu.intents.settings import settings_of
from assistant.nlu.intents.verdict import said
from assistant.nlu.job_terms import image_steps, resolution, train_steps
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CostQuery, GpuRef, Query
from assistant.query_talk import FollowUpQuery

LEADS = ("FOLLOW", "AND", "NO")
# the details a fragment may change, and the words that may come with them ("and with lora?", "only 24gb+ cards")
DETAILS = set(
    "WORKLOAD PRECISION MODE CONDITION MONEY UNDER BUDGET MEMORY ORGANIZATION NUMBER RESOLUTION ADDON".split()
)
_GROUP = {"MONEY": "budget", "UNDER": "budget", "BUDGET": "budget", "NUMBER": "budget", "MODE": "WORKLOAD"}
FRAGMENT_GLUE = {"QUESTION", "FOLLOW", "AND", "ON", "ONLY", "MORE", "OF", "GPU_WORD", "SET", "BUY", "PRONOUN", "UNDER"}
# tag kinds of a question that asks only for a speed ("how fast?", "whats the speed", "tokens per sec?")
SPEED_ASK = {"SPEED", "FASTER", "ASPECT", "EXPLAIN", "FIELD", "HOW_MUCH"}
# details a speed question may state for the set-up it asks about ("how fast would that be with 32k context", "at q8?")
SPEED_DETAILS = {"CONTEXT", "PRECISION"}
# tag kinds that may come with a question about the last answer ("so why?", "any cheaper options for llms?")
_IMAGE_NOUNS = ("image", "images", "pic", "pics", "picture", "pictures", "图", "图片")
_PEER = {"VENDOR", "COMPARE", "PRICES", "RECOMMEND", "EXPLAIN", "UNDER"}  # "nvidia card around the same price?"
AROUND = {"QUESTION", "FOLLOW", "AND", "ON", "PRONOUN", "GPU_WORD", "MORE", "ASPECT", "ONLY", "OF"}


@needs(unless=("MODEL", "PARAMS"))
def about_last(r: Reading) -> Query | None:
    from assistant.nlu.intents import explain  # (explain imports this module's readers)

    b = r.b
    if r.explicit or b.has("MODEL", "PARAMS"):
        return None
    if against_renting(r):
        return None  # "compare that to renting one in the cloud": buying what was talked about against renting it
    kinds = {t.kind for t in b.tags}
    if b.has("MONEY", "BUDGET") and not (b.meaning("ASPECT") == "memory" and r.said("other_options")):
        return None
    if (
        (b.has("WHY") or r.said("how_come"))  # "为啥推荐这个", "why so slow", "怎么这么贵": what the last answer said
        and kinds <= {"WHY", "NO", "RECOMMEND", "BUY", "FASTER", "COST", "FIELD", "PRICES", "SPEED", "COMPARE"} | AROUND
        and len(b.unknown) <= 2
        and _only(b.unknown, r.lex.listed("why_fillers") | r.lex.listed("why_about"))
        and not explain.names_concept(r)  # "why are workstation cards so expensive": that concept
    ):
        return build(r, ask="why")  # "why?", "why that one?", "why tho", "为啥？", "how come?"
    if (
        wants_speed(r)
        and kinds <= SPEED_ASK | SPEED_DETAILS | AROUND | {"FIT"}  # "能跑多少token每秒": the speed it runs at
        and not b.has("THAN", "VS", "OR", "COMPARE")
        and not r.said("which_words")  # "which of them is faster": a comparison
        and top_n(r) is None  # "显卡天梯 ai性能前五": a ranked list
        # "how fast is it?": the spec reader; "tokens/s on it?", "seconds per image on that?": the speed of the last
        and not (b.has("PRONOUN") and not r.said("hypothetical") and not b.has("SPEED"))
    ):
        return build(r, want_speed=True)  # "how fast?", "tokens per sec?", "how fast would it be"
    # "how long for one 1024 image on it": an image of a size, timed (the size glued to the image word)
    sizes = b.kinds.get("RESOLUTION", ())
    sized = said(r, "duration_words") and any(t.text.lower().endswith(_IMAGE_NOUNS) for t in sizes)
    if (said(r, "image_time_words") or sized) and kinds <= {
        "RESOLUTION",
        "COUNT",
        "SPEED",
        "WORKLOAD",
        "FASTER",
    } | AROUND:
        return build(r, want_speed=True)  # "那出一张1024的图大概几秒", "seconds per image?": the last's image speed
    if b.has("RESOLUTION") and kinds <= {"RESOLUTION", "FIT"} | AROUND and not b.unknown:
        return build(r)  # "would that do 720p", "can it do 1536x1536?": the last set-up at that size
    if b.means("ASPECT") and b.meaning("ASPECT") == "memory" and r.said("other_options") and not b.has("COMPARE"):
        return build(r, ask="more_memory")  # "anything with more vram under 1500?"
    if r.said("more_memory_asks") and not b.has("GPU_WORD", "WORKLOAD", "COMPARE") and kinds <= {"ASPECT"} | AROUND:
        return build(r, ask="more_memory")  # "要显存大一点的", "有没有显存大点的": above the card talked about
    fits = any("fit" in t.text.lower() for t in b.kinds.get("FIT", []))  # not "how much vram does it have"
    alone = r.said("fit_asked_alone")  # "显存够吗", "装得下吗": Chinese leaves the "it" out
    if (fits and b.has("PRONOUN") or alone) and kinds <= {"FIT"} | AROUND and not b.unknown:
        return build(r, ask="fit")  # "will it fit", "does it fit": the last fit, or the thread's model on "it"
    rate = "price" in r.fields()  # "租的话多少钱一小时" asks a price ("what about renting" weighs renting)
    if b.has("RENT") and rate and kinds <= {"RENT", "FIELD", "HOURS", "HOW_MUCH", "COST", "PRICES", "PERIOD"} | AROUND:
        # "租的话多少钱一小时": the rates of the GPUs talked about; "租100小时多少钱": that rent ("分别": of each)
        if not set(b.unknown) - r.lex.listed("both_priced_words") - {"分别", "各自"}:
            hours = (b.first("HOURS") or {}).get("total")
            follow = build(r, ask="rates")
            return dataclasses.replace(follow, hours_total=hours) if hours and hours != 1 else follow
    if said(r, "who_cheapest") and kinds <= {"RECOMMEND", "RENT", "ASK"} | AROUND and not b.unknown:
        return build(r, ask="rates")  # "who has it cheapest": the clouds' rates of the card talked about
    cloud = r.said("provider_words") or other_clouds(r)  # "any cheaper cloud for it?", "cheaper than runpod?"
    cheaper = b.meaning("ASK") == "cheaper" or (other_clouds(r) and b.meaning("ASPECT") == "value")  # 除了X哪家便宜
    if cheaper and cloud and kinds <= {"ASK", "RENT", "THAN", "FOLLOW", "ASPECT"} | AROUND:
        return build(r, ask="rates")  # the other providers' rates
    saved = {"GPU_WORD", "ON", "FIELD"} if b.meaning("ASK") == "cheaper" and set(r.fields()) <= {"price"} else set()
    if b.has("ASK") and kinds <= {"ASK", "WORKLOAD", "PRECISION", "RECOMMEND", "CONDITION"} | AROUND | saved:
        return build(r, ask=b.meaning("ASK"))  # "anything cheaper?", "便宜点的？", "显卡降一档能省多少钱"
    adding = {w for n in ("add_card", "remove_card") for p in r.lex.listed(n) for w in p.split()} | set(r.lex.numbers)
    if (said(r, "add_card") or said(r, "remove_card")) and kinds <= {"COUNT", "NUMBER"} | AROUND:
        if _only(b.unknown, adding | {"more", "less", "fewer"}):  # "add two more", "drop a card": more / fewer of it
            return build(r)
    peer = (
        said(r, "same_price_words")
        and kinds <= {"VENDOR", "COMPARE", "PRICES", "RECOMMEND", "EXPLAIN", "UNDER"} | AROUND
    )
    if b.has("VENDOR") and (peer or (kinds <= {"VENDOR", "COMPARE"} | AROUND and len(b.unknown) <= 1)):
        return build(r, ask="peer" if peer else None)  # "with amd too", "amd呢"; "同价位的N卡呢": at about its price
    # "two of them?", "how much for 8 of them?"; "is one 8-gpu node enough": the last answer for that many of its cards
    counted = b.has("FIT") and r.total_count() and kinds <= {"FIT", "COUNT", "NUMBER"} | AROUND and not b.unknown
    if counted or b.struct("count_of") and kinds <= {"COUNT", "NUMBER", "HOW_MUCH", "COST"} | AROUND:
        return build(r)
    if providers(r) and kinds <= {"RENT", "VS", "OR", "ASK", "COMPARE", "HOW_MUCH", "COST", "PRICES"} | AROUND:
        return build(r)  # "and on lambda?", "runpod vs coreweave?": the last GPU at those clouds
    priced = {"NUMBER", "MONEY", "COMPARE"} if r.said("verdict_worth") else set()  # "worth upgrading for 250?"
    if (
        worth_asked(r)
        and kinds <= {"VALUE", "WORKLOAD", "ASK"} | AROUND | priced
        and _only(b.unknown, r.lex.listed("worth_fillers"))
    ):
        # "should i upgrade", "要不要升级": the upgrades over the card talked about (a comparison's dearer card's worth)
        upgrade = r.lex.words_in("upgrade_own_words", f" {' '.join(b.toks)} {r.text.lower()} ")
        return build(r, ask="upgrade" if upgrade else "worth")  # "worth the extra?", "worth upgrading for 250?"
    running = b.meaning("COST_KIND") == "running" or said(r, "running_cost") or r.form.figure == "bill"
    if only_period(r) and running and not r.refs:
        # "跑一个月电费多少" after a pick: the power bill of the GPUs picked (as many as picked), per that period
        it = GpuRef(mention="", pronoun="it", count_open=True)
        return CostQuery(text=r.text, gpus=(it,), kind="running", period=period(r))
    if only_period(r):
        return build(r)  # "per month?", "and for a week?", "yearly?"
    price = {"FIELD"} if b.meaning("FIELD") == "price" else set()  # "多少钱": what the hours come to
    if (
        total_hours(r)
        and not r.explicit
        and kinds <= {"HOURS", "UNDER", "EXPLAIN", "HOW_MUCH", "COST", "RENT", "FIT"} | AROUND | ({"FIELD"} & price)
    ):
        # "the job is about 120 hours total, what does that come to", "跑三天多少钱": the rent for those hours
        return build(r)
    steps = {"NUMBER"} if train_steps(r, any_mode=True) else set()  # "how long would a 2000 step lora take on it"
    if steps and any(r.text.lower()[t.end :].lstrip().startswith(_IMAGE_NOUNS) for t in b.kinds.get("COUNTED", [])):
        steps.add("COUNTED")  # "how long for 40 images 2000 steps": the training images beside the steps
    if data_images(r):
        steps |= {"COUNTED", "NUMBER"}  # "dataset is 8k images, how long": the training data, counted in images
    if (
        said(r, "duration_words")
        and not r.explicit
        and kinds <= {"TOKENS", "HOW_MUCH", "MODE", "SPEED", "FIT"} | steps | AROUND
    ):
        return build(r)  # "how long would 50m tokens take", "how long would it take with qlora"
    if said(r, "availability_words") and kinds <= {"COSTS", "BUY"} | AROUND and not b.unknown:
        return build(r)  # "国内能买到吗" after a pick: the same question (prices say where they come from)
    usage = {"HOURS", "PERIOD", "PER"}  # "一个月用40小时 和买比呢": the usage comes along as a setting
    if (
        said(r, "rent_or_buy_followup")
        and kinds <= {"RENT", "BUY", "NO", "VS", "OR", "THAN"} | usage | AROUND
        and not providers(r)
    ):
        return build(r, ask="rent_or_buy")  # "那租呢", "还不如买？" after a price, a pick or a rate
    buy_kinds = {"BUY", "COMPARE", "ASK", "VALUE", "COST", "OR", "NO", "COUNT"}  # "or is buying better?", "... no?"
    if said(r, "buy_instead_asks") and kinds <= buy_kinds | usage | AROUND and not r.explicit:
        return build(r, ask="rent_or_buy")  # "is buying better", "would buying be cheaper" after a rent
    if (
        b.has("BUY")
        and kinds <= {"BUY", "VS", "OR", "THAN", "COUNT", "HOURS", "PERIOD", "PER", "CONDITION", "EXPLAIN"} | AROUND
        and b.has("VS", "OR", "THAN")
    ):
        # "vs buying?", "or buy?", "for 40 hours a month, vs buying?" after rates, "how does that compare to buying",
        # "和买一张比呢", "跟买两张比呢"
        return build(r, ask="rent_or_buy")
    if said(r, "own_platform_words") and kinds <= {"FOLLOW", "BUY", "HOURS"} | AROUND and not r.explicit:
        return build(r, ask="rent_or_buy")  # "what if i already have a pc" after renting weighed against buying
    if said(r, "rate_words") and kinds <= {"RENT", "RECOMMEND", "COMPARE", "HOW_MUCH"} | AROUND:
        return build(r, ask="rates")  # "which provider is cheapest", "and in the cloud?"
    if (
        b.has("RENT")
        and b.has("RECOMMEND")
        and b.has("PRONOUN")
        and kinds <= {"RENT", "RECOMMEND"} | AROUND
        and _only(b.unknown, r.lex.listed("rent_place_words"))
    ):
        return build(r, ask="rates")  # "which cloud is cheapest for that", "where can i rent that cheapest"
    return None


def _only(unknown: list[str], allowed: frozenset[str] | set[str]) -> bool:
    """Every word not understood is one of `allowed` (a run of Chinese characters: each character)."""
    return all(w in allowed or (not w.isascii() and all(ch in allowed for ch in w)) for w in unknown)


def only_period(r: Reading) -> bool:
    """The question asks only for another period of the last cost: "per month?", "yearly?", "and for a week"."""
    b = r.b
    if period(r) is None:
        return False
    period_words = {
        w for name in ("day", "week", "month", "year") for p in r.lex.listed(f"period_{name}") for w in p.split()
    }
    kinds = {t.kind for t in b.tags if not ("YEARS_WORD" in t.meanings and t.text in period_words)}
    if r.fields() == ("price",) or (r.fields() == ("power",) and r.form.figure == "bill"):
        kinds.discard("FIELD")  # "跑一周多少钱": the money for the period; "how much per month in power": the bill
    # "跑一周多少钱", "租一个月要多少": running or renting what was just priced, for the period
    return kinds <= {"HOW_MUCH", "COST", "PER", "PERIOD", "FIT", "RENT"} | AROUND and set(b.unknown) <= period_words


@needs(("FIT",), ("GPU",), unless=("MODEL", "PARAMS", "MEMORY"))
def model_elsewhere(r: Reading) -> Query | None:
    """ "will it run on a 3090?", "does it fit on two 4090s": the model just talked about, on other GPUs."""
    b = r.b
    if not b.has("FIT") or r.model or b.has("PARAMS", "MEMORY") or not r.explicit or b.unknown:
        return None
    pronoun = next((t for t in b.tags if t.kind == "PRONOUN" and t.value in ("it", "that", "this")), None)
    if pronoun is None:
        return None
    gpu = b.kinds.get("GPU", [])
    if (r.workload or r.said("what_runs")) and gpu and gpu[0].end <= pronoun.start:  # "got a p40, what can i run on it"
        return (
            None  # "i have a 4070 super, can i run stable diffusion on it": "it" is the card just named, the work said
        )
    return FollowUpQuery(text=r.text, gpus=tuple(r.explicit), gpu_count=r.total_count(), precision=r.precision)


def wants_speed(r: Reading) -> bool:
    """The question asks how fast: a speed phrase ("tokens per sec", "how fast") or "speed" itself."""
    b = r.b
    return b.has("SPEED", "FASTER") or b.meaning("ASPECT") == "speed" or "speed" in b.meanings.get("FIELD", [])


@needs(unless=("MODEL", "PARAMS"))
def fragment(r: Reading) -> Query | None:
    """Details only, with a follow-up cue: "for llms?", "in fp16?", "qlora then?", "with at least 16gb",
    "with a budget of 1500?", "and if i only had 800?", "new instead?", "what if it's for my company".
    A lone new/used without a lead word ("only used please") is a setting (settings.read)."""
    b = r.b
    if r.explicit or b.has("MODEL", "PARAMS") or not b.tags:
        return None
    kinds = {t.kind for t in b.tags}
    if not kinds & DETAILS or not kinds <= DETAILS | FRAGMENT_GLUE:
        return None
    if not set(b.unknown) <= r.lex.listed("fragment_words"):
        return None
    led = bool(kinds & {"FOLLOW", "AND"}) or r.said("instead_words")
    if not led and (
        b.tags[0].kind == "GPU_WORD"  # "gpu with 16gb+ vram under 500": a recommendation
        or b.has("BUY")  # "what would you buy with 5 grand"
        or any(t.kind == "QUESTION" and t.text not in ("?", "？") for t in b.tags)  # "is there anything with 16gb"
        or settings_of(r)[0]  # "my budget is 1500", "budget: 2k": settings typed alone
        or len({_GROUP.get(k, k) for k in kinds & DETAILS}) > 1  # "under $800 for stable diffusion": a question
    ):
        return None
    if kinds & DETAILS == {"CONDITION"} and not led:
        return None  # "only used please", "used is fine": the condition as a setting
    steps = image_steps(r) is not None  # "with 50 steps?": an image set-up
    if kinds & DETAILS == {"NUMBER"} and not led and not r.total_count() and not steps:
        return None  # "800?": nothing says it continues the last question ("with 4 gpus?" does)
    if b.has("PRONOUN") and not b.has("ORGANIZATION"):
        return None  # "what about it for training": read() takes the pronoun along
    first = b.tags[0].kind in ("WORKLOAD", "MODE", "ADDON") and len(b.tags) <= 3 and not b.has("GPU_WORD")  # "qlora?"
    sized = b.has("RESOLUTION") or steps  # "at 1536x1536?", "with 50 steps?": an image set-up
    if not (led or first or sized or kinds & {"ON", "ONLY", "MORE", "UNDER"}):
        return None
    if kinds & DETAILS == {"CONDITION"} and said(r, "grade_mining"):  # "矿卡呢": what the cards cost as ex-mining
        return dataclasses.replace(build(r), fields=("price",))  # ones (their own price band), not a used answer again
    return build(r)


def read(r: Reading) -> Query | None:
    b = r.b
    lead = b.tags[0].kind if opens_followup(b) else ""
    last = next((t for t in reversed(b.tags) if t.kind != "QUESTION"), b.tags[-1])
    if last.kind in ("NUMBER", "MONEY"):  # "4090呢 一万三", "那3080ti呢 三千五": the particle, then the card's amount
        last = next((t for t in reversed(b.tags) if t.kind not in ("QUESTION", "NUMBER", "MONEY")), last)
    if last.kind in ("MODE", "WORKLOAD"):  # "训练呢，炼个 lora": the particle ends the clause, the work said after it
        last = next((t for t in reversed(b.tags) if t.kind not in ("QUESTION", "MODE", "WORKLOAD")), last)
    if (
        last.kind == "FOLLOW"
        and last.text == "呢"
        and len(r.explicit) <= 1
        and not b.has("COMPARE", "VS", "OR")
        and lead not in LEADS
    ):
        lead = "FOLLOW"  # "3090呢？", "训练呢？": the Chinese follow-up particle
    # "whats the power draw": a what-question word, no concept (explain.read leaves a figure alone)
    what = all(t.text.lower() in _WHAT for t in b.kinds.get("EXPLAIN", []))
    figure = {t.kind for t in b.tags} <= {"FIELD", "HOW_MUCH", "QUESTION"} | ({"EXPLAIN", "PRICES"} if what else set())
    asked = b.has("FIELD") or (b.has("PRICES") and b.has("EXPLAIN") and what)  # "whats the price"
    if not r.refs and asked and figure and top_n(r) is None:  # not "ai性能前五": a ranked list
        lead = "FOLLOW"  # "差价多少", "功耗多少": a figure of the GPUs just talked about
    if lead == "ON" and len(r.explicit) == 1 and r.said("instead_words") and not r.model and len(b.tags) <= 4:
        lead = "FOLLOW"  # "on an h100 instead?": the last question on that GPU
    if (
        lead in LEADS
        and not b.has("RECOMMEND", "RENT", "COST", "HELP", "VS", "WHY", "FASTER", "SPEC")
        and not (b.has("EXPLAIN") and not (figure and what))
        and not (r.explicit and b.has("PRICES"))  # "那二手4090现在啥价": that GPU's price, whatever was asked before
        and not (b.has("THAN") and len(r.explicit) == 1)  # "和4090比哪个值": the GPU talked about against the 4090
        and not power_asked(r)  # "what about with power costs": a cost
        and not _verdict_after(r)  # "what about the rtx 5090 ti 48gb, is it worth waiting for": asked in full
        and not (r.explicit and said(r, "rig_psu"))  # "两张3090呢 要多大电源": the power supply of those cards
        and not (b.has("SORT") and b.has("GPU_WORD") and b.has("COMPARE") and not r.refs)  # "那最便宜的…卡是哪张"
        # "那跑70b呢", "训练7b呢 要多久": a model or size of its own to run or time is a fit question
        and not ((b.has("FIT", "SPEED") or r.said("duration_words")) and (r.model or b.has("PARAMS")))
    ):
        return build(r)
    return None


_WHAT = frozenset({"whats", "what's", "what is", "what", "what s"})


def _verdict_after(r: Reading) -> bool:
    """A card brought up ("what about the rtx 5090 ti 48gb,") and then asked about in a clause of its own that weighs
    it (a question word and a worth or wait word after the comma): the question is whole, no follow-up."""
    cut = r.text.find(",")
    if cut < 0 or not r.explicit or not any(t.kind == "QUESTION" and t.start > cut for t in r.b.tags):
        return False
    rest = f" {r.text.lower()[cut + 1 :]} "
    return r.lex.words_in("verdict_wait", rest) or r.lex.words_in("verdict_worth", rest)


# tag kinds of "要几张l20", "h20要几块": how many of the card named, nothing else
_COUNT_ASK = {"GPU", "FIT", "QUESTION", "FOLLOW", "ON", "GPU_WORD", "AND", "HOW_MUCH"}


@needs(("GPU",), said=("asked_count",), unless=("MODEL", "PARAMS"))
def count_on(r: Reading) -> Query | None:
    """ "要几张l20", "换成h20要几张", "how many a100s then": how many of the one GPU named the conversation's job
    needs (its model, users, context kept): the last question on that GPU."""
    b = r.b
    if len(r.explicit) != 1 or b.has("MODEL", "PARAMS") or not said(r, "asked_count") or b.unknown:
        return None
    return build(r) if {t.kind for t in b.tags} <= _COUNT_ASK else None


# tag kinds of "is 1 enough instead?", "would one be enough?": one card of the set talked about, nothing else
_ONE_ENOUGH = {"QUESTION", "NUMBER", "COUNT", "OF", "GPU_WORD", "FIT", "ONLY", "FOLLOW", "PER", "OR", "PRONOUN", "ON"}


@needs(("FIT", "one_or_two_asks"), unless=("GPU", "MODEL", "PARAMS"))
def one_enough(r: Reading) -> Query | None:
    """ "is 1 enough instead?", "would one be enough?", "will a single one do", "can i do it on one or do i need 2"
    (lexicon one_or_two_asks): the last question with one card of the set talked about (its fit, build or bill on
    one), not the count before."""
    b = r.b
    kinds = {t.kind for t in b.tags}
    if r.explicit or not (b.has("FIT") or said(r, "one_or_two_asks")) or not kinds <= _ONE_ENOUGH:
        return None
    if not set(b.unknown) <= r.lex.listed("one_enough_fillers"):
        return None
    ones = [t for t in b.tags if (t.kind in ("NUMBER", "COUNT") and t.value == 1) or t.text == "one"]
    ones += [t for t in b.tags if t.kind == "FIT"] if said(r, "one_card_said") else []  # "一张够吗", "单卡够不够"
    cut = next((t.start for t in b.tags if t.kind == "OR"), len(r.text))  # "is one enough or do i need 2": 2 after
    if not ones or any(t.kind in ("NUMBER", "COUNT") and t.value != 1 and t.start < cut for t in b.tags):
        return None
    return dataclasses.replace(build(r), gpu_count=1, amount=None, one_asked=True)  # "or do i need 2": not asked


@needs(said=("good_alone_asks",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "WORKLOAD"))
def good_alone(r: Reading) -> Query | None:
    """ "any good?", "decent?", "好用吗" alone after a card: whether the card talked about is good for the thread's
    work (the verdict "is it any good" gives)."""
    from assistant.queries import VerdictQuery

    b = r.b
    if r.explicit or not said(r, "good_alone_asks") or {t.kind for t in b.tags} - {"QUESTION", "PRONOUN"}:
        return None
    if not set(b.unknown) <= r.lex.listed("good_alone_fillers"):
        return None
    return VerdictQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="it"),), kind="good")


@needs(("ASK",), ("COMPARE",), said=("better_else_words",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "RENT"))
def better_else(r: Reading) -> Query | None:
    """ "what else could i get for cheap that does it better?", "anything cheaper that does it better?": other cards
    for the thread's work than the one talked about (the "what else?" pick, near its price), not a comparison with
    "it"."""
    b = r.b
    if r.explicit or b.meaning("ASK") not in ("other", "cheaper") or not b.has("COMPARE") or b.has("RENT"):
        return None
    return build(r, ask="other") if said(r, "better_else_words") else None


_ALSO_COMPARED = {"GPU", "THAN", "COMPARE", "VS", "FOLLOW", "QUESTION", "AND", "GPU_WORD"}


@needs(("GPU",), ("THAN", "COMPARE", "VS"))
def also_compared(r: Reading) -> Query | None:
    """ "4070ti super也比一下", "把4080也加进来比比": one more card put into the comparison talked about."""
    b = r.b
    if len(r.explicit) != 1 or not r.said("also") or not b.has("THAN", "COMPARE", "VS"):
        return None
    kinds = {t.kind for t in b.tags}
    if not (kinds <= _ALSO_COMPARED and set(b.unknown) <= r.lex.listed("also_compared_words")):
        return None
    return dataclasses.replace(build(r), ask="compare")  # after a spec sheet: that card against the new one


def leftover(r: Reading) -> Query | None:
    b = r.b
    if b.has(*LEADS) or (b.has("WORKLOAD", "PRECISION", "CONTEXT") and len(b.tags) <= 3):
        return build(r)
    return None


def build(r: Reading, ask: str | None = None, want_speed: bool = False) -> FollowUpQuery:
    b = r.b
    renting = len(b.kinds.get("RENT", [])) > len(providers(r))  # a renting word, not only clouds ("x vs y")
    if ask is None and renting and b.has("VS", "THAN", "COMPARE") and not b.has("BUY"):
        ask = "rent_or_buy"  # "vs renting one on runpod for the same hours": renting weighed against owning
    if ask is None and renting and b.has("COST", "HOW_MUCH", "FIELD") and not b.has("BUY", "VS", "THAN"):
        ask = "rates"  # "rent it on runpod, total cost?": the rent of what was talked about (its job, when one was)
    if ask is None and "price" in r.fields() and _UNIT_HOUR.search(r.text):
        ask = "rates"  # "how much would 4 of the amd ones cost per hour": a rent's rate
    own = r.explicit or not {t.kind for t in b.tags} - {"BUY", "COUNT", "ONLY", "QUESTION"} - set(LEADS)  # "买一张呢"
    paid = bool(said(r, "payback_words"))  # "and if i buy one instead, when does it pay off": "it" is the purchase
    if ask is None and b.has("BUY") and (own or paid) and not b.has("RENT", "RECOMMEND"):
        ask = "buy"  # "那自己买张4060ti 16g呢", "what if i just buy a 4060 ti": owning that card (after a rental)
    replace_ = b.has("NO")  # below "4 of the amd ones": the cards pointed at by their maker, counted, as references
    gpus = referred(r) or [g for g in r.counted_them() if (g.pronoun or "").startswith("vendor:")]
    at_least = b.has("MORE", "ONLY") or size_or_more_said(r.text) or card_size_said(r.text, vram=False)  # "24gb+"
    if b.has("ORGANIZATION", "BUDGET", "CONDITION") and all(g.pronoun in ("it", "that") for g in gpus):
        gpus = []  # "what if it's for my company": "it" is the purchase, not a GPU
    variants = r.lex.listed("variant")
    named = [w for w in b.unknown if w in variants]  # "no, the ti super": every variant word, in order
    if named and replace_ and gpus and all(g.pronoun in ("it", "that") and not g.name for g in gpus):
        gpus = []  # "不是，我说的是 ti super，16g那个": "that one" is the variant said beside it
    if not gpus:
        if named:
            mem = b.first("MEMORY")  # "ti super, the 16g one": the size names the variant too
            words = [*dict.fromkeys(named), *([f"{mem:g}gb"] if mem else [])]
            gpus.append(GpuRef(mention=" ".join(words), pronoun="variant"))
            replace_ = True
        mem = b.first("MEMORY")
        if not gpus and mem is not None and b.has(*LEADS) and not at_least and not said(r, "system_ram_words"):
            gpus.append(GpuRef(mention=f"{mem:g} GB", pronoun="variant"))
            replace_ = True
    if ask in ("why", "rates", "fit") or total_hours(r):
        # "why that one?", "what does that come to", "which cloud is cheapest for that": the last answer; "200 hours,
        # total cost for each": each of the GPUs talked about
        pointed = [g for g in gpus if (g.pronoun or "").startswith("vendor:")]  # "rent the nvidia one": that card
        gpus = pointed or [g for g in gpus if g.pronoun is None or (g.pronoun == "them" and total_hours(r))]
    count = r.total_count() or _count_word(r)
    if count is None and len(r.explicit) == 1 and r.said("single_count"):
        count = 1  # "what about a single a100?" after 8 x H100: one, not the count before
    if count is None and ask in ("rates", "rent_or_buy") and "one" in b.toks:
        count = 1  # "vs buying one?" after 4 x H100 rates: one card
    if count is None and not r.explicit and b.has("ONLY") and "one" in b.toks:
        count = 1  # "what about just one?", "only one then?" after a set: one card of it
    per = period(r)
    if count and count > 1 and not r.explicit:  # "two of them": that many of the card talked about, not a maker's
        gpus = [g for g in gpus if g.pronoun is None or g.pronoun.startswith("vendor:")]
    return FollowUpQuery(
        text=b.text,
        gpus=tuple(gpus),
        replace=replace_,
        workload=r.workload,
        precision=follow_precision(r),  # "不量化呢": 16-bit; "half that": no fp16
        gpu_count=count,
        model=r.model,
        context_tokens=r.num("CONTEXT"),
        batch=r.num("BATCH"),
        laptop=bool(said(r, "laptop_words")) and not r.explicit,
        budget_usd=r.money(),
        # "预算改成4000呢": a budget with no money tag is in the question's currency too (yuan in Chinese)
        budget_currency=r.currency() if b.has("MONEY") else (r.unnamed_currency() if b.has("BUDGET") else None),
        # "per year?" is no date; "跑一周多少钱" asks the money for the period, not the price
        fields=tuple(f for f in r.fields() if f != "all" and not (per and f in ("release", "price"))),
        ask=ask,
        vendor=b.first("VENDOR"),
        also=r.said("also"),
        adds=bool(said(r, "add_card")) and not said(r, "remove_card"),
        removes=bool(said(r, "remove_card")),
        swaps=bool(said(r, "switch_words")),
        instead=bool(r.said("instead_words")),
        want_speed=want_speed or per_image_asked(r),  # "how long per 1024x1024 image": a speed, not a job's time
        video_use=bool(said(r, "video_work_words")) and not said(r, "video_models"),
        min_memory_gb=b.first("MEMORY") if at_least and not gpus else None,
        mode=mode_said(r),
        organization=None if b.meaning("ORGANIZATION") is None else b.meaning("ORGANIZATION") == "yes",
        amount=_amount(r),
        period=per,
        providers=asked_providers(r),  # not "cheaper than runpod": the others
        of_them=b.struct("count_of") is not None,
        own_platform=bool(said(r, "own_platform_words")),
        hours_total=total_hours(r),
        hours_bare=bare_hours(r),
        tokens=r.num("TOKENS"),
        want_time=bool(said(r, "duration_words")) and not b.has("HOURS") and not per_image_asked(r),
        # "what if i add 64gb ram": system RAM for the experts or layers that do not fit on the GPUs
        system_ram_gb=b.first("MEMORY") if said(r, "system_ram_words") else None,
        params_b=r.num("PARAMS") if not r.model else None,
        resolution=resolution(r),
        image_steps=image_steps(r),
        train_steps=train_steps(r, any_mode=True),
        months=r.num("MONTHS"),
        same_work=bool(
            said(r, "same_work_words")
        ),  # "what if i only need it for 3 months" after a rent-or-buy: how long it is needed
        sale=_sale_said(r) and (resale_share(r.text, r.lex) or True),
        **job_and_adapters(r),
    )


_SALE_ALONE = {"SET", "NUMBER", "MONEY", "PRONOUN", "QUESTION", "FOLLOW", "AND", "ONLY", "IF"}


@needs(("NUMBER", "MONEY"), unless=("MODEL",))
def sale_alone(r: Reading) -> Query | None:
    """ "say i get 420 for it", "if i could sell it for 450": what a card of the user's would sell for, said alone
    (nothing else named or asked): a follow-up the dialogue applies to the swap or offer talked about."""
    b = r.b
    if r.explicit or r.model or not _sale_said(r) or not b.has("NUMBER", "MONEY"):
        return None
    if {t.kind for t in b.tags} - _SALE_ALONE or any(g.pronoun is None for g in r.refs):
        return None
    sale_words = {
        w for n in ("asked_sell", "sale_price_words", "sold_for_words") for p in r.lex.listed(n) for w in p.split()
    }
    if not _only(b.unknown, sale_words | {"mine", "i", "get", "could", "would", "say", "maybe", "about"}):
        return None
    return build(r)


@needs(unless=("MODEL", "RENT", "COMPARE", "VS", "OR", "PARAMS", "WORKLOAD"))
def output_rate(r: Reading) -> Query | None:
    """ "how many images per hour", "images a minute?", "so how many could i crank out in an hour", "一小时能出几张":
    things made in a time with nothing else named, the speed of what was talked about, with what that time makes
    (the dialogue asks back when nothing was)."""
    b = r.b
    span = made_in(r)
    if not (throughput(r) or span) or r.model or b.has("RENT", "COMPARE", "VS", "OR", "PARAMS", "WORKLOAD"):
        return None
    if b.has("HOURS") and not span:
        return None  # "at 8 hours a day?": hours of use (a setting), not things made per day
    if any(g.pronoun is None for g in r.refs):
        return None
    if not {t.kind for t in b.tags} <= {"NUMBER", "HOW_MUCH", "PER", "HOURS", "QUESTION"} | SPEED_ASK | AROUND:
        return None
    return dataclasses.replace(build(r, want_speed=True), images_in_hours=span)


_PRECISION_ASKED = {"PRECISION", "HOW_MUCH", "FIT", "SET", "ON"} | AROUND


@needs(said=("precision_asked",), unless=("PARAMS", "MEMORY", "MODEL"))
def precision_asked(r: Reading) -> Query | None:
    """ "at what quant", "which quant should i use", "用什么量化", "要几bit量化": the precision at which the model
    talked about fits on the cards talked about (the fit again, every precision weighed), nothing else named."""
    b = r.b
    if not said(r, "precision_asked") or r.explicit or r.model or b.has("PARAMS", "MEMORY"):
        return None
    if {t.kind for t in b.tags} - _PRECISION_ASKED:
        return None
    phrases = r.lex.listed("precision_asked")
    words = {w for p in phrases for w in p.split()} | {ch for p in phrases if not p.isascii() for ch in p}
    if not _only(b.unknown, words | set(r.lex.listed("precision_asked_fillers"))):
        return None
    return FollowUpQuery(text=r.text, ask="precision")
