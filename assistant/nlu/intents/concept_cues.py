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
