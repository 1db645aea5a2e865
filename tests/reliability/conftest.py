"""Fixtures of the failure suite: a built knowledge base holding one saved price and one setting.
Each test copies the built file, so the KB is built once per test session."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from storage_kit import SAVED, run


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test that runs many processes (deselect with -m 'not slow')")


@pytest.fixture(scope="session")
def built_db(tmp_path_factory) -> Path:
    """kb.sqlite with the RTX 4090 saved at $1234 and one setting, built through the CLI."""
    home = tmp_path_factory.mktemp("built")
    proc = run(["ask", "specs of the 4090"], home)
    assert proc.returncode == 0, proc.stderr
    con = sqlite3.connect(home / "kb.sqlite")
    with con:
        con.execute("DELETE FROM userpriceoverride")
        con.execute("INSERT INTO userpriceoverride (gpu_name, condition, usd, set_at) VALUES (?, ?, ?, '')", SAVED)
        con.execute("INSERT OR REPLACE INTO usersetting (key, value) VALUES ('years', '3')")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    assert not (home / "kb.sqlite-wal").exists() or (home / "kb.sqlite-wal").stat().st_size == 0
    return home / "kb.sqlite"


@pytest.fixture
def home(built_db, tmp_path) -> Path:
    """A data folder holding a copy of the built database."""
    folder = tmp_path / "home"
    folder.mkdir()
    shutil.copy2(built_db, folder / "kb.sqlite")
    return folder
