"""Short follow-ups that only make sense in a thread and name nothing of their own: the dialogue answers them about
what was talked about.

- `bill_at_rate(r)`: "yearly power at 0.11/kWh", "电费按0.55算 每天5小时" (a bill word, a rate, a period or hours
  of use, nothing else): the running cost of the cards talked about at that rate (a CostQuery; the settings are
  kept), not the rate stored and the last answer repeated.
- `provider_alone(r)`: "which provider", "where should i rent it", "哪家", "哪个平台" (lexicon provider_asks, every
  other word a filler): the rent of what was talked about (a FollowUpQuery with ask "rates", as "which cloud is
  cheapest for that").
- `rent_need_alone(r)`: "what would i need to rent for that", "租什么卡合适" (lexicon rent_need_asks, nothing named):
  the cheapest rented set that does the thread's job (a FollowUpQuery asking "rent_pick").
- `reaction_alone(r)`: "that bad huh", "is it really that weak", "这么差吗", "这么拉吗" (lexicon reaction_words, a few
  words, no card, model or number): a verdict on the card talked about ("it"), for the thread's work.
- `break_even_use(r)`: "how many hours a month before buying wins", "每月用多少小时买才划算" (lexicon
  break_even_use_asks, no card or money of its own): the thread's rent or buy again, led by the use per period at
  which buying breaks even (a FollowUpQuery with ask "break_even_use" and the period asked, a month unless said).
- `that_on_card(r)`: "can we just do that on a 4090", "could my 3090 handle it", "what if we did 8b instead, can we
  do that on a 4090" (lexicon that_on_card: a capability asked of "that" / "it", one card named, at most a size or a
  model besides): the thread's job on that card (a FollowUpQuery with ask "fit"; the size said replaces the thread's).
- `gap_worth(r)`: "差价值得吗", "is the price difference worth it", "worth the extra?" with no card named (lexicon
  gap_worth_asks): the two cards talked about compared, the dearer one judged worth its extra or not (a CompareQuery
  with worth over "them": the dialogue brings the last two cards).
- `platform_of_cards(r)`: "what mobo supports two of them", "两张3090配什么主板" (lexicon platform_asked_words with a
  count of one card, named or the thread's): a build of that many (a RigQuery; the answer leads with the platform).
- `budget_raise_alone(r)`: "i can stretch to 1500", "bump it to 2k", "ok push to 1200" (lexicon budget_raise_words,
  one amount, every other word a filler): the budget set to that amount (a SetQuery: the last pick or build is
  answered again within it), not a spec of "it" or a question not understood.
- `cpu_alone(r)`: "cpu is a 9950x btw", "处理器是7800x3d" (a CPU named, nothing else but lexicon cpu_alone_words): the
  last question again with that CPU (a FollowUpQuery carrying cpu_said; the dialogue keeps it for the machine).
- `gpu_hours_alone(r)`: "how many h100 hours is that", "多少卡时" after a job: its time on one of that card.
- `added_card(r)`: "would adding my old 3060 help": that card added to the set talked about.
- `variant_size_alone(r)`: "oh its the 12gb one", "我的是12g的" (one memory size, lexicon card_identity_words): the
  card talked about is its sibling with that memory (a "variant" reference), not cards of at least that memory.
- `os_alone(r)`: "what about on windows", "windows呢" (an operating system, lexicon os_alone_fillers besides): the
  software support of the card talked about (a SpecQuery of topic "software" about "it").
- `models_alone(r)`: "like which models", "比如哪些模型" (lexicon which_models_asks): what the card talked about
  runs (a FitQuery asking "what_runs" of "it").
- `count_period_cost(r)`: "8张跑满一周要花多少", "8 of them for a week, how much" (a count of cards, a period, a
  money word, nothing named): the cost of that many of the card talked about over the period (its rent after a rent).
- `lean_other(r)`: "有没有更省电的替代", "any alternative that uses less power" (another option asked with a word of
  lexicon efficiency_words, or power with more / less): the pick for the thread's work besides the card talked
  about, by the least power (a follow-up asking "other"; respond/quiet reads the efficiency words).
- `users_speed(r)`: "throughput for ~30 concurrent users?", "tok/s with 20 users", "30个人同时用速度多少" (a number of
  users and a speed word, nothing else): the fit talked about serving that many at once (each one's speed, the total).
- `card_of_answer(r)`: "what gpu is in that", "which card does it use", "里面用的什么显卡" (a which-card ask, lexicon
  card_of_answer_words, nothing else named): the card of the answer talked about (a SpecQuery of "it").
- `condition_alone(r)`: "is that new or used", "新的还是二手的", "is that price used" (lexicon condition_asks, nothing
  else named): the price of the card talked about, whose condition it states.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents.followup import AROUND, _only, build
from assistant.nlu.intents.rates import PERIODS, period, providers
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CompareQuery, CostQuery, FitQuery, GpuRef, Query, RigQuery, SpecQuery, VerdictQuery

# a yes / no asked of a board ("is x8/x8 fine", "b650能插两张吗"): a verdict, not the platform to pick
_YES_NO = re.compile(r"^\s*(?:is|are|can|could|do|does|will|would|should)\b|吗|够不够|能不能|行不行", re.IGNORECASE)
_BILL_KINDS = {"COST", "HOURS", "KWH", "NUMBER", "SET", "ELECTRICITY", "FIELD", "PERIOD", "PER", "QUESTION", "HOW_MUCH"}
_LEAST_BUDGET = 50  # [A] a bare amount below this is a count, not money to spend (as dialogue/thread_edits reads it)
_SHORT = 6  # [A] a reaction is a few words ("that bad huh", "is it really that slow"): more is another question


def _allowed(r: Reading, *names: str) -> set[str]:
    """The words of lists `names`, and each character of their Chinese phrases (Chinese is read character by
    character: "这么差" leaves "差" not understood)."""
    phrases = [p for name in names for p in r.lex.listed(name)]
    return {w for p in phrases for w in p.split()} | {ch for p in phrases if not p.isascii() for ch in p}


@needs(unless=("PARAMS", "MONEY", "BUDGET", "MODEL"))
def bill_at_rate(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET") or not (b.has("KWH") or r.rate_tags()):
        return None
    asked = period(r)
    # "电费按0.55算" (a bill word), "yearly power at 0.11" (the power with a period); "electricity is 0.30, 8 hours a
    # day" with neither is settings typed alone
    billed = b.has("COST") or (b.meaning("FIELD") == "power" and asked is not None)
    if not billed or {t.kind for t in b.tags} - _BILL_KINDS - AROUND:
        return None
    hours = b.first("HOURS")
    if asked is None and not (isinstance(hours, dict) and hours.get("per_week")):
        return None  # a rate alone ("electricity is 0.30"): a setting
    words = {w for name in PERIODS for p in r.lex.listed(f"period_{name}") for w in p.split()}
    if not set(b.unknown) <= words | r.lex.listed("period_total_fillers"):
        return None
    return CostQuery(text=r.text, kind="running", period=asked)


_NEED_NOT = ("GPU", "PARAMS", "MONEY", "BUDGET", "HOURS", "MODEL", "WORKLOAD", "MODE")


@needs(said=("rent_need_asks",), unless=_NEED_NOT)
def rent_need_alone(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or b.has(*_NEED_NOT) or providers(r) or not said(r, "rent_need_asks"):
        return None
    if not _only(b.unknown, _allowed(r, "rent_need_asks", "rent_need_fillers", "short_fillers")):
        return None
    return dataclasses.replace(build(r, ask="rent_pick"), gpus=())


@needs(said=("provider_asks",), unless=("PARAMS", "MONEY", "BUDGET", "HOURS", "MODEL"))
def provider_alone(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET", "HOURS") or not said(r, "provider_asks"):
        return None
    words = _allowed(r, "provider_asks", "short_fillers")
    if not _only(b.unknown, words):
        return None
    return dataclasses.replace(build(r, ask="rates"), any_card=True)


@needs(said=("reaction_words",), unless=("PARAMS", "MONEY", "NUMBER", "WORKLOAD", "WHY", "MODEL"))
def reaction_alone(r: Reading) -> Query | None:
    b = r.b
    # a word is a token, or two characters of a run of Chinese ones (read character by character)
    short = sum(1.0 if t.isascii() else 0.5 for t in b.toks) <= _SHORT
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "NUMBER", "WORKLOAD", "WHY") or not short:
        return None  # "为啥这么慢": why, not a reaction
    if not said(r, "reaction_words"):
        return None
    words = _allowed(r, "reaction_words", "short_fillers")
    if not _only(b.unknown, words):
        return None
    return VerdictQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="it"),), kind="good")


@needs(said=("budget_raise_words",), unless=("PARAMS", "MODEL", "BUDGET"))
def budget_raise_alone(r: Reading) -> Query | None:
    from assistant.query_base import Setting
    from assistant.query_talk import SetQuery

    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "WORKLOAD", "BUDGET") or not said(r, "budget_raise_words"):
        return None  # "预算加到1.5万呢": the budget named, read as the budget follow-up it is
    amounts = [*b.kinds.get("MONEY", ()), *b.kinds.get("NUMBER", ())]
    if len(amounts) != 1 or not _only(b.unknown, _allowed(r, "budget_raise_words", "budget_raise_fillers")):
        return None
    try:
        value = float(amounts[0].value)
    except (TypeError, ValueError):
        return None
    if value < _LEAST_BUDGET:
        return None  # "push it to 2 cards": a count, not money
    currency = r.currency() if b.has("MONEY") else r.unnamed_currency()
    budget = Setting("budget_usd", value, currency=None if currency in (None, "USD") else currency)
    return SetQuery(text=r.text, settings=(budget,))


@needs(said=("condition_asks",), unless=("PARAMS", "MONEY", "NUMBER", "MODEL"))
def condition_alone(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "NUMBER") or not said(r, "condition_asks"):
        return None
    words = _allowed(r, "condition_asks", "short_fillers")
    if not _only(b.unknown, words):
        return None
    return SpecQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="it"),), fields=("price",))


@needs(said=("break_even_use_asks",), unless=("PARAMS", "MONEY", "BUDGET", "MODEL"))
def break_even_use(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET") or not said(r, "break_even_use_asks"):
        return None
    follow = build(r, ask="break_even_use")
    return dataclasses.replace(follow, gpus=(), period=period(r) or "month", want_time=False, want_speed=False)


@needs(("GPU",), said=("that_on_card",), unless=("MONEY", "BUDGET", "VS", "COMPARE", "RENT", "COST"))
def that_on_card(r: Reading) -> Query | None:
    b = r.b
    cards = [g for g in r.explicit if g.name]
    if len(cards) != 1 or b.has("MONEY", "BUDGET", "VS", "COMPARE", "RENT", "COST") or not said(r, "that_on_card"):
        return None
    if said(r, "rig_psu"):
        return None  # "2 4090s, will a 1300w psu handle it", "3x 3090, what psu and will my 15a circuit handle it"
    if b.has("CASE") or said(r, "card_topic_install") or said(r, "card_topic_board"):
        return None  # "我的机箱是nzxt h510 3090装得下吗": the card in the case, not the model on the card
    if r.model is not None and r.model.key:
        return None  # "kv cache for 128k on llama 3.1 70b? planning to run it on 2x a6000": "it" is the model named
    if b.has("UNKNOWN_MODEL"):
        return (
            None  # "qwen2.5-vl 32b多模态模型，一张4090 D能放下吗": a model the KB lacks is the question's own subject
        )
    follow = build(r, ask="fit")
    return dataclasses.replace(follow, gpus=(cards[0],), want_time=False, want_speed=False)


@needs(said=("gap_worth_asks",), unless=("PARAMS", "MONEY", "BUDGET", "NUMBER", "MODEL"))
def gap_worth(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET", "NUMBER") or not said(r, "gap_worth_asks"):
        return None
    words = _allowed(r, "gap_worth_asks", "short_fillers")
    if not _only(b.unknown, words):
        return None
    return CompareQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="them"),), worth=True, aspect="value")


_WAYS = re.compile(r"([双两三四六八])路\s*(?=[a-zA-Z]*\s*\d)")
_WAY_COUNT = {"双": 2, "两": 2, "三": 3, "四": 4, "六": 6, "八": 8}


@needs(
    said=("platform_asked_words",),
    unless=("PARAMS", "MONEY", "BUDGET", "WORKLOAD", "HOW_MUCH", "COST", "RENT", "MODEL"),
)
def platform_of_cards(r: Reading) -> Query | None:
    b = r.b
    if (
        r.model
        or b.has(
            "PARAMS", "MONEY", "BUDGET", "WORKLOAD", "HOW_MUCH", "COST", "RENT", "LINK"
        )  # "买8卡4090还是租算力平台"
        or not said(r, "platform_asked_words")
    ):
        return None
    if said(r, "rig_psu") or said(r, "slot_words") or _YES_NO.search(r.text):
        return None  # "is a 1600w psu enough for 4x 3090", "spacing on a b650", "x8/x8 fine?": their own answers
    named = [g for g in r.refs if g.name]
    ways = _WAYS.search(r.text)  # "双路3090要什么主板": two of the card (a USERS word elsewhere)
    count = r.total_count() or (_WAY_COUNT[ways.group(1)] if ways else None)
    if not named and not count and not r.refs and said(r, "board_asked_words"):  # "what motherboard do i need"
        them = GpuRef(mention="", pronoun="them", count_open=True)
        return RigQuery(text=r.text, gpus=(them,), asked_figure="platform")
    if len({g.name for g in named}) > 1 or not count or count < 2:
        return None
    card = named[0] if named else GpuRef(mention="", pronoun="it")
    gpus = (dataclasses.replace(card, count=count),)
    return RigQuery(text=r.text, gpus=gpus, gpu_count=count, asked_figure="platform")  # its answer leads with it


_CPU_ALONE = AROUND | {"CPU", "SET", "AND", "QUESTION"}


@needs(("CPU",))
def cpu_alone(r: Reading) -> Query | None:
    b = r.b
    if not b.has("CPU") or r.refs or r.model or {t.kind for t in b.tags} - _CPU_ALONE:
        return None
    if not _only(b.unknown, _allowed(r, "cpu_alone_words", "short_fillers")):
        return None
    return build(r)


_GPU_HOURS = re.compile(
    r"how many\s+(?:[\w\s-]{0,20}?)hours?\b|gpu[- ]hours?|多少\s*(?:个)?\s*(?:gpu|显卡|卡)?\s*(?:小时|卡时)|卡时"
)


@needs(("GPU", "GPU_WORD"), unless=("MODEL", "PARAMS", "MONEY", "HOURS", "RENT"))
def gpu_hours_alone(r: Reading) -> Query | None:
    """ "how many h100 hours is that", "多少卡时" after a training job: the job's time on one of that card (its
    GPU-hours; the thread's card when none is named), a time asked, not the card's spec sheet."""
    b = r.b
    cards = [g for g in r.explicit if g.name]
    if not b.has("GPU", "GPU_WORD") or len(cards) > 1 or r.model or not _GPU_HOURS.search(r.text.lower()):
        return None
    if {t.kind for t in b.tags} - (AROUND | {"GPU", "GPU_WORD", "QUESTION", "HOW_MUCH"}):
        return None
    if not _only(b.unknown, r.lex.listed("gpu_hours_fillers")):
        return None
    follow = build(r)
    gpus = (dataclasses.replace(cards[0], count=1),) if cards else ()
    return dataclasses.replace(follow, gpus=gpus, asked_figure="time", gpu_count=1 if not cards else None)


_ADDED = AROUND | {"GPU", "QUESTION", "CONDITION", "FIT", "SET", "COUNT", "OWN", "HELP"}  # HELP: "would it help"


@needs(("GPU",), said=("add_card",), unless=("MODEL", "PARAMS", "MONEY", "BUDGET", "RENT", "COST", "VS", "OR"))
def added_card(r: Reading) -> Query | None:
    """ "would adding my old 3060 help", "adding my spare 3090?" (one card the user has, "my" or its condition said,
    a word of adding, nothing else asked): that card added to the set talked about (a FollowUpQuery that adds), not
    the card alone."""
    b = r.b
    if len(r.explicit) != 1 or not said(r, "add_card") or said(r, "remove_card"):
        return None
    if not b.has("SET", "CONDITION") or said(r, "install_hosts") or said(r, "card_topic_install"):
        return None  # "does a second 4090 help?": scaling; "slap a v100 into my gaming rig": installing it
    if {t.kind for t in b.tags} - _ADDED or not _only(
        b.unknown, _allowed(r, "add_card", "short_fillers", "added_asks")
    ):
        return None
    return build(r)


_IDENTITY_KINDS = {"MEMORY", "GPU_WORD", "QUESTION", "PRONOUN", "NO", "AND", "FOLLOW"}


@needs(("MEMORY",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "MORE", "ONLY", "LESS", "FIT"))
def variant_size_alone(r: Reading) -> Query | None:
    """ "oh its the 12gb one", "mine is the 12 gig version", "我的是12g的": the card talked about is its sibling with
    that memory (a "variant" reference; the dialogue says so when the card has none), not cards of at least that
    much memory."""
    b = r.b
    sizes = b.kinds.get("MEMORY", [])
    if r.explicit or r.model or len(sizes) != 1 or {t.kind for t in b.tags} - _IDENTITY_KINDS:
        return None
    if not _only(b.unknown, _allowed(r, "card_identity_words")):
        return None
    mention = f"{b.first('MEMORY'):g} GB"
    return dataclasses.replace(build(r), gpus=(GpuRef(mention=mention, pronoun="variant"),), replace=True)


_OS = re.compile(r"(?<![a-z])(?:windows|win ?1[01]|linux|ubuntu|wsl2?)(?![a-z])", re.IGNORECASE)
_OS_KINDS = {"FOLLOW", "AND", "ON", "QUESTION", "PRONOUN", "WITH", "IN"}


@needs(unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "NUMBER", "WORKLOAD"))
def os_alone(r: Reading) -> Query | None:
    """ "what about on windows", "and linux?", "windows呢", "win11能用吗": the software support of the card talked about
    on that system (a SpecQuery of topic "software" about "it"), not the last answer again."""
    if r.explicit or r.model or not _OS.search(r.text):
        return None
    if {t.kind for t in r.b.tags} - _OS_KINDS:
        return None
    rest = _OS.sub(" ", r.text.lower())
    words = [w for w in re.split(r"[\s,.?!，。？！]+", rest) if w]
    if not _only(words, _allowed(r, "os_alone_fillers", "short_fillers")):
        return None
    return SpecQuery(text=r.text, gpus=(GpuRef(mention="it", pronoun="it"),), topic="software", asked_figure="yes_no")


@needs(said=("which_models_asks",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "MEMORY", "RENT"))
def models_alone(r: Reading) -> Query | None:
    """ "like which models", "such as?", "比如哪些模型" after an answer about a card: what the card talked about runs
    (a FitQuery asking "what_runs" of "it"), not a question not understood."""
    b = r.b
    kinds = {"QUESTION", "FOLLOW", "AND", "PRONOUN", "FIT", "SET"} | ({"THAN"} if "比如" in r.text else set())
    if not said(r, "which_models_asks") or r.explicit or r.model or {t.kind for t in b.tags} - kinds:
        return None  # ("比如" is for example, not a comparison)
    if not _only(b.unknown, _allowed(r, "which_models_asks", "short_fillers", "card_identity_words")):
        return None
    return FitQuery(
        text=r.text,
        model=None,
        gpus=(GpuRef(mention="", pronoun="it", count_open=True),),  # as many as were talked about
        mode="inference",
        workload="llm_inference",
        asked="what_runs",
    )


_USERS_KINDS = {"USERS", "SPEED", "FASTER", "HOW_MUCH", "ASPECT", "QUESTION", "FOLLOW", "AND", "ON", "PRONOUN", "FIELD"}


@needs(("USERS",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "MEMORY", "RENT"))
def users_speed(r: Reading) -> Query | None:
    """ "throughput for ~30 concurrent users?", "tok/s with 20 users": the fit talked about serving that many at once (a
    follow-up carrying the users as targets: the fit gives each user's speed and the total), not a question not
    understood."""
    b = r.b
    if (
        r.explicit
        or r.model
        or not b.has("USERS")
        or not b.has("SPEED", "FASTER")
        or {t.kind for t in b.tags} - _USERS_KINDS
    ):
        return None
    if not _only(b.unknown, _allowed(r, "short_fillers", "fragment_words")):
        return None
    return build(r)  # the users are the question's targets (nlu/request_rate): the fit answers their speed


_COUNT_PERIOD_KINDS = {
    "COUNT",
    "PERIOD",
    "HOURS",
    "HOW_MUCH",
    "COST",
    "FIELD",
    "PRICES",
    "QUESTION",
    "FIT",
    "RENT",
    "OF",
}


@needs(("COUNT",), ("PERIOD",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "BUY"))
def count_period_cost(r: Reading) -> Query | None:
    """ "8张跑满一周要花多少", "8张租一周多少钱": that many of the card talked about over the period, its cost (a
    follow-up asking "cost_of_that" for the period; after a rent, the rent of that many)."""
    b = r.b
    if r.explicit or not b.has("COUNT") or not b.has("PERIOD") or {t.kind for t in b.tags} - _COUNT_PERIOD_KINDS:
        return None
    if not (b.has("HOW_MUCH", "COST", "PRICES") or "price" in r.fields() or said(r, "money_asked_words")):
        return None
    if not _only(b.unknown, _allowed(r, "short_fillers", "fragment_words", "money_asked_words")):
        return None
    return dataclasses.replace(build(r), ask="cost_of_that", gpu_count=r.total_count(), period=period(r))


_LEAN_KINDS = {"ASK", "FIELD", "MORE", "QUESTION", "FOLLOW", "AND", "GPU_WORD", "PRONOUN", "ONLY", "OF"}


@needs(("ASK",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET"))
def lean_other(r: Reading) -> Query | None:
    """ "有没有更省电的替代", "any alternative that uses less power": the other option asked for less power (see the
    module contract)."""
    b = r.b
    if r.explicit or b.meaning("ASK") not in ("other", "cheaper") or {t.kind for t in b.tags} - _LEAN_KINDS:
        return None
    lean = said(r, "efficiency_words") or (b.meaning("FIELD") == "power" and (b.has("MORE") or said(r, "less_words")))
    if not lean or not _only(b.unknown, _allowed(r, "short_fillers", "fragment_words", "less_words")):
        return None
    return build(r, ask=b.meaning("ASK"))  # "any cheaper alternative that draws less power": cheaper, leanest first


_WHICH_CARD = {"RECOMMEND", "EXPLAIN", "GPU_WORD", "QUESTION", "ON", "PRONOUN", "BUY", "SET", "OF"}


@needs(said=("card_of_answer_words",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "WORKLOAD", "MEMORY"))
def card_of_answer(r: Reading) -> Query | None:
    b = r.b
    kinds = {t.kind for t in b.tags}
    card_word = b.has("GPU_WORD") or any(w in t.text.lower() for t in b.kinds.get("RECOMMEND", []) for w in _CARDS)
    if r.explicit or not card_word or not kinds <= _WHICH_CARD or not said(r, "card_of_answer_words"):
        return None
    if not _only(b.unknown, _allowed(r, "card_of_answer_words", "short_fillers")):
        return None
    return SpecQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="it"),))


_CARDS = ("gpu", "card", "显卡", "卡")
