"""GPU names: every name exactly as the knowledge base holds it resolves to that GPU (with or without
its vendor), variant words always count, and shorthand people type resolves to the product meant."""

from __future__ import annotations

import pytest

from assistant.nlu import NameIndex, understand
from assistant.queries import Clarification


@pytest.fixture(scope="module")
def index(kb):
    return NameIndex.from_reader(kb)


def _resolved(q):
    if isinstance(q, Clarification) or not getattr(q, "gpus", ()):
        return None
    return q.gpus[0].name


def test_every_kb_name_resolves_to_itself(kb, index):
    wrong = []
    for e in kb.name_entries:
        forms = [e.name]
        if not e.name.lower().startswith(e.vendor.lower()):
            forms.append(f"{e.vendor} {e.name}")
        for form in forms:
            got = _resolved(understand(f"{form} specs", index))
            if got != e.name:
                wrong.append(f"{form!r} -> {got!r}")
    assert not wrong, f"{len(wrong)} names do not resolve to themselves:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize(
    "text,name",
    [
        ("4070tis vs 3090", "GeForce RTX 4070 Ti SUPER"),
        ("4070 ti super specs", "GeForce RTX 4070 Ti SUPER"),
        ("a6k vs 3090", "RTX A6000"),
        ("3090s for training", "GeForce RTX 3090"),
        ("h100 sxm specs", "H100 SXM5 80 GB"),
        ("h100 pcie specs", "H100 PCIe 80 GB"),
        ("h100 nvl specs", "H100 NVL 94 GB"),
        ("4090d specs", "GeForce RTX 4090 D"),
        ("5090d vs 5090", "GeForce RTX 5090 D"),
        ("a6000 ada price", "RTX 6000 Ada Generation"),
        ("rtx pro 6000 specs", "RTX PRO 6000 Blackwell"),
        ("3060 12g for stable diffusion", "GeForce RTX 3060 12 GB"),
        ("4060ti 16g specs", "GeForce RTX 4060 Ti 16 GB"),
        ("mi300x vs h100", "Radeon Instinct MI300X"),
        ("7900xtx vs 4090", "Radeon RX 7900 XTX"),
        ("rtx 4060 8gb specs", "GeForce RTX 4060"),
        ("rtx 5090 32gb specs", "GeForce RTX 5090"),
        ("nvidia a40 specs", "A40 PCIe"),
        ("a40 vs a6000", "A40 PCIe"),
        ("intel arc b580 specs", "Arc B580"),
        ("4090 laptop specs", "GeForce RTX 4090 Mobile"),
        ("3080 max-q specs", "GeForce RTX 3080 Max-Q"),
        ("4090显卡多少钱", "GeForce RTX 4090"),
        ("3090ti和4090哪个好", "GeForce RTX 3090 Ti"),
        ("macbook pro m4 max specs", "Apple M4 Max 128 GB"),
        ("mac studio m2 ultra specs", "Apple M2 Ultra 192 GB"),
        ("dgx spark vs 5090", "GB10"),
    ],
)
def test_shorthand_resolves_to_the_product_meant(index, text, name):
    assert _resolved(understand(text, index)) == name


@pytest.mark.parametrize(
    "text,nearest",
    [
        ("rtx 4060 16gb specs", "GeForce RTX 4060 Ti 16 GB"),  # a memory size the 4060 never had
        ("2080ti 22g specs", "GeForce RTX 2080 Ti"),  # a modded card: not the stock 11 GB one
        ("rtx 4090 ti specs", "GeForce RTX 4090"),  # a tier word that does not exist
        ("4090 48gb specs", "GeForce RTX 4090"),
    ],
)
def test_variant_words_always_count(index, text, nearest):
    q = understand(text, index)
    assert isinstance(q, Clarification) and q.kind == "unknown_gpu", q
    assert q.candidates[0] == nearest


@pytest.mark.parametrize(
    "text",
    ["macbook m3 max specs", "m1 pro specs", "macbook air m2 specs", "huawei ascend 910b specs"],
)
def test_devices_not_in_the_kb_are_unknown_not_a_namesake(index, text):
    q = understand(text, index)
    assert isinstance(q, Clarification) and q.kind == "unknown_gpu", q
    assert not any("GRID" in c or "Tesla M" in c or "Rage" in c for c in q.candidates), q.candidates


def test_suggestions_keep_the_letter_prefix(index):
    q = understand("h20 specs", index)
    assert isinstance(q, Clarification) and q.kind == "unknown_gpu"
    assert q.candidates and all(c.startswith("H") for c in q.candidates), q.candidates


def test_a_tier_family_asks_which(index):
    q = understand("radeon 7900 specs", index)
    assert isinstance(q, Clarification) and q.kind == "ambiguous_gpu"
    assert set(q.candidates) >= {"Radeon RX 7900 XTX", "Radeon RX 7900 XT"}
