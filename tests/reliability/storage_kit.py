"""Helpers and fixtures of the failure suite: run the CLI in a data folder, read saved prices, damage
pages; `built_db` (a KB with one saved price and one setting, built once) and `home` (a copy of it).
Test modules import the fixtures by name."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).with_name("gpu-advisor"))
SAVED = ("GeForce RTX 4090", "new", 1234.0)


def env_for(home: Path, **extra: str) -> dict:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home), **extra)
    env.pop("GPU_ADVISOR_DB", None)
    return env


def run(args: list[str], home: Path, timeout: float = 180, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *args], env=env_for(home), capture_output=True, text=True, timeout=timeout, **kw)


def saved_prices(db: Path) -> dict:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {(g, c): usd for g, c, usd in con.execute("SELECT gpu_name, condition, usd FROM userpriceoverride")}
    finally:
        con.close()


def page_of(db: Path, table: str) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    finally:
        con.close()


def damage_page(db: Path, page: int, size: int = 4096) -> None:
    with open(db, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xa5" * size)


def make_stale(db: Path) -> None:
    """Pretend the knowledge files changed: the next use rebuilds the KB tables."""
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE kbmeta SET value = 'stale' WHERE key = 'content_hash'")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


@pytest.fixture(scope="session")
def built_db(returning_home, tmp_path_factory) -> Path:
    """kb.sqlite with the RTX 4090 saved at $1234 and one setting: the KB the CLI built for the test
    session's `returning_home` (tests/conftest.py), copied with its start-up caches (one build per
    test process, not one per fixture)."""
    home = tmp_path_factory.mktemp("built")
    shutil.copytree(returning_home, home, dirs_exist_ok=True)
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
    """A data folder holding a copy of the built database and of the start-up caches beside it (as a
    returning user has them: the faults under test are the database's, not a cold start's)."""
    folder = tmp_path / "home"
    folder.mkdir()
    shutil.copy2(built_db, folder / "kb.sqlite")
    shutil.copytree(built_db.parent / "cache", folder / "cache")
    return folder


def crash_with_log(db: Path, target: Path, statements: list[str]) -> None:
    """Run each statement as its own transaction in WAL mode, then copy the file and its -wal to the
    folder `target` while the connection is still open: the state a crash leaves (changes only in the log)."""
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    for sql in statements:
        con.execute(sql)
    target.mkdir(exist_ok=True)
    for suffix in ("", "-wal"):
        shutil.copy2(db.with_name(db.name + suffix), target / (db.name + suffix))
    con.close()


def log_frames(db: Path) -> list[tuple[int, int]]:
    """(page number, commit size) of every frame in the -wal beside `db` (4096-byte pages)."""
    log = db.with_name(db.name + "-wal").read_bytes()
    return [
        (int.from_bytes(log[o : o + 4], "big"), int.from_bytes(log[o + 4 : o + 8], "big"))
        for o in range(32, len(log) - 4120 + 1, 4120)
    ]


def damage_frame(db: Path, number: int) -> None:
    """Overwrite bytes in the page data of frame `number` (1-based) of the -wal beside `db`."""
    with open(db.with_name(db.name + "-wal"), "r+b") as f:
        f.seek(32 + (number - 1) * 4120 + 24 + 512)
        f.write(b"\xa5" * 64)
