"""Concept questions: "what is a tensor core", "nvlink?", "is nvlink worth it for two 3090s?".

`advice` claims a should-I question about a practice the reference advises on (the concepts in
the `advice_concepts` list); `read` claims "what is X" and short concept-only questions, and
asks back when X is not a known concept (or says the question is outside the domain);
`between` claims concepts set against each other or asked why about, with no GPU named
("gddr7 vs hbm3, what's the difference", "why is memory bandwidth important", "为什么说带宽比算力
重要", "tensor core和cuda core区别"): the first concept, and the others it is compared with;
`topic` claims a question that names a concept in words of its own (a span of two or more tokens that
is not just one tag's word: "can i use system ram if vram isnt enough", "矿卡能买吗 有什么风险",
"魔改卡靠谱吗") and asks nothing else this assistant computes (no model, budget, price, rent or
recommendation); a named GPU is allowed for the concepts in the `gpu_topic_concepts` list
("is a p40 ok in a normal pc case") or inside the concept's own words ("为啥都说3090是性价比之王").
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu import messages as msg
from assistant.nlu.intents import rig
from assistant.nlu.intents.verdict import said
from assistant.nlu.link_setup import speed_on_link
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.text import key
from assistant.nlu.text import words as words_of
from assistant.queries import Clarification, FitQuery, GpuRef, Query, RecommendQuery, SpecQuery
from assistant.query_talk import ExplainQuery

_PREFILL_DECODE = "prefill-decode"  # what inference's two phases are bound by
_QUANTIZATION = "quant-quality"  # the concept with what a lower precision costs in quality, in published figures
_QUANTIZATION_WHAT = "quantization"  # what quantization is ("what's quantization, does q4 hurt quality")
_PCIE = "pcie"  # the concept a question about a PCIe link gets (respond/pcie_slot answers it in numbers)
_TEMPERATURE = "gpu-temperature"  # the concept of knowledge/concepts.toml a temperature question gets
# the concept that answers "can I use a card of this vendor for X" (knowledge/concepts.toml)
_VENDOR_PRACTICE = {"amd": "amd-practice", "intel": "intel-practice"}


def vendor_concept(vendor: str) -> str | None:
    """The concept of what a vendor's cards are like for AI in practice ("amd": amd-practice), else None."""
    return _VENDOR_PRACTICE.get(vendor)


@needs(("TEMPERATURE", "temperature_asked"), unless=("MODEL", "PARAMS", "BUDGET", "MONEY", "RENT", "RECOMMEND", "KWH"))
def temperature(r: Reading) -> Query | None:
    """ "85c is that ok", "my 4090 runs at 83 degrees, is that safe", "what temperature is too hot for a 3090", "vram
    temp 100c normal?": the GPU temperature concept, with the reading given (a TEMPERATURE tag, never an electricity
    price) and whether it is the memory / hotspot sensor (lexicon [lists] temperature_memory_words). Not when the
    question asks money, a rental, a recommendation, or names a model ("temperature 0.7 for llama" is sampling)."""
    b = r.b
    tagged = b.first("TEMPERATURE")
    if tagged is None and not said(r, "temperature_asked"):
        return None
    if r.model or b.has("PARAMS", "BUDGET", "MONEY", "RENT", "RECOMMEND", "KWH"):
        return None
    if tagged is None and b.has("ELECTRICITY"):
        return None  # "一个月多少度电": kilowatt-hours ("度电"), not degrees
    if tagged is None and any(k not in (_TEMPERATURE, "inference-runtimes") for k, _, _ in mentions(r)):
        return None  # "p40 overheating without a fan": the concept named (passive cooling) answers it
    sensor = "memory" if said(r, "temperature_memory_words") else None
    if said(r, "temperature_hotspot_words"):  # "热点温度到95度": the die's hottest sensor, not the memory's
        sensor = "hotspot"
    reading, core = _readings(r, tagged) if sensor else (tagged, None)
    return ExplainQuery(
        text=r.text,
        concept=_TEMPERATURE,
        mention=r.text.strip(" ?!."),
        gpus=tuple(r.explicit),
        temperature_c=float(reading) if isinstance(reading, (int, float)) else None,
        sensor=sensor,
        core_temperature_c=float(core) if isinstance(core, (int, float)) else None,
    )


def _readings(r: Reading, first):
    """ "核心75度 显存结温104度": (the memory reading, the core reading) when two are given, each read as the one after
    the nearest sensor word before it (a word of [lists] temperature_memory_words, else the core); (first, None)
    otherwise."""
    tags = r.b.kinds.get("TEMPERATURE", [])
    if len(tags) < 2:
        return first, None
    text = r.text.lower()
    words = [w for w in r.lex.listed("temperature_memory_words")]
    memory = core = None
    for t in tags:
        before = text[: t.start]
        at = max((before.rfind(w) for w in words), default=-1)
        others = [i for i in (before.rfind(c) for c in r.lex.listed("temperature_core_words")) if i > at]
        value = t.number()
        if at >= 0 and not others and memory is None:
            memory = value
        elif core is None:
            core = value
    return (memory, core) if memory is not None else (first, None)


@needs(("LINK", "BOARD", "old_board_words"), unless=("MONEY", "UNDER", "RENT", "HOURS", "KWH"))
def pcie_link(r: Reading) -> Query | None:
    """ "does a pcie 4.0 x4 slot hurt a second gpu for inference", "does pcie 3.0 x16 bottleneck a 4090 for training",
    "x8 vs x16 for a 4090", "第二张卡插在pcie 3.0 x4上 训练会慢吗": a PCIe link named (a LINK tag, or an old board: a
    PCIe 3.0 chipset or "old mobo" with a card and a word of the link's effect) is a question of the
    link: the PCIe concept with the cards and the work named (the answer reads the generation and lanes from the
    text), when the question asks about the link (lexicon [lists] link_asked, or links set against each other).
    Not when money, a budget, a rental or hours are asked, nor when the speed of a model on the cards named is asked
    with no word of the link's effect (the link is the set-up: the fit reader gives the tokens/s)."""
    b = r.b
    # "只有PCIe 5.0 x8 ... 影响大不大": "only", no budget, when the link's effect is asked and no amount is said
    budget = b.has("BUDGET") and (b.has("MONEY", "NUMBER") or not said(r, "link_asked"))
    # "4090插b450主板上影响大吗", "will my old mobo bottleneck a 5080": an old board is its PCIe 3.0 link
    old_board = bool(r.explicit) and bool(said(r, "pcie3_chipsets") or said(r, "old_board_words"))
    old_board = old_board and bool(said(r, "link_asked")) and not b.has("RECOMMEND", "MODEL", "FIT")
    if not (b.has("LINK") or old_board) or budget or b.has("MONEY", "UNDER", "RENT", "HOURS", "KWH"):
        return None
    if speed_on_link(r):
        return None  # "tok/s on llama 70b with 2x 3090, no nvlink, pcie 4.0 x8/x8": the speed, on that set-up
    slot = said(r, "link_words") and not b.has("RECOMMEND")  # "3090 in a x4 slot, big deal?"; not "which gpus"
    if not (said(r, "link_asked") or slot or b.has("VS", "OR")):
        return None  # "四卡3090训练 加速比能有多少 主板只有pcie4.0 x8": the link is the set-up of another question
    others = tuple(dict.fromkeys(k for k, _, _ in mentions(r) if k != _PCIE))[:2]  # "for a dual-gpu build"
    # "what about on a pcie 3.0 board", "那PCIe 3.0的主板呢": the card talked about on that link
    talked = (GpuRef(mention="", pronoun="it"),) if not r.refs and b.has("FOLLOW") else ()
    return ExplainQuery(
        text=r.text,
        concept=_PCIE,
        mention=r.text.strip(" ?!."),
        others=others,
        gpus=tuple(r.explicit) or talked,
        workload=r.workload,
    )


@needs(("PRECISION",), said=("quant_quality_words",), unless=("BUDGET", "MONEY", "RENT", "RECOMMEND"))
def quant_quality(r: Reading) -> Query | None:
    """ "int4 vs fp8 quantization quality difference for 70b models", "how much worse is q4 than q8", "does 4bit make
    the model dumber": the quality a precision costs is the quantization concept (its quality notes), with the model
    kept for the follow-ups; not a memory fit. A precision and a word of quality (lexicon [lists] quant_quality_words),
    no GPU named (a GPU makes it a fit at that precision), no money asked."""
    b = r.b
    if not b.has("PRECISION") or r.explicit or b.has("BUDGET", "MONEY", "RENT", "RECOMMEND"):
        return None
    if not said(r, "quant_quality_words"):
        return None
    named = tuple(dict.fromkeys(str(t.value) for t in b.kinds.get("PRECISION", []) if not generic_quant(t)))
    if b.has("EXPLAIN") and _QUANTIZATION_WHAT in {k for k, _, _ in mentions(r)}:
        # "what's quantization, does q4 hurt quality a lot": what it is, with the quality figures asked
        return ExplainQuery(
            text=r.text, concept=_QUANTIZATION_WHAT, mention=r.text, others=(_QUANTIZATION,), precisions=named
        )
    return ExplainQuery(text=r.text, concept=_QUANTIZATION, mention=r.text.strip(" ?!."), precisions=named)


def formats_named(r: Reading) -> tuple[str, ...]:
    """The number formats the question names (PRECISION tags), in text order, not the bare word "quantization"."""
    return tuple(dict.fromkeys(str(t.value) for t in r.b.kinds.get("PRECISION", []) if not generic_quant(t)))


def generic_quant(tag) -> bool:
    """ "量化", "quantization": the lexicon reads the word as 4-bit, but it names no format ("q2量化还能用吗" is Q2)."""
    text = tag.text.lower()
    return tag.value == "int4" and "4" not in text and text not in ("gptq", "awq", "exl2")


def inference_side(r: Reading, found: ExplainQuery) -> ExplainQuery:
    """ "do tensor cores matter for inference or just training", "does memory bandwidth matter for inference": a
    concept whose weight differs between the two phases of inference (lexicon [lists] inference_split_concepts),
    asked about inference, is explained with the prefill / decode concept after it (compute-bound prompt, memory-
    bound generation); the query as it is otherwise."""
    if found.others or found.concept not in r.lex.listed("inference_split_concepts"):
        return found
    if r.workload not in ("inference", "llm_inference"):
        return found
    return dataclasses.replace(found, others=(_PREFILL_DECODE,))


@needs(("VENDOR",), said=("vendor_use_words",), unless=("BUDGET", "MONEY", "UNDER", "VS", "COMPARE", "RENT", "SORT"))
def vendor_use(r: Reading) -> Query | None:
    """ "can i use an amd gpu for stable diffusion on windows", "does amd work for llms": whether that
    vendor's cards work for it in practice (the software stack), not a ranking of its cards."""
    b = r.b
    concept = _VENDOR_PRACTICE.get(b.first("VENDOR") or "")
    if concept is None or r.explicit or b.has("BUDGET", "MONEY", "UNDER", "VS", "COMPARE", "RENT", "SORT"):
        return None
    if not said(r, "vendor_use_words"):
        return None
    return ExplainQuery(text=r.text, concept=concept, mention=r.text.strip(" ?!."))


def advice(r: Reading) -> Query | None:
    b = r.b
    concept = advice_concept(r)
    if concept in r.lex.listed("gpu_use_concepts") and r.explicit:
        return None  # "mi50 32gb for llama.cpp, worth it or rocm hell": a verdict on the GPU, with its software caveat
    if concept and rig.psu_question(r):
        return None  # "power limiting 4x 3090s to 250w each, what psu do i need": the power of that build
    if concept == "multi-gpu-build" and len(r.explicit) == 1 and (r.total_count() or 1) == 1 and b.has("FIELD"):
        return None  # "4090需要多大电源": one card's PSU (its spec), not the multi-GPU build concept
    if concept == "nvlink":  # "do i need nvlink for 2x 3090 with llama.cpp": those cards with and without it
        from assistant.nlu.intents import scaling

        cards = scaling.link_of_cards(r)
        if cards is not None:
            return cards
    # "做个小服务器跑训练 需要ecc显存吗": a run word with no model or memory to fit ("跑训练") is the work, not a fit
    fits = b.has("FIT") and (b.has("MEMORY") or r.model is not None or not (r.workload or b.has("MODE")))
    if (
        concept == "power-limit"
        and len({g.name for g in r.explicit}) <= 1
        and not b.has("WATTS", "PERCENT")
        and said(r, "card_topic_limit_value")
    ):  # "what should i set my 3090 power limit to", "3090功耗墙设多少": the limit to set on that card (with none
        # named, the card talked about; with none talked about either, the concept: dialogue/core.py)
        card = r.explicit[0] if r.explicit else GpuRef(mention="", pronoun="it")
        return SpecQuery(text=r.text, gpus=(card,), topic="power_limit")
    if (
        concept
        and len(r.explicit) <= 2
        and not fits
        and not b.has("RECOMMEND", "RENT", "VS", "MODEL", "PARAMS", "MONEY", "BUDGET", "SORT")
    ):
        return ExplainQuery(text=r.text, concept=concept, mention=r.text.strip(" ?!."))
    return None


# another question than what a concept is: a card pick, a rental, a comparison, a model, money, hours
_NOT_CONCEPT = (
    "RECOMMEND",
    "RENT",
    "VS",
    "WHY",
    "FASTER",
    "SPEED",
    "MODEL",
    "PARAMS",
    "BUDGET",
    "MONEY",
    "KWH",
    "HOURS",
    "SORT",
)


_BEST = re.compile(r"\b(?:best|cheapest|fastest|top)\b|最|推荐")


@needs(unless=_NOT_CONCEPT)
def read(r: Reading) -> Query | Clarification | None:
    b, text = r.b, r.text
    if r.explicit or b.has(*_NOT_CONCEPT):
        return None
    if figure_of_them(r):
        return None
    if b.has("FIELD") and not b.has("EXPLAIN") and set(b.unknown) & r.lex.listed("variant"):
        return None  # "笔记本版的显存有多大": a figure of the card talked about's laptop version (followup.read)
    short = len(b.tags) + len(b.unknown) <= 3 and not b.has(
        "PERCENT", "NUMBER", "MONEY", "YEARS", "MONTHS", "MEMORY", "CONTEXT", "COUNT", "DATE", "PRONOUN"
    )
    if not (b.has("EXPLAIN") or (short and not b.has("COMPARE", "ASPECT"))):  # "which one has more vram?" compares
        return None
    if not b.has("EXPLAIN") and r.said("fit_asked_alone"):
        return None  # "显存够吗": whether the model talked about fits, not the VRAM concept
    if not b.has("EXPLAIN", "QUESTION") and {t.kind for t in b.tags} == {"CONDITION"} and not b.unknown:
        return None  # "二手的", "used": the condition as a setting (settings.read), as "new" is, not the concept
    if not b.has("EXPLAIN") and b.has("GPU_WORD") and _BEST.search(text.lower()):
        return None  # "best value gpu rn", "性价比最高的显卡": a card asked for (a recommendation), not the concept
    if not b.has("EXPLAIN") and b.has("GPU_WORD") and _cards_with_feature(r):
        return None  # "支持fp8的显卡有哪些", "哪些卡支持nvlink": the cards that have it (a ranking), not the concept
    c = concept(r)
    if c and (b.has("EXPLAIN") or not b.has("SET", "FOLLOW", "AND", "NO", "PRICES")):
        ex = b.kinds.get("EXPLAIN")
        mention = text[ex[0].end :].strip(" ?!.") if ex else text.strip(" ?!.")
        keys = list(dict.fromkeys(k for k, _, _ in mentions(r)))
        if len(keys) > 1 and c in keys:  # "why does vram matter more than cuda cores": both, in text order
            return ExplainQuery(text=text, concept=keys[0], mention=mention, others=tuple(keys[1:3]))
        return ExplainQuery(text=text, concept=c, mention=mention)
    if b.has("FIELD", "PRICES") and not b.unknown:
        return None  # "whats the power draw", "what's the bandwidth": a figure of the cards talked about (followup)
    if b.has("EXPLAIN") and not b.has(
        "GPU_WORD", "COST", "FIT", "SET", "ELECTRICITY", "UTILIZATION", "FOLLOW", "AND", "NO", "VENDOR"
    ):  # "whats better for ai, amd or nvidia": makers weighed (a recommendation), no concept
        if not domain_words(r):  # "what's the weather in Paris tomorrow?": not a concept question
            return msg.unparsed(text, b.unknown, b.tags, lang=b.lang)
        return msg.unknown_concept(text, b.unknown, r.index, lang=b.lang)
    return None


@needs(("GPU",), unless=("MODEL", "PARAMS", "MONEY", "BUDGET", "COST", "RENT", "FIT", "KWH"))
def boards(r: Reading) -> Query | None:
    """ "3090涡轮版和公版哪个好", "丐版4090和高端非公差多少", "4090 founders edition or strix": board versions of
    one GPU set against each other are the same chip, explained by the board-variants concept (the engine's note
    names the chip); two coolers set against each other for several of the card ("blower vs open air 3090 for a 2 gpu
    build", "4张3090用涡轮版还是开放式的") too; with no card named the multi-GPU build concept answers. Not when
    another question is asked (a model, money, a cost, a rental)."""
    named = {g.name for g in r.explicit if g.name}
    found = r.boards()
    if not found or len(named) != 1 or r.model or r.b.has("PARAMS", "MONEY", "BUDGET", "COST", "RENT", "FIT", "KWH"):
        return None
    if len(found) < 2 and (
        (r.total_count() or 1) > 1 or not (r.b.has("COMPARE", "VS", "OR") or r.said("concept_cues"))
    ):
        return None  # "两张3090涡轮版训练能快多少" asks about two cards, not about the boards
    chip = tuple(g for g in r.explicit if g.name)[:1]
    return ExplainQuery(text=r.text, concept="board-variants", mention=found[0], gpus=chip)


def figure_of_them(r: Reading) -> bool:
    """ "whats the vram on that", "the difference in power between them": a figure of the GPUs talked about (a spec
    field and a pronoun), not the concept the field's word names."""
    asked = r.b.has("FIELD") or bool(said(r, "rate_words"))  # "whats the hourly rate for it": its cloud rate
    # "what are tensor cores and why do they matter": "they" are the concept's
    pronouns = [t for t in r.b.kinds.get("PRONOUN", []) if t.text.lower() != "they"]
    return bool(pronouns) and asked and not r.explicit and not _asked_what_then_pronoun(r, pronouns[0])


def _asked_what_then_pronoun(r: Reading, pronoun) -> bool:
    """ "what are tensor cores and do i need them": "what is/are" before the figure's name, then "and", then the
    pronoun; the pronoun stands for that thing, not for GPUs talked about ("whats the vram on that" is theirs)."""
    asked, fields = r.b.kinds.get("EXPLAIN", []), r.b.kinds.get("FIELD", [])
    if not (asked and fields) or asked[0].end > fields[0].start or pronoun.start < fields[0].end:
        return False
    return any(fields[0].end <= t.start < pronoun.start for t in r.b.kinds.get("AND", []))


@needs(unless=("PARAMS", "MONEY", "BUDGET", "RECOMMEND", "RENT", "KWH", "HOURS", "COST", "SORT"))
def between(r: Reading) -> Query | None:
    b = r.b
    if b.has("PARAMS", "MONEY", "BUDGET", "RECOMMEND", "RENT", "KWH", "HOURS", "COST", "SORT") or figure_of_them(r):
        return None
    if not (b.has("VS", "OR", "WHY", "EXPLAIN", "THAN") or r.said("concept_cues")):
        return None
    from assistant.nlu.intents.verdict import said

    weighed = r.said("verdict_enough") or said(r, "memory_viability") or said(r, "verdict_good_asked")
    if b.has("MEMORY") and r.workload and weighed and not r.explicit:
        # "is 8gb vram enough for comfyui or is that cope", "is 12gb dead in 2026 or still fine for sd": a memory
        # weighed for the work, "that" no card
        # ("is 12gb vram enough for flux dev in 2025 or am i cooking myself": that model in that memory)
        return FitQuery(text=r.text, model=r.model, memory_gb=r.num("MEMORY"), workload=r.workload, mode=r.mode())
    found = mentions(r)
    vendors = set(b.meanings.get("VENDOR", []))
    about_makers = {k for k, _, _ in found} <= set(r.lex.listed("vendor_choice_concept"))  # not "rocm vs cuda"
    if about_makers and not r.refs and len(vendors) > 1 and "amd" in vendors and b.has("VS", "OR"):
        # "用英伟达的卡还是amd的卡跑ai好", "amd or nvidia for local llms": each maker's best value for the work, then
        # what AMD cards are like in practice (respond/vendor_choice.py)
        from assistant.nlu.intents.recommend import vendor_of

        return RecommendQuery(text=r.text, workload=r.workload, vendor=vendor_of(r))
    if not found or _names_model(r, found):
        return None
    if any(
        not _inside(g, found) and (g.name or key(g.mention) not in {key(t) for _, _, t in found}) for g in r.explicit
    ):
        return None  # a GPU is named (an unknown "GPU" that is a concept's name, "hbm3", is the concept)
    return _concepts_query(r, found)


_NOT_TOPIC = (
    "PARAMS",
    "MONEY",
    "BUDGET",
    "RECOMMEND",
    "RENT",
    "KWH",
    "HOURS",
    "COST",
    "MEMORY",
    "MODE",
    "SORT",
)


def _followed_term(r: Reading) -> list:
    """ "what about with zluda", "and directml?", "稳定性呢": a follow-up whose only word not understood is a one-word
    term of a concept (no card or model named): that concept, never the last answer again."""
    b = r.b
    if not b.has("FOLLOW") or r.refs or r.model or len(b.unknown) != 1:
        return []
    # "实验室机房 24 小时跑，稳定性呢": where and how long the cards run may be said beside it
    if {t.kind for t in b.tags} - {"FOLLOW", "ON", "QUESTION", "AND", "ORGANIZATION", "HOURS", "PER", "SET"}:
        return []
    return [m for m in mentions(r) if key(m[2]) == key(b.unknown[0])]


def topic(r: Reading) -> Query | None:
    b = r.b
    if r.num("CONTEXT") and b.has("FOLLOW") and not b.has("EXPLAIN", "WHY"):
        return None  # "上下文开到32k呢": a context length set for the question talked about, not the concept
    if b.has("ASPECT", "FIELD") and any(t.kind == "COMPARE" and t.text.startswith("which") for t in b.tags):
        return None  # "which has more memory bandwidth": that figure of the cards compared, not the concept
    if not r.refs and not r.model and r.said("influence_words"):
        named = mentions(r)  # "显存带宽对推理速度影响多大": how much a named concept matters is that concept
        if named:
            return ExplainQuery(text=r.text, concept=named[0][0], mention=named[0][2])
    followed = _followed_term(r)
    if followed:
        return _concepts_query(r, followed)
    tag_words = [f" {key(t.text)} " for t in b.tags if t.text]
    found = [
        m
        for m in mentions(r)
        if len(key(m[2]).split()) >= 2 and not any(f" {key(m[2])} " in w for w in tag_words) and not in_a_gpu(r, m)
    ]
    if not found or _names_model(r, found) or rig.psu_question(r):
        return None  # "undervolt my two 3090s to 275w each, will an 850w psu cope": the power of that build
    if not b.has("EXPLAIN") and b.has("GPU_WORD") and _cards_with_feature(r):
        return None  # "有哪些显卡支持fp4": the cards that have it, as explain.read leaves it
    spans = [f" {key(t)} " for _, _, t in found]
    # "矿卡还能用来训练模型吗", "can ex-mining cards be used for training": a yes / no about the concept in a use
    use_asked = not r.refs and _yes_no(r)
    if any(
        t.kind in _NOT_TOPIC
        and (t.kind != "RECOMMEND" or not any(f" {key(t.text)} " in s for s in spans))
        and not (t.kind == "MODE" and use_asked)
        for t in b.tags
    ):
        return None  # another question is asked ("recommend" inside "everyone recommends a used 3090" is not one)
    found.sort(key=lambda m: -len(key(m[2]).split()))  # the concept named in the most words leads
    allowed = r.lex.listed("gpu_topic_concepts")
    outside = [g for g in r.explicit if not _inside(g, found)]
    if outside and (found[0][0] not in allowed or len(outside) > 1):
        return None  # a GPU question, or a comparison of GPUs ("3090 vs 4090 for llama.cpp")
    if outside and found[0][0] in r.lex.listed("gpu_use_concepts") and _judged(r):
        return None  # "is a 3090 good for llama.cpp", "p40 for llama.cpp, worth it or e-waste": a verdict on the GPU
    if outside and found[0][0] == "mining-cards" and (said(r, "risk_words") or _judged_for_work(r)):
        return None  # "are ex mining 3080s risky to buy", "ex-mining 3090 for llms, any good": that card's verdict
    return _concepts_query(r, found)


def _yes_no(r: Reading) -> bool:
    """concept_cues.yes_no (which imports this module): a yes-or-no question."""
    from assistant.nlu.intents.concept_cues import yes_no

    return yes_no(r)


def _judged_for_work(r: Reading) -> bool:
    """One yes / no asked of the card for a deep-learning use ("ex-mining 3090 for llms, any good"), the message asking
    nothing else ("二手矿卡3080怎么验 价格多少算正常 跑sd够不够" asks the checks first)."""
    from assistant.nlu.asks import checklist

    work = ("llm_inference", "llm_finetune", "image_generation", "training")
    return r.workload in work and _judged(r) and not checklist(r.text)


def _judged(r: Reading) -> bool:
    """The question asks a yes / no about the GPU named (good, worth it, any good, enough, still useful)."""
    lists = ("verdict_worth", "verdict_good", "verdict_good_asked", "verdict_enough", "verdict_buy_this")
    return any(said(r, name) for name in lists) or r.b.has("VALUE")


def in_a_gpu(r: Reading, m: tuple[str, int, str]) -> bool:
    """Is concept mention `m` (key, token index, text) made of part of a GPU's name ("pcie" in "a100 80gb
    pcie")? A mention that holds a whole GPU name ("tesla p40" cooling, "used 3090") is not."""
    b, (_, k, text) = r.b, m
    if k >= len(b.toks_pos):
        return False
    first, last = b.toks_pos[k], b.toks_pos[min(k + len(text.split()) - 1, len(b.toks_pos) - 1)]
    return any(t.start <= last and first < t.end and t.start < first for t in b.kinds.get("GPU", []))


def _names_model(r: Reading, found: list[tuple[str, int, str]]) -> bool:
    """Does the question name a model outside the concepts' words ("llama" in "llama.cpp" is not one)?"""
    if not r.model:
        return False
    spans = [f" {key(t)} " for _, _, t in found]
    words = [key(t.text) for t in r.b.tags if t.kind == "MODEL"]
    return not words or any(not any(f" {w} " in s for s in spans) for w in words)


def _inside(g, found: list[tuple[str, int, str]]) -> bool:
    """Is GPU mention `g` part of a concept's own words ("3090" in "都说3090")?"""
    m = key(g.mention)
    return bool(m) and any(f" {m} " in f" {key(t)} " for _, _, t in found)


def mentions(r: Reading) -> list[tuple[str, int, str]]:
    """The concepts the question names, in text order: (concept key, token index, text as tokens); found once per
    question (a copy each time)."""
    return list(r.once("mentions", lambda: _mentions(r)))


def _mentions(r: Reading) -> list[tuple[str, int, str]]:
    tt, out, i = r.b.toks, [], 0
    stop = r.lex.listed("concept_stop")
    while i < len(tt):
        found = r.index.concept_at(tt, i)
        if found and not (found[0] == 1 and tt[i] in stop):
            n, hit = found
            out.append((hit, i, "".join(tt[i : i + n]) if _cjk(tt[i]) else " ".join(tt[i : i + n])))
            i += n
        else:
            i += 1
    return out


def names_concept(r: Reading) -> bool:
    """A concept of the knowledge is named in two words or more, or three Chinese characters (mentions)."""
    return any(len(text.split()) >= 2 or not text.isascii() and len(text) >= 3 for _, _, text in mentions(r))


def _cjk(tok: str) -> bool:
    return "\u3400" <= tok[0] <= "\u9fff"


def advice_concept(r: Reading) -> str | None:
    """ "is nvlink worth it", "should i power limit my 4090", "do I need pcie 4.0" -> that concept."""
    toks, pos = r.b.toks, r.b.toks_pos
    if not r.said("advice"):  # "is nvlink worth it", "多卡用nvlink有必要吗" (Chinese words as text)
        return None
    # "pcie" in "a100 80gb pcie", "二手" of "二手3090值得买吗": words of a GPU mention
    gpus = [(t.start, t.end) for k in ("GPU", "CONDITION") for t in r.b.kinds.get(k, [])]
    named = {k for k, p in enumerate(pos) if any(a <= p < z for a, z in gpus)}
    text = r.text.lower()
    at = min((text.find(w) for w in r.lex.listed("advice") if w in text), default=0)
    found: list[tuple[int, int, int, str]] = []  # (distance to the advice word, tokens, start, concept)
    for n in (6, 5, 4, 3, 2, 1):
        for i in range(len(toks) - n + 1):
            if named.intersection(range(i, i + n)):
                continue
            hit = r.index.concepts.get(" ".join(toks[i : i + n]))
            if hit not in r.lex.listed("advice_concepts") or any(j <= i and i + n <= j + m for _, m, j, _ in found):
                continue  # "多卡" inside "多机多卡" is not a mention of its own
            found.append((abs(pos[i] - at), n, i, hit))
    return min(found, key=lambda f: (f[0], -f[1]))[3] if found else None  # the one nearest the advice word


def _concepts_query(r: Reading, found) -> ExplainQuery:
    """The concepts a question names, in text order, as one ExplainQuery (the first, the next two beside it); a yes/no
    question about a feature (FIELD) of something else puts the feature first ("does llama.cpp use tensor cores or
    ...": tensor cores, then the runtimes)."""
    keys = list(dict.fromkeys(k for k, _, _ in found))
    if r.b.tags and r.b.tags[0].kind == "QUESTION":
        fields = {r.index.concepts.get(" ".join(words_of(t.text))) for t in r.b.kinds.get("FIELD", [])}
        keys.sort(key=lambda k: k not in fields)  # (a stable sort: the rest keep their order)
    mention = next((m for k, _, m in found if k == keys[0]), found[0][2])
    return ExplainQuery(text=r.text, concept=keys[0], mention=mention, others=tuple(keys[1:3]))


def _longest_concept(r: Reading, words: list[str], longest: int) -> str | None:
    """The concept of the longest run of words that names one; of runs as long, the first, unless another is the
    feature the question asks about (a FIELD: "does llama.cpp use tensor cores" is about tensor cores)."""
    fields = {" ".join(words_of(t.text)) for t in r.b.kinds.get("FIELD", [])}
    for n in range(min(len(words), longest), 0, -1):
        hits = [
            (" ".join(words[i : i + n]), r.index.concepts.get(" ".join(words[i : i + n])))
            for i in range(len(words) - n + 1)
        ]
        found = [(run, hit) for run, hit in hits if hit]
        if found:
            return next((hit for run, hit in found if run in fields), found[0][1])
    return None


def concept(r: Reading) -> str | None:
    """The concept the question names: after "what is" first, then before it ("张量核心是什么"),
    then by fuzzy match of a short rest."""
    b = r.b
    tt = b.toks
    ex = b.kinds.get("EXPLAIN")
    start = 0
    if ex:
        start = next((k for k, t in enumerate(b.toks_pos) if t >= ex[0].end), len(tt))
    stop = r.lex.listed("concept_stop")
    rest = [w for w in tt[start:] if w not in stop]
    hit = _longest_concept(r, rest, len(rest))
    if hit:
        return hit
    if ex and start > 0:  # "张量核心是什么", "nvlink 是干嘛的": the concept comes first
        head = tt[: next((k for k, t in enumerate(b.toks_pos) if t >= ex[0].start), len(tt))]
        hit = _longest_concept(r, head, 8)
        if hit:
            return hit
    if rest and all(len(w) == 1 and "\u3400" <= w <= "\u9fff" for w in rest):
        return None  # no fuzzy matching of Chinese characters
    return r.index.concept(rest) if rest and len(rest) <= 5 else None


def domain_words(r: Reading) -> bool:
    """Does the question name anything of this domain beyond "what is"? ("what is a frobnicator" is
    concept-like: one unknown term; "what's the weather in Paris tomorrow" is not.)"""
    b = r.b
    if any(t.kind not in ("EXPLAIN", "QUESTION", "FILLER", "PER", "OF", "ON", "AND", "FOLLOW") for t in b.tags):
        return True
    words = [w for w in b.unknown if w.isascii()]
    vocab = r.index.concept_words
    if vocab is None:
        vocab = r.index.concept_words = {w for k in r.index.concepts for w in k.split() if len(w) >= 3}
    if any(w in vocab for w in b.unknown):
        return True
    return len(b.unknown) == 1 and (len(words) == 1 and len(words[0]) >= 3 or not words)


def _cards_with_feature(r: Reading) -> bool:
    from assistant.nlu.intents.recommend import wanted_feature

    return wanted_feature(r) is not None
