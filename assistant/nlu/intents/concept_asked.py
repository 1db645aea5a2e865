"""Concept questions read by WHAT they ask of the concept (nlu/concept_facts.py): "how many bytes per parameter at
fp16, int8 and int4 ... for a 32b model", "tensor parallel vs pipeline parallel for serving a 70b on 4 GPUs, which and
why", "which gpus did cuda 13 drop? my p40 still works?", "两张24g为什么不等于一张48g".

Contract: `read(r)` claims a question whose first ask says the cues of an asked fact that takes questions from other
intents (`claim`), when no money, budget, rent, hours, energy or watts are said (those are the other intent's own
figures: "power limit vs undervolt ... at 300w" is the power-limit model's): an ExplainQuery of the fact's concept,
with the concepts it explains after, the cards, model and size named and `fact` set (respond/concept_facts answers
it first). A GPU's memory said with a model named ("qwen3 30b a3b on a 16gb gpu + 64gb ram, what speed with moe
offloading") is a card for `may_claim`: a concrete job, the fit's (which uses that memory and the RAM said). None
otherwise.
"""

from __future__ import annotations

import re

from assistant.nlu.card_size import card_size_said
from assistant.nlu.concept_facts import asked_fact, may_claim
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery

_OTHER = ("MONEY", "BUDGET", "RENT", "HOURS", "KWH", "WATTS", "UNDER")


# "a 64gb unified memory mac", "64gb mac": the user's own Mac, sized
_MAC_SIZED = re.compile(
    r"\d{2,3}\s*gb?\s+(?:of\s+)?(?:unified\s+memory\s+|ram\s+)?(?:mac|macbook|mac\s?studio|mac\s?mini)\b", re.I
)


@needs(unless=_OTHER)
def read(r: Reading) -> Query | None:
    if r.b.has(*_OTHER):
        return None
    found = asked_fact(r.text)
    model_named = r.model is not None or r.b.has("PARAMS")
    cards = max(len(r.explicit), len(r.b.kinds.get("GPU", [])))  # a card the name index left unresolved counts too
    cards = max(cards, 1 if model_named and card_size_said(r.text) else 0)  # "a 16gb gpu": the user's card
    cards = max(cards, 1 if model_named and _MAC_SIZED.search(r.text) else 0)  # "a 64gb unified memory mac": theirs
    if found is None or not may_claim(found, cards, model_named):
        return None  # "l40s or rtx 6000 ada for a rack server, we need ECC": two cards weighed, not the ECC fact
    return ExplainQuery(
        text=r.text,
        concept=found.concept,
        mention=r.text.strip(" ?!."),
        others=found.others,
        # a fact of words reads no card; a computed lead or an asked claim ("能合成44g吗": the pool) reads the cards
        gpus=tuple(g for g in r.explicit if g.name) if found.lead or found.asked == "pool" else (),
        workload=r.workload,
        model=r.model if r.model is not None and r.model.key else None,
        params_b=r.num("PARAMS"),
        asked=found.asked,
        fact=found.id,
    )
