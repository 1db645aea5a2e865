"""The concept a claim answers, settled by scored evidence (nlu/concept_score.py), not by which reader came first.

Contract: `routed(r, reader, found)` takes the first claim of the reader list and returns the query to answer.
- An ExplainQuery keeps its concept when it read the question's own figures (a log line, a reading, a measured
  speed: `_SPECIFIC` fields, an `asked` form), when the question sets concepts against each other ("tensor parallel
  vs pipeline parallel": the order asked), or when its concept has evidence of its own near the best. It is re-aimed
  at the decided concept when that one is asked about by name ("what is the kv cache and why does it eat my vram":
  the KV cache, not "why memory looks full"), or, for a reader that takes the first concept name it meets
  (`_BY_FIRST_NAME`), when its name was only part of a longer name of another concept ("why is text to video so much
  heavier on vram": video memory, not VRAM). Candidates within the margin are all kept (`others`) and said (`tie`),
  never one of them silently.
- A memory or card claim with no model to size yields to a job's concept named by name (lexicon [lists]
  job_concepts: "3d u-net on 128^3 volumes, is 16gb enough").
- A ranking read from a workload and a speed word yields to a concept named in a yes / no question with nothing of
  a pick ("没有nvlink双卡推理会慢吗": the NVLink verdict).
- A LEFTOVER claim (a spec sheet for "a GPU named and nothing else asked", "compare with which GPU?", not
  understood) yields to a decided concept; on a GPU named only when the concept is asked about, asked as a concept
  question (lexicon [lists] concept_asked_words) or has OVER_CARD evidence, and never when a figure of the card or
  the card itself is asked ("3090矿卡现在啥行情", "3060ti 16g是啥"). A claim BY NAME (a class verdict, a series
  ranking, a model's memory: `_BY_NAME`) yields when the question is asked as a concept question. Neither yields to
  the other intent's own evidence (money, a budget, a rent, hours, a figure; for a leftover also a model:
  `_OTHER_EVIDENCE`), a card feature verdict, a spec-field concept with a GPU named, or two GPUs compared.
Examples: "MIG on an A100, can I split it for 7 students" (was a spec sheet), "二手3080跑训练老是掉驱动黑屏
是卡有问题吗" (the transient-spike concept, was a spec sheet), "flash attention 2 必须要30系以上吗" (a class verdict).
"""

from __future__ import annotations

import dataclasses

from assistant.nlu import concept_score
from assistant.nlu.reading import Reading
from assistant.queries import Clarification, Query, VerdictQuery
from assistant.query_talk import ExplainQuery

# readers whose claim is "whatever is left": a GPU's spec sheet ("nothing else asked"), a comparison asked back, what
# was not understood; a decided concept is something else asked
_LEFTOVER = frozenset(
    {"spec.read", "card_topic.read", "compare.read", "unknown.read", "unknown.empty"}
)  # a follow-up's leftover belongs to its thread
# readers that claim by a GPU, a series or a model named (a ranking, a class verdict, a model's memory): they yield to
# a decided concept only when the question is asked as a concept question
_BY_NAME = frozenset({"recommend.series", "verdict.read", "fit.memory_only", "video.read"})
# readers that take the first (or longest) concept name found: the scored decision over all names replaces theirs
_BY_FIRST_NAME = frozenset({"explain.read", "explain.between", "explain.topic"})
STRONG = 2.0  # evidence terms alone decide at this score (two of a concept's own words, no name needed)
UNEVIDENCED = (
    0.6  # at most a name inside a longer name of another concept (CONTAINED x an alias): no evidence of its own
)
OVER_CARD = 3.0  # the evidence a concept needs to take "a card named and nothing else asked" without asking words
# the other intent's own evidence; FIELD: a figure of the GPU named ("what is the l2 cache of the 4080")
_OTHER_EVIDENCE = ("MONEY", "BUDGET", "RENT", "HOURS", "KWH", "PARAMS", "MODEL", "UNDER", "SORT", "FIELD", "ASPECT")
_MONEY = ("MONEY", "BUDGET", "RENT", "HOURS", "KWH", "UNDER", "SORT", "FIELD")
# fields an ExplainQuery fills from the question's own figures: its concept was read from them
_SPECIFIC = (
    "temperature_c",
    "stated_tps",
    "stated_gb",
    "offload_layers",
    "cpu_share",
    "oom_gib",
    "concurrency",
    "uses",
    "stated_w",
    "architectures",
    "ranks",
)


def routed(r: Reading, reader: str, found: Query | Clarification) -> Query | Clarification:
    decision = concept_score.decide(r)
    if decision is None:
        return found
    if getattr(found, "intent", None) == "video" and r.b.has("MEMORY") and not r.b.has("WHY", "EXPLAIN"):
        return found  # "is 24gb enough for wan 2.2 or do i need 32gb": the video model's own memory figures
    if getattr(found, "intent", None) == "video" and (r.b.has("RECOMMEND") or r.said("card_asked_words")):
        return found  # "hunyuan video / wan 2.1, what gpu do i need": the cards for those models, not video memory
    if not (decision.named or _score(r, decision.concept) >= STRONG) and reader not in _LEFTOVER | _BY_FIRST_NAME:
        return found  # evidence terms alone outrank a leftover claim ("3060老黑屏 掉驱动": no spec sheet), a first name
    if isinstance(found, ExplainQuery):
        return _rescored(r, found, decision, reader in _BY_FIRST_NAME)
    if reader == "recommend.read" and _yes_no_on_concept(r, decision):
        return _explained(r, decision)  # "没有nvlink双卡推理会慢吗": whether NVLink matters, not a ranking
    if _job_named(r, found, decision):
        return _explained(r, decision)  # "3d u-net on 128^3 volumes, 16gb or 24gb": that job's memory, no LLM ladder
    if reader not in _LEFTOVER and not (reader in _BY_NAME and _asked_as_concept(r)):
        return found
    if reader == "compare.read" and r.b.has("WHY") and r.said("why_not_cues") and bool(getattr(found, "gpus", None)):
        return found  # "为啥不选二手3090", "why not a used 3090": that card against the pick, not buying used
    if reader == "compare.read" and _compared(r, found):
        return found  # "4090 40系和30系哪个好": a comparison was read, not one to ask back ("compare with which GPU?")
    if reader in _LEFTOVER and r.b.has("GPU") and _card_kept(r, found, decision):
        return found  # "3080 20g魔改卡参数", "闲鱼上的3060ti 16g是啥", "3090矿卡现在啥行情": the card and its figures
    if getattr(found, "feature", None):
        return found  # "what is mxfp4 and does my 4090 support it": the card's feature verdict answers it first
    if (
        isinstance(found, VerdictQuery)
        and decision.concept == "mining-cards"
        and r.workload in _WORK
        and r.b.has("GPU")
    ):
        return found  # "矿卡3090跑大模型能用吗": the card judged for the work (its ex-mining checks go with it)
    if decision.concept in r.lex.listed("spec_field_concepts") and (r.refs or r.b.has("GPU")):
        return found  # "rtx 6090 rumored specs? how much vram": a figure of the GPU named, known or not
    if r.b.has("GPU") and (r.b.has("COSTS") or (r.form.figure == "price" and r.said("form_money_words"))):
        return found  # "京东上4090现在卖多少 跟闲鱼二手差多少": the card's prices, not buying used as a concept
    other = _OTHER_EVIDENCE if reader in _LEFTOVER else _MONEY  # a model named is the concept's own example there
    if r.b.has(*other) or len(r.explicit) > 1:
        return found  # two GPUs named: a comparison of them ("perf per dollar 4060 ti 16gb vs 3090")
    return _explained(r, decision)


_WORK = ("llm_inference", "llm_finetune", "image_generation", "training")  # a use named ("跑大模型"), not mining


def _explained(r: Reading, decision: concept_score.Decision) -> ExplainQuery:
    return ExplainQuery(
        text=r.text,
        concept=decision.concept,
        mention=r.text.strip(" ?!."),
        others=decision.others,
        gpus=tuple(g for g in r.explicit if g.name)[:2],
        workload=r.workload,
        tie=decision.tie and not _contrasted(r),
    )


# what a ranking claim reads as a pick: the words of a pick, a budget, a sort, a card or a model to size it for
_PICK_EVIDENCE = ("RECOMMEND", "BUDGET", "MONEY", "UNDER", "SORT", "GPU", "MODEL", "PARAMS", "ASPECT", "MEMORY")


def _job_named(r: Reading, found, decision: concept_score.Decision) -> bool:
    """A job with a concept of its own named by name (lexicon [lists] job_concepts: a 3D U-Net's memory, RL's CPU
    load) where the claim is a memory or card question with no model to size: the job's concept answers it."""
    if not decision.named or decision.concept not in r.lex.listed("job_concepts"):
        return False
    if getattr(found, "model", None) is not None or getattr(found, "params_b", None) or r.b.has(*_MONEY):
        return False
    return getattr(found, "intent", None) in ("fit", "spec")  # a pick asked ("做强化学习买啥卡") stays a ranking


def _yes_no_on_concept(r: Reading, decision: concept_score.Decision) -> bool:
    """A yes / no question naming a concept, with nothing of a pick ("没有nvlink双卡推理会慢吗", "双卡不用nvlink推理
    慢吗"): the concept's verdict, not a ranking read from its workload and a speed word."""
    return decision.named and r.form.figure == "yes_no" and not r.b.has(*_PICK_EVIDENCE)


def _compared(r: Reading, found) -> bool:
    """A comparison with two sides: two GPUs, or GPU series set against each other."""
    named = [g for g in getattr(found, "gpus", ()) if g.name]  # a "context" side is one to ask back
    return not isinstance(found, Clarification) and (len(named) >= 2 or r.b.has("SERIES"))


def _card_kept(r: Reading, found, decision: concept_score.Decision) -> bool:
    """A leftover claim on a GPU named stays the card's: a figure of it asked (its spec fields), asking words on the
    card itself ("3060ti 16g是啥"), or a concept neither asked about nor asked as a concept question with OVER_CARD
    evidence."""
    if getattr(found, "fields", None) or _card_asked(r):
        return True
    return not (decision.asked or _asked_as_concept(r) or _score(r, decision.concept) >= OVER_CARD)


def _card_asked(r: Reading) -> bool:
    """Asking words right after a GPU's mention ("3060ti 16g是啥") or just before it ("what is the 4090")."""
    cards = r.b.kinds.get("GPU", [])
    return any(
        0 <= t.start - g.end <= 2 or 0 <= g.start - t.end <= 5 for t in r.b.kinds.get("EXPLAIN", []) for g in cards
    )


def _asked_as_concept(r: Reading) -> bool:
    return r.b.has("EXPLAIN", "WHY") or bool(r.lex.words_in("concept_asked_words", f" {r.text.lower()} "))


def _rescored(r: Reading, found: ExplainQuery, decision: concept_score.Decision, first_name: bool) -> ExplainQuery:
    if any(getattr(found, f) not in (None, ()) for f in _SPECIFIC) or found.asked not in (None, "yes_no"):
        return found
    candidates = (decision.concept, *decision.others)
    if _contrasted(r) and _score(r, found.concept) > UNEVIDENCED:
        return found  # "tensor parallel vs pipeline parallel": the reader keeps the concepts in the order asked
    if found.concept in candidates:
        if decision.tie and not found.others and (first_name or decision.asked) and not _contrasted(r):
            # candidates alike, neither asked against the other: all shown and said, the one asked about by name first
            lead = decision.concept if decision.asked else found.concept
            others = tuple(c for c in candidates if c != lead)
            return dataclasses.replace(found, concept=lead, others=others, tie=True)
        return found
    if not (decision.asked or (first_name and _score(r, found.concept) <= UNEVIDENCED)):
        return found  # a reader's concept with evidence of its own stands ("为什么那么多人吹mac跑大模型 不是没cuda吗":
        # unified memory, not CUDA); one asked about by name outranks it, and a first name found inside a longer name
        # of another concept yields ("why is text to video so much heavier on vram": video memory, not VRAM)
    if _score(r, found.concept) * concept_score.MARGIN > _score(r, decision.concept):
        return found  # the reader's concept has evidence near the best: its reading stands
    tie = decision.tie and not _contrasted(r)
    return dataclasses.replace(found, concept=decision.concept, others=decision.others, tie=tie)


def _contrasted(r: Reading) -> bool:
    """Concepts set against each other ("lora vs qlora", "fp16 bf16 fp8 有啥区别"): both are asked, no tie to say."""
    return r.b.has("VS", "OR", "COMPARE", "THAN") or bool(
        r.lex.words_in("concept_contrast_words", f" {r.text.lower()} ")
    )


def _score(r: Reading, concept: str) -> float:
    return next((s.score for s in concept_score.scores(r) if s.concept == concept), 0.0)
