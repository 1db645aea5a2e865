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
"""

from __future__ import annotations

import re

from assistant.nlu.intents import explain, scaling
from assistant.nlu.reading import Reading
from assistant.queries import ExplainQuery, Query

_GENERATIONS = "gpu-generations"
_STALL = "training-bottleneck"
_OTHERS_THAN = ("MODEL", "PARAMS", "MONEY", "BUDGET", "RECOMMEND", "RENT", "UNDER")


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


def training_stall(r: Reading) -> Query | None:
    if r.model is not None or r.b.has(*(k for k in _OTHERS_THAN if k != "BUDGET")):  # "只有30%" is no budget
        return None
    named = {k for k, _, _ in explain.mentions(r)}
    if _STALL in named:
        return ExplainQuery(text=r.text, concept=_STALL, mention=r.text, workload=r.workload)
    if "utilization" not in named or not r.said("low_use_words") or not _training(r):
        return None
    return ExplainQuery(text=r.text, concept=_STALL, mention=r.text, workload=r.workload)


def _training(r: Reading) -> bool:
    return r.b.has("MODE") or r.workload == "training" or r.said("training_words")


def link_doubted(r: Reading) -> Query | None:
    if not r.lex.words_in("link_lack_words", r.text.lower()) or r.b.has("MONEY", "BUDGET", "RENT"):
        return None  # "can two 4090s use nvlink" asks the NVLink figure (spec), not the cards without it
    return scaling.link_of_cards(r)


_MODEL_FIT = ("BUDGET", "MONEY", "RENT", "RECOMMEND", "UNDER", "SORT")
_LORA = ("lora", "qlora")
_RANK = "lora-rank"
_BANDWIDTH, _BEFORE_CORES = "memory-bandwidth", "vram-vs-compute"
_MARKETPLACE = "cloud-marketplace"
_LLM_WORK = (None, "llm_inference", "inference", "llm")


def yes_no(r: Reading) -> bool:
    """A yes-or-no question: an English one opens with a word of [lists] yes_no_openers ("does", "is"), a Chinese one
    has one of its particles ("吗", "是不是")."""
    words = r.lex.listed("yes_no_openers")
    if any(not w.isascii() and w in r.text for w in words):  # "有gqa吗", "是不是真的能省显存"
        return True
    return bool(r.b.toks) and r.b.toks[0].lower() in words


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


def _sized(r: Reading):
    """The model named when it is one model ("llama 3 70b"); None for a family or an unknown name ("llama"): the
    concept's answer then uses its example model and says so, rather than asking which one."""
    return r.model if r.model is not None and r.model.key else None


def model_concept(r: Reading) -> Query | None:
    if r.b.has(*_MODEL_FIT) or r.explicit or r.b.has("MEMORY"):
        return None  # "r64 lora on mistral 7b with a 3090", "lora r32 on qwen2.5 7b 16gb enough": a fit on that card
    found = explain.mentions(r)
    named = {k for k, _, _ in found}
    listed = r.lex.listed("model_concepts")
    key = _RANK if _rank_asked(r, named) else next((k for k, _, _ in found if k in listed), None)
    if key is None:
        return None
    return ExplainQuery(
        text=r.text,
        concept=key,
        mention=r.text.strip(" ?!."),
        model=_sized(r),
        context_tokens=r.num("CONTEXT"),
        asked="yes_no" if yes_no(r) else None,
        ranks=_ranks(r) if key == _RANK else (),
        workload=r.workload or ("llm_finetune" if key == _RANK else "llm_inference"),
    )


def slow_card(r: Reading) -> Query | None:
    named = [g for g in r.explicit if g.name]
    if not named or len(named) > 2 or len(named) != len(r.explicit) or r.b.has(*_MODEL_FIT):
        return None
    if r.workload not in _LLM_WORK:
        return None  # "why is my 3060 slow at sdxl": image work is bound by compute as much as by memory
    slow = r.said("slow_words") and (r.b.has("WHY") or r.said("slow_why_words"))
    if not (slow or (r.said("bus_words") and r.said("bus_doubt_words"))):  # "3060和4060的位宽差多少" is a spec
        return None
    return ExplainQuery(
        text=r.text,
        concept=_BANDWIDTH,
        mention=r.text.strip(" ?!."),
        others=(_BEFORE_CORES,),
        gpus=tuple(named),
        model=_sized(r),
        workload=r.workload or "llm_inference",
        asked="why_slow",
    )


def cloud_trust(r: Reading) -> Query | None:
    if r.b.has("BUDGET", "MONEY", "RECOMMEND"):
        return None
    marketplace = r.said("marketplace_clouds") or "vast.ai" in r.text.lower()
    named = any(k == _MARKETPLACE for k, _, _ in explain.mentions(r))  # "spot instances for training, worth the risk?"
    if not (named or (marketplace and r.said("cloud_doubt_words"))):
        return None
    return ExplainQuery(
        text=r.text, concept=_MARKETPLACE, mention=r.text.strip(" ?!."), gpus=tuple(r.explicit), workload=r.workload
    )
