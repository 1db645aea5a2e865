"""The fast read path (stdlib sqlite3 on an up-to-date SQLite KB of ours) reads the same values as
the SQLAlchemy path (so the dialogue suite, which runs on the fast path, holds for both), is taken only
when the full path would accept the file as it is. (That the one-shot `ask` on it loads no heavy library is
tests/test_one_shot_imports.py's.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.kb.fast_open import open_fast
from assistant.kb.reader import KbReader
from assistant.kb.rows import SqliteRows
from assistant.kb.store import open_kb


@pytest.fixture(scope="module")
def built_kb(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fast") / "kb.sqlite"
    handle = open_kb(f"sqlite:///{path}")
    handle.engine.dispose()
    return path


def test_an_up_to_date_kb_of_ours_opens_without_sqlalchemy(built_kb):
    rows = open_fast(f"sqlite:///{built_kb}")
    assert isinstance(rows, SqliteRows)
    rows.close()


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", "postgresql://u@h/db", "sqlite:///x.db?mode=ro"])
def test_other_urls_take_the_full_path(url):
    assert open_fast(url) is None


def test_a_stale_missing_or_foreign_file_takes_the_full_path(built_kb, tmp_path):
    assert open_fast(f"sqlite:///{tmp_path / 'absent.sqlite'}") is None
    stale = tmp_path / "stale.sqlite"
    stale.write_bytes(built_kb.read_bytes())
    rows = SqliteRows(stale)
    rows.write([("UPDATE kbmeta SET value = 'old' WHERE key = 'content_hash'", {})])
    rows.close()
    assert open_fast(f"sqlite:///{stale}") is None
    foreign = tmp_path / "foreign.sqlite"
    con = __import__("sqlite3").connect(foreign)
    con.execute("CREATE TABLE gpu (x)")
    con.close()
    assert open_fast(f"sqlite:///{foreign}") is None


def test_a_damaged_file_takes_the_full_path(built_kb, tmp_path):
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(built_kb.read_bytes())
    page = 4096
    data[page * 40 : page * 40 + 512] = b"\xff" * 512  # a page in the middle of the GPU table
    damaged.write_bytes(bytes(data))
    assert open_fast(f"sqlite:///{damaged}") is None


def test_both_paths_read_the_same_rows(built_kb):
    """Every read of KbReader gives equal values on both paths: the answers are computed from these values
    only, so the dialogue suite (run on the fast path, tests/conftest.py) holds for the SQLAlchemy path too."""
    fast = KbReader(open_fast(f"sqlite:///{built_kb}"))
    handle = open_kb(f"sqlite:///{built_kb}")
    slow = KbReader(handle.engine)
    assert fast.all_gpus() == slow.all_gpus() and fast.unified_gpus() == slow.unified_gpus()
    assert fast.name_entries == slow.name_entries
    assert fast.models == slow.models and fast.concepts == slow.concepts
    snapshots = slow.price_snapshots()
    assert fast.price_snapshots() == snapshots and "current" in snapshots
    for snapshot in snapshots:
        assert fast.prices(snapshot) == slow.prices(snapshot), snapshot
    assert fast.cloud_rates() == slow.cloud_rates()
    assert fast.gpus(["GeForce RTX 4090", "GeForce RTX 3090"]) == slow.gpus(["GeForce RTX 4090", "GeForce RTX 3090"])
    assert fast.sources == slow.sources and fast.meta() == slow.meta() and fast.table_counts() == slow.table_counts()
    assert fast._exchange_rates == slow._exchange_rates and fast.exchange_rate("CNY") is not None  # every row
    assert fast._household_electricity == slow._household_electricity and fast.household_electricity("CNY")
    fast.user.set_price_override("GeForce RTX 3090", 650.0, "used")
    fast.user.set_setting("electricity", "0.3")
    assert slow.user.price_overrides() == {("GeForce RTX 3090", "used"): 650.0}
    assert slow.user.settings() == fast.user.settings() == {"electricity": "0.3"}
    slow.user.clear_price_override("GeForce RTX 3090")
    slow.user.clear_settings()
    again = KbReader(open_fast(f"sqlite:///{built_kb}"))
    assert again.user.price_overrides() == {} and again.user.settings() == {}
    handle.engine.dispose()


def test_the_dialogues_run_on_the_fast_path(request):
    """The `.dialogue` items run on the file read path a returning user's chat takes (tests/conftest.py)."""
    from assistant.testing.plugin import _session

    session = _session(request.config)
    assert session.handle is None and session.reader.db.persistent
