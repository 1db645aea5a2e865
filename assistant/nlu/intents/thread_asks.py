"""Questions about the figure the last answer gave, with nothing of their own: "is that per card?", "for both?",
"是每张的吗", "两张一共吗", "这是总价还是单价".

`mixed_with_thread(r)`: one card named with a word of mixing or of "the second card" ("第二张买4090混着用行不行",
"what if the second card is a 4090, can i mix them"): a FollowUpQuery with ask "mix" and that card; the dialogue puts
it beside the thread's card (one of its set replaced when "second" is said) and answers the thread's model on them.

`runs_that_cant(r)`: "what can it run that my 3070 can't", "它能跑哪些我3070跑不了的": the thread's card ("it")
against the card named, compared for what each holds (LLMs unless a workload is said).

`goes_for(r)`: "what do used a6000s go for", "what does a 4090 go for these days": the street price of the cards named
(used when said), never a recommendation ("go for" is also "choose").

Contract: `per_card(r)` claims a question that names no GPU, model or amount and asks whether the last figure was for
one card or for the set (lexicon per_card_each / per_card_total; every other word one of per_card_fillers): a
FollowUpQuery with ask "per_card_each" (asks per card), "per_card_total" (asks the total) or "per_card_either" (both
said: "per gpu or total?"); the dialogue answers the last question for one card and the engine says first which the
figure was. None otherwise.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.intents.card_topic import SHORT_ALONE
from assistant.nlu.intents.followup import AROUND, _only, build
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query

_KINDS = {"GPU_WORD", "PRICES", "COUNT", "NUMBER", "OR", "PER"} | AROUND  # no HOW_MUCH: "总共多少钱" asks the total
_LISTS = ("per_card_each", "per_card_total", "per_card_fillers")


@needs(said=("per_card_each", "per_card_total"), unless=("MODEL", "PARAMS", "MONEY", "BUDGET"))
def per_card(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or b.has("MODEL", "PARAMS", "MONEY", "BUDGET"):
        return None
    each, total = said(r, "per_card_each"), said(r, "per_card_total")
    if not (each or total) or not {t.kind for t in b.tags} <= _KINDS:
        return None
    words = {w for name in _LISTS for phrase in r.lex.listed(name) for w in phrase.split()}
    if not _only(b.unknown, words):
        return None
    return build(r, ask="per_card_" + ("either" if each and total else "each" if each else "total"))


@needs(("GPU",), said=("mix_words",), unless=("MODEL", "PARAMS", "MONEY", "VS", "OR", "RENT"))
def mixed_with_thread(r: Reading) -> Query | None:
    b = r.b
    named = [g for g in r.explicit if g.name]
    if len({g.name for g in named}) != 1 or r.model or b.has("PARAMS", "MONEY", "VS", "OR", "RENT"):
        return None
    if not said(r, "mix_words"):
        return None
    follow = build(r, ask="mix")
    return dataclasses.replace(
        follow, gpus=(dataclasses.replace(named[0], count=1),), removes=bool(said(r, "second_card"))
    )


@needs(("GPU",), ("FIT",), said=("cant_run_words",), unless=("MODEL", "VS", "OR", "PARAMS"))
def runs_that_cant(r: Reading) -> Query | None:
    from assistant.queries import CompareQuery, GpuRef

    b = r.b
    named = [g for g in r.explicit if g.name]
    if len(named) != 1 or not b.has("FIT") or not said(r, "cant_run_words") or r.model or b.has("VS", "OR", "PARAMS"):
        return None
    if not any(t.kind == "PRONOUN" for t in b.tags) or b.has("MEMORY"):
        return None  # "it" is the thread's card: "mac studio 64g 能不能跑70b" names no other
    it = GpuRef(mention="it", pronoun="it")
    return CompareQuery(text=r.text, gpus=(it, named[0]), workload=r.workload or "llm_inference")


_FAIR_ASK = {
    "QUESTION",
    "HOW_MUCH",
    "FIELD",
    "PRONOUN",
    "CONDITION",
    "FOLLOW",
    "AND",
    "ON",
    "GPU_WORD",
    "COST",
    "COSTS",
}
_FAIR_ASK |= {"EXPLAIN", "PRICES"}  # "what's a fair price"


@needs(said=("fair_price_asks",), unless=("MONEY", "NUMBER", "BUDGET", "MODEL"))
def fair_price(r: Reading) -> Query | None:
    """ "what's a fair price", "what should i pay for one", "多少钱收合适" with no card named: what the card talked
    about goes for (its street price, in the condition said or the thread's), the dialogue fills the card."""
    from assistant.queries import SpecQuery

    b = r.b
    if r.explicit or r.model or b.has("MONEY", "NUMBER", "BUDGET") or not said(r, "fair_price_asks"):
        return None
    words = {w for p in r.lex.listed("fair_price_asks") for w in p.split()}
    if {t.kind for t in b.tags} - _FAIR_ASK or not all(w in words or not w.isascii() for w in b.unknown):
        return None
    it = GpuRef(mention="", pronoun="it", condition=b.first("CONDITION"))
    return SpecQuery(text=r.text, gpus=(it,), fields=("price",))


@needs(("GPU",), said=("goes_for_words",), unless=("MODEL", "MONEY", "BUDGET", "WORKLOAD", "VS", "OR", "FIELD"))
def goes_for(r: Reading) -> Query | None:
    from assistant.queries import SpecQuery

    b = r.b
    named = [g for g in r.explicit if g.name]
    if (
        not named
        or r.model
        or b.has("MONEY", "BUDGET", "WORKLOAD", "VS", "OR", "FIELD")
        or not said(r, "goes_for_words")
    ):
        return None
    if not (b.has("EXPLAIN", "HOW_MUCH") or said(r, "price_now_words")):
        return None  # "should i go for a 4090": a choice
    if b.has("RENT", "PER", "HOURS", "PERIOD") or b.unknown:
        return None  # "whats an h100 go for per hour on vast": a rate
    condition = b.first("CONDITION")
    cards = tuple(dataclasses.replace(g, condition=g.condition or condition) for g in named)
    return SpecQuery(text=r.text, gpus=cards, fields=("price",))


_UPGRADE_KINDS = {"BUY", "RECOMMEND", "UPGRADE", "GPU_WORD", "WHICH"} | AROUND


@needs(said=("upgrade_target_asks",), unless=("PARAMS", "WORKLOAD", "MODEL"))
def upgrade_to_what(r: Reading) -> Query | None:
    """ "to what", "upgrade to what?", "换成啥", "升级成什么" after a question about the user's own card (worth
    upgrading, a fit that failed on it): a FollowUpQuery with ask "upgrade"; the dialogue answers the thread's work
    with the cards that are an upgrade over the one talked about. None when a card, a model or money is named."""
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "WORKLOAD") or not said(r, "upgrade_target_asks"):
        return None
    if {t.kind for t in b.tags} - _UPGRADE_KINDS - {"MONEY", "BUDGET", "NUMBER", "UNDER"}:
        return None  # "to what, budget 600": the upgrades within that budget (build's budget_usd)
    words = {w for phrase in r.lex.listed("upgrade_target_asks") for w in phrase.split()}
    phrase = said(r, "upgrade_target_asks") or ""
    return build(r, ask="upgrade") if all(u in words or u in phrase for u in b.unknown) else None


_OWN_KINDS = _UPGRADE_KINDS | {"SLOW", "SPEED", "STILL", "YES_NO", "WORTH", "MONEY", "BUDGET", "NUMBER", "UNDER"}


def upgrade_alone(r: Reading) -> Query | None:
    """ "still slow, should i upgrade", "要不要升级", "time to upgrade?" with no card named: the thread's card is the
    user's (the dialogue finds it), and the question is the upgrades over it for the thread's work (ask "upgrade"), not
    "not understood"."""
    b = r.b
    if (
        r.explicit
        or r.model
        or b.has("PARAMS")
        or not r.lex.words_in("upgrade_own_words", f" {' '.join(b.toks)} {r.text.lower()} ")
    ):
        return None
    if {t.kind for t in b.tags} - _OWN_KINDS - _UPGRADE_TO_SIZE or len(b.unknown) > 4:
        return None
    found = build(r, ask="upgrade")
    if b.has("MEMORY") and not r.system_ram():  # "want to upgrade, what would it cost to get to 24gb": at least that
        found = dataclasses.replace(found, min_memory_gb=b.first("MEMORY"), fields=())
    return found


_UPGRADE_TO_SIZE = {"MEMORY", "HOW_MUCH", "FIELD", "COST", "PRICES", "ON", "FIT"}  # "加多少钱能上24g"


@needs(("MEMORY",))
def upgrade_to_size(r: Reading) -> Query | None:
    """ "want to upgrade, what would it cost to get to 24gb", "想升级 加多少钱能上24g": `upgrade_alone` with the memory
    wanted, claimed before a recommendation or the price of "it" read it."""
    return upgrade_alone(r) if r.b.has("MEMORY") else None


def upgrade_untagged(r: Reading) -> Query | None:
    """ "要不要升级", "该换了吗" (nothing tagged, which the reader of empty questions would call not understood):
    `upgrade_alone`, before that reader."""
    return upgrade_alone(r) if not r.b.tags else None


@needs(said=("fix_alone_asks",), unless=("PARAMS", "MONEY", "BUDGET", "GPU_WORD", "MODEL"))
def fix_alone(r: Reading) -> Query | None:
    """ "what settings should i change", "how do i fix it", "那参数怎么调" with nothing named: the settings to change
    for the fit talked about (ask "fix"; the dialogue takes the thread's fit, asked "fix", respond/fit_fix.py), where
    the thread has one; the dialogue keeps the old reading (the settings help) where it has none."""
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET", "GPU_WORD") or not said(r, "fix_alone_asks"):
        return None
    if said(r, "fix_trouble_words") or said(r, "oom_words") or b.has("HELP") and not b.has("FOLLOW"):
        return None  # "cuda out of memory 是啥意思 怎么解决": the trouble named is the concept's to explain
    words = {w for phrase in r.lex.listed("fix_alone_asks") for w in phrase.split()}
    chars = {ch for phrase in r.lex.listed("fix_alone_asks") if not phrase.isascii() for ch in phrase}
    if not all(u in words or (not u.isascii() and set(u) <= chars) for u in b.unknown):
        return None  # "tips for buying used gpus": more than a fix asked
    return build(r, ask="fix")


_WHY_VENDOR_KINDS = {"WHY", "VENDOR", "OVER", "THAN", "VS", "RECOMMEND", "GPU_WORD"} | AROUND


@needs(("WHY",), ("VENDOR",), unless=("MODEL",))
def why_vendor(r: Reading) -> Query | None:
    """ "why nvidia?", "why nvidia over amd", "为什么选n卡": why a maker's card, no card or model named: asked
    "why_vendor" of the vendor's practice concept (what AMD cards are like for AI); after a pick between makers the
    dialogue makes it the why of that pick (about_last.why_of_pick)."""
    from assistant.nlu.intents.explain import vendor_concept
    from assistant.query_talk import ExplainQuery

    b = r.b
    if r.explicit or r.model or not (b.has("WHY") and b.has("VENDOR")) or {t.kind for t in b.tags} - _WHY_VENDOR_KINDS:
        return None
    if b.unknown or b.has("NO") or said(r, "vendor_why_not_words"):
        return None  # "why not amd": the vendor left out, its practice concept (concept_cues.vendor_why_not)
    concept = vendor_concept("amd")
    return (
        ExplainQuery(text=r.text, concept=concept, mention=r.text.strip(" ?!."), asked="why_vendor")
        if concept
        else None
    )


_RAM_KINDS = {"MEMORY", "FIELD", "HELP", "FOLLOW", "OF", "IF", "MORE", "PLUS", "ENOUGH", "YES_NO"} | AROUND
_RAM_ASKED = {"FIT", "QUESTION", "SET"}  # "is my 16gb ram enough", "内存16g够不够": with one amount only


@needs(("MEMORY",), said=("system_ram_words",), unless=("PARAMS", "MONEY", "BUDGET", "MODEL"))
def system_ram_alone(r: Reading) -> Query | None:
    """ "加到32g内存有用吗", "would 32gb of system ram help", "what if i had 64gb ram": system RAM said (lexicon
    system_ram_words beside the amount) with no card or model: the fit talked about with that RAM for what does not fit
    on the card (build's system_ram_gb), not a fit on a 32 GB GPU or the help text."""
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET") or b.first("MEMORY") is None:
        return None
    kinds = {t.kind for t in b.tags}
    if kinds & _RAM_ASKED and len(b.kinds.get("MEMORY", [])) != 1:
        return None  # "will 32gb of system ram help if my gpu only has 12gb": the card's memory said too
    if not said(r, "system_ram_words") or kinds - _RAM_KINDS - _RAM_ASKED or len(b.unknown) > 3:
        return None
    return dataclasses.replace(build(r), fields=())  # "of system ram": the RAM's size, not the card's memory asked


@needs(said=("payback_words",), unless=("MODEL", "PARAMS", "MONEY", "BUDGET"))
def payback_of_it(r: Reading) -> Query | None:
    """ "over what period does it pay back", "how long until it pays off" with no card, model or money named: buying
    the card talked about weighed against renting it (the dialogue fills "it" and the thread's rent), not a spec sheet
    of "it"."""
    from assistant.queries import RentOrBuyQuery

    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET") or not said(r, "payback_words"):
        return None
    if len(b.unknown) > 5:
        return None
    it = tuple(g for g in r.refs if g.pronoun is not None) or (GpuRef(mention="it", pronoun="it", count_open=True),)
    return RentOrBuyQuery(text=r.text, gpus=it)


@needs(("BUY", "RECOMMEND"), said=("buy_over_rent_words",), unless=("MODEL", "PARAMS", "WORKLOAD", "VS", "OR", "RENT"))
def buy_over_rent(r: Reading) -> Query | None:
    """ "we have $10k, should we buy instead", "预算一万 还是继续租": buying set against renting (lexicon
    buy_over_rent_words beside a buying word), no card or model named: the thread's rent or buy (the dialogue fills
    "it", the job and the cloud), with the money said stored as a budget, not a ranking of cards to buy."""
    from assistant.queries import RentOrBuyQuery

    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "WORKLOAD") or not b.has("BUY", "RECOMMEND"):
        return None
    if not b.has("BUY") and b.has("UNDER"):
        return None  # "what should i get instead under 600": another card within a cap (recommend), not buying
    if not said(r, "buy_over_rent_words") or r.b.has("VS", "OR", "RENT"):
        return None  # "买卡还是租卡", "should i rent gpus instead of buying one": a rent-or-buy question of its own
    from assistant.queries import Setting

    money = r.money()
    budget = (
        (Setting(key="budget_usd", value=money, currency=r.currency() if b.has("MONEY") else None),) if money else ()
    )
    return RentOrBuyQuery(text=r.text, gpus=(GpuRef(mention="it", pronoun="it"),), settings=budget)


_NEEDS_KINDS = {"FIT", "FOLLOW", "RECOMMEND", "EXPLAIN"} | AROUND  # "what do" is an EXPLAIN tag


@needs(said=("needs_asks",), unless=("PARAMS", "MONEY", "BUDGET", "MEMORY", "MODEL"))
def needs_of_thread(r: Reading) -> Query | None:
    """ "what would i need for that", "so what do i need", "那需要什么配置" with no card,
    model or money of their own: what to get for the thread's work (a RecommendQuery; the dialogue puts the thread's
    model and workload in), never the capability of the card "that" would otherwise be read as."""
    b = r.b
    if r.explicit or r.model or b.has("PARAMS", "MONEY", "BUDGET", "MEMORY") or not said(r, "needs_asks"):
        return None
    if {t.kind for t in b.tags} - _NEEDS_KINDS:
        return None
    words = {w for phrase in r.lex.listed("needs_asks") for w in phrase.split()} | r.lex.listed("needs_fillers")
    if not _only(list(b.unknown), words):
        return None
    from assistant.queries import RecommendQuery

    return RecommendQuery(text=r.text, asked_figure="which")


@needs(("PRICES",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "WORKLOAD", "RENT", "CONDITION"))
def price_alone(r: Reading) -> Query | None:
    """ "现在啥价", "京东现在啥价": the prices of the cards talked about (their price sheet), a shop or "now" said
    beside it ("用二手价格" is a setting: a condition said)."""
    b = r.b
    if (
        r.explicit
        or not b.has("PRICES")
        or b.has("CONDITION")
        or not {t.kind for t in b.tags} <= {"PRICES", "ORGANIZATION"} | AROUND
    ):
        return None
    if not _only(b.unknown, r.lex.listed("price_alone_fillers")):
        return None
    return dataclasses.replace(build(r), fields=("price",), asked_figure="price")


@needs(said=("token_cost_words",), unless=("GPU", "MODEL", "PARAMS", "MONEY"))
def token_cost_alone(r: Reading) -> Query | None:
    """ "whats the cost per million tokens roughly", "那每百万token成本呢" after a model served or run on cards: the
    cost per token of what was talked about (the engine answers it from the words, respond/token_cost)."""
    b = r.b
    if r.explicit or not said(r, "token_cost_words"):
        return None
    if not {t.kind for t in b.tags} <= {"COST", "EXPLAIN", "HOW_MUCH", "FIELD", "PRICES", "PER"} | AROUND:
        return None
    if not _only(b.unknown, r.lex.listed("token_cost_fillers")):
        return None
    return build(r, ask="token_cost")


@needs(said=("headroom_asks",), unless=("GPU", "MODEL", "PARAMS", "MONEY"))
def headroom_left(r: Reading) -> Query | None:
    """ "how much vram is left", "还剩多少显存" after a fit: the memory left beside it (respond/headroom_lead)."""
    b = r.b
    if r.explicit or not said(r, "headroom_asks"):
        return None
    if not {t.kind for t in b.tags} <= {"HOW_MUCH", "MEMORY", "ASPECT", "FIELD", "EXPLAIN", "FIT"} | AROUND:
        return None
    return dataclasses.replace(build(r, ask="headroom"), asked_figure="headroom")


@needs(said=("risk_words",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "WORKLOAD", "RENT"))
def risks_alone(r: Reading) -> Query | None:
    """ "有啥风险", "有啥坑", "any risks?", "what's the catch" after a card or an offer for one: the catches of that
    card (its verdict with the risks said first, respond/verdict and respond/deal)."""
    b = r.b
    if r.explicit or not said(r, "risk_words"):
        return None
    if not {t.kind for t in b.tags} <= {"EXPLAIN"} | AROUND:  # "矿卡能买吗 有什么风险": a condition's concept
        return None
    phrases = r.lex.listed("risk_words")  # the words of the risk asked are no unknown words here
    allowed = set(r.lex.listed("risk_fillers")) | {w for p in phrases for w in p.split()}
    allowed |= {ch for p in phrases if not p.isascii() for ch in p}
    if not _only(b.unknown, allowed):
        return None
    return build(r, ask="risks")


_FORMATS_AROUND = {"PRECISION", "OR", "VS", "COMPARE", "SPEED", "FASTER", "ASPECT", "FIT"}


@needs(("PRECISION",), ("PRONOUN",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "RENT"))
def precisions_weighed(r: Reading) -> Query | None:
    """ "fp8 or q4 on it?", "它跑q4还是q8好" after a model on a card ("it" said): the model's speed and memory at each
    format on that card (respond/fit_precisions)."""
    b = r.b
    formats = tuple(dict.fromkeys(b.meanings.get("PRECISION", [])))
    if r.explicit or r.model or len(formats) != 2 or not b.has("OR", "VS", "COMPARE"):
        return None
    if not b.has("PRONOUN"):  # "bf16 vs fp16?", "int8和fp8有啥区别": the formats themselves (the concepts)
        return None
    if not {t.kind for t in b.tags} <= _FORMATS_AROUND | AROUND or b.unknown:
        return None
    return dataclasses.replace(build(r, ask="precisions"), precisions=formats, precision=None)


@needs(said=("count_needed_asks",), unless=("MODEL", "PARAMS", "MONEY", "BUDGET", "MEMORY", "RENT"))
def count_alone(r: Reading) -> Query | None:
    """ "how many do i need", "要几张", "需要几块" with no card, model or money of their own: how many of the card
    talked about hold the thread's model (a fit asked as a count on "it"; the dialogue puts the model in)."""
    b = r.b
    if r.explicit or r.model or b.has("MODEL", "PARAMS", "MONEY", "BUDGET", "MEMORY", "RENT"):
        return None
    if not said(r, "count_needed_asks") or {t.kind for t in b.tags} - ({"FIT", "GPU_WORD", "COUNT"} | AROUND):
        return None
    words = {w for phrase in r.lex.listed("count_needed_asks") for w in phrase.split()} | r.lex.listed("needs_fillers")
    if not _only(list(b.unknown), words):
        return None
    it = GpuRef(mention="", pronoun="it")  # the card talked about (a comparison's pick)
    return dataclasses.replace(build(r, ask="fit"), gpus=(it,), asked_figure="count")


@needs(said=("kv_q8_words",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET"))
def kv_q8_alone(r: Reading) -> Query | None:
    """ "kv cache 开 q8 呢", "what about a q8 kv cache?" after a model on a card: that fit again, its longest context
    with an 8-bit KV cache leading (respond/fit_hints.kv_q8_said), not the KV-cache concept."""
    if r.explicit or r.model or r.b.has("PARAMS", "MONEY", "BUDGET", "EXPLAIN") or len(r.text) > SHORT_ALONE:
        return None  # "kv缓存量化是啥": the concept
    if said(r, "concept_asked_words") or not said(r, "kv_q8_words"):
        return None
    return build(r, ask="fit")


@needs(("FIELD",), said=("memory_need_words",), unless=("GPU", "MODEL", "PARAMS", "MONEY", "BUDGET", "MEMORY"))
def memory_need_alone(r: Reading) -> Query | None:
    """ "不行的话最少得多大显存", "how much vram would i need at least" (the memory field and a word of lexicon
    memory_need_words, no card or model of its own): the memory the work talked about needs (a
    follow-up asking "memory_need": the dialogue answers it with the last fit without its cards)."""
    b = r.b
    if r.explicit or "memory" not in r.fields() or not said(r, "memory_need_words"):
        return None
    if {t.kind for t in b.tags} - ({"FIELD", "NO", "HOW_MUCH", "EXPLAIN"} | AROUND):
        return None
    return dataclasses.replace(build(r), fields=(), ask="memory_need")
