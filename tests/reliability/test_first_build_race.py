"""A database file another process is creating is no database that lost its data.

Two gpu-advisor processes started together on an empty data folder: one creates kb.sqlite and builds the
knowledge base in it, the other finds the file still 0 bytes. That second process must wait for the first
build and use its result, not report "was empty ... saved prices and settings ... gone". A file emptied
after it held data is still reported (tests/reliability/test_storage_faults.py).
"""

# ruff: noqa: F811 - the fixtures `built_db` and `home` are imported from storage_kit
from __future__ import annotations

import sqlite3
import threading

from storage_kit import built_db, home  # noqa: F401 - fixtures

from assistant.kb import creation, dbfile, store


def _copy_database(source, target) -> None:
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


def test_a_file_a_sibling_is_creating_is_waited_for(home, built_db, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(home))
    monkeypatch.delenv("GPU_ADVISOR_DB", raising=False)
    db = home / "kb.sqlite"
    db.unlink()
    looked, opened = threading.Event(), {}
    inspect = dbfile.inspect_file

    def inspect_and_signal(path):
        verdict = inspect(path)
        looked.set()
        return verdict

    monkeypatch.setattr(dbfile, "inspect_file", inspect_and_signal)
    with creation.creating(db) as interrupted:  # the sibling: its first build is under way
        assert not interrupted
        db.write_bytes(b"")
        worker = threading.Thread(target=lambda: opened.setdefault("handle", store.open_kb()))
        worker.start()
        assert looked.wait(60)  # the second process has seen the 0-byte file
        _copy_database(built_db, db)  # the sibling's build is done
        creation.clear(db)
    worker.join(120)
    handle = opened["handle"]
    assert not any("was empty" in w for w in handle.warnings), handle.warnings
    assert not handle.built  # the sibling's knowledge base was used as it is
    handle.engine.dispose()


def test_an_unfinished_first_build_is_no_data_lost(home, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(home))
    monkeypatch.delenv("GPU_ADVISOR_DB", raising=False)
    db = home / "kb.sqlite"
    db.write_bytes(b"")
    (home / "kb.sqlite.create").write_bytes(b"1")  # a first build killed before it wrote anything
    handle = store.open_kb()
    assert not any("was empty" in w for w in handle.warnings), handle.warnings
    assert handle.built and dbfile.inspect_file(db).kind == "ours"
    handle.engine.dispose()
    assert (home / "kb.sqlite.create").read_bytes() == b""  # finished: a later 0-byte file is reported lost
    db.write_bytes(b"")
    again = store.open_kb()
    assert any("was empty" in w for w in again.warnings), again.warnings
    again.engine.dispose()
