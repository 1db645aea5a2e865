"""A modified card (memory re-soldered outside the vendor) is its base chip: same figures, same rating
apart from the memory effects the models state (the batch-size factor of §perf.batch)."""

from __future__ import annotations

import dataclasses

import pytest

from assistant import paths
from assistant.kb.modified_cards import modified_pairs
from assistant.models.performance import relative_performance

PAIRS = modified_pairs(paths.knowledge_dir())
OWN = {"name", "memory_gb", "slot_width", "tpu_url", "source", "overridden", "board_length_mm", "board_width_mm"}


def test_there_are_modified_cards():
    assert ("GeForce RTX 4090 48 GB", "GeForce RTX 4090") in PAIRS
    assert ("GeForce RTX 2080 Ti 22 GB", "GeForce RTX 2080 Ti") in PAIRS


@pytest.mark.parametrize(("card", "base"), PAIRS)
def test_modified_card_has_its_base_chip(kb, card, base):
    mine, theirs = dataclasses.asdict(kb.gpu(card)), dataclasses.asdict(kb.gpu(base))
    differ = {k for k in mine if mine[k] != theirs[k]} - OWN
    assert not differ, {k: (mine[k], theirs[k]) for k in differ}


@pytest.mark.parametrize(("card", "base"), PAIRS)
@pytest.mark.parametrize("workload", ["train16", "train32", "infer16", "infer8"])
def test_modified_card_rates_as_its_base_chip(kb, card, base, workload):
    mine = relative_performance(kb.gpu(card), workload, batch_policy="none")
    theirs = relative_performance(kb.gpu(base), workload, batch_policy="none")
    assert mine.score == pytest.approx(theirs.score, rel=1e-9)


def test_more_memory_only_helps_through_the_batch_factor(kb):
    small = relative_performance(kb.gpu("GeForce RTX 2080 Ti"), "train16")
    big = relative_performance(kb.gpu("GeForce RTX 2080 Ti 22 GB"), "train16")
    factor = {f.name: f.value for f in small.factors}["batch-size factor"]
    assert factor < 1 and big.score == pytest.approx(small.score / factor * _batch(big), rel=1e-9)


def _batch(p):
    return {f.name: f.value for f in p.factors}["batch-size factor"]
