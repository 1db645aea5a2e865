"""Concept questions said through a symptom or a comparison of series, not through the concept's name.

- `series`: two GPU series set against each other ("为什么40系跑ai比30系快", "50系比40系强在哪", "why is the 40 series
  faster than the 30 series"): the generations concept (knowledge/concepts.toml gpu-generations), with any other
  concept the question names ("tensor core是什么 为什么40系比30系快") in text order. A series is a number N0 (N from
  2 to 5) right before a word of lexicon [lists] series_words; no GPU, model or money may be named.
- `training_stall`: the utilization concept named with a word of it being low ([lists] low_use_words: "只有", "上不去",
  "忽高忽低", "low") while training ("训练的时候显卡利用率只有30%", "显卡利用率忽高忽低 训练很慢"): the
  training-bottleneck concept (the GPU waiting for data), never a utilization setting or a ranking.
- `link_doubted`: NVLink said to be missing ([lists] link_lack_words) beside several of one card ("4张3090没有nvlink
  训练会不会很慢", "两张3090不用nvlink 训练慢多少", "4x 3090 without nvlink, will training be slow"): those cards
  against one of them, their link weighed (intents/scaling.link_of_cards, respond/scaling.py), never "compare with
  what?".
- `link_cost`: what going over PCIe instead of NVLink costs work spread over several cards, no card named ([lists]
  link_cost_links, link_cost_spread and link_cost_asked: "how bad is pcie for splitting a model across two gpus",
  "没有nvlink 多卡训练影响大吗"): the NVLink concept asked yes or no, whose answer gives the figures with and without
  the link for layer split, tensor parallel and data-parallel training (respond/concept_leads).
- `model_concept`: a concept answered from a model's shape ([lists] model_concepts: "does gqa actually cut vram for long
  context", "qwen2.5 32b 有gqa吗", "lora的rank设多少 对显存影响大吗", "lora rank 8 vs 64 vram"), with the model, the
  context and the ranks named and whether it is a yes-or-no question; LoRA named with a rank word ([lists]
  lora_rank_words) is the lora-rank concept, and so is a rank said alone ([lists] rank_alone_words) with memory asked.
  Not when a GPU or a memory size is named (a fit on it), nor money, a rental or a recommendation.
- `slow_card`: one or two GPUs named with a slow word ([lists] slow_words) and why (WHY, [lists] slow_why_words), or
  with their memory bus doubted ([lists] bus_words, bus_doubt_words), for LLM work or none named ("why is a 4060 ti
  16gb so slow for llms", "4060ti 16g跑大模型为什么这么慢", "is the 4060 ti 16gb's 128 bit bus a problem"): the
  bandwidth concept asked why_slow (respond/concept_leads: its bandwidth against a reference card, with tokens/s).
- `cloud_trust`: a marketplace cloud ([lists] marketplace_clouds) with a reliability word ([lists] cloud_doubt_words),
  or the concept named ("spot instances for training, worth the risk?"): "is vast.ai reliable for multi day training",
  "vast靠谱吗 会不会跑一半断掉", "vast.ai上租4090跑三天训练稳不稳": the cloud-marketplace concept. A GPU named is
  kept (the work is renting it), a price or budget asked is not this question.
- `trouble`: a problem's concept named ([lists] trouble_concepts: "getting OOM with batch size 8 on my 3090", "stable
  diffusion says out of memory on my 8gb card", "dataparallel vs ddp"), with the GPUs and the work named: its causes
  and fixes, not a fit or a recommendation. With a model, GPU or size named a fix or a meaning must be asked ([lists]
  fix_words): "will qwen2.5 14b oom on a 4070 ti super" is a fit.
- `why_memory`: why training takes so much memory (WHY or [lists] memory_where_words, a training method or word,
  memory named; "why does a 7b model need 100+gb to fully finetune", "7b模型全量微调显存都花在哪了"): the method's
  concept asked why_memory (respond/concept_leads: the memory model's parts per parameter), not a "100 GB" card's fit.
- `effect`: what a concept named does, asked yes or no with a word of effect ([lists] effect_words: "does undervolting
  hurt llm speed", "flash attention能省显存吗", "does longer context slow down generation"): that concept, asked
  yes_no; context growing with a slow word is asked context_speed, NVLink with two cards' memory as one ([lists]
  pool_words) is asked pool (respond/concept_leads: decode speed by context; the pair's memory, split not pooled).
- Speed questions said through a symptom (what speed depends on, why quantized is faster, a measured speed
  doubted, a second card that barely helps, a model spilling into RAM): nlu/intents/speed_cues.py.
"""

from __future__ import annotations

import re
from typing import Any

from assistant.nlu.intents import explain, scaling
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery

_GENERATIONS = "gpu-generations"
_STALL = "training-bottleneck"
_OTHERS_THAN = ("MODEL", "PARAMS", "MONEY", "BUDGET", "RECOMMEND", "RENT", "UNDER")


@needs(unless=_OTHERS_THAN)
def series(r: Reading) -> Query | None:
    if r.explicit or r.b.has(*_OTHERS_THAN):
        return None
    words = "|".join(re.escape(w) for w in sorted(r.lex.listed("series_words"), key=len, reverse=True))
    if not words:
        return None
    found = re.findall(rf"(?<![\d.])([2-5])0\s*(?:{words})", r.text.lower())
    if len(set(found)) < 2:
        return None
    others = [k for k, _, _ in explain.mentions(r) if k != _GENERATIONS]
    if others:  # "tensor core是什么 为什么40系比30系快": both, the one named first leads
        first = r.text.lower().find(next(t for k, _, t in explain.mentions(r) if k == others[0]).split()[0])
        series_at = re.search(rf"[2-5]0\s*(?:{words})", r.text.lower())
        if series_at is not None and 0 <= first < series_at.start():
            return ExplainQuery(text=r.text, concept=others[0], mention=r.text, others=(_GENERATIONS, *others[1:2]))
    return ExplainQuery(text=r.text, concept=_GENERATIONS, mention=r.text, others=tuple(others[:2]))


@needs(unless=("MODEL", "PARAMS", "MONEY", "RECOMMEND", "RENT"))
def training_stall(r: Reading) -> Query | None:
    if r.model is not None or r.b.has(*(k for k in _OTHERS_THAN if k not in ("BUDGET", "UNDER"))):
        return None  # "只有30%" is no budget, "40%上下跳" no upper bound
    named = {k for k, _, _ in explain.mentions(r)}
    if _STALL in named:
        return ExplainQuery(text=r.text, concept=_STALL, mention=r.text, workload=r.workload)
    if "utilization" not in named or not r.said("low_use_words") or not _training(r):
        return None
    return ExplainQuery(text=r.text, concept=_STALL, mention=r.text, workload=r.workload)


def _training(r: Reading) -> bool:
    return r.b.has("MODE") or r.workload == "training" or r.said("training_words")


@needs(unless=("MONEY", "BUDGET", "RENT"))
def link_doubted(r: Reading) -> Query | None:
    if not r.lex.words_in("link_lack_words", r.text.lower()) or r.b.has("MONEY", "BUDGET", "RENT"):
        return None  # "can two 4090s use nvlink" asks the NVLink figure (spec), not the cards without it
    if r.model is not None and r.mode() in ("lora", "qlora", "full_finetune"):
        return None  # "2x 3090 without nvlink, can i qlora llama 3 70b on them": the fine-tune's fit on the cards
    return scaling.link_of_cards(r)


@needs(said=("link_cost_links",), unless=("MONEY", "BUDGET", "RENT", "RECOMMEND", "UNDER", "SORT"))
def link_cost(r: Reading) -> Query | None:
    if not (says(r, "link_cost_links") and says(r, "link_cost_spread") and says(r, "link_cost_asked")):
        return None
    if says(r, "link_cost_not"):
        return None  # "does the 4090 have nvlink": the card's link (spec); "the second slot's lanes": the PCIe concept
    if len({g.name for g in r.refs}) > 1 or (any(g.count > 1 for g in r.refs) and "nvlink" in r.text.lower()):
        return None  # "does nvlink matter for 2x 3090 running vllm": those cards, with and without it (scaling)
    if r.refs and r.lex.words_in("link_lack_words", r.text.lower()):
        return None  # "4x 3090 without nvlink, will training be slow": those cards weighed (link_doubted)
    return ExplainQuery(
        gpus=tuple(g for g in r.explicit if g.name),
        text=r.text,
        concept=_NVLINK,
        mention=r.text.strip(" ?!."),
        others=("pcie", "data-parallelism"),
        workload=r.workload or "",
        asked="yes_no",
        fact="nvlink-need",  # knowledge/concept_facts.toml: the figures with and without the link lead
    )


_MODEL_FIT = ("BUDGET", "MONEY", "RENT", "RECOMMEND", "UNDER", "SORT")
_LORA = ("lora", "qlora")
_RANK = "lora-rank"
_VRAM, _QUANT = "vram", "quantization"
_DISTILLS = "r1-distills"  # knowledge/concepts.toml: full DeepSeek R1 against its distills
_WEAR = "gpu-wear"  # knowledge/concepts.toml: whether heavy use wears a GPU out
_KV = "kv-cache"
_BANDWIDTH, _BEFORE_CORES = "memory-bandwidth", "vram-vs-compute"
_MARKETPLACE = "cloud-marketplace"
_LLM_WORK = (None, "llm_inference", "inference", "llm")


def yes_no(r: Reading) -> bool:
    """A yes-or-no question: an English one opens with a word of [lists] yes_no_openers ("does", "is"), a Chinese one
    has one of its particles ("吗", "是不是")."""
    words = r.lex.listed("yes_no_openers")
    if any(not w.isascii() and w in r.text for w in words):  # "有gqa吗", "是不是真的能省显存"
        return True
    # the first word, or the first of a later sentence or clause ("i have a 7900 xtx already. should i sell it ...",
    # "i have a ryzen 5 3600 and a b450 board, will it bottleneck a 4090")
    sentences = re.split(r"[.?!,]\s+", r.text.lower().strip())
    return any(s.split()[:1] and s.split()[0] in words for s in sentences)


def _rank_asked(r: Reading, named: set[str]) -> bool:
    """LoRA named with a rank word, or a rank said alone with memory asked ("rank从16调到128 显存会爆吗")."""
    if _RANK in named:
        return True
    lora = bool(named & set(_LORA)) or r.b.first("MODE") in ("lora", "qlora")
    if lora and (r.b.has("RANK") or r.said("lora_rank_words")):
        return True
    memory = r.b.has("FIT") or any(t.value == "memory" for t in r.b.kinds.get("FIELD", []))
    return not r.explicit and memory and r.said("rank_alone_words") and r.b.has("RANK", "NUMBER")


def _ranks(r: Reading) -> tuple[int, ...]:
    """The LoRA ranks the question names: RANK tags and bare numbers that are powers of two from 1 to 1,024."""
    found = []
    for t in r.b.kinds.get("RANK", []) + r.b.kinds.get("NUMBER", []):
        value = t.value if isinstance(t.value, (int, float)) else None
        if value and float(value).is_integer() and 1 <= value <= 1024 and int(value) & (int(value) - 1) == 0:
            found.append(int(value))
    return tuple(dict.fromkeys(found))


def _size_in_mention(r: Reading) -> float | None:
    """ "llama 70b": the size a family mention states when the model is not resolved to one version."""
    import re as _re

    found = _re.search(r"(\d+(?:\.\d+)?)\s*b\b", r.model.mention.lower()) if r.model is not None else None
    return float(found.group(1)) if found else None


def _sized(r: Reading):
    """The model named when it is one model ("llama 3 70b"); None for a family or an unknown name ("llama"): the
    concept's answer then uses its example model and says so, rather than asking which one."""
    if r.model is None:
        return None
    sized = bool(re.search(r"\d\s*b\b", r.model.mention.lower()))  # "llama 8b": versions of one size (checks.py)
    return r.model if r.model.key or sized else None


@needs(unless=(*_MODEL_FIT, "MEMORY"))
def model_concept(r: Reading) -> Query | None:
    if r.b.has(*_MODEL_FIT) or r.explicit or r.b.has("MEMORY"):
        return None  # "r64 lora on mistral 7b with a 3090", "lora r32 on qwen2.5 7b 16gb enough": a fit on that card
    found = explain.mentions(r)
    named = {k for k, _, _ in found}
    listed = r.lex.listed("model_concepts")
    key = _RANK if _rank_asked(r, named) else next((k for k, _, _ in found if k in listed), None)
    if key is None:
        return None
    if key == _KV and not (_sized(r) or r.b.has("CONTEXT", "HOW_MUCH") or says(r, "size_asked_words")):
        return None  # "kv cache explained like im 5": what it is (explain.read), not one model's figures
    return ExplainQuery(
        text=r.text,
        concept=key,
        mention=r.text.strip(" ?!."),
        model=_sized(r),
        context_tokens=r.num("CONTEXT"),
        asked="kv_size" if key == _KV else "yes_no" if yes_no(r) else None,
        ranks=_ranks(r) if key == _RANK else (),
        workload=r.workload or ("llm_finetune" if key == _RANK else "llm_inference"),
    )


@needs(unless=("MONEY", "BUDGET", "VS", "RENT", "MODEL"))
def wear_asked(r: Reading) -> Query | None:
    """ "显卡一直满载跑训练伤卡吗", "24小时跑训练会不会把显卡跑坏", "will training 24/7 wear out my gpu": whether
    heavy use wears a card (lexicon [lists] wear_words), no model, money or comparison: the gpu-wear concept (with the
    one card named), not the hours said as a setting nor a ranking for the work."""
    if not r.said("wear_words") or r.model is not None or r.b.has("MONEY", "BUDGET", "VS", "RENT"):
        return None
    if len(r.explicit) > 1 or r.said("used_asked") or r.said("condition_risk_words"):
        return None  # "二手3090寿命", "矿卡寿命": the used / ex-mining card's own checks (their readers)
    named = tuple(g for g in r.explicit if g.name)
    return ExplainQuery(text=r.text, concept=_WEAR, mention=r.text.strip(" ?!."), gpus=named)


def distill_asked(r: Reading) -> Query | None:
    """The full DeepSeek R1 set against its distills ("满血r1和蒸馏版有什么区别", "full r1 vs the distills, whats the
    difference", "r1 vs r1 distill 70b"): a distill word (lexicon distill_words), the full side (R1 named, a word of
    full_weights or full_model_words) and a difference asked, no GPU named: the r1-distills concept, not R1's memory
    alone."""
    if r.explicit or not r.said("distill_words"):
        return None
    full = (
        (r.model is not None and r.model.key == "deepseek-r1") or r.said("full_weights") or r.said("full_model_words")
    )
    asked = r.said("concept_cues") or r.said("model_pair_asks") or r.b.has("VS")
    if not (full and asked):
        return None
    return ExplainQuery(text=r.text, concept=_DISTILLS, mention=r.text.strip(" ?!."), workload="llm_inference")


@needs(("GPU",), unless=_MODEL_FIT)
def slow_card(r: Reading) -> Query | None:
    named = [g for g in r.explicit if g.name]
    if not named or len(named) > 2 or len(named) != len(r.explicit) or r.b.has(*_MODEL_FIT):
        return None
    if r.workload not in _LLM_WORK:
        return None  # "why is my 3060 slow at sdxl": image work is bound by compute as much as by memory
    if says(r, "offload_words"):
        return None  # "why is my 3060 slow when the model spills over 12gb": the spill is the cause (offload_speed)
    if ((r.total_count() or 1) > 1 or says(r, "more_cards_words")) and says(r, "no_gain_words"):
        return None  # "two 4090s generate slower than one": the split across cards (speed_cues.second_card)
    slow = r.said("slow_words") and (r.b.has("WHY") or r.said("slow_why_words"))
    if not (slow or (r.said("bus_words") and r.said("bus_doubt_words"))):  # "3060和4060的位宽差多少" is a spec
        return None
    if r.b.has("CONTEXT"):  # "why does my 3090 have low tokens/s with 32k context": the context's KV cache read
        return ExplainQuery(
            text=r.text,
            concept=_CONTEXT,
            mention=r.text.strip(" ?!."),
            gpus=tuple(named),
            model=_sized(r),
            workload=r.workload or "llm_inference",
            asked="context_speed",
            context_tokens=r.num("CONTEXT"),
        )
    return ExplainQuery(
        text=r.text,
        concept=_BANDWIDTH,
        mention=r.text.strip(" ?!."),
        others=(_BEFORE_CORES,),
        gpus=tuple(named),
        model=_sized(r),
        workload=r.workload or "llm_inference",
        asked="why_slow",
        params_b=r.num("PARAMS") or _size_in_mention(r),
    )


@needs(unless=("BUDGET", "MONEY", "RECOMMEND"))
def cloud_trust(r: Reading) -> Query | None:
    if r.b.has("BUDGET", "MONEY", "RECOMMEND") or (r.b.has("RATE") and r.b.has("BUY")):
        return None  # "runpod ... 0.34/hr community cloud ... vs buying one used at 1700": a rent-or-buy
    if r.explicit and _priced(r) and not r.said("cloud_doubt_words"):
        return None  # "preemptible a100 hourly", "h100竞价实例多少钱": the card's spot rate, not the concept
    marketplace = r.said("marketplace_clouds") or "vast.ai" in r.text.lower()
    named = any(k == _MARKETPLACE for k, _, _ in explain.mentions(r))  # "spot instances for training, worth the risk?"
    if not (named or (marketplace and r.said("cloud_doubt_words"))):
        return None
    return ExplainQuery(
        text=r.text, concept=_MARKETPLACE, mention=r.text.strip(" ?!."), gpus=tuple(r.explicit), workload=r.workload
    )


def _priced(r: Reading) -> bool:
    """A price or an hourly rate asked ("how much", "多少钱", "hourly", "price")."""
    return r.b.has("COST", "HOW_MUCH") or r.said("rate_words") or r.said("provider_price_words")


_TROUBLE_NOT = ("BUDGET", "MONEY", "RENT", "UNDER")
_METHOD_CONCEPTS = {"full_finetune": "full-finetune", "lora": "lora", "qlora": "qlora"}


def concept_asked(r: Reading, concept: str, **fields: Any) -> ExplainQuery:
    """The concept a cue reader claims: the question as its mention, the known cards it names, and `fields` (what is
    asked of the concept, the workload, figures read from the question)."""
    gpus = tuple(g for g in r.explicit if g.name)
    return ExplainQuery(text=r.text, concept=concept, mention=r.text.strip(" ?!."), gpus=gpus, **fields)


def says(r: Reading, name: str) -> bool:
    """Does the question use a word or phrase of list `name`? English as whole words (phrases too), Chinese as text.
    Looked up once per question and list."""
    return r.once(f"says:{name}", lambda: _says(r, name))


def _says(r: Reading, name: str) -> bool:
    spaced = r.spaced_tokens.lower()
    text = f" {r.text.lower()} "
    return any((f" {w} " in spaced or f" {w} " in text) if w.isascii() else w in r.text for w in r.lex.listed(name))


@needs(unless=(*_TROUBLE_NOT, "RECOMMEND"))
def trouble(r: Reading) -> Query | None:
    if r.b.has(*_TROUBLE_NOT, "RECOMMEND") or (r.said("upgrade_words") and not says(r, "fix_words")):
        return None  # "显存爆了换什么卡": which card to move to (an upgrade); "显存不够了怎么办" asks a fix
    listed = r.lex.listed("trouble_concepts")
    found = explain.mentions(r)
    key = next((k for k, _, _ in found if k in listed), None)
    short = any(k == _VRAM for k, _, _ in found) or "显存" in r.text or bool(r.token_set & {"vram", "memory"})
    if key is None and short and says(r, "shortage_words") and says(r, "fix_words"):
        key = "cuda-oom"  # "显存不够了怎么办 训练的时候": memory run short, a fix asked
    plain = not (r.model or r.explicit or r.b.has("MEMORY", "PARAMS")) or key in r.lex.listed("complaint_concepts")
    if key is None or not (says(r, "fix_words") or plain):
        return None  # "will qwen2.5 14b oom on a 4070 ti super": whether it fits there (fit)
    batch = r.num("BATCH")
    return ExplainQuery(
        text=r.text,
        concept=key,
        mention=r.text.strip(" ?!."),
        gpus=tuple(r.explicit),
        model=_sized(r),
        workload=r.workload or "",
        batch=int(batch) if batch and batch >= 2 and key == "cuda-oom" else None,
    )


@needs(unless=_MODEL_FIT)
def why_memory(r: Reading) -> Query | None:
    if r.b.has(*_MODEL_FIT) or r.explicit:
        return None
    mode = r.b.first("MODE")
    training = mode in _METHOD_CONCEPTS or r.workload in ("training", "llm_finetune") or r.said("training_words")
    memory = r.b.has("FIT", "MEMORY") or any(t.value == "memory" for t in r.b.kinds.get("FIELD", []))
    memory = memory or "显存" in r.text or says(r, "memory_where_words")
    asked_why = r.b.has("WHY") or r.said("slow_why_words") or says(r, "memory_where_words")  # "why does" is EXPLAIN
    if not (memory and asked_why):
        return None
    if not training:  # "why does llama 70b need 40gb of vram", "为什么70b模型要40多g显存": inference's parts
        params = r.num("PARAMS") or _size_in_mention(r)
        if not (_sized(r) or params) or r.b.has("PRECISION", "CONTEXT"):
            return None
        return ExplainQuery(
            text=r.text,
            concept=_VRAM,
            mention=r.text.strip(" ?!."),
            model=_sized(r),
            workload="llm_inference",
            asked="why_memory",
            params_b=params,
            stated_gb=r.num("MEMORY"),
        )
    return ExplainQuery(
        text=r.text,
        concept=_METHOD_CONCEPTS.get(str(mode), "full-finetune"),
        mention=r.text.strip(" ?!."),
        model=_sized(r),
        workload="llm_finetune",
        asked="why_memory",
        params_b=r.num("PARAMS"),
    )


_CONTEXT, _NVLINK = "context-length", "nvlink"
_EFFECT_NOT = ("BUDGET", "MONEY", "RENT", "RECOMMEND", "UNDER", "SORT", "LINK")


@needs(unless=_EFFECT_NOT)
def effect(r: Reading) -> Query | None:
    if r.b.has(*_EFFECT_NOT) or (r.explicit and not says(r, "pool_words")):
        return None  # "does the 5090 have fp4 support and does that matter": the card's feature (a verdict)
    found = [m for m in explain.mentions(r) if not explain.in_a_gpu(r, m)]
    keys = list(dict.fromkeys(k for k, _, _ in found))
    grown = says(r, "context_grow_words")
    if grown and _CONTEXT not in keys:
        keys.insert(0, _CONTEXT)  # "why does generation get slower as the chat gets longer"
    if not keys or (keys == ["vram"] and r.b.has("MEMORY") and r.b.has("FIT")):
        return None  # "is 12gb vram gonna cut it for llms": that memory judged (fit.memory_only), not what VRAM does
    pooled = _NVLINK in keys and says(r, "pool_words")
    slow = keys[0] == _CONTEXT and (r.said("slow_words") or says(r, "effect_words") and r.b.has("SPEED", "FASTER"))
    asked_how = yes_no(r) or r.b.has("HOW_MUCH") or says(r, "how_much_words")  # "能省多少显存", "how much slower"
    if not (pooled or slow or (asked_how and says(r, "effect_words"))):
        return None
    asked = "pool" if pooled else "context_speed" if slow else "yes_no"
    key = _NVLINK if pooled else keys[0]
    return ExplainQuery(
        text=r.text,
        concept=key,
        mention=r.text.strip(" ?!."),
        others=tuple(k for k in keys[1:3] if k != key),
        gpus=tuple(g for g in r.explicit if g.name),
        model=_sized(r),
        workload=r.workload or "",
        asked=asked,
    )


_AMD_PREFIXES = ("Radeon", "Instinct")  # KB names of AMD cards


def vendor_why_not(r: Reading) -> Query | None:
    """ "why not amd", "为什么不推荐amd", "why no amd cards in the list": why that vendor's cards are left out or rated
    lower, asked with [lists] vendor_why_not_words and no card named: the vendor's practice concept
    (explain.vendor_concept: what works, what does not, where it is the better buy), never a ranking of its cards."""
    amd_cards = [g for g in r.explicit if (g.name or "").startswith(_AMD_PREFIXES)]
    if amd_cards and len(amd_cards) == len(r.explicit) and says(r, "why_others_pick_words"):
        # "why do ppl recommend nvidia over the 7900 xtx for stable diffusion": what AMD cards are like for it
        concept = explain.vendor_concept("amd")
        return (
            ExplainQuery(
                text=r.text,
                concept=concept or "",
                mention=r.text.strip(" ?!."),
                gpus=tuple(amd_cards),
                workload=r.workload,
                asked="why_not",
            )
            if concept
            else None
        )
    concept = explain.vendor_concept(r.b.first("VENDOR") or "")
    if concept is None or r.explicit or r.model is not None or r.b.has("MONEY", "BUDGET", "UNDER", "RENT", "SORT"):
        return None
    if not says(r, "vendor_why_not_words"):
        return None
    return ExplainQuery(
        text=r.text, concept=concept, mention=r.text.strip(" ?!."), workload=r.workload, asked="why_not"
    )


_GGUF_PREFIXES = ("q", "iq")  # GGUF types ("q4_k_m", "iq4_xs"), not fp8 / int8 / bf16 (their contrast concepts)


@needs(unless=("MONEY", "BUDGET", "RENT", "SORT", "UNDER", "SPEED", "FASTER"))
def formats_compared(r: Reading) -> Query | None:
    """ "what's the difference between q6_k and q8_0, worth the extra size?", "q5_k_m和q4_k_m差别大吗": two GGUF
    formats set against each other with no card, model fit or money: the quantization concept with those formats
    (respond/concept_leads_formats: what each is, its quality figure, the memory each takes)."""
    if r.explicit or r.b.has("MONEY", "BUDGET", "RENT", "SORT", "UNDER", "SPEED", "FASTER"):  # "which should i pick" ok
        return None
    named = tuple(p for p in explain.formats_named(r) if p.startswith(_GGUF_PREFIXES))  # "int8 vs fp8" has its own
    if len(named) < 2 or not (r.b.has("VS", "OR", "COMPARE") or r.said("concept_cues") or says(r, "format_pick_words")):
        return None
    return ExplainQuery(text=r.text, concept=_QUANT, mention=r.text.strip(" ?!."), model=_sized(r), precisions=named)


@needs(("CPU", "cpu_bottleneck_words"), unless=("PARAMS", "MONEY", "BUDGET"))
def cpu_bottleneck(r: Reading) -> Query | None:
    """ "will a 3090 bottleneck with a ryzen 5 3600", "does the cpu matter for a 4090", "3090配什么cpu", "cpu会不会
    拖后腿", two CPUs weighed ("ryzen 7 or i7 for a deep learning pc"): the CPU beside the GPUs (concept
    cpu-for-gpus), not a power supply or the card's spec sheet."""
    cpu = r.b.has("CPU") or bool(re.search(r"\bcpu\b|cpu|处理器", r.text.lower()))
    two = len(r.b.kinds.get("CPU", [])) >= 2 and r.b.has("OR", "VS") and not r.explicit  # "ryzen 7 or i7 for dl"
    if not cpu or not (two or said(r, "cpu_bottleneck_words")) or r.b.has("PARAMS", "MONEY", "BUDGET"):
        return None
    if r.model and not r.b.has("CPU"):  # "is my i7 8700k too old for a 3090 for sdxl": a CPU named, the model its work
        return None
    if (r.total_count() or 1) > 1:
        return None  # "what cpu for 4x 3090": the platform of that many cards (thread_short.platform_of_cards)
    if r.explicit and said(r, "rig_around_words"):
        return None  # "put together a pc for a 4090, what cpu ram and psu": that card's rig, its parts line
    parts = [w for w in r.lex.listed("rig_parts_asked") if w in f" {r.text.lower()} "]
    if r.explicit and len(parts) >= 2 and said(r, "rig_words"):
        return None  # "what cpu ram and ssd for a 5090 build", "4090的主机 cpu 内存怎么选": the build's parts
    return ExplainQuery(text=r.text, concept="cpu-for-gpus", mention=r.text.strip(" ?!.？！。"), workload=r.workload)
