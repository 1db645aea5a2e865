"""A whole machine for a budget: "$10k for a training rig, what gpus?", "i have 3000 dollars, build
me an llm box", "4-gpu box for 70b", "预算3万组一台炼丹机".

`read` claims a question with a rig word (list `rig_words`) and a budget, a GPU count or a model to
run, unless it asks a cost of running or owning (cost questions come earlier) or to rent. A named
GPU fixes the card; "a 4-gpu box" fixes the count. A PSU question about several cards of one kind
("3x 3090 on a 1000w psu, will it be ok", "4张3090炼丹 电源要多大") is a rig of those cards; so is a card
with the CPU named ("what psu for 2x 3090 and a threadripper 7960x", "5090 + 9950x build", "7800x3d +
4070 super"), whose power class the answer uses (RigQuery.cpu).
"""

from __future__ import annotations

from assistant.nlu.intents import cost
from assistant.nlu.intents.rates import period
from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, RigQuery

MAX_RIG_GPUS = 64  # a count above one server's 8 (respond/builds.SERVER_GPUS) is answered with one server
SERVER_FREE = 4  # more cards than a workstation takes: a rig only with a named GPU or a budget
_MIN_BUDGET = 200  # a bare number this large next to a rig word is its budget ("a workstation for 5000")


def _owned(r: Reading, word: str) -> bool:
    """ "best gpu for my pc", "电脑配了两张4060ti": a machine the user has, not one to build."""
    text = r.text.lower()
    return any(f"{mine}{word}" in text for mine in r.lex.listed("rig_owned")) or any(
        f"{word}{has}" in text for has in r.lex.listed("rig_owned_after")
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


def psu_of_thread(r: Reading) -> Query | None:
    """ "整机功耗多大 电源要多少瓦", "what psu do i need" with no GPU, count, model or budget in it: the power supply
    of the cards talked about (Chinese leaves the subject out), as a build's power; the dialogue fills the cards
    with their count, or explains how to size a PSU when none was talked about."""
    # "whats the psu i need" asks for the user's own machine, not what a PSU is (lexicon own_need_words)
    blocked = [k for k in _NOT_THREAD_PSU if not (k == "EXPLAIN" and said(r, "own_need_words"))]
    count = r.total_count()  # "三张的话电源要多大", "and for 3 of them what psu": that many of the card talked about
    if count and count > 1:
        # "is my 1200w psu ok for three": one wattage with the count is the PSU the user has
        blocked = [k for k in blocked if k != "COUNT" and not (k == "WATTS" and len(r.b.kinds.get("WATTS", [])) == 1)]
    if not said(r, "rig_psu") or r.explicit or r.b.has(*blocked) or r.b.has("WHY", "VS", "COMPARE"):
        return None
    if count and count > 1:
        them = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="it", count=count)
        # "is my 1200w psu ok for three": the PSU the user has, for that many of the card talked about
        return RigQuery(text=r.text, gpus=(them,), asks_power=True, psu_w=r.num("WATTS"))
    if r.refs:
        return None
    them = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="it", count_open=True)
    return RigQuery(text=r.text, gpus=(them,), asks_power=True)


_NOT_DRAW_PSU = ("RECOMMEND", "MONEY", "BUDGET", "MODEL", "PARAMS", "RENT", "COST", "KWH", "HOURS")


def psu_for_draw(r: Reading) -> Query | None:
    """ "显卡功耗450w 电源850w够不够", "my gpu draws 450w, is a 850w psu enough", "两张350w的卡 1000w电源够吗": no GPU
    named, the power one card draws stated (Reading.draw_tag): the power supply for that many such cards."""
    if r.refs or r.b.has(*_NOT_DRAW_PSU):
        return None
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


_CAP_GAP = 6  # characters between a socket-limit word and its watts ("限功率 1000w", "limited to about 1000w")


def _socket_cap(r: Reading) -> float | None:
    """The watts of a socket limiter the question states ("宿舍插座限功率1000w", "outlet is limited to 1000w"): a WATTS
    amount within a few characters after a word of [lists] socket_cap_words."""
    text = r.text.lower()
    for t in r.b.kinds.get("WATTS", []):
        ends = [at + len(w) for w in r.lex.listed("socket_cap_words") if (at := text.rfind(w, 0, t.start)) >= 0]
        if any(t.start - end <= _CAP_GAP for end in ends):  # "插座限功率1000w", "outlet is limited to 1000w"
            return t.number()
    return None


def wall_cap(r: Reading) -> Query | None:
    """ "ups 1500va enough for a 4090 rig", "ups是1500va/900w的 能撑住5090主机吗", "宿舍插座限功率1000w 双卡3090加5900x
    会跳闸吗": a build's draw at the wall against a UPS (UPS tag) or a socket's limit (socket_cap_words); the GPUs
    named or talked about, their count and the CPU named."""
    ups = r.b.first("UPS")
    socket = _socket_cap(r) if ups is None else None
    if (ups is None and socket is None) or len({g.name for g in r.explicit}) > 1 or not r.refs:
        return None
    count = r.total_count()
    psu = [t.number() for t in r.b.kinds.get("WATTS", []) if t.meanings.get("PSU") or r.psu_watts() == t.number()]
    return RigQuery(
        text=r.text,
        gpus=tuple(r.explicit) or tuple(r.refs),
        gpu_count=count if count and count > 1 else 1,
        asks_power=True,
        cpu=r.b.first("CPU"),
        psu_w=psu[0] if psu and socket is None and not (ups and ups.get("w") == psu[0]) else None,
        cap_kind="ups" if ups is not None else "socket",
        cap_w=(ups.get("w") if ups is not None else socket),
        ups_va=ups.get("va") if ups is not None else None,
    )


def psu_question(r: Reading) -> bool:
    """ "3x 3090 on a 1000w psu, will it be ok", "4张3090炼丹 电源要多大", "i9-14900k with a 4090 psu": power
    for several cards, for a PSU the user has, or for a card with the CPU named."""
    count = r.total_count() or 1
    # "is 850w enough", "hx1500i for two 3090s, ok?" (a PSU model named is the question)
    asked = said(r, "rig_psu") or (r.b.has("WATTS") and said(r, "verdict_enough")) or r.psu_named()
    if asked and not r.explicit and r.refs and all(g.pronoun for g in r.refs) and not r.b.has("RECOMMEND", "MONEY"):
        return True  # "how much would that setup pull from the wall": the set talked about, with its count
    return bool(asked) and len(r.explicit) == 1 and (count > 1 or r.b.has("WATTS", "CPU"))


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


def read(r: Reading) -> Query | None:
    b = r.b
    psu = psu_question(r) or _cpu_build(r)
    word = said(r, "rig_words") or ("psu" if psu else None) or _spend_on_gpus(r)
    if not word or (_owned(r, word) and not psu) or b.has("RENT") or len(r.explicit) > 1 or _asks_cost(r):
        return None
    if b.meaning("ORGANIZATION") == "yes" and not psu:
        return None  # "公司要搭一个推理服务器": an organization gets the reference chart's answer (recommend)
    if r.explicit and b.has("FIT") and r.model and not r.total_count():
        return None  # "on a macbook m3 max, will mixtral run? or should i build a pc": a fit question
    count = r.total_count()
    money = _budget(r)
    if count and count > MAX_RIG_GPUS:
        return None  # a cluster, not a machine
    if count and count > SERVER_FREE and not r.explicit and money is None:
        return None  # "8 gpu server recommendation": which card for such a server (a recommendation)
    if money is None and count is None and r.model is None and not b.has("PARAMS") and not psu:
        if not (b.has("CPU") and r.explicit):
            return None
        psu = True  # "5090 + 9950x build": the build of that card and CPU, its power first
    return RigQuery(
        text=r.text,
        gpus=tuple(r.explicit) or tuple(r.refs),
        # a card named with its CPU ("i9-14900k with a 4090 psu") is one card, not a ladder of 1-4
        gpu_count=count if count and count > 1 else (1 if b.has("CPU") and r.explicit else None),
        budget_usd=money,
        budget_currency=(r.currency() if b.has("MONEY") else r.unnamed_currency()) if money is not None else None,
        workload=r.workload,
        model=r.model,
        params_b=r.num("PARAMS"),
        precision=r.precision,
        condition=b.first("CONDITION"),
        vendor=b.first("VENDOR"),
        server=bool(said(r, "rig_server")),
        psu_w=r.psu_watts() if psu else None,
        asks_power=psu,
        cpu=b.first("CPU"),
        circuit_volts=r.num("VOLTS"),  # "on a 120v 15a circuit": the wall circuit named (tagging/sizes.py)
        circuit_amps=r.num("AMPS"),
    )
