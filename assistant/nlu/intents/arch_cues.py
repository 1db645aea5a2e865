"""Questions about an NVIDIA architecture named by its code name, not a GPU: "does cuda still support pascal",
"is turing still ok for training", "安培架构还能用几年", "ampere vs ada for llms".

Contract: `architecture(r)` claims a question that names one or more architecture families (lexicon [lists]
arch_<family>, not the arch_*_words lists: "pascal", "帕斯卡", "ada lovelace"; the list's suffix is the KB architecture
it stands for) and no GPU, model, money, rental or recommendation: an ExplainQuery of the CUDA-support concept (one
family), the generations concept (two or more) or another concept the question names ("fp4 on blackwell"), with the
families in text order (`architectures`) and the work named; the lead (respond/concept_leads_arch.py) answers
support, features, years and training from the knowledge base. `card_years(r)`: the years left asked of one card
named ("4090能用几年"): the same concept, for that card's architecture.
"""

from __future__ import annotations

import re

from assistant.nlu.intents import explain
from assistant.nlu.intents.concept_cues import says
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, SpecQuery
from assistant.query_talk import ExplainQuery

SUPPORT, GENERATIONS = "cuda-arch-support", "gpu-generations"
_NOT_ARCH = ("MONEY", "BUDGET", "RENT", "RECOMMEND", "SORT", "PARAMS", "UNDER")


def families(r: Reading) -> tuple[str, ...]:
    """The architecture families the question names, in text order ("Ampere", "Ada Lovelace")."""
    found = []
    text = r.text.lower()
    for name in sorted(n for n in r.lex.lists if n.startswith("arch_") and not n.endswith("_words")):
        if not says(r, name):
            continue
        at = min((text.find(w) for w in r.lex.listed(name) if w in text), default=len(text))
        found.append((at, name.removeprefix("arch_").replace("_", " ").title()))
    return tuple(f for _, f in sorted(found))


_WHATS = re.compile(r"\bwhat\s*'?\s*s\b|\bmeans?\b|是什么|什么意思")


@needs(unless=(*_NOT_ARCH, "MODEL"))
def architecture(r: Reading) -> Query | None:
    if r.explicit or r.model is not None or r.b.has(*_NOT_ARCH):
        return None  # "is the 2080 ti still supported by cuda 13": that card (verdict); "best ampere card": a ranking
    named = families(r)
    if not named:
        return None
    concept = SUPPORT if len(named) == 1 else GENERATIONS
    others = [k for k, _, _ in explain.mentions(r) if k not in (SUPPORT, GENERATIONS, "cuda")]  # "cuda" is the topic
    if others:  # "what's fp4 / nvfp4 on blackwell": the concept named leads, the architecture's lead first
        concept = others[0]
    # "what does fp4 mean on blackwell": what the concept is comes first, the architecture's support after it
    defined = bool(others) and (r.said("concept_asked_words") or bool(_WHATS.search(r.text.lower())))
    return ExplainQuery(
        text=r.text,
        concept=concept,
        mention=r.text.strip(" ?!."),
        others=(SUPPORT,) if concept != SUPPORT else (),
        workload=r.workload or ("training" if r.said("training_words") else None),
        asked=None if defined else "architecture",
        architectures=named,
    )


@needs(("GPU",), unless=(*_NOT_ARCH, "MODEL"))
def card_years(r: Reading) -> Query | None:
    """ "4090能用几年", "3090还能战几年", "how many years will a 3090 last": the years of use left asked of one card
    named (lexicon [lists] years_left_words) is its architecture's CUDA support and years (the lead of
    respond/concept_leads_arch.py, which takes the architecture from the card), not a verdict on its value."""
    named = [g for g in r.explicit if g.name]
    if len(named) != 1 or len(r.explicit) != 1 or r.model is not None or r.b.has(*_NOT_ARCH):
        return None
    if not r.said("years_left_words"):
        return None
    if r.said("card_topic_lifespan"):  # "how long will a used 3090 last": the support's years and what wears
        return SpecQuery(text=r.text, gpus=(GpuRef(mention=named[0].mention, name=named[0].name),), topic="lifespan")
    return ExplainQuery(
        text=r.text,
        concept=SUPPORT,
        mention=r.text.strip(" ?!."),
        gpus=(GpuRef(mention=named[0].mention, name=named[0].name),),
        workload=r.workload or ("training" if r.said("training_words") else None),
        asked="architecture",
    )
