"""What a concept question asks about the concept: the asked facts of knowledge/concept_facts.toml.

Contract: `asked_fact(text)` returns the first `Fact` whose cue groups the question's FIRST ask says (a word of every
group: English as whole words, Chinese as text; nlu/asks.checklist cuts the asks), or None. A fact names its concept
(and the concepts explained after it), whether it takes the question from another intent (`claim`), the `asked`
form it sets, the computed lead that answers it first (respond/concept_facts) and its own sentences with their
sources. `fact(id)` returns a fact by id. Data, not code: a new asked fact is a [[fact]] table. Pure; the file is
parsed once per version (startup_cache.parsed_file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from assistant import paths, startup_cache

_PUNCT = re.compile(r"[?？!！,，.。;；:：()（）\"'“”—–]+")


@dataclass(frozen=True)
class Fact:
    """One asked fact of a concept (see knowledge/concept_facts.toml for the keys)."""

    id: str
    concept: str
    others: tuple[str, ...]
    cues: tuple[tuple[str, ...], ...]
    claim: bool
    asked: str
    lead: str
    en: str
    zh: str
    source: str
    unless: tuple[str, ...] = ()  # words that leave the question to the concept's own reading ("bandwidth or compute")
    compares: bool = False  # may take a question naming two or more cards (its lead reads them all)
    single_card: bool = True  # may take a question naming exactly one card (False: that card's own verdict answers)


@cache
def facts() -> tuple[Fact, ...]:
    """The facts, from the start-up cache as plain data (marshalled: an answer never imports pickle)."""
    return tuple(Fact(**row) for row in startup_cache.parsed_file(paths.knowledge_dir() / "concept_facts.toml", _parse))


def fact(key: str) -> Fact | None:
    return next((f for f in facts() if f.id == key), None)


def _parse(path) -> tuple[dict, ...]:
    import tomllib

    with open(path, "rb") as fh:
        table = tomllib.load(fh)
    return tuple(
        dict(
            id=t["id"],
            concept=t["concept"],
            others=tuple(t.get("others", ())),
            cues=tuple(tuple(str(w).lower() for w in group) for group in t["cues"]),
            claim=bool(t.get("claim", False)),
            asked=t.get("asked", "fact"),
            lead=t.get("lead", ""),
            en=t.get("en", ""),
            zh=t.get("zh", ""),
            source=t.get("source", ""),
            unless=tuple(str(w).lower() for w in t.get("unless", ())),
            compares=bool(t.get("compares", False)),
            single_card=bool(t.get("single_card", True)),
        )
        for t in table.get("fact", [])
    )


def says(text: str, words) -> bool:
    """Does `text` say a word of `words`? English as whole words (phrases too, not inside a longer word: "nvlink在
    3090上" says "nvlink", "cuda/pytorch" says both), Chinese (any non-ASCII word) as text."""
    words, plain = tuple(words), _plain(text)
    if words and not any(w in plain for w in words):
        return False  # the search below finds a word only where it is in the text: most groups end here
    return _searcher(words).search(plain) is not None


@lru_cache(maxsize=64)
def _plain(text: str) -> str:
    """`text` lower-cased, punctuation as spaces, single spaces: made once per text (every cue group of every fact
    asks it of the same question)."""
    return " ".join(_PUNCT.sub(" ", text.lower()).split())


@lru_cache(maxsize=512)
def _searcher(words: tuple[str, ...]) -> re.Pattern[str]:
    parts = sorted((rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])" if w.isascii() else re.escape(w)) for w in words)
    return re.compile("|".join(parts))


def _matches(f: Fact, text: str, whole: str | None = None) -> bool:
    """The fact's cues said in `text` (the question up to an ask), none of its `unless` words in `whole`."""
    return all(says(text, group) for group in f.cues) and not (f.unless and says(whole or text, f.unless))


def asked_fact(text: str) -> Fact | None:
    """The first fact whose cues the question says up to the end of its first ask (statements before it count: "mac
    studio 统一内存 跑大模型为什么比显卡慢"), or up to the end of a later ask when every ask before it asks no figure
    of its own ("显存到底怎么估 一个参数fp16占几个字节": kind "other"); the whole question when it asks one thing."""
    if next((f for f in facts() if _matches(f, text)), None) is None:
        return None
    from assistant.nlu.asks import checklist

    end = 0
    for ask in checklist(text) or ():
        at = text.find(ask.text, end)
        end = at + len(ask.text) if at >= 0 else len(text)
        found = next((f for f in facts() if _matches(f, text[:end], text)), None)
        if found is not None or ask.kind != "other":
            return found
    return next((f for f in facts() if _matches(f, text)), None)


def fact_of(text: str, concept: str) -> Fact | None:
    """The first fact of `concept` (its own, or one it is explained after) whose cues the whole question says: the
    question is already this concept's, so the fact only says what it asks of it."""
    return next((f for f in facts() if concept in (f.concept, *f.others) and _matches(f, text)), None)


def may_claim(f: Fact, cards: int, model_named: bool) -> bool:
    """May the fact take a question naming `cards` GPUs (and a model or not) from the other intents? Two or more cards
    only for a fact whose lead reads them all (`compares`: "are p100s and v100s still supported"); one card unless the
    card's own verdict answers (`single_card`); never a concrete job (a card and a model named: "4090用vllm跑llama3.1
    8b 20个人并发 每人多少token每秒" is the serving model's) unless the fact compares cards."""
    if not f.claim or (cards > 1 and not f.compares) or (cards == 1 and not f.single_card):
        return False
    return f.compares or not (cards and model_named)  # "m4 max 128g prefill speed for llama 3 70b": the fit's
