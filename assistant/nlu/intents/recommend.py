"""Recommendations: "best gpu for llms under $1500", "which card for stable diffusion", "预算一万",
"have a 3060 12gb, want more vram, ~1000 budget, what next".

`read` claims a recommendation word, or a question with no GPU named that states a workload, budget,
memory size or condition (new/used); in a recommendation a bare amount of 100 or more is the budget
("i have like 350, what should i get"). `upgrade` claims a question about the GPU the user has and
what to buy next (lexicon lists owned_gpu, upgrade_words): a recommendation without that GPU, with
more memory than it when more memory is asked for. `series` claims a GPU family named by its series ("40 series"):
the ranking among its cards.
"""

from __future__ import annotations

import dataclasses
import re
from typing import cast

from assistant.nlu.audio import audio_seconds
from assistant.nlu.intents.rates import provider
from assistant.nlu.intents.verdict import feature_of, said, upgrade_to_card
from assistant.nlu.owned_fit import owned_fit_first
from assistant.nlu.owned_gpus import owned_gpus
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.stated_draw import draw_bill
from assistant.nlu.watts_role import watts_role
from assistant.queries import GpuRef, Query, RecommendQuery, SpecQuery
from assistant.specs import roomier_memory_size

_A_NOT_A = re.compile(r"([\u4e00-\u9fff])不\1")  # "要不要", "需不需要"

SLOT_POWER_W = 75.0  # a PCIe x16 slot supplies up to 75 W (PCIe CEM specification)

# "大显存", "lots of vram": the reference's memory floor for large models (respond/laptops.py uses the same)
BIG_MEMORY_GB = 24.0


def _workload(r: Reading) -> str | None:
    """ "想从头训练一个0.5b的模型": a model trained from scratch is training; "cheapest gpu to full finetune a 7b
    model": a training method named makes it a fine-tune; either only over no workload or running a model."""
    if r.workload not in (None, "llm_inference"):
        return r.workload
    return "training" if said(r, "pretrain_words") else "llm_finetune" if _method(r) else r.workload


def _card_memory(r: Reading) -> float | None:
    """The memory the cards must have: an amount not named as system RAM ("best gpu for a pc with 64gb ram": none)."""
    ram = r.system_ram_tag(alone=True)
    return next((cast(float, t.value) for t in r.b.kinds.get("MEMORY", []) if t is not ram), None)


def _form(r: Reading) -> str:
    """ "low profile card for my nas", "半高刀卡": low_profile; "single slot gpu": single_slot; "" otherwise."""
    if said(r, "low_profile_words"):
        return "low_profile"
    if said(r, "single_slot_words"):
        return "single_slot"
    return "sff" if said(r, "sff_words") else ""  # "best gpu for ml that fits in a small form factor case"


@needs(("laptop_words", "VENDOR", "GPU"), ("desktop_words", "pc_words"), unless=("RENT", "WATTS"))
def form_choice(r: Reading) -> RecommendQuery | None:
    """ "gaming laptop or build a pc for ai stuff", "笔记本还是台式跑深度学习": a laptop and a desktop weighed, no card
    named: the two forms for the work (respond/laptop_or_desktop), read before a budget alone reads as a setting;
    "macbook or desktop pc for llms, budget 3000", "买mac还是组台式跑大模型": a Mac against a PC (respond/mac_or_pc)."""
    mac = weighs_mac(r)
    if not (mac or (weighs_forms(r) and not r.refs)):  # a Mac may be named ("mac studio or a pc")
        return None
    if r.b.has("RENT", "WATTS") or said(r, "rig_psu") or set(r.fields()) - {"price", "all"}:
        return None  # "laptop or desktop, which uses more power", "rent or a laptop": not which machine to buy
    if mac:
        return dataclasses.replace(_built(r), vendor="apple", mac_or_pc=True, form_choice=False, laptop=False)
    return dataclasses.replace(_built(r), form_choice=True)


def weighs_mac(r: Reading) -> bool:
    """A Mac and a PC with NVIDIA cards weighed ("mac or pc", "macbook or build a desktop", "mac还是台式"), no card
    but a Mac product named, no laptop said ("macbook or a windows laptop" weighs two laptops)."""
    if any(not (g.name or "").startswith("Apple ") or not g.assumed for g in r.explicit) or said(r, "laptop_words"):
        return False  # a Mac of one chip and size ("macbook m3 max 64gb, will mixtral run? or build a pc"): its fit
    vendors = {t.value for t in r.b.kinds.get("VENDOR", [])}
    if "unified" in vendors:  # "best mac or mini pc for llms": the unified-memory machines (respond/macs)
        return False
    apple = "apple" in vendors or bool(r.explicit)  # "mac studio or a pc"
    if not (apple and said(r, "pc_words")):
        return False
    return r.b.has("OR", "VS", "COMPARE") or bool(said(r, "form_choice_words"))


def weighs_forms(r: Reading) -> bool:
    """A laptop and a desktop said and weighed against each other ("laptop or desktop", "游戏本还是台式"); not
    "不折腾笔记本了 买台式" (the laptop dropped, a desktop asked for)."""
    if not (said(r, "laptop_words") and said(r, "desktop_words")):
        return False
    return r.b.has("OR", "VS", "COMPARE") or bool(said(r, "form_choice_words"))


def read(r: Reading) -> RecommendQuery | None:
    b = r.b
    if not (
        b.has("RECOMMEND")
        or (not r.refs and (r.workload or b.has("MONEY", "UNDER", "BUDGET", "MEMORY", "CONDITION", "SORT")))
        or (not r.refs and b.has("GPU_WORD") and (b.has("VALUE") or said(r, "big_memory_words")))
        or (not r.refs and b.has("GPU_WORD") and said(r, "speed_rank_words"))  # "ai性能最强的显卡是哪张"
        or (not r.refs and _form(r) != "")  # "nas用的半高卡 跑jellyfin和小模型": a card of that form is asked for
        or (not r.refs and b.has("GPU_WORD") and wanted_feature(r) is not None)  # "支持fp8的显卡", "哪些卡支持nvlink"
        or (not r.refs and b.meaning("ASK") == "cheaper" and _bare_budget(r) is not None)  # "cheaper? like 1000"
    ):
        return None  # "性价比最高的大显存卡是哪张" names no GPU: a recommendation
    if len(r.explicit) == 1 and b.tags[0].kind == "QUESTION" and said(r, "verdict_features"):
        return None  # "does the 4090 do fp4? if not which cards do": that card's feature first (verdict.read)
    if r.explicit and r.form.figure == "price" and "price" in r.fields() and not b.has("MONEY", "BUDGET", "UNDER"):
        return None  # "how much does a used 3090 go for": the price of the card named, not what to go for
    priced = {"price", "msrp"} & set(r.fields())
    if r.explicit and priced and said(r, "goes_for_words") and not b.has("MONEY", "BUDGET", "UNDER"):
        return None  # "whats the msrp of a 4090 and what do they actually go for": its prices, not what to go for
    if owned_fit_first(r):  # "我有两张3090 跑70b够不够 还要买什么": whether the cards owned run it comes first
        return None
    if r.model and not r.refs and said(r, "cpu_only_words") and not b.has("MONEY", "BUDGET", "UNDER"):
        return None  # "whisper large v3 on a cpu only laptop or do i need a gpu": whether the CPU does it (a fit)
    if not b.has("RECOMMEND") and draw_bill(r):  # "server idles at 60w, about 300w under load ... monthly?": a bill
        return None
    built = _built(r)
    return None if _drops_named(r, built) else built


def _drops_named(r: Reading, q: RecommendQuery) -> bool:
    """ "where can i buy a 4090 cheapest", "h100 cheapest place": a recommendation that would keep none of the cards
    named (as the card owned, to beat, to leave out or to rank among) and states nothing else to pick by (no
    workload, budget, model, memory or maker) answers about others: not a recommendation."""
    if q.workload or q.budget_usd or q.model or q.params_b or q.min_memory_gb or q.vendor:
        return False  # "the t4 is killing me, ~1200 saved, fine tuning llms": the card is context of a real pick
    named = {g.name for g in r.explicit if g.name}
    kept = {q.cheaper_than, q.upgrade_from, q.add_to, *q.other_than, *q.among, *owned_gpus(r)}
    return bool(named) and not (named & kept)


def _built(r: Reading) -> RecommendQuery:
    """The recommendation the question asks for, with every limit and setting it states."""
    b = r.b
    org = b.meaning("ORGANIZATION")
    if org == "yes" and said(r, "self_buy_words"):
        org = "no"  # "学校服务器排队太久了 想自己买张卡": the person buys, not the school
    money = r.money()
    # "cheaper? like 1000": a bare amount beside a cheaper word is the new budget too
    bare = _bare_budget(r) if money is None and (b.has("RECOMMEND") or b.meaning("ASK") == "cheaper") else None
    psu = _psu_said(r)
    return RecommendQuery(
        text=r.text,
        workload=_workload(r),
        budget_usd=money if money is not None else bare,
        condition=_one_condition(r),
        vendor=vendor_of(r),
        min_memory_gb=_card_memory(r) or (BIG_MEMORY_GB if said(r, "big_memory_words") else None),
        gpu_count=r.total_count() or 1,
        model=r.heaviest_model(),  # "跑sdxl和flux": a card that holds flux
        also_models=r.other_kind_models(r.heaviest_model()),  # "whisper + some sdxl": it holds each
        audio_s=_audio(r),  # "transcribe ~500 hours of audio with whisper": kept by the thread's follow-ups
        precision=r.precision,
        # "no pcie power cables", "无外接供电": the 75 W a PCIe x16 slot supplies (PCIe CEM) is the cap
        still_made="production" in r.fields(),  # "cheapest 24gb card that's still being made new"
        card_class=card_class(r),  # "not a gaming card", "数据中心卡": the class of cards ranked
        feature=wanted_feature(r),  # "cheapest nvidia card with fp8", "支持bf16的卡": cards that have it
        max_power_w=(r.num("WATTS") if not psu else None)
        or (SLOT_POWER_W if said(r, "slot_powered_words") or _form(r) == "low_profile" else None),
        psu_w=r.num("WATTS") if psu else None,  # "i have an 850w psu": what it leaves for the card
        form=_form(r),
        cloud=True if b.has("RENT") else None,
        provider=provider(r) if b.has("RENT") else None,  # "想租卡微调qwen2.5 7b lora autodl哪张卡合适"
        organization=None if org is None else org == "yes",
        # "手里有八千五 跑llm买啥卡": a bare amount is in the question's currency, as a budget with a unit is
        budget_currency=r.currency()
        if b.has("MONEY")
        else (r.unnamed_currency() if money is not None or bare is not None else None),
        sort=_sort(r),
        params_b=r.num("PARAMS"),
        model_family=b.meaning("FAMILY"),
        laptop=bool(said(r, "laptop_words")),
        form_choice=bool(said(r, "laptop_words") and said(r, "desktop_words")) and not r.explicit,
        cheaper_asked=b.meaning("ASK") == "cheaper" and not r.explicit,
        pretrain=bool(said(r, "pretrain_words")),
        which_one=b.has("COMPARE") and not r.refs,
        mode=_method(r),  # a method named ("for a qlora of a 13b", "full finetune", "from scratch")
        released=bool(said(r, "full_weights") or b.has("UNQUANTIZED")) and not r.precision,  # "满血", "unquantized"
        context_tokens=r.num("CONTEXT"),  # "cheapest card for qwen2.5 72b q4 with 16k context": sized at that context
    )


def wanted_feature(r: Reading) -> str | None:
    """A tensor format or hardware feature the cards must have ("cheapest nvidia card with fp8", "best gpu under 1000
    that supports bf16", "支持fp8的显卡"): a feature word (lexicon verdict_features) beside a word of having it
    (feature_wanted_words); "fp8" as a precision to run at alone is no constraint on the cards."""
    word = said(r, "verdict_features")
    wanted = said(r, "feature_wanted_words") or "nvlink" in r.fields()  # "which cards have nvlink"
    if said(r, "nvlink_words") and wanted:
        return "nvlink"
    if not word or not wanted:
        return None
    return feature_of(word)


def card_class(r: Reading) -> str | None:
    """The class of cards asked for (lexicon lists datacenter_card_words, workstation_card_words, pro_card_words):
    "datacenter" or "workstation" when one is named alone, "pro" (either) when both or a non-gaming / ECC word is."""
    dc, ws = said(r, "datacenter_card_words"), said(r, "workstation_card_words")
    dc = None if dc and _allowed_only(r, dc) else dc
    ws = None if ws and _allowed_only(r, ws) else ws
    if dc and not ws:
        return "datacenter"
    if ws and not dc:
        return "workstation"
    return "pro" if dc or said(r, "pro_card_words") else None


@needs(unless=("EXPLAIN", "WHY"))
def class_pick(r: Reading) -> RecommendQuery | None:
    """ "passive datacenter gpu for a rack server", "we need a professional gpu with ecc for training",
    "实验室要买计算卡 不要游戏卡": a class of cards asked for (card_class) with no card named is a recommendation
    among them, before the concept readers take "ecc" or "server" as the topic. Not a yes-or-no question about
    the class ("do i need ecc for training", "datacenter cards worth it?") nor a why / what-is."""
    wanted = card_class(r)
    if wanted is None or r.refs or r.b.has("EXPLAIN", "WHY") or _yes_no_opening(r):
        return None
    if _machine_asked(r) and (r.money() is not None or r.total_count()):
        return None  # "a rig under $10k ... no consumer gpus": a whole machine of that class (RigQuery.card_class)
    if not (r.b.has("RECOMMEND", "MONEY", "BUDGET", "UNDER", "GPU_WORD") or r.workload or r.model):
        return None
    found = read(r) or RecommendQuery(text=r.text, workload=r.workload)
    return dataclasses.replace(found, card_class=wanted)


def _machine_asked(r: Reading) -> bool:
    """A machine word outside the class's own words ("a rig ... no consumer gpus", not "workstation gpu")."""
    low = f" {r.text.lower()} "
    for name in ("datacenter_card_words", "workstation_card_words", "pro_card_words"):
        for w in sorted(r.lex.listed(name), key=len, reverse=True):
            low = low.replace(w, " ")
    for w in r.lex.listed("rig_words_inside"):  # "machine learning" names no machine
        low = low.replace(w, " ")
    return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", low) for w in r.lex.listed("rig_words"))


def _yes_no_opening(r: Reading) -> bool:
    """A yes-or-no question: an English one opening with a word of lexicon [lists] yes_no_openers ("do", "is"), a
    Chinese one with one of its particles ("吗", "是否") or an A-not-A verb ("要不要", "需不需要"), unless it asks for
    a recommendation ("有推荐吗")."""
    first = r.text.lower().split()[:1]
    if first and first[0] in r.lex.listed("yes_no_openers"):
        return True
    chinese = any(not w.isascii() and w in r.text for w in r.lex.listed("yes_no_openers")) or _A_NOT_A.search(r.text)
    return bool(chinese) and not r.b.has("RECOMMEND")


def _allowed_only(r: Reading, word: str) -> bool:
    """ "server cards ok", "数据中心卡也行": the class is allowed, not asked for (lexicon [lists] class_allowed_words
    within a few characters after the class word)."""
    low = r.text.lower()
    at = low.find(word)
    after = low[at + len(word) : at + len(word) + 12] if at >= 0 else ""
    return any(w in after for w in r.lex.listed("class_allowed_words"))


def _method(r: Reading) -> str | None:
    """The training method the question names: LoRA / QLoRA, or full training when it says so ("full finetune",
    "全参", "from scratch", "pretrain"); None for a plain "train" / "fine tune" (the lightest that fits is sized)."""
    if r.mode() in ("lora", "qlora"):
        return r.mode()
    low = r.text.lower()  # the words are stems ("full finetun"): found as substrings
    return "full_finetune" if r.lex.words_in("full_finetune_words", low) or said(r, "pretrain_words") else None


def _sort(r: Reading) -> str | None:
    """ "cheapest" (SORT): by price; "最快的显卡" / "fastest gpu": by speed; "便宜点的24g卡有哪些" (cheaper asked with
    a constraint and nothing to be cheaper than): by price."""
    b = r.b
    if b.meaning("SORT"):
        return b.meaning("SORT")
    if r.form.figure == "minimum" and r.refs and not r.explicit and b.has("GPU_WORD", "RECOMMEND"):
        return "price"  # "min card for it at q8?": the least card for the thread's model
    if r.refs:
        return None
    if r.form.figure == "minimum" and (r.model or b.has("PARAMS")):
        return (
            "price"  # "gpt-oss 120b本地跑 最低要啥配置", "whats the minimum gpu for qwen2.5 32b": the least to run it
        )
    if said(r, "speed_rank_words"):
        return "speed"
    return "price" if b.meaning("ASK") == "cheaper" and b.has("MEMORY", "WORKLOAD", "MODEL") else None


@needs(("SERIES",), unless=("EXPLAIN", "WHY"))
def series(r: Reading) -> Query | None:
    """ "is the 40 series worth it for ai", "best 30 series card for llms", "40 series vs 30 series for stable
    diffusion", "50系显卡跑ai怎么样": a GPU family (SERIES tags) and no card named is answered across its cards: the
    ranking among them (RecommendQuery.among), never one card silently. A figure asked of the family ("rtx 40
    series vram") is each card's (a spec of several)."""
    b = r.b
    tags = b.kinds.get("SERIES", [])
    if not tags or r.explicit or b.has("EXPLAIN", "WHY"):
        return None  # "fp4是什么，50系才有吗": a concept asked about the family
    if len({t.word() for t in tags}) > 1 and not (r.workload or r.model or b.has("MONEY", "BUDGET", "RECOMMEND")):
        return None  # "50系比40系强在哪": the generations set against each other (concept_cues.series)
    names = tuple(dict.fromkeys(n for t in tags for n in t.meanings.get("GPUS", ())))
    label = " / ".join(dict.fromkeys(t.word() for t in tags))
    fields = tuple(f for f in r.fields() if f != "all")  # "怎么样" asks no figure of its own
    if not fields and r.aspect() == "memory":
        fields = ("memory",)  # "which 40 series card has the most vram": each card's memory
    if fields and not (r.workload or r.model or b.has("VALUE", "MONEY", "BUDGET")):  # "which has the most vram"
        refs = tuple(GpuRef(mention=n, name=n) for n in names)
        return SpecQuery(text=r.text, gpus=refs, fields=fields)
    found = read(r) or RecommendQuery(text=r.text, workload=r.workload)
    vendors = {"AMD" if n.startswith("Radeon") else "NVIDIA" for n in names}
    vendor = found.vendor or ("amd" if vendors == {"AMD"} else None)  # "rx 7000 series": AMD's cards ranked
    return dataclasses.replace(found, among=names, among_label=label, vendor=vendor)


def cheaper_than(r: Reading) -> Query | None:
    """ "有没有比3090更便宜的24g卡", "anything cheaper than a 3090 with 24gb": GPUs priced below the one named; "有没有
    比3090更划算的", "anything better value than a 3090": the value ranking (the card named is in it)."""
    b = r.b
    cheaper = b.meaning("ASK") == "cheaper"
    value = not cheaper and b.has("VALUE") and r.form.figure in (None, "yes_no")  # "有没有比3090更划算的"
    value = value and not r.said(
        "which_words"
    )  # "和H100比哪个性价比高": which of the two, the card talked about and it
    if not (cheaper or value) or not b.has("THAN") or len(r.explicit) != 1 or not r.explicit[0].name:
        return None
    if r.model or b.has("VS", "OR", "RENT", "COST"):
        return None
    found = read(_without_gpus(r)) or RecommendQuery(text=r.text)
    assert isinstance(found, RecommendQuery)
    if value:  # better value than the card named: the value ranking, that card's place in it
        return found
    ref = r.explicit[0]
    return dataclasses.replace(found, cheaper_than=ref.name, cheaper_than_count=max(ref.count, 1))


@needs(("GPU",))
def besides(r: Reading) -> Query | None:
    """ "whats a good alternative to the 3090 for local llms", "除了3090还有啥卡适合跑大模型": the best card for that
    work besides the cards named (RecommendQuery.other_than), as "what else?" asks it after a pick."""
    names = tuple(dict.fromkeys(g.name for g in r.explicit if g.name))
    if not names or not _card_after_besides(r) or r.b.has("VS", "COMPARE", "OR", "THAN"):
        return None
    money = r.money()
    return RecommendQuery(
        text=r.text,
        workload=_workload(r),
        budget_usd=money,
        budget_currency=r.currency() if money is not None else None,
        model=r.heaviest_model(),
        precision=r.precision,
        other_than=names,
    )


_ARTICLES = ("", "the", "a", "an", "my", "一张", "一块")


def _card_after_besides(r: Reading) -> bool:
    """A word of [lists] besides_words right before a GPU named ("alternative to the 3090", "除了3090"), not before a
    model or anything else ("3090除了7b还能跑什么": what else runs on it)."""
    low = r.b.text.lower()
    starts = {t.start for t in r.b.kinds.get("GPU", [])}
    for word in r.lex.listed("besides_words"):
        at = low.find(word)
        while at >= 0:
            after = at + len(word)
            if any(s >= after and low[after:s].strip() in _ARTICLES for s in starts):
                return True
            at = low.find(word, after)
    return False


def upgrade(r: Reading) -> Query | None:
    b = r.b
    cheaper = cheaper_than(r)
    if cheaper is not None:
        return cheaper
    if len(r.explicit) != 1 or r.model or b.has("VS", "OR", "PARAMS", "COST", "RENT"):
        return None
    words = _asked_enough_cut(r, f" {' '.join(b.toks)} {r.text.lower()}")  # the text: Chinese words span tokens
    if not (r.lex.words_in("owned_gpu", words) or _upgrade_after_card(r)):
        return None
    if not (r.lex.words_in("upgrade_words", words) or (b.has("RECOMMEND") and b.has("MONEY", "BUDGET", "UNDER"))):
        return None
    owned = r.explicit[0]
    query = read(_without_gpus(r))
    if query is None:
        query = RecommendQuery(text=r.text, workload=r.workload, budget_usd=r.money())
    if r.lex.words_in("more_memory_words", words) and owned.name:
        more = roomier_memory_size(r.index.memory_of(owned.name))
        if more and not query.min_memory_gb:
            query = dataclasses.replace(query, min_memory_gb=more)
    if owned.name and isinstance(query, RecommendQuery):
        query = dataclasses.replace(query, upgrade_from=owned.name)
    return query


def _upgrade_after_card(r: Reading) -> bool:
    """ "2060想升级", "1080ti该换了吗", "3060 12g 不够用了 换什么卡": a word of wanting to replace a card (lexicon
    [lists] upgrade_own_words) after the only card named says that card is the user's; "升级到4090", "换成4090"
    name the card wanted (the word comes before it)."""
    gpu = next((t for t in r.b.tags if t.kind == "GPU"), None)
    if gpu is None:
        return False
    rest = _asked_enough_cut(r, r.text.lower()[gpu.end :])
    if upgrade_to_card(r):
        return False  # "would a 5090 be worth upgrading to": the card named is the one wanted, not the user's
    return any(w in rest for w in r.lex.listed("upgrade_own_words"))


def _asked_enough_cut(r: Reading, words: str) -> str:
    """The words without the question "够不够用" (lexicon enough_question_words), whose "不够用" says no card falls
    short: "5070 12g跑大模型够不够用" asks whether it is enough, it wants no upgrade."""
    for form in sorted(r.lex.listed("enough_question_words"), key=len, reverse=True):
        words = words.replace(form, " ")
    return words


def _without_gpus(r: Reading) -> Reading:
    """The reading as if no GPU was named (the one named is the user's own)."""
    clone = Reading(r.b, r.index, r.lex)
    clone.__dict__["refs"] = []
    clone.__dict__["explicit"] = []
    return clone


def _bare_budget(r: Reading) -> float | None:
    """An amount without a unit in a recommendation ("i have like 350, what should i get", "for like 600"):
    the budget, when it is 100 or more and not a year."""
    found = []
    for t in r.b.tags:
        if t.kind != "NUMBER":
            continue
        try:
            v = t.number()
        except (TypeError, ValueError):
            continue
        if v >= 100 and not (v.is_integer() and 1990 <= v <= 2035):
            found.append((v, t))
    if len(found) >= 2 and r.text[found[0][1].end : found[1][1].start].strip() in r.lex.listed("range_words"):
        return max(found[0][0], found[1][0])  # "一万五到两万", "800-1000": up to the top of the range
    return found[0][0] if found else None


def vendor_of(r) -> str | None:
    """The vendor said; "unified" (a mini PC, unified memory) only when no card is asked for: "best gpu for my mini
    pc" wants a card, "best mini pc for llms" a machine."""
    card = said(r, "card_asked_words")
    vendors = [t.value for t in r.b.kinds.get("VENDOR", []) if t.value != "unified" or not card]
    if "unified" in vendors and set(vendors) <= {"unified", "apple"}:
        return "unified"  # "best mac or mini pc for llms": the machines, Macs among them
    if not vendors and r.explicit and all((g.name or "").startswith("Apple ") for g in r.explicit):
        return "apple"  # "cheapest mac studio that runs llama 3 70b": a Mac named as the kind of machine asked for
    makers = list(dict.fromkeys(v for v in vendors if v in ("nvidia", "amd", "intel")))
    if len(makers) > 1 and r.b.has("OR", "VS"):  # "best gpu for llms, nvidia or amd": both makers ranked
        return ",".join(makers)
    return vendors[0] if vendors else None


def _psu_said(r: Reading) -> bool:
    """The amount of watts said is a power supply's ("i have an 850w psu", "电源750w"), not a cap on the card."""
    tags = r.b.tags
    low = r.text.lower()
    return any(t.kind == "WATTS" and watts_role(tags, k, low, r.lex)[0] == "psu" for k, t in enumerate(tags))


def _audio(r: Reading) -> float | None:
    """The audio a Whisper job transcribes, in seconds ("~500 hours of audio"), else None."""
    model = r.heaviest_model()
    return audio_seconds(r.text) if model is not None and model.key.startswith("whisper") else None


def _one_condition(r: Reading) -> str | None:
    """New or used, when the question says one; None when it says both ("new or used is fine", "新卡二手都行": every
    card at its cheaper condition, as when none is said)."""
    said = {str(t.value) for t in r.b.kinds.get("CONDITION", [])}
    return next(iter(said)) if len(said) == 1 else None
