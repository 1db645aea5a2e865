"""A whole machine for a budget: "$10k for a training rig, what gpus?", "i have 3000 dollars, build
me an llm box", "4-gpu box for 70b", "预算3万组一台炼丹机".

`read` claims a question with a rig word (list `rig_words`) and a budget, a GPU count or a model to
run, unless it asks a cost of running or owning (cost questions come earlier) or to rent. A named
GPU fixes the card; "a 4-gpu box" fixes the count. A PSU question about several cards of one kind
("3x 3090 on a 1000w psu, will it be ok", "4张3090炼丹 电源要多大") is a rig of those cards; so is a card
with the CPU named ("what psu for 2x 3090 and a threadripper 7960x", "5090 + 9950x build", "7800x3d +
4070 super"), whose power class the answer uses (RigQuery.cpu); and one card with a word of building around it
(list `rig_around_words`: "build me a pc around a 5090", "what else do i need for a 3090 build"): that card, one.
"""

from __future__ import annotations

import re

from assistant.nlu.followup_details import mode_said
from assistant.nlu.intents import cost
from assistant.nlu.intents.rates import period
from assistant.nlu.intents.recommend import card_class, vendor_of, weighs_forms
from assistant.nlu.intents.verdict import said
from assistant.nlu.owned_parts import owned_parts
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, RigQuery
from assistant.query_talk import ExplainQuery

MAX_RIG_GPUS = 64  # a count above one server's 8 (respond/builds.SERVER_GPUS) is answered with one server
SERVER_FREE = 4  # more cards than a workstation takes: a rig only with a named GPU or a budget
_MIN_BUDGET = 200  # a bare number this large next to a rig word is its budget ("a workstation for 5000")


def _owned(r: Reading, word: str) -> bool:
    """ "best gpu for my pc", "电脑配了两张4060ti", "家里电脑是3060": a machine the user has, not one to build (a
    machine word, then a word of being or having right before a card named; not "for a pc with a 5090", a new one:
    [lists] rig_new_before)."""
    text = r.text.lower()
    if any(f"{mine}{word}" in text for mine in r.lex.listed("rig_owned")) or any(
        f"{word}{has}" in text for has in r.lex.listed("rig_owned_after")
    ):
        return True
    cards = {t.start for t in r.b.tags if t.kind == "GPU"}
    return any(
        (at := text.find(f"{word}{be}")) >= 0
        and at + len(word) + len(be) in cards
        and not text[:at].rstrip().endswith(tuple(r.lex.listed("rig_new_before")))
        for be in r.lex.listed("rig_is_words")
    )


def _budget(r: Reading) -> float | None:
    money = r.money()
    if money is not None:
        return money
    bare = [t.value for t in r.b.kinds.get("NUMBER", []) if isinstance(t.value, float) and t.value >= _MIN_BUDGET]
    return bare[0] if len(bare) == 1 else None


def _asks_cost(r: Reading) -> bool:
    """A cost of running or owning ("monthly cost of a 4090 rig", "electricity of my 4x3090 box"); a
    plain "how much" about a rig to build ("4卡3090工作站要多少钱") is the rig's price, answered here."""
    kind = cost.kind(r)
    if kind is None or (kind == "perf_per_dollar" and _budget(r) is not None):
        return False  # "$2000 build, max speed not value", "best value build for 1500": a budget rig
    if kind == "running" and not r.refs and said(r, "efficiency_words") and said(r, "machine_wish_words"):
        return False  # "想搞一台推理机，电费要省": a low-power machine wished for, not its bill
    texts = " ".join(t.text.lower() for t in r.b.kinds.get("COST", []))
    named = r.lex.words_in("running_cost", texts) or r.lex.words_in("tco_cost", texts)
    over_time = bool(period(r) or r.b.has("YEARS") or r.b.has("ELECTRICITY"))
    if kind == "tco" and not over_time and said(r, "rig_part_words"):
        return False  # "total cost for 4x used 3090 + threadripper board + 1600w psu + risers": the build's price
    return kind != "tco" or bool(named or r.b.meanings.get("COST_KIND") or over_time)


_NOT_THREAD_PSU = (
    "RECOMMEND",
    "MONEY",
    "BUDGET",
    "COUNT",
    "MODEL",
    "PARAMS",
    "CPU",
    "WATTS",
    "RENT",
    "COST",
    "EXPLAIN",
)


@needs(("WATTS", "rig_psu", "machine_draw_words"), unless=("WHY", "VS", "COMPARE"))  # "is 1000w enough?"
def psu_of_thread(r: Reading) -> Query | None:
    """ "整机功耗多大 电源要多少瓦", "what psu do i need" with no GPU, count, model or budget in it: the power supply
    of the cards talked about (Chinese leaves the subject out), as a build's power; the dialogue fills the cards
    with their count, or explains how to size a PSU when none was talked about."""
    # "whats the psu i need" asks for the user's own machine, not what a PSU is (lexicon own_need_words)
    blocked = [k for k in _NOT_THREAD_PSU if not (k == "EXPLAIN" and said(r, "own_need_words"))]
    count = r.total_count()  # "三张的话电源要多大", "and for 3 of them what psu": that many of the card talked about
    if not count and said(r, "asked_add_card"):  # "if i add a second one later, what psu": two of the card
        count = next((n for name, n in _ORDINALS if said(r, name)), None)
    cards_asked = any(t.text.lower() not in ("one", "ones") for t in r.b.kinds.get("GPU_WORD", [])) or any(
        w in t.text.lower() for t in r.b.kinds.get("RECOMMEND", []) for w in ("gpu", "card", "卡")
    )  # "gpu for my optiplex": a card is asked for
    if not cards_asked and not r.b.has("WORKLOAD", "MODEL", "PARAMS"):  # "what psu should i get": a PSU is asked for
        blocked = [k for k in blocked if k != "RECOMMEND"]
    # "电源要换吗 我现在850w", "is my 1200w psu ok for three": one wattage a PSU can have, no card named, is the PSU
    # the user has
    one_wattage = len(r.b.kinds.get("WATTS", [])) == 1
    card_draw = r.b.has("GPU_WORD") or said(r, "power_draw_words")  # "显卡功耗320w", "my card pulls 320w": the card's
    own_psu = one_wattage and (r.num("WATTS") or 0) >= _LEAST_PSU_W and not r.explicit and not card_draw
    if count and count > 1:
        blocked = [k for k in blocked if k != "COUNT"]
    if own_psu or (count and count > 1 and one_wattage):
        blocked = [k for k in blocked if k not in ("WATTS", "CPU")]  # "would a 750w psu handle it with a 7800x3d"
    asked = said(r, "rig_psu") or (own_psu and r.psu_named())  # "is 1000w enough?": a supply's size asked as enough
    # "how many watts will that build pull", "这套整机多耗电": the machine's draw, asked of no card named
    asked = asked or machine_draw_asked(r)
    if not asked or r.explicit or r.b.has(*blocked) or r.b.has("WHY", "VS", "COMPARE"):
        return None
    if count and count > 1:
        them = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="it", count=count)
        # "is my 1200w psu ok for three": the PSU the user has, for that many of the card talked about
        return RigQuery(text=r.text, gpus=(them,), asks_power=True, psu_w=r.num("WATTS"), cpu=r.b.first("CPU"))
    if r.refs and not all(g.pronoun for g in r.refs):
        return None  # "ok and what psu for that one": the card "that one" means; a card named is another reader's
    them = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="it", count_open=True)
    first = r.refs[0] if r.refs else them
    return RigQuery(text=r.text, gpus=(first,), asks_power=True, psu_w=r.num("WATTS"), cpu=r.b.first("CPU"))


_ORDINALS = (("scale_fourth", 4), ("scale_third", 3), ("scale_second", 2))  # the card added is the n-th
_LEAST_PSU_W = 300  # [A] a smaller wattage said beside a PSU question is a card's draw, not a power supply


_NOT_DRAW_PSU = ("RECOMMEND", "MONEY", "BUDGET", "MODEL", "PARAMS", "RENT", "COST", "KWH", "HOURS")


@needs(("WATTS",), said=("rig_psu", "verdict_enough"), unless=_NOT_DRAW_PSU)
def psu_for_draw(r: Reading) -> Query | None:
    """ "显卡功耗450w 电源850w够不够", "my gpu draws 450w, is a 850w psu enough", "两张350w的卡 1000w电源够吗": no GPU
    named, the power one card draws stated (Reading.draw_tag): the power supply for that many such cards."""
    if r.refs or r.b.has(*_NOT_DRAW_PSU) or said(r, "form_bill"):
        return None  # "my rig draws 650w from the wall, whats my monthly bill": the bill of that draw
    draw = r.draw_tag()
    if draw is None or not (said(r, "rig_psu") or said(r, "verdict_enough")):
        return None
    count = r.total_count()
    return RigQuery(
        text=r.text,
        gpu_count=count if count and count > 1 else None,
        psu_w=r.psu_watts(),
        asks_power=True,
        cpu=r.b.first("CPU"),
        card_w=draw.number(),
    )


def _wall_draw(r: Reading) -> float | None:
    """The whole machine's draw the user states ("my 3090 box pulls ~420w at the wall", "整机功耗600w"): a WATTS
    amount within a few words of a word of [lists] wall_draw_words; a card's own watts ("4090 at 450w") are not."""
    text = r.text.lower()
    for t in r.b.kinds.get("WATTS", []):
        near = text[max(0, t.start - 16) : t.end + 16]
        if not t.meanings.get("PSU") and any(w in near for w in r.lex.listed("wall_draw_words")):
            return t.number()
    return None


@needs(("ENERGY",), ("SOLAR",), ("GPU", "PRONOUN"))
def wall_cap(r: Reading) -> Query | None:
    """ "solar gives me 12 kwh/day surplus, does that cover a 4090 training 10 hrs a day", "光伏每天能多出12度电
    够4090训练10小时吗": the build's energy a day against an ENERGY amount from a power source of [lists]
    power_sources (SOLAR); the GPUs named or talked about, their count and the CPU named. Caps in watts or VA (a
    socket limiter, a UPS) and monthly kWh caps are the form layer's (intents/asked.py, respond/limits.py)."""
    energy = r.b.first("ENERGY")
    if energy is None or not r.b.has("SOLAR") or not r.refs or len({g.name for g in r.explicit}) > 1:
        return None
    per_week, total = r.hours()  # "10 hrs a day": 70 a week; "够4090训练10小时吗" beside a day's energy: 10 a day
    day_hours = per_week / 7 if per_week else (total if total and total <= 24 else None)
    count = r.total_count()
    return RigQuery(
        text=r.text,
        gpus=tuple(r.explicit) or tuple(r.refs),
        gpu_count=count if count and count > 1 else 1,
        asks_power=True,
        cpu=r.b.first("CPU"),
        cap_kind="energy",
        energy_kwh_day=energy["kwh_per_day"],
        energy_period=energy.get("period", "day"),
        hours_day=day_hours,
        wall_w=_wall_draw(r),
    )


def psu_question(r: Reading) -> bool:
    """ "3x 3090 on a 1000w psu, will it be ok", "4张3090炼丹 电源要多大", "i9-14900k with a 4090 psu": power
    for several cards, for a PSU the user has, or for a card with the CPU named; a circuit or breaker asked of the
    cards named (lexicon ask_circuit: "会不会跳闸", "trip my breaker")."""
    count = r.total_count() or 1
    if said(r, "upgrade_ask_words") and r.workload:
        return False  # "i have a 3070 and a 750w psu, what should i upgrade to for local llms": a card is asked
    # "is 850w enough", "hx1500i for two 3090s, ok?" (a PSU model named is the question)
    # not "my 4090 at 350w enough for 70b?": the only watts a card's limit, "enough" is asked of the model
    limit = r.card_limit_tag()
    free_watts = any(t is not limit for t in r.b.kinds.get("WATTS", []))
    asked = said(r, "rig_psu") or (free_watts and said(r, "verdict_enough")) or r.psu_named()
    drawn = machine_draw_asked(r)  # "how many watts does my whole rig pull with 2x 3090", "4090整机功耗多少"
    if asked and not r.explicit and r.refs and all(g.pronoun for g in r.refs) and not r.b.has("RECOMMEND", "MONEY"):
        return True  # "how much would that setup pull from the wall": the set talked about, with its count
    if said(r, "ask_circuit") and len(r.explicit) == 1 and not r.b.has("MONEY", "BUDGET", "RENT"):
        return True  # "4090功耗450w 我家是老小区 会不会跳闸", "will a 5090 trip my breaker": the build on the circuit
    return bool(asked or drawn) and len(r.explicit) == 1 and (count > 1 or drawn or r.b.has("WATTS", "CPU"))


def machine_draw_asked(r: Reading) -> bool:
    """The draw of the whole machine asked ("how many watts will that build pull", "这台主机功耗多少"): a word for the
    machine (lexicon machine_draw_words) beside a power word, and no comparison ("which setup pulls less")."""
    drawn = said(r, "machine_draw_words") and said(r, "power_draw_words")  # not "what psu": a PSU is no draw
    return bool(drawn) and not r.b.has("MORE", "RECOMMEND", "SORT")


# what may come with a GPU and a CPU named and nothing else ("7800x3d + 4070 super"): a build to size
_BUILD_ONLY = {"GPU", "CPU", "AND", "COUNT", "NUMBER", "QUESTION", "ON", "FOLLOW"}


def _cpu_build(r: Reading) -> bool:
    """A CPU and one GPU named and nothing else asked: the build they make (its power first)."""
    return r.b.has("CPU") and len(r.explicit) == 1 and {t.kind for t in r.b.tags} <= _BUILD_ONLY


def _spend_on_gpus(r: Reading) -> str | None:
    """ "got $5k to spend, want to train ViTs from scratch. what gpus": GPUs asked in the plural (lexicon [lists]
    rig_plural_asked) with an amount to spend and no count or top-N named is a machine that spends it (the rig's
    ladder of 1-4 cards), not one card's value list."""
    if r.explicit or r.b.has("COUNT", "TOP", "USERS") or r.money() is None or said(r, "serve_words"):
        return None  # "serve llama 3.3 70b to 30 people, budget 10k, which gpus": a serving set (recommend)
    return said(r, "rig_plural_asked")


def _vram_asked(r: Reading) -> float | None:
    """ "48gb of vram in one box", "要48g显存": GPU memory the machine must have in all (a word of [lists] vram_words
    right after the amount); None for system RAM ("with 64gb ram") or no amount."""
    tag = r.b.kinds.get("MEMORY", [None])[0]
    if tag is None or r.system_ram() is not None:
        return None
    after = r.text.lower()[tag.end : tag.end + 12]
    return float(tag.number()) if r.lex.words_in("vram_words", tag.text.lower() + " " + after) else None


def _one_machine_for(r: Reading) -> bool:
    """An organization's machine of a count of a card named, no budget ("课题组想买一台8卡服务器 大概多少钱 4090的"):
    that build, priced; not a budget for each of many machines ("每台", lexicon per_machine_words) nor a question
    whether a set is enough ("our team ..., 2x 3090 enough?"). An organization's budget is a recommendation, which
    answers a build when one machine is asked (respond/use_case.asks_build)."""
    if said(r, "per_machine_words") or said(r, "verdict_enough"):
        return False
    # "组里共用一台双卡机": no card to build; "实验室想配一台单卡5090的工作站，总预算3w5": that card's build, in budget
    return (_budget(r) is None or len(r.explicit) == 1) and bool(r.total_count()) and bool(r.explicit)


@needs(unless=("RENT",))
def read(r: Reading) -> Query | None:
    b = r.b
    psu = psu_question(r) or _cpu_build(r)
    parts = budget_parts(r)  # "budget ¥8000 including a monitor": the whole set-up is bought with it
    word = said(r, "rig_words") or ("psu" if psu else None) or _spend_on_gpus(r) or (parts[0] if parts else None)
    word = word or (said(r, "rig_total_budget_words") if _budget(r) is not None else None)  # "$2k budget total"
    if not word and r.explicit and _budget(r) is not None:
        word = said(r, "rig_build_asks")  # "预算15000能配双3090吗", "could i do a 2x 3090 setup with 3k"
    if word and not psu and r.explicit and said(r, "device_machine_words"):
        return None  # "锐龙ai max 395 128g 小主机 跑70b": the mini PC is the device named, not a machine to build
    if not word or (_owned(r, word) and not psu) or b.has("RENT") or len(r.explicit) > 1 or _asks_cost(r):
        return None
    if not psu and not r.explicit and weighs_forms(r):
        return None  # "gaming laptop or build a pc for ai", "笔记本还是组装机": the two forms weighed (recommend)
    if b.has("CPU") and not r.explicit and said(r, "add_card") and not b.has("MONEY", "BUDGET"):
        return None  # "我电脑是i5 12400加16g内存，加一张啥卡能跑7b": a card for the user's PC, not a machine to build
    if b.meaning("ORGANIZATION") == "yes" and not psu and not _one_machine_for(r):
        # "公司要搭一个推理服务器": an organization gets the reference chart's answer (recommend); with a count of
        # cards and no budget ("课题组想买一台8卡服务器 4090的") it is the build of those cards
        return None
    if r.explicit and b.has("FIT") and r.model and not r.total_count():
        return None  # "on a macbook m3 max, will mixtral run? or should i build a pc": a fit question
    count = r.total_count()
    money = _budget(r)
    if money is not None and count and count > 1 and said(r, "budget_per_card"):
        money *= count  # "4x gpu build ..., budget per card ~1k", "四卡机器 每张卡预算5000": the cards' budget
    if money is None and not psu and said(r, "rate_words"):
        return None  # "8卡H100服务器一小时多少钱": the server's hourly rent, not a machine to build
    if psu and money is not None and not b.has("MONEY", "BUDGET"):
        money = None  # "my psu is a 1000w gold ... am i ok or do i need 1200": a bare number is a PSU size, no budget
    sale = said(r, "sell_owned_words") and not b.has("BUDGET")  # "or do i sell them (~$700 each)": no budget
    if r.explicit and r.form.owned and (money is None or sale) and not psu and (r.model or b.has("PARAMS")):
        return None  # "have three 3060 12gbs from an old mining box. can i pool them for a 30b model": cards owned
    if count and count > MAX_RIG_GPUS:
        return None  # a cluster, not a machine
    if count and count > SERVER_FREE and not r.explicit and money is None:
        return None  # "8 gpu server recommendation": which card for such a server (a recommendation)
    around = (
        len(r.explicit) == 1 and (count or 1) == 1 and bool(said(r, "rig_around_words") or said(r, "rig_parts_asked"))
    )  # "build me a pc around a 5090", "4090的主机 cpu 内存 硬盘怎么选"
    if money is None and count is None and r.model is None and not b.has("PARAMS") and not psu and not around:
        if not (b.has("CPU") and r.explicit):
            return None
        psu = True  # "5090 + 9950x build": the build of that card and CPU, its power first
    return RigQuery(
        text=r.text,
        gpus=tuple(r.explicit) or tuple(r.refs),
        # a card named with its CPU ("i9-14900k with a 4090 psu") is one card, not a ladder of 1-4
        # "1 gpu is fine", "单卡就行": one card said, the budget's build is one card
        gpu_count=count
        if count and count > 1
        else (1 if ((b.has("CPU") or around) and r.explicit) or said(r, "single_card_words") else None),
        budget_usd=money,
        budget_currency=(r.currency() if b.has("MONEY") else r.unnamed_currency()) if money is not None else None,
        workload=r.workload,
        model=r.model,
        mode=mode_said(r),  # "全参微调qwen2.5 7b": the method the build is rated for (QLoRA unless said)
        params_b=r.num("PARAMS"),
        precision=r.precision,
        condition=b.first("CONDITION"),
        vendor=vendor_of(r),
        server=bool(said(r, "rig_server")),
        organization=b.meaning("ORGANIZATION") == "yes",
        card_class=card_class(r),  # "workstation cards only", "no consumer gpus": the cards the rig may use
        # the PSU asked, or the one the user has ("$2500, already have a 1000w psu and a 7800x3d"), weighed in a step
        psu_w=r.psu_watts() if psu or {"psu", "pc"} & set(owned_parts(r)) else None,
        # "do i need 1600w for 4x 4090": is that much needed (nlu/tagging/psu_asked.py), not is it enough
        psu_need_asked=psu and any(t.meanings.get("PSU_NEED") for t in b.kinds.get("WATTS", [])),
        asks_power=psu,
        system_ram_gb=r.system_ram() if psu else None,  # "16g内存 650w电源 换3090": the RAM said beside the PSU asked
        cpu=b.first("CPU"),
        circuit_volts=r.num("VOLTS"),  # "on a 120v 15a circuit": the wall circuit named (tagging/sizes.py)
        circuit_amps=r.num("AMPS"),
        # "48gb of vram in one box": the memory the machine's cards must hold together (not a system RAM amount)
        min_total_gb=_vram_asked(r),
        budget_includes=parts if money is not None else (),
        owned_parts=owned_parts(r),  # "already have a case and ssd": those parts are not bought
    )


@needs(("GPU",), unless=("MODEL", "PARAMS", "MONEY", "BUDGET"))
def ram_for_cards(r: Reading) -> Query | None:
    """ "is 64gb ram enough for 2 3090s", "两张3090配64g内存够吗": system RAM asked of the cards named, no model to run
    (with a model, fit.system_ram sizes the offload): the rig of those cards, its RAM verdict leading."""
    ram = r.system_ram()
    if len(r.explicit) != 1 or r.model or r.b.has("PARAMS", "MONEY", "BUDGET") or said(r, "what_runs"):
        return None  # "a 3060 and 16gb of ram, what can i run": the models, the RAM beside them
    asked = ram is None and bool(said(r, "asks_system_ram"))  # "how much ram with a 4090": the size wanted
    overkill = ram is not None and bool(said(r, "verdict_overkill"))  # "is 64gb ram overkill for a 4090 build"
    if not (asked or overkill) and (ram is None or not (said(r, "verdict_enough") or said(r, "psu_asked_after"))):
        return None  # (the adequacy words a PSU size takes, "ok", "fine", "够用", serve a RAM size too)
    if any((g.name or "").startswith("Apple ") for g in r.explicit):
        return None  # "64g内存的m4 pro mac mini": unified memory, the GPU's own (a fit question)
    if ram is not None and r.b.has("WATTS") and said(r, "rig_psu") and not said(r, "asks_system_ram"):
        return None  # "32g内存 550w电源 … 电源够不够": the PSU said is what "够不够" weighs (the rig's power answer)
    count = r.total_count()
    return RigQuery(
        text=r.text,
        gpus=tuple(r.explicit),
        gpu_count=count or 1,
        system_ram_gb=ram,
        ram_asked=asked,
        ram_overkill=overkill,
    )


@needs(unless=("MODEL", "PARAMS", "MONEY", "BUDGET", "UNDER", "RECOMMEND"))
def ram_alone(r: Reading) -> Query | None:
    """ "do i need 64gb ram for local llms", "is 32gb of ddr5 enough for deep learning": an amount named as system RAM
    with no card, model or budget is a question about system RAM (the concept system-ram), no GPU's memory floor;
    so is the RAM asked for a work or a machine ("how much ram for deep learning", "ram for my ml workstation")."""
    tag = r.system_ram_tag(alone=True)
    if tag is None and (r.workload or said(r, "rig_words")) and said(r, "asks_system_ram"):
        tag = next(iter(r.b.kinds.get("WORKLOAD", [])), None)  # "how much ram for deep learning": no size said
    if tag is None or r.refs or r.model or r.b.has("PARAMS", "MONEY", "BUDGET", "UNDER", "RECOMMEND"):
        return None  # "best gpu for a pc with 64gb ram": a card asked for
    if said(r, "cpu_only_words"):
        return None  # "cpu跑大模型行不行 64g内存": running on the CPU (the cpu-offload concept)
    return ExplainQuery(text=r.text, concept="system-ram", mention=tag.text)


_INCLUDED = re.compile(
    r"(?:including|incl\.?|includes|include|inclusive of|plus|with|and|含|包括|包含|连|加上|带)\s*(?:a|an|the|my)?\s*$"
)


def budget_parts(r: Reading) -> tuple[str, ...]:
    """Parts besides the computer a budget is said to pay for ("¥8000 including a monitor", "预算8000含显示器"):
    the words of lexicon [lists] budget_parts said right after an inclusion word; () when none."""
    if not r.b.has("MONEY", "BUDGET", "NUMBER"):
        return ()
    low = r.text.lower()
    found = []
    for word in sorted(r.lex.listed("budget_parts")):
        at = low.find(word)
        if at >= 0 and _INCLUDED.search(low[max(0, at - 16) : at]):
            found.append(word)
    return tuple(found)
