"""The intent readers (assistant/nlu/intents) and the clarification slots they lead to."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from pathlib import Path

import pytest

import assistant.nlu.intents as intents
from assistant.clarify import SLOTS, fill
from assistant.nlu import NameIndex, choose, understand
from assistant.nlu.corpus import FILES, _expects_future, load
from assistant.queries import Clarification
from assistant.query_talk import SetQuery

CORPUS = Path(__file__).parent


@pytest.fixture(scope="module")
def index(kb) -> NameIndex:
    return NameIndex.from_reader(kb)


def test_every_intent_module_registers_a_reader():
    modules = {m.name for m in pkgutil.iter_modules(intents.__path__)}
    registered = {r.__module__.rsplit(".", 1)[-1] for r in intents.READERS}
    assert modules == registered, f"modules without a line in READERS: {sorted(modules - registered)}"
    for name in modules:
        assert importlib.import_module(f"assistant.nlu.intents.{name}").__doc__, f"{name} states its contract"
    assert intents.READERS[-1] is intents.unknown.read  # the one reader that always claims


def _value_at(query, slot: str):
    m = SLOTS.fullmatch(slot)
    field, i = m.group(1), int(m.group(2) or 0)
    if field == "model":
        return query.model.key
    if field == "settings":
        return query.settings[i].gpu
    return query.gpus[i].name


def _clarifications(index):
    questions = [
        "the 4060 ti costs $399",  # settings[0].gpu
        "4060 ti vs 3060",  # gpus[0]
        "will llama 70b fit on a 4090",  # model
        "3060 vs 4060 ti",  # gpus[1]
    ]
    for names in FILES.values():
        for name in names:
            if (CORPUS / name).exists():
                corpus = load(CORPUS / name)
                questions += [case.q for case in corpus.cases if _may_clarify(case, corpus)]
    for q in questions:
        got = understand(q, index)
        if isinstance(got, Clarification) and got.pending is not None and got.candidates:
            yield q, got


def _may_clarify(case, corpus) -> bool:
    """Can `understand` answer this corpus question with a clarification while tests/nlu/test_corpus.py passes? Only
    when the case expects one (clarify, or a name reported unknown) or is an xfail: test_corpus fails any other case
    that clarifies (corpus.check: "unexpected clarification"). The other ~87 % of the corpus are not parsed again."""
    data = case.data
    return "clarify" in data or "unknown" in data or bool(case.xfail) or _expects_future(data, corpus)


@pytest.mark.long
def test_every_slot_a_check_produces_can_be_filled_by_a_reply(index):
    kinds = set()
    for q, clar in _clarifications(index):
        assert SLOTS.fullmatch(clar.slot), f"{q!r}: slot {clar.slot!r} has no filler"
        kinds.add(SLOTS.fullmatch(clar.slot).group(1))
        for k, candidate in enumerate(clar.candidates[:3]):
            filled = fill(clar.pending, clar.slot, candidate)
            assert _value_at(filled, clar.slot) == candidate, f"{q!r}: {clar.slot} not filled"
            if k == 0:
                assert choose("the first", clar, index) == candidate
    assert kinds == {"gpus", "model", "settings"}


def test_a_price_override_clarification_is_completed_by_the_first(index):
    clar = understand("the 4060 ti costs $399", index)
    assert isinstance(clar, Clarification) and clar.slot == "settings[0].gpu"
    filled = fill(clar.pending, clar.slot, choose("the first", clar, index))
    assert isinstance(filled, SetQuery)
    assert filled.settings[0] == dataclasses.replace(clar.pending.settings[0], gpu="GeForce RTX 4060 Ti 16 GB")


def test_an_unknown_slot_is_an_error_not_a_silent_no_op(index):
    clar = understand("4060 ti vs 3060", index)
    with pytest.raises(ValueError):
        fill(clar.pending, "price", clar.candidates[0])


def test_lexicon_uses_matches_multi_word_english_phrases_as_token_runs():
    """Reading.said looks a list up through Lexicon.uses: a multi-word English entry ("how many years") is found as a
    run of the question's tokens, never inside another word; one-word entries stay whole tokens."""
    from assistant.nlu.parse import lexicon

    lex = lexicon("en")
    spaced = " how many years will a 3090 last "
    tokens = frozenset(spaced.split())
    assert lex.uses("years_left_words", tokens, spaced.strip(), spaced)
    assert not lex.uses("years_left_words", tokens, spaced.strip())  # without the token runs: the old miss
    other = " how many yearsly will a 3090 last "
    assert not lex.uses("years_left_words", frozenset(other.split()), other.strip(), other)
