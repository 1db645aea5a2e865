"""Unit checks of the understanding layer that the corpus does not express."""

from __future__ import annotations

import assistant.nlu
import assistant.nlu.picking  # noqa: F401 - importing the submodule must not shadow the function
from assistant.engine import Engine
from assistant.nlu import NameIndex, choose, understand
from assistant.queries import Clarification, CompareQuery, Query


def test_never_raises_on_odd_input(kb):
    """Noise asks back (an unparsed clarification with a message); a real question among odd
    input is still read. (Was `isinstance(...) or result.intent`: true for any query at all.)"""
    index = NameIndex.from_reader(kb)
    for text in [
        "",
        " ",
        "?" * 5000,
        "x" * 100_000,
        "\x00\x1b[31m",
        "SELECT * FROM gpus; --",
        "🤖" * 50,
        "rtx " * 2000,
        "1" * 400,
        "$" * 100,
        "ti ti ti",
        None,
        42,
    ]:
        result = understand(text, index)
        assert isinstance(result, Clarification) and result.kind == "unparsed" and result.message, repr(text)[:40]
    assert isinstance(understand("9" * 30 + "b", index), (Query, Clarification))  # an absurd model size: read
    compare = understand("4090和3090哪个适合训练", index)
    assert isinstance(compare, CompareQuery) and len(compare.gpus) == 2


def test_ambiguous_gpu_carries_pending_and_slot(kb):
    index = NameIndex.from_reader(kb)
    clar = understand("4060 ti vs 3060", index)
    assert isinstance(clar, Clarification) and clar.kind == "ambiguous_gpu"
    assert clar.slot == "gpus[0]" and isinstance(clar.pending, CompareQuery)
    assert choose("the 16 GB one", clar, index) == "GeForce RTX 4060 Ti 16 GB"
    assert choose("the second", clar, index) == clar.candidates[1]
    assert choose("8gb", clar, index) == "GeForce RTX 4060 Ti 8 GB"
    assert choose("no idea", clar, index) is None


def test_unknown_gpu_suggests_neighbours(kb):
    index = NameIndex.from_reader(kb)
    clar = understand("rtx 9090 specs", index)
    assert clar.kind == "unknown_gpu"
    assert clar.candidates[:2] == ("GeForce RTX 5090", "GeForce RTX 4090")
    assert "RTX 5090" in clar.message


def test_distinct_products_stay_distinct(kb):
    index = NameIndex.from_reader(kb)
    names = {q: understand(q, index).gpus[0].name for q in ["4090", "4090 laptop", "3080", "3080 12gb"]}
    assert len(set(names.values())) == 4


def test_default_variant_is_marked_assumed(kb):
    index = NameIndex.from_reader(kb)
    ref = understand("a100 specs", index).gpus[0]
    assert ref.name == "A100 SXM4 80 GB" and ref.assumed
    assert not understand("4090 specs", index).gpus[0].assumed


def test_variant_of_names_the_sibling_asked_for_and_nothing_else(kb):
    engine = Engine(kb, NameIndex.from_reader(kb))
    assert engine.variant_of("GeForce RTX 3080", "ti") == "GeForce RTX 3080 Ti"
    assert engine.variant_of("GeForce RTX 4090", "laptop") == "GeForce RTX 4090 Mobile"
    assert engine.variant_of("GeForce RTX 4080", "super") == "GeForce RTX 4080 SUPER"
    assert engine.variant_of("Radeon RX 7900 XT", "the xtx") == "Radeon RX 7900 XTX"
    assert engine.variant_of("GeForce RTX 4060 Ti 8 GB", "16gb") == "GeForce RTX 4060 Ti 16 GB"
    assert engine.variant_of("GeForce RTX 4090 Mobile", "desktop one") == "GeForce RTX 4090"
    # words the card already has ask for no other card: never the modified 22 GB 2080 Ti, never the 4090 D
    assert engine.variant_of("GeForce RTX 2080 Ti", "the ti") is None
    assert engine.variant_of("GeForce RTX 3060 12 GB", "12gb") is None
    assert engine.variant_of("GeForce RTX 4090", "desktop") is None


def test_choose_is_the_function_not_a_module():
    assert callable(assistant.nlu.choose) and assistant.nlu.choose.__module__ == "assistant.nlu"


def test_chinese_clarifications_and_replies(kb):
    index = NameIndex.from_reader(kb)
    clar = understand("4060 ti 和 3060 哪个好", index)
    assert clar.kind == "ambiguous_gpu" and clar.extras["lang"] == "zh" and "哪一张" in clar.message
    assert choose("第一个", clar, index) == clar.candidates[0]
    assert choose("16G的", clar, index) == "GeForce RTX 4060 Ti 16 GB"
    assert choose("后者", clar, index) == clar.candidates[1]
    laptop = understand("4090 和 3090", index)
    assert isinstance(laptop, CompareQuery)
    unparsed = understand("今天天气怎么样", index)
    assert unparsed.kind == "unparsed" and unparsed.extras["lang"] == "zh" and "没看懂" in unparsed.message
    missing = understand("4090和", index)
    # the second GPU of "4090和" comes from the conversation (the dialogue asks when there is none)
    assert isinstance(missing, CompareQuery) and missing.gpus[1].pronoun == "context"
    assert understand("4060 ti vs 3060", index).extras["lang"] == "en"
