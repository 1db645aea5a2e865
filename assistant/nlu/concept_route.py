"""The concept a claim answers, settled by scored evidence (nlu/concept_score.py), not by which reader came first.

Contract: `routed(r, reader, found)` takes the first claim of the reader list and returns the query to answer:
- an ExplainQuery whose concept has less evidence than the decided concept (best by a margin, named by its name
  or an alias right where asking words ask about it: "what is X", "X是什么") is re-aimed at the decided one ("what
  is the kv cache and why does it eat my vram" is the KV cache, not "why memory looks full"). A claim that read the
  question's own figures (a log line, a reading, a measured speed: `_SPECIFIC` fields, an `asked` form) keeps its
  concept. Candidates within the margin are all kept (`others`) and, unless the question sets them against each
  other, said (`tie`): never one of them silently;
- a LEFTOVER claim (a spec sheet for "a GPU named and nothing else asked", "compare with which GPU?", not
  understood) yields to a decided concept, and so does a claim BY NAME (a ranking, a class verdict, a model's
  memory: `_BY_NAME`) when the question is asked as a concept question (what / why / explain / difference words,
  lexicon [lists] concept_asked_words); not when the question shows the other intent's own evidence (money, a
  budget, a rent, hours, a figure of the GPU; for a leftover also a model: `_OTHER_EVIDENCE`) or names two GPUs:
  "eli5 tensor cores", "MIG on an A100, can I split it for 7 students", "flash attention 2 必须要30系以上吗".
Everything else is returned as it came.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu import concept_score
from assistant.nlu.reading import Reading
from assistant.queries import Clarification, ExplainQuery, Query

# readers whose claim is "whatever is left": a GPU's spec sheet ("nothing else asked"), a comparison asked back, what
# was not understood; a decided concept is something else asked
_LEFTOVER = frozenset({"spec.read", "compare.read", "followup.leftover", "settings.leftover", "unknown.read"})
# readers that claim by a GPU, a series or a model named (a ranking, a class verdict, a model's memory): they yield to
# a decided concept only when the question is asked as a concept question
_BY_NAME = frozenset({"recommend.series", "verdict.read", "fit.memory_only", "video.read"})
STRONG = 3.0  # evidence terms alone decide at this score (two or three of a concept's words, no name needed)
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
    if not (decision.named or _score(r, decision.concept) >= STRONG) and reader not in _LEFTOVER:
        return found  # evidence terms alone outrank only a leftover claim ("3060老黑屏 掉驱动": no spec sheet)
    if isinstance(found, ExplainQuery):
        return _rescored(r, found, decision)
    if reader not in _LEFTOVER and not (reader in _BY_NAME and _asked_as_concept(r)):
        return found
    if reader == "compare.read" and not isinstance(found, Clarification):
        return found  # "4090 40系和30系哪个好": a comparison was read, not asked back
    if reader == "spec.read" and r.explicit and not _asked_as_concept(r) and _score(r, decision.concept) < STRONG:
        return found  # "3080 20g魔改卡参数": the figures of the card named, unless the concept is strongly evidenced
    if getattr(found, "feature", None):
        return found  # "what is mxfp4 and does my 4090 support it": the card's feature verdict answers it first
    if decision.concept in r.lex.listed("spec_field_concepts") and (r.refs or r.b.has("GPU")):
        return found  # "rtx 6090 rumored specs? how much vram": a figure of the GPU named, known or not
    other = _OTHER_EVIDENCE if reader in _LEFTOVER else _MONEY  # a model named is the concept's own example there
    if r.b.has(*other) or len(r.explicit) > 1:
        return found  # two GPUs named: a comparison of them ("perf per dollar 4060 ti 16gb vs 3090")
    return ExplainQuery(
        text=r.text,
        concept=decision.concept,
        mention=r.text.strip(" ?!."),
        others=decision.others,
        gpus=tuple(g for g in r.explicit if g.name)[:2],
        workload=r.workload,
        tie=decision.tie and not _contrasted(r),
    )


def _asked_as_concept(r: Reading) -> bool:
    return r.b.has("EXPLAIN", "WHY") or bool(r.lex.words_in("concept_asked_words", f" {r.text.lower()} "))


def _rescored(r: Reading, found: ExplainQuery, decision: concept_score.Decision) -> ExplainQuery:
    if any(getattr(found, f) not in (None, ()) for f in _SPECIFIC) or found.asked not in (None, "yes_no"):
        return found
    candidates = (decision.concept, *decision.others)
    if found.concept in candidates:
        if decision.tie and not found.others and not _contrasted(r):  # candidates alike, neither asked against the
            lead = decision.concept if decision.asked else found.concept  # the one asked about by name leads
            others = tuple(c for c in candidates if c != lead)  # the other candidates are all shown, and said
            return dataclasses.replace(found, concept=lead, others=others, tie=True)
        return found
    if not decision.asked:
        return found  # the reader read its concept from cue words; only a concept asked about by name outranks them
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
