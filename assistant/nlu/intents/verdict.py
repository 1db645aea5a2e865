"""Yes/no about one GPU: "is a 4090 worth it for local llms?", "is the 3060 good for deep
learning?", "is a 4090 overkill for stable diffusion?", "does the a100 have fp8?", "3060够用吗".

`read` claims a question naming exactly one GPU (a count is fine) and a verdict word (word lists
`verdict_*` in grammar/lexicon.*.toml), with no model or parameter count (those are fit
questions, whose answer is already a yes / no) and no second GPU (a comparison).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu import card_uses
from assistant.nlu.form import yes_no_particle as form_particle
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.stated import is_difference
from assistant.nlu.stated_prices import stated_prices
from assistant.nlu.text import words
from assistant.queries import GpuRef, Query, VerdictQuery

_FEATURE_WORDS = {
    "fp8": "fp8",
    "bf16": "bf16",
    "bfloat16": "bf16",
    "tf32": "tf32",
    "int8": "int8",
    "fp4": "fp4",
    "nvfp4": "fp4",
    "mxfp4": "fp4",
    "sparsity": "sparsity",
    "structured sparsity": "sparsity",
    "tensor cores": "tensor_cores",
    "tensor core": "tensor_cores",
    "cuda": "cuda",
    "transformer engine": "fp8",
    "flash attention": "flash_attention",
    "flashattention": "flash_attention",
    "flash attn": "flash_attention",
    "fa2": "flash_attention",
    "fa3": "flash_attention",
    "闪电注意力": "flash_attention",
}


def _precision_weighed(r: Reading) -> bool:
    """ "要不要上 4bit", "should i go 4bit": the worth word is said of a precision right after it, not of the card."""
    worth = said(r, "verdict_worth")
    if not worth:
        return False
    after = r.text.lower().split(worth, 1)[-1].lstrip()
    return any(after.startswith(t.text.lower()) for t in r.b.tags if t.kind == "PRECISION")


def said(r: Reading, name: str) -> str | None:
    """The first word of list `name` in the question (ASCII words as whole tokens, Chinese as text); looked up once
    per question and list (readers ask the same lists of every question)."""
    return r.once(f"said:{name}", lambda: _first_said(r, name))


def _first_said(r: Reading, name: str) -> str | None:
    joined = r.spaced_tokens
    if not r.lex.may_say(name, joined, r.text):
        return None
    for _, inside in r.lex.keyed(f"{name}_inside"):  # "machine learning" holds "machine" and names no machine
        joined = joined.replace(inside, " ") if inside is not None else joined
    for word, key in r.lex.keyed(name):
        if (key in joined) if key is not None else (word in r.text):
            return word
    return None


def feature(r: Reading) -> str | None:
    """ "does the a100 have fp8 tensor cores?" -> fp8; "is fp8 worth it on a 4090" (the format weighed, said before
    the card) -> fp8; None when no feature is asked about."""
    if not (said(r, "verdict_feature_verbs") or _format_weighed(r)) or r.b.has("HOW_MUCH"):
        return None
    if said(r, "verdict_how_many") and not said(r, "verdict_support_verbs"):
        return None  # "how many tensor cores does the a100 have" asks for a number (a support question does not)
    precision = r.precision
    if precision in ("fp8", "bf16", "tf32", "int8"):
        return precision
    word = said(r, "verdict_features")
    return feature_of(word or "")


def _format_weighed(r: Reading) -> bool:
    formats, cards = r.b.kinds.get("PRECISION", []), r.b.kinds.get("GPU", [])
    return bool(formats and cards and formats[0].start < cards[0].start and said(r, "verdict_worth"))


def feature_of(word: str) -> str | None:
    """The feature a word of lexicon verdict_features names ("bfloat16" -> bf16); None for a library."""
    return _FEATURE_WORDS.get(word)


# tag kinds a verdict without a GPU may have ("能训练吗", "值得买吗" after an answer about one GPU)
_ABOUT_LAST = {
    "QUESTION",
    "WORKLOAD",
    "MODE",
    "VALUE",
    "FIT",
    "FOLLOW",
    "FILLER",
    "CONDITION",
    "SPEC",
    "FIELD",
    "EXPLAIN",
}


def last_gpu(r: Reading) -> list[GpuRef]:
    """ "能训练吗", "能跑大模型吗" with no GPU named: the GPU of the last answer (a pronoun the dialogue fills)."""
    asked = said(r, "verdict_about_last") or said(r, "what_runs")  # "能跑多大的模型" after a pick: on the pick
    if r.refs or not asked or not {t.kind for t in r.b.tags} <= _ABOUT_LAST:
        return []
    return [GpuRef(mention="", pronoun="it", count_open=True)]  # "能跑啥模型" after 4 x MI50: the four


_FREE_CARDS = ("Tesla T4", "Tesla P100 PCIe 16 GB")  # what the free notebooks give (respond/verdict_free.py)


@needs(said=("buy_at_all_words", "free_notebook_words"), unless=("BUDGET", "MONEY", "PARAMS", "HOURS"))
def free_tier(r: Reading) -> Query | None:
    """ "is a gpu even worth it for me or should i stick to kaggle's free T4s", "刚入坑kaggle 用colab够不够还是得
    自己买卡", "毕设就跑个resnet 用不用买显卡": whether to buy a card at all against the free notebooks (lexicon
    free_notebook_words) or asked as such (buy_at_all_words); no other card named, no budget (kind "free")."""
    if r.b.has("BUDGET", "MONEY", "PARAMS", "HOURS") or (r.model and not _small_model(r)):
        return None  # "can colab's t4 run mistral 7b": a fit; "一个月就用十几个小时 有必要自己买卡吗": rent or buy
    if r.b.has("RENT") and (r.explicit or not said(r, "buy_at_all_words")):
        return None  # "colab pro or a 3090": renting weighed; "毕设 需要买显卡吗 还是租" stays whether to buy at all
    asked = said(r, "buy_at_all_words") or (said(r, "free_notebook_words") and said(r, "free_or_buy_words"))
    if not asked:
        return None  # "whats in a colab t4, vram wise": the card's spec
    others = [g for g in r.explicit if g.name not in _FREE_CARDS]
    if others and not _free_against_card(r, others):
        return None  # "colab or a 3090": a card weighed (rent_or_buy / compare)
    return VerdictQuery(text=r.text, gpus=tuple(others), kind="free", workload=r.workload)


SMALL_MODEL_B = 2.0  # [A] a model this small ("bert", "resnet") trains on the free notebooks' GPUs


def _small_model(r: Reading) -> bool:
    """The model named is small, every model its name may mean ("bert": BERT base or large) under SMALL_MODEL_B."""
    tags = r.b.kinds.get("MODEL", [])
    keys = [k for t in tags for k in ((t.model_match().key,) if t.model_match().key else t.model_match().candidates)]
    sizes = [r.index.model_params(k) for k in keys if k]
    return bool(sizes) and all(s is not None and s < SMALL_MODEL_B for s in sizes)


def _free_against_card(r: Reading, others: list[GpuRef]) -> bool:
    """ "free colab t4 vs buying a 3060 12gb": one card to buy set against a FREE notebook (not Colab Pro, which is
    rented: rent_or_buy), with a word of buying; the free tiers' verdict answers, with that card as the one to buy."""
    low = r.text.lower()
    free = said(r, "free_notebook_words")
    return len(others) == 1 and bool(free) and "pro" not in low.split() and bool(said(r, "free_or_buy_words"))


@needs(said=("verdict_wait",), unless=("BUDGET", "MONEY", "PARAMS", "MODEL"))
def wait_alone(r: Reading) -> Query | None:
    """ "should i buy now or wait for the 50 super refresh", "现在买还是等新卡": buy now or wait with no card the KB
    knows named, no budget and no model: what cannot be known of a card to come, said (respond/wait.for_none)."""
    if r.explicit or r.model or r.b.has("BUDGET", "MONEY", "PARAMS") or not said(r, "verdict_wait"):
        return None
    phrase = said(r, "verdict_wait") or ""
    if said(r, "future_series") or (
        any(w not in phrase for w in r.b.unknown) and not r.b.has("PRONOUN")
    ):  # "wait for the 50 super refresh": a
        # card to come, not one talked about
        return VerdictQuery(text=r.text, gpus=(), kind="wait", workload=r.workload)
    # "what if i wait", "等等再买呢" after a pick: that card now or later (none talked about: core._without_pronouns)
    it = GpuRef(mention="", pronoun="it", count_open=True)
    return VerdictQuery(text=r.text, gpus=(it,), kind="wait", workload=r.workload)


@needs(("GPU",), ("RENT",), ("OR",), unless=("MONEY", "BUDGET", "HOURS", "RATE", "PERIOD", "MODEL", "PARAMS"))
def own_or_rent(r: Reading) -> Query | None:
    """ "做毕业设计要训练yolov8 用笔记本3060够吗 还是租卡", "4060笔记本能跑lora吗 还是直接租云", "my laptop's 4070, good
    enough for a yolo project or should i rent a cloud gpu": whether the card the user has (theirs, or a laptop's)
    does the work, and renting by the hour when it does not; never a purchase's break-even (kind "enough", owned_use
    "rent"). No amount or hours said (those weigh renting against buying)."""
    if len(r.explicit) != 1 or not r.explicit[0].name or not r.b.has("RENT") or not r.b.has("OR"):
        return None
    if r.b.has("MONEY", "BUDGET", "HOURS", "RATE", "PERIOD") or r.model or r.b.has("PARAMS"):
        return None
    name = r.explicit[0].name
    if not (r.form.owned or "Mobile" in name or "Laptop" in name):
        return None
    if not (yes_no_of_card(r) or said(r, "verdict_enough") or said(r, "verdict_good_asked") or r.b.has("FIT")):
        return None
    return VerdictQuery(text=r.text, gpus=tuple(r.explicit), kind="enough", workload=r.workload, owned_use="rent")


def _buy_this(r: Reading) -> bool:
    """ "should i get a 5090 for llms": a buying phrase right before the one GPU named (an article between), no
    budget ("what should i get under 2k: a 4090 is out of budget" asks for a recommendation)."""
    b = r.b
    phrase = said(r, "verdict_buy_this")
    gpu = b.kinds.get("GPU")
    if not phrase or not gpu or b.has("MONEY", "BUDGET", "UNDER"):
        return False
    at = r.text.lower().find(phrase)
    between = r.text[at + len(phrase) : gpu[0].start].split() if at >= 0 else ["?"]
    return at >= 0 and at + len(phrase) <= gpu[0].start and all(w in ("a", "an", "the", "one", "my") for w in between)


def read(r: Reading) -> Query | None:
    b = r.b
    if len({g.name for g in r.explicit if g.name}) == 2 and b.has("FASTER", "VS", "COMPARE", "THAN"):
        return None  # "3090和4090跑sdxl出图速度差多少 值不值得多花一万": the two compared, the extra weighed (compare)
    if _it_over_card(r):  # "is it worth it over a used 3090": the card talked about against that one
        from assistant.nlu.intents import compare  # compare reads "worth" with this module's words

        it = next((t for t in b.tags if t.kind == "PRONOUN"), None)
        ref = GpuRef(mention=it.text, pronoun=str(it.value)) if it else GpuRef(mention="", pronoun="it")
        return compare._compare(r, [ref, *r.explicit])
    gpus = [g for g in r.refs if g.pronoun is None or not r.explicit] or last_gpu(r)
    names = {g.name or g.mention for g in gpus}
    pair = b.struct("versus")
    future = _awaited_unknown(r, gpus)
    if future is not None:  # "5080现在七千多 要不要等5080 super": a card not in the data is waited for
        return future
    if len(names) == 1 and upgrade_to_card(r):
        return None  # "would a m4 pro 48gb be worth upgrading to": set against the user's own (compare.read)
    awaited = _awaited(r) if len(names) == 2 and all(g.name for g in gpus) and not r.model else None
    if awaited is not None:  # "现在买4090还是等5090降价": the one bought now first, the one waited for second
        ordered = sorted(gpus, key=lambda g: (g.mention or "").lower() == awaited)
        return VerdictQuery(text=r.text, gpus=tuple(ordered), kind="wait", workload=r.workload)
    sized = bool(r.model or b.has("PARAMS"))
    if not sized:
        from assistant.nlu.intents.spec import speed_alone  # spec imports this module's words

        if speed_alone(r):
            return None  # "4090速度怎么样 跑大模型": its speed asked, not whether it is good (spec.read)
    yes_no = r.form.figure == "yes_no" or (r.form.figure is None and yes_no_of_card(r))
    # "is the a6000 worth it for 70b", "should i get a 4060 ti for flux": the card weighed for the model
    worth_for_model = sized and (yes_no and said(r, "verdict_worth") or _buy_this(r)) and not r.fields()
    if worth_for_model and said(r, "asks_need_card") and not _worth_besides_need(r):
        worth_for_model = False  # "我就跑7b 上4090有必要吗": whether the card is needed for it (fit.asked_form)
    if worth_for_model and _precision_weighed(r):
        worth_for_model = False  # "5090 lora 微调 qwen3-32b 要不要上 4bit": a precision weighed on the card (a fit)
    if sized and worth_for_model and b.has("SPEED"):
        from assistant.nlu.intents import fit  # "p40 still worth it for 30b or is it too slow": its speed decides

        return fit.read(r)
    if sized and not worth_for_model:
        return None  # "is a 3090 enough for 70b": a fit; "is the a6000 worth it for 70b" weighs the card for it
    if len(names) != 1 or b.has("VS", "RENT", "HOURS", "KWH") or (pair and len(pair.refs) > 1):
        return None
    if said(r, "one_better_card_words"):
        return None  # "is it dumb to buy 2 3060s instead of one better card": set against that card (compare.read)
    if said(r, "what_runs") and not (sized or said(r, "verdict_worth") or said(r, "verdict_wait")):
        return None  # "what can i run on it at decent speed": what runs on it (fit.read), not whether it is good
    if card_uses.asked(r) and not (said(r, "verdict_worth") or said(r, "verdict_wait")):
        return None  # "what is the rtx a6000 good for": what it runs (fit.read), not "Yes: a capable card"
    if "china" in r.fields():
        return None  # "h20国内能买吗": whether it is sold in China, not whether it is worth buying
    asked_worth = said(r, "verdict_worth") and set(r.fields()) <= {"price"}  # "二手3090现在什么价 值得入吗"
    if r.fields() and (b.has("HOW_MUCH") or said(r, "verdict_how_many")) and not asked_worth:
        return None  # "how much memory does the 4090 have? ... is it enough": a spec question first
    if said(r, "price_now_words"):
        return None  # "whats a used a100 worth these days": what it sells for (spec.read)
    found = feature(r)
    if found and not r.explicit and b.has("RECOMMEND"):
        return None  # "whats fp8 and which cards support it": the cards with that feature (recommend), "it" is fp8
    keep = bool(r.form.owned and said(r, "keep_or_change_words"))  # "先凑合还是直接换卡": keeping the card weighed
    if said(r, "verdict_wait"):  # "buy a 5090 now or wait", "现在买还是等等": what is known of its price and successor
        kind = "wait"
    elif found:
        kind = "feature"
    elif said(r, "verdict_overkill") or (said(r, "verdict_necessary") and r.workload):
        kind = "overkill"  # "有必要上4090吗 只是玩玩sd": whether it is needed is overkill asked the other way round
    elif said(r, "verdict_worth") or _buy_this(r):
        kind = "worth"
    elif said(r, "verdict_enough"):
        kind = "enough"
    elif said(r, "verdict_good_asked") or (said(r, "verdict_good") and b.tags and b.tags[0].kind == "QUESTION"):
        kind = "good"
    elif said(r, "risk_words"):
        kind = (
            "good"  # "p40有啥坑", "v100 sxm2转接板要注意什么": the card's case, its catches said (VerdictQuery.risks)
        )
    elif r.workload and said(r, "verdict_how_is") and (not set(r.fields()) - {"all"} or not _field_asked_how(r)):
        kind = "good"  # "mac mini m4 pro 64g跑大模型咋样", "t4 单槽低功耗 放nas里跑推理怎么样": how it does at the work
    elif b.has("WHY") and said(r, "praise_words"):
        kind = "good"  # "为什么都说4090是炼丹神卡", "why does everyone call the 3090 the best budget ai card": its case
    elif _workload_on_card(r):
        kind = "good"  # "stable diffusion on a 3060", "yolov8 training on a laptop 4060": how it does at that work
    elif (_asked_of_card(r) or keep) and not set(r.fields()) - {"all"}:
        kind = "good"  # "can it do anything ml-wise or is it just a space heater", "would a used 3060 12gb do"
    else:
        return None
    counted = r.total_count()
    if kind == "enough" and len(gpus) == 1 and gpus[0].count == 1 and counted and counted > 1:
        gpus = [dataclasses.replace(gpus[0], count=counted)]  # "mi300x is one 8-gpu node enough": eight of it
    if keep and kind == "worth":  # "i have a 1080 ti, still worth using for anything ai or just sell it": its use
        kind = "good"
    workload = r.workload or ("training" if "training" in b.meanings.get("MODE", []) else None)
    # "can it do stable diffusion and llms": both kinds asked, what the card runs of each answers (verdict_owned)
    both = kind in ("good", "enough") and not r.model and len(set(b.meanings.get("WORKLOAD", [])) & _KINDS) >= 2
    if both:
        workload = None
    if workload is None and worth_for_model:
        workload = "llm_inference" if r.mode() == "inference" else "llm_finetune"  # "worth it for 70b": to run it
    from assistant.nlu.followup_details import mode_said  # (followup_details imports the intents package)

    offer = _price_typed(r)  # "矿卡5700xt 300块 能跑ai吗": the price the user would pay, for the answer to use
    if offer is None:  # "二手矿卡3090能买吗，闲鱼五千左右": a price stated for the one card further on
        stated = [amount for ref, _, amount in stated_prices(r) if len(gpus) == 1 and ref.name == gpus[0].name]
        offer = stated[0] if len(stated) == 1 else None
    return VerdictQuery(
        text=r.text,
        gpus=tuple(gpus),
        kind=kind,
        workload=workload,
        feature=found,
        offer=offer,
        money_currency=_offer_currency(r) if offer is not None else None,
        model=r.model if worth_for_model else None,
        params_b=r.num("PARAMS") if worth_for_model and not r.model else None,
        risks=bool(said(r, "risk_words")),
        owned_use=("keep" if keep else "any")
        if (r.form.owned and (keep or not r.b.has("MODE")) and not r.model) or both
        else "",
        mode=mode_said(r),
    )


def _asked_of_card(r: Reading) -> bool:
    """A yes / no or how-is about a card named: not "能跑大模型吗" (whether it runs a kind of model is what it runs,
    fit.read), but "跑ai怎么样" (how it does) and "can it do anything ml-wise"; no method asked (how_to_words)."""
    if said(r, "how_to_words") or not r.explicit or {t.kind for t in r.b.tags} - _ABOUT_CARD:
        # "有没有排队调度的好办法": a method; "is that new or used": the thread's card (follow-ups); "does a 4090 use a
        # lot of electricity", "换成两张h100会不会更快更便宜": a cost or speed asked (their readers)
        return False
    if not (r.workload or r.b.has("MODE") or said(r, "verdict_use_verbs") or said(r, "verdict_good")):
        return False  # "is the 4090d real", "a4000 单槽的吗": no use of the card weighed (identity, a spec)
    # "能跑训练吗", "能跑推理吗": "能跑" before a mode with no model or kind of model: whether the card does that work
    runs_mode = (r.workload in ("training", "inference") or (r.b.has("MODE") and r.workload is None)) and not (
        r.model or r.b.has("PARAMS")
    )
    return yes_no_of_card(r) and (not r.b.has("FIT") or bool(said(r, "verdict_how_is")) or runs_mode)


_SUBJECT_TAGS = ("PRONOUN", "GPU", "CONDITION")  # what may open the subject right after an auxiliary


def yes_no_of_card(r: Reading) -> bool:
    """A yes / no asked of the card, whatever the verdict word: an auxiliary (lexicon form_yes_no) opening a clause
    anywhere whose subject is a card or a pronoun for one ("... lol can it do anything ml-wise or is it just a space
    heater now", "would a used 3060 12gb do", "tesla p40 still worth it for 30b models or is it too slow"); in
    Chinese a yes / no form (form_yes_no_zh: 吗, 行不行, 够不够) or a how-is word (verdict_how_is: 怎么样)."""
    return r.once("yes_no_of_card", lambda: _yes_no_of_card(r))


def _yes_no_of_card(r: Reading) -> bool:
    if r.b.has("HOW_MUCH") or r.form.figure not in (None, "yes_no"):
        return False  # "how much slower is it then", "最多跑多少b的": a figure is asked
    if form_particle(r) or said(r, "verdict_how_is"):  # "跑推理怎么样", "行不行", "how is it for sd"
        return True
    aux = r.lex.listed("form_yes_no")
    tags = r.b.tags
    return (
        any(
            a.kind == "QUESTION" and a.text.lower() in aux and b.kind in _SUBJECT_TAGS and _opens_clause(r, a.start)
            for a, b in zip(tags, tags[1:], strict=False)
        )
        or any(  # "4090 worth it for llama 70b?", "mac studio m4 max worth it for 70b": the auxiliary left out
            a.kind == "GPU" and b.kind == "VALUE" and b.text.lower().startswith("worth") and _opens_clause(r, a.start)
            for a, b in zip(tags, tags[1:], strict=False)
        )
    )


_BREAK = re.compile(r"[,.;:!?()]|\b(?:or|and|but|so|lol|lmao|tbh)\b")
_WH = re.compile(r"\b(?:how|what|whats|which|why|where|when|who|hows)\b")


def _opens_clause(r: Reading, at: int) -> bool:
    """The auxiliary at `at` opens its clause: no question word since the last clause break ("how much slower is it"
    asks a figure; "... lol can it do anything", "..., or is it too slow" open a yes / no)."""
    before = r.text[:at].lower()
    cut = max((m.end() for m in _BREAK.finditer(before)), default=0)
    return not _WH.search(before[cut:])


def _field_asked_how(r: Reading) -> bool:
    """A spec field right before the how-is word asks how that figure is ("功耗怎么样", "how is the power draw"); a
    field said further off describes the card ("单槽低功耗 放nas里跑推理怎么样": how the card does is asked)."""
    word = said(r, "verdict_how_is") or ""
    at = r.text.lower().find(word)
    fields = [t for t in r.b.tags if t.kind == "FIELD"]
    return any(0 <= at - t.end <= 3 or 0 <= t.start - (at + len(word)) <= 6 for t in fields)


def _worth_besides_need(r: Reading) -> bool:
    """A worth word of the question other than the need words ("有必要吗" is both): "值得吗", "划算吗"."""
    need = r.lex.listed("asks_need_card")
    return any(
        w in r.text.lower()
        for w in r.lex.listed("verdict_worth")
        if not w.isascii() and w not in need and not any(w in n for n in need)
    )


def _offer_currency(r: Reading) -> str | None:
    """The currency of the offer: a money tag's, else that of an amount without a unit in the question's language
    ("京东5090d一万六": yuan, never $16,000)."""
    return r.currency("MONEY") if r.b.has("MONEY") else r.unnamed_currency()


# the tags of "<workload> on <GPU>" with nothing else asked ("stable diffusion on a 3060", "a laptop 4060 train yolo")
# NO: the 不 of a Chinese X-not-X question ("会不会烧", "行不行") asks, it corrects nothing
_KINDS = {"image_generation", "llm_inference"}  # kinds of work a card is asked about together
_WORK_ON_CARD = {"GPU", "WORKLOAD", "MODE", "ON", "QUESTION", "FILLER", "COUNT", "CONDITION", "GPU_WORD", "NO"}
# tag kinds a yes / no about the card may have beside it: the work, its condition, fillers; nothing of another figure
_ABOUT_CARD = _WORK_ON_CARD | {
    "PRONOUN",
    "SET",
    "OR",
    "ONLY",
    "FOLLOW",
    "DATE",
    "VENDOR",
    "FIT",
    "PRICES",
    "BUDGET",
    "OF",
    "SPEC",
}


def _workload_on_card(r: Reading) -> bool:
    """A workload (or a training word) said with the one GPU and nothing else asked: how the GPU does at it."""
    tags = r.b.tags
    # "thinking about a 4090 for training": an "about" with no amount after it asks for nothing
    kinds = {
        t.kind
        for k, t in enumerate(tags)
        if not (t.kind == "UNDER" and not (k + 1 < len(tags) and tags[k + 1].kind in ("MONEY", "NUMBER")))
    }
    # "can i train on my 3060": the user's own card, said as theirs (SET), at that work
    return bool(r.workload or _training_said(r)) and kinds <= _WORK_ON_CARD | {"SET"} and not r.fields()


def _training_said(r: Reading) -> bool:
    return "training" in r.b.meanings.get("MODE", [])


_WAIT_FOR = re.compile(
    r"(?:\b(?:wait(?:ing)?|hold(?:ing)?\s+(?:out|off))\s+(?:for|till|until)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:rumou?red\s+|upcoming\s+|next\s+|new\s+)?|等(?:等|到|着)?\s*)$",
    re.I,
)


_UPGRADE_TO = re.compile(r"\b(?:upgrad\w*|switch\w*|mov\w*|go\w*)\s+to\b(?!\s+\w)")


def upgrade_to_card(r: Reading) -> bool:
    """ "would a 5090 be worth upgrading to", "worth switching to?": a word of moving to a card ends the question
    after the first card named, so that card is the one wanted (the user's own is the conversation's)."""
    gpu = next((t for t in r.b.tags if t.kind == "GPU"), None)
    return gpu is not None and bool(_UPGRADE_TO.search(r.text.lower()[gpu.end :]))


def _awaited(r: Reading) -> str | None:
    """ "buy a 3090 now or wait for the 4090", "现在买4090还是等5090降价": one card bought now, the other waited for
    (named right after "wait for" / "等"; its mention, lowercased), one of each; None for "the 5090 or wait and get
    two 4090s" (a choice)."""
    mentions = r.b.kinds.get("GPU", [])
    if not said(r, "verdict_wait") or r.b.has("BUDGET", "MONEY") or any(g.count > 1 for g in r.refs):
        return None
    return next((r.text[m.start : m.end].lower() for m in mentions if _WAIT_FOR.search(r.text[: m.start])), None)


def _awaited_unknown(r: Reading, gpus: list[GpuRef]) -> VerdictQuery | None:
    """ "5080现在七千多，要不要等5080 super出了再买", "buy a 5090 now or wait for the 6090": a card the KB does
    not hold, named right after "wait for" / "等" (a rumoured or future one), is said not to be in the data
    (`unrecognized`), and the buy-or-wait is answered for the card that is known: the other one named, else the
    card the unknown name builds on ("5080 super" -> RTX 5080, "rtx 6090" -> RTX 5090). None when no such card is
    waited for. A bare model number counts when a later generation of a known card has it ("the 6090")."""
    named = {g.name for g in gpus if g.name}
    unknown = [
        t
        for t in r.b.tags
        if t.kind == "GPU"
        and t.gpu_match().status == "unknown"
        or t.kind == "NUMBER"
        and r.index.stand_in([t.text])
        # "6090出来之前还要不要买5090": a bare next-generation number beside the card it would follow, not its price
        or t.kind == "MONEY"
        and t.text.isdigit()
        and r.index.stand_in([t.text]) in named
    ]
    waited = [(t.text, _base_of(r, t)) for t in unknown if _WAIT_FOR.search(r.text[: t.start])]
    # a rumour word is a cue unless a figure is asked of the card ("rtx 6090 rumored specs? how much vram": its specs)
    cue = said(r, "verdict_wait") or (said(r, "future_words") and not set(r.fields()) - {"release"})
    if not waited and len(unknown) == 1 and cue:
        # "any leaks on a 5090 super? worth waiting", "rumors say 6090 next year, is it dumb to buy a 5090 right now":
        # the one unknown or next-generation card of a question about waiting or a coming card is waited for
        waited = [(unknown[0].text, _base_of(r, unknown[0]))]
    series = said(r, "future_series") if not unknown and cue else None
    if series:  # "50系super要出了 现在买5070ti还是等等": an announced or rumoured series (lexicon future_series)
        waited = [(series, None)]
    known = [g for g in gpus if g.name and g.name not in {b for _, b in waited}] or [g for g in gpus if g.name]
    if len(waited) != 1 or len(known) > 1 or r.model or any(g.name is None and g.pronoun for g in gpus):
        return None
    mention, base = waited[0]
    if not known and base is None:
        return None
    gpu = known[0] if known else GpuRef(mention=mention, name=base)
    return VerdictQuery(text=r.text, gpus=(gpu,), kind="wait", workload=r.workload, unrecognized=(mention,))


def _base_of(r: Reading, t) -> str | None:
    """The known card an unknown name builds on: a later generation's tier ("rtx 6090" -> RTX 5090) or a refresh
    of a card the KB holds ("5080 super": the suggestion carrying its model number, RTX 5080)."""
    later = r.index.stand_in(words(t.text))
    if later or t.kind != "GPU":
        return later
    digits = re.findall(r"\d{3,5}", t.text)
    said = set(words(t.text))
    near = [c for c in t.gpu_match().candidates if digits and digits[0] in c]
    # "rtx 5070 ti super": the RTX 5070 Ti, the candidate most of whose words were said, not the RTX 5070
    return max(near, key=lambda c: len(set(words(c.lower())) & said), default=None)


_OFFER_BETWEEN = re.compile(
    r"[\s,，]*(?:\d+\s*(?:gb?|gigs?)\s*)?(?:used|new|for|at|@|only|like|about|around|~|二手|全新|闲鱼|卖|才|收)?"
    r"\s*(?:for|at|like|about|around|~)?\s*"
)


def _price_typed(r: Reading) -> float | None:
    """An amount typed right after the one GPU named (nothing but spaces between): what it costs the user."""
    gpus, money = r.b.kinds.get("GPU", []), r.b.kinds.get("MONEY", [])
    if len(gpus) != 1 or len(money) != 1 or r.b.has("BUDGET", "UNDER"):
        return None
    if is_difference(r.b.tags, money[0], r.text, r.lex):
        return None  # "a 4090 d for $300 less": how much less, not what it costs
    between = r.text[gpus[0].end : money[0].start]
    value = money[0].value
    # "p40 $200", "p40 24gb for $200", "3060 二手 1200": nothing between but its memory and a word for paying
    typed = money[0].start >= gpus[0].end and bool(_OFFER_BETWEEN.fullmatch(between.lower()))
    return float(value) if typed and isinstance(value, (int, float)) else None


def _it_over_card(r: Reading) -> bool:
    """ "is it worth it over a used 3090": a pronoun before "over" and one card named after it."""
    b = r.b
    pron = next((t for t in b.tags if t.kind == "PRONOUN" and t.value in ("it", "that", "this")), None)
    over = next((t for t in b.tags if t.kind == "OVER"), None)
    cards = b.kinds.get("GPU", [])
    if not (over and cards and len(r.explicit) == 1 and over.start < cards[0].start):
        return False
    if pron is not None:
        return pron.start < over.start
    # "worth it over a new 5070 ti?" said on its own (after "used 3090 price right now?"): no subject at all
    first = b.tags[0] if b.tags else None
    return first is not None and first.kind == "VALUE" and first.start < over.start


_BEST_KINDS = {"QUESTION", "GPU", "RECOMMEND", "VALUE", "BUDGET", "WORKLOAD", "GPU_WORD", "STILL", "CONDITION", "OR"}


@needs(("GPU",), said=("best_claim_words",), unless=("MODEL", "PARAMS", "MONEY", "VS", "COMPARE"))
def best_claim(r: Reading) -> Query | None:
    """ "is the 3060 12gb still the best budget card for ai", "is the 4090 the best gpu for llms", "3060 12g还是性价比
    最高的卡吗": whether the one card named is the pick (kind "best"), not a recommendation that ignores it."""
    b = r.b
    if len(r.explicit) != 1 or not r.explicit[0].name or r.model or b.has("PARAMS", "MONEY", "VS", "COMPARE"):
        return None
    if not said(r, "best_claim_words") or {t.kind for t in b.tags} - _BEST_KINDS:
        return None
    yes_no = b.tags[0].kind == "QUESTION" and b.tags[0].text.lower() in ("is", "are", "isn't") or r.text.endswith("吗")
    if not yes_no:
        return None
    return VerdictQuery(text=r.text, gpus=(r.explicit[0],), kind="best", workload=r.workload)
