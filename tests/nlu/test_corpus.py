"""The question corpora (tests/nlu/*.toml, see assistant/nlu/corpus.py): one pytest item per case.

Select one case with `-k`, e.g. `scripts/test tests/nlu/test_corpus.py -k forum_en-spec-4070tis_specs`.
A case the parser does not get right yet carries `xfail = "<kind>: <what goes wrong>"` and runs as a
strict xfail: it must keep failing until a fix lands, then the mark has to go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.names import apple_chip
from assistant.nlu import NameIndex, understand
from assistant.nlu.corpus import FILES, KNOWN_KEYS, check, load

HERE = Path(__file__).parent
MINIMUM = {"cases.toml": 300, "cases_zh.toml": 120, "forum_en.toml": 1000, "forum_zh.toml": 600}
CORPORA = {name: load(HERE / name) for names in FILES.values() for name in names if (HERE / name).exists()}


def _params():
    for corpus in CORPORA.values():
        for case in corpus.cases:
            marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
            yield pytest.param(corpus, case, id=case.id, marks=marks)


@pytest.fixture(scope="session")
def index(kb) -> NameIndex:
    return NameIndex.from_reader(kb)


@pytest.mark.parametrize("corpus,case", _params())
def test_case(index, corpus, case):
    problems = check(case.data, understand(case.q, index), corpus, index)
    assert not problems, f"{case.q!r}: " + "; ".join(problems)


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_corpus_is_well_formed(index, name):
    corpus = CORPORA[name]
    assert len(corpus.cases) >= MINIMUM.get(name, 1)
    for label, gpu in corpus.labels.items():
        assert index.is_gpu_name(gpu), f"[gpu] {label} = {gpu!r} is not a KB name (list it under [future_gpu])"
    assert not set(corpus.labels) & set(corpus.future_gpus), "a label is both a KB GPU and a future one"
    problems = []
    for case in corpus.cases:
        data = case.data
        if set(data) - KNOWN_KEYS:
            problems.append(f"{case.id}: unknown keys {sorted(set(data) - KNOWN_KEYS)}")
        for key in ("gpus", "candidates"):
            for x in data.get(key, ()):
                if x.startswith("@") or x == "?" or x in corpus.labels or x in corpus.future_gpus:
                    continue
                if not index.is_gpu_name(x) and not _configuration_of_known_chip(x, index):
                    problems.append(f"{case.id}: GPU label {x!r} is neither in [gpu], [future_gpu] nor a KB name")
        model = data.get("model")
        if model and model not in index.model_info and model not in corpus.future_models:
            problems.append(f"{case.id}: model {model!r} is neither a KB key nor in [future_model]")
        if "xfail" in data and not str(data["xfail"]).strip():
            problems.append(f"{case.id}: an xfail needs a reason")
    assert not problems, "\n".join(problems)


def _configuration_of_known_chip(name: str, index) -> bool:
    """ "Apple M4 Max 64 GB": a memory configuration of a chip the KB holds (kb/memory_configs.py derives it)."""
    chip = apple_chip(name)
    return chip is not None and any(apple_chip(n) == chip for n in index.names)
