"""More cards of the same kind: "does a second 4090 help?", "two 3090s vs one", "is a third 3090
worth it", "再加一张4090有用吗", "两张3090比一张快多少".

Claims exactly one GPU reference (no model-fit or cost question) when the words add a card of that
kind ("a second", "another", "one more": lexicon lists scale_second / scale_third / scale_fourth /
scale_more) or set a count against one card ("than one", "比一张": scale_than_one). Answers with a
CompareQuery naming the same GPU twice with the two counts (more first), which the compare
responder hands to the multi-GPU scaling answer (docs/model.md §perf.multigpu).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.link_setup import speed_on_link
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CompareQuery, GpuRef, Query

_ORDINALS = (("scale_fourth", 4), ("scale_third", 3), ("scale_second", 2))
REFERENCE_CARD = "GeForce RTX 3090"  # the speed tables' reference card (speed 1.00)
DEFAULT_COUNT = 4  # [A] "does multi gpu training scale": a 4-card box, the common multi-GPU workstation


# "would a secondhand 3060 do": the condition, not "a second" card
_SECOND_HAND = re.compile(r"\b(?:second|2nd)[\s-]?hand(?:ed)?\b")


# "double my training speed", "twice the tok/s", "2x the throughput", "speed doubles": twice the speed asked
_DOUBLE = re.compile(
    r"\b(?:double[sd]?|twice|2x)\b(?:\s+\S+){0,3}?\s*(?:speed|tok|tokens|t/s|throughput|performance|perf|fast|it/s)"
    r"|\b(?:speed|tokens?|throughput|performance|perf)\b(?:\s+\S+){0,2}?\s+(?:double[sd]?|2x)\b"
)


def asks_double(text: str, lex) -> bool:
    """Does the question ask whether the speed doubles (lexicon scale_double, or the English pattern above)?"""
    low = text.lower()
    return bool(lex.words_in("scale_double", low) or _DOUBLE.search(low))


@needs(("GPU",), unless=("COST",))
def read(r: Reading) -> Query | None:
    refs, text = r.refs, _SECOND_HAND.sub("used", r.text.lower())
    # "2张4090跑qwen 32b能快一倍吗" / "能快多少": the speed-up, not the fit
    doubled = asks_double(text, r.lex) or r.lex.words_in("scale_gain", text)
    if len(refs) != 1 or not refs[0].name or (r.model and r.b.has("FIT") and not doubled) or r.b.has("COST"):
        return None
    if said(r, "what_runs") and not doubled:
        return None  # "max model size i can run on 4x 3090 with vllm tensor parallel": what runs on those cards
    counts = _counts(r, text, max(refs[0].count, 1))
    return None if counts is None else _scaling(r, *counts)


def link_of_cards(r: Reading) -> Query | None:
    """ "do i need nvlink for 2x 3090 with llama.cpp": the cards named against one of them, so the answer weighs
    their link (respond/scaling.py); None unless one GPU is named more than once, and None when the question asks a
    model's speed on those cards with no word of the link's effect (nlu/link_setup.py: the fit answers it)."""
    if speed_on_link(r):
        return None
    refs = r.refs
    count = refs[0].count if len(refs) == 1 and refs[0].count > 1 else r.total_count() or 1
    if len(refs) != 1 or not refs[0].name or count < 2:
        return None  # "nvlink on 3090s ... with 2 cards": the count said apart from the card counts
    return _scaling(r, count, 1)


def _sized_family(r: Reading) -> bool:
    """ "llama 70b": a family at one size, whose versions need the same memory (the name check takes the newest)."""
    mention = r.model.mention if r.model else ""
    return bool(r.model and r.b.has("PARAMS") or re.search(r"\d+(?:\.\d+)?\s*b\b", mention))


def _scaling(r: Reading, more: int, fewer: int) -> Query:
    ref, text = r.refs[0], r.text.lower()
    gpus = (dataclasses.replace(ref, count=more), dataclasses.replace(ref, count=fewer))
    pooled = r.lex.words_in("scale_pool", text) and (r.b.has("MEMORY") or "memory" in r.fields())
    workload = r.workload or ("llm_inference" if r.model or r.b.has("PARAMS") else None)
    if workload is None and r.lex.words_in("image_speed_words", text):  # "双4090能翻倍出图速度吗": images, not training
        workload = "image_generation"
    # an ambiguous name ("llama 70b") does not hold up the scaling answer: it leads with the defaults
    model = r.model if r.model and (r.model.key or _sized_family(r)) else None
    return CompareQuery(
        text=r.text,
        gpus=gpus,
        workload=workload,
        precision=r.precision,
        aspect="memory" if pooled else "speed",
        model=model,
        params_b=r.num("PARAMS"),  # "两张4090跑70b 速度能翻倍吗": a model size without a name
    )


def _counts(r: Reading, text: str, count: int) -> tuple[int, int] | None:
    for name, n in _ORDINALS:
        if r.lex.words_in(name, text):
            return n, n - 1
    if _one_more(r, text):
        # "i have a 3090, if i add another 3090": the card named again is counted in already (Reading._added_cards)
        merged = len(r.b.kinds.get("GPU", [])) > len(r.refs) and count >= 2
        return (count, count - 1) if merged else (count + 1, count)
    pooled = r.lex.words_in("scale_pool", text) and (r.b.has("MEMORY") or "memory" in r.fields())
    asked = asks_double(text, r.lex) or any(r.lex.words_in(name, text) for name in ("scale_than_one", "scale_gain"))
    if count >= 2 and (asked or r.lex.words_in("scale_parallel", text) or pooled):
        return count, 1  # "两张4090速度能翻倍吗", "does tensor parallel even help on 2x 3090": N cards against one
    return None


_AMOUNT_END = frozenset("0123456789十百千万块元")


def _one_more(r: Reading, text: str) -> bool:
    """A word of adding a card ("再加一张", "多一张"), not the end of an amount: "三百多一张" is a price of 300-odd
    yuan each (an amount and 多 then 一张), not one more card."""
    for word in r.lex.listed("scale_more"):
        at = text.find(word)
        while at >= 0:
            if word.isascii() or at == 0 or text[at - 1] not in _AMOUNT_END:
                return True
            at = text.find(word, at + 1)
    return False


@needs(said=("scaling_words",), unless=("MONEY", "BUDGET", "PARAMS", "RENT", "KWH"))
def in_general(r: Reading) -> Query | None:
    """ "how well does training scale across 4 gpus", "does multi gpu training scale linearly", "多卡训练效率怎么样
    4张卡能快几倍", "how well does training scale across 4 3090s": a scaling word (lexicon scaling_words) with a
    speed-up or work asked (scaling_strong, FASTER, training) and at most one card: that card (the reference RTX 3090
    when none is named, the sides say so) at the count said (DEFAULT_COUNT when none) against one card."""
    if not said(r, "scaling_words") or r.b.has("MONEY", "BUDGET", "PARAMS", "RENT", "KWH"):
        return None
    if not (r.b.has("FASTER") or said(r, "scaling_strong") or r.mode() != "inference" or r.workload):
        return None  # "a board that can scale to 4 gpus later": a build, not a speed-up asked
    if len(r.refs) > 1 or any(g.name is None and not g.pronoun for g in r.refs):
        return None  # "4x 4090 vs 2x 4090 ... does tensor parallel scale": the counts said, the comparison's
    count = r.total_count() or DEFAULT_COUNT
    card = r.refs[0] if r.refs and r.refs[0].name else GpuRef(mention="", name=REFERENCE_CARD)
    gpus = (dataclasses.replace(card, count=max(count, 2)), dataclasses.replace(card, count=1))
    workload = r.workload if r.workload not in (None, "inference") else "training"
    model = r.model if r.model and r.model.key else None
    if model is not None and r.workload in (None, "inference"):
        workload = "llm_inference"
    return CompareQuery(text=r.text, gpus=gpus, workload=workload, precision=r.precision, aspect="speed", model=model)
