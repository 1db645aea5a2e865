"""The question corpora (tests/nlu/cases.toml, cases_zh.toml): every case must parse to the expected query."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.nlu import NameIndex, understand
from assistant.nlu.corpus import check, load

CASES = Path(__file__).with_name("cases.toml")
CASES_ZH = Path(__file__).with_name("cases_zh.toml")


@pytest.fixture(scope="session")
def index(kb) -> NameIndex:
    return NameIndex.from_reader(kb)


@pytest.mark.parametrize("path,minimum", [(CASES, 300), (CASES_ZH, 120)], ids=["en", "zh"])
def test_corpus(index, path, minimum):
    labels, cases = load(path)
    assert len(cases) >= minimum
    unknown_labels = {
        x
        for _, c in cases
        for key in ("gpus", "candidates")
        for x in c.get(key, ())
        if not x.startswith("@") and x != "?" and x not in labels and not index.is_gpu_name(x)
    }
    assert not unknown_labels, f"labels missing from [gpu]: {sorted(unknown_labels)}"
    for label, name in labels.items():
        assert index.is_gpu_name(name), f"[gpu] {label} = {name!r} is not a KB name"
    failures = []
    for group, case in cases:
        problems = check(case, understand(case["q"], index), labels, index)
        if problems:
            failures.append(f"[{group}] {case['q']!r}: " + "; ".join(problems))
    assert not failures, f"{len(failures)} of {len(cases)} cases fail:\n" + "\n".join(failures)
