"""Storage faults: damage is repaired keeping the user's saved data; every other fault (full disk,
read-only, busy) leaves the file alone; WAL trouble is reported; repair survives concurrency and
kill -9 at every step. Real processes where a user would run them; faults are real where the
machine allows (tmpfs, read-only bind mount) and injected at the SQLite layer otherwise."""

# ruff: noqa: F811 - the fixtures `built_db` and `home` are imported from storage_kit

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from storage_kit import (  # noqa: F401 - built_db and home are fixtures
    SAVED,
    built_db,
    crash_with_log,
    damage_frame,
    damage_page,
    home,
    log_frames,
    make_stale,
    page_of,
    run,
    saved_prices,
)

from assistant.kb import recovery, store
from assistant.kb.errors import DatabaseProblem
from assistant.kb.reader import KbReader

HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

KEY = SAVED[:2]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _open(home: Path, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(home))
    monkeypatch.delenv("GPU_ADVISOR_DB", raising=False)
    return store.open_kb()


def _asides(home: Path) -> list[Path]:
    return sorted(p for p in home.iterdir() if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm")))


# damage ----------------------------------------------------------------------------------------
def test_a_damaged_kb_page_is_repaired_and_the_saved_price_kept(home):
    damage_page(home / "kb.sqlite", page_of(home / "kb.sqlite", "gpu"))
    proc = run(["ask", "how much is the 4090?"], home)
    assert proc.returncode == 0, proc.stderr
    assert "damaged" in proc.stderr and "kept 1 saved price(s) and 1 setting(s)" in proc.stderr
    assert "1,234" in proc.stdout
    assert saved_prices(home / "kb.sqlite") == {KEY: SAVED[2]}
    assert len(_asides(home)) == 1
    assert not list(home.glob("*.salvage-*"))


def test_a_damaged_user_table_is_reported_as_lost(home):
    damage_page(home / "kb.sqlite", page_of(home / "kb.sqlite", "userpriceoverride"))
    proc = run(["ask", "specs of the 4090"], home)
    assert proc.returncode == 0, proc.stderr
    assert "could not read" in proc.stderr and "userpriceoverride" in proc.stderr
    assert len(_asides(home)) == 1  # the damaged file is kept for a manual rescue


@pytest.mark.slow
def test_eight_processes_meeting_a_damaged_file_repair_it_once(home):
    damage_page(home / "kb.sqlite", page_of(home / "kb.sqlite", "concept"))
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "assistant", "ask", "how much is the 4090?"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )
        for _ in range(8)
    ]
    results = [p.communicate(timeout=HANG_S) for p in procs]
    assert [p.returncode for p in procs] == [0] * 8, [err for _, err in results]
    assert all("1,234" in out for out, _ in results)
    assert sum("moved to" in err for _, err in results) == 1
    assert saved_prices(home / "kb.sqlite") == {KEY: SAVED[2]}
    assert len(_asides(home)) == 1


KILL_POINTS = ["salvaged", "built", "moved_aside", "swapped"]
_KILLER = """
import os, signal, sys
from assistant.kb import recovery
point = sys.argv[1]
def after(name, fn):
    def wrapped(*a, **k):
        out = fn(*a, **k)
        if name == point:
            os.kill(os.getpid(), signal.SIGKILL)
        return out
    return wrapped
recovery.write_salvage = after("salvaged", recovery.write_salvage)
recovery._move_aside = after("moved_aside", recovery._move_aside)
recovery._fsync_dir = after("swapped", recovery._fsync_dir) if point == "swapped" else recovery._fsync_dir
real_recover = recovery.recover
def recover(path, build):
    return real_recover(path, after("built", build))
recovery.recover = recover
from assistant.kb import store
store.open_kb()
"""


@pytest.mark.parametrize("point", KILL_POINTS)
def test_kill_9_at_any_step_of_a_repair_loses_no_saved_price(home, point):
    damage_page(home / "kb.sqlite", page_of(home / "kb.sqlite", "gpu"))
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    killed = subprocess.run([sys.executable, "-c", _KILLER, point], env=env, capture_output=True, timeout=HANG_S)
    assert killed.returncode == -9, killed.stderr
    proc = run(["ask", "how much is the 4090?"], home)
    assert proc.returncode == 0, proc.stderr
    assert "1,234" in proc.stdout
    assert saved_prices(home / "kb.sqlite") == {KEY: SAVED[2]}
    assert not list(home.glob("*.salvage-*")) and not list(home.glob("*.rebuild-*"))


def test_a_repair_killed_after_moving_the_log_aside_keeps_saves_that_were_only_in_the_log(home, tmp_path):
    """The damaged file's -wal moves aside with it: the salvage file is then the only copy of the
    saves not yet copied into the file, so the next repair must take them from there."""
    crashed = tmp_path / "crashed"
    gpu_page = page_of(home / "kb.sqlite", "gpu")
    crash_with_log(home / "kb.sqlite", crashed, _LATER_SAVES)
    damage_page(crashed / "kb.sqlite", gpu_page)
    env = dict(os.environ, GPU_ADVISOR_HOME=str(crashed))
    env.pop("GPU_ADVISOR_DB", None)
    killed = subprocess.run(
        [sys.executable, "-c", _KILLER, "moved_aside"], env=env, capture_output=True, timeout=HANG_S
    )
    assert killed.returncode == -9, killed.stderr
    assert not (crashed / "kb.sqlite-wal").exists()  # the saves now live in the salvage file only
    proc = run(["ask", "how much is the 4090?"], crashed)
    assert proc.returncode == 0, proc.stderr
    assert "1,500" in proc.stdout
    assert saved_prices(crashed / "kb.sqlite") == {KEY: 1500, ("GeForce RTX 3090", "new"): 650}
    assert not list(crashed.glob("*.salvage-*"))


def test_a_builder_that_finds_the_kb_current_under_the_lock_does_not_rebuild(home):
    """Two processes that both saw a stale KB: the second, once it holds the write lock, finds the
    first one's build and leaves it alone (no second rebuild under readers)."""
    engine = store.make_engine(f"sqlite:///{home / 'kb.sqlite'}")
    try:
        assert store.build_kb(engine, store.content_hash(), only_if_stale=True) == 0.0
    finally:
        engine.dispose()


def test_backup_names_are_unique():
    names = {recovery.unique_suffix() for _ in range(50)}
    assert len(names) == 50


# faults that are not damage ---------------------------------------------------------------------
@contextmanager
def _tmpfs(folder: Path, size_kb: int):
    folder.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(folder)], capture_output=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({proc.stderr.decode().strip()}); the injected variant covers it")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _check_full_disk_kept_everything(handle, db: Path, before: str) -> None:
    assert any("disk is full" in w for w in handle.warnings), handle.warnings
    assert handle.url == "sqlite://" and not handle.saves
    assert KbReader(handle.engine).user.price_overrides() == {KEY: SAVED[2]}
    handle.engine.dispose()
    assert _digest(db) == before
    assert saved_prices(db) == {KEY: SAVED[2]}
    assert not _asides(db.parent)


def test_full_disk_during_a_rebuild_on_a_small_tmpfs_leaves_the_file(built_db, tmp_path, monkeypatch):
    size_kb = built_db.stat().st_size // 1024 + 256  # room for the file, not for a rebuild's log
    with _tmpfs(tmp_path / "small", size_kb) as folder:
        shutil.copy2(built_db, folder / "kb.sqlite")
        make_stale(folder / "kb.sqlite")
        before = _digest(folder / "kb.sqlite")
        handle = _open(folder, monkeypatch)
        _check_full_disk_kept_everything(handle, folder / "kb.sqlite", before)


def test_full_disk_injected_at_the_sqlite_layer_leaves_the_file(home, monkeypatch):
    make_stale(home / "kb.sqlite")
    con = sqlite3.connect(home / "kb.sqlite")  # an older, smaller KB: the rebuild has to grow the file
    with con:
        con.execute("DELETE FROM gpualias")
    con.execute("VACUUM")
    con.close()
    before = _digest(home / "kb.sqlite")
    pages = (home / "kb.sqlite").stat().st_size // 4096
    real = store._sqlite_connect

    def full(dbapi_conn, record):  # SQLite answers SQLITE_FULL once the file would grow past its size
        real(dbapi_conn, record)
        if dbapi_conn.execute("PRAGMA database_list").fetchone()[2]:  # the file, not the in-memory fallback
            dbapi_conn.execute(f"PRAGMA max_page_count = {pages}")

    monkeypatch.setattr(store, "_sqlite_connect", full)
    handle = _open(home, monkeypatch)
    _check_full_disk_kept_everything(handle, home / "kb.sqlite", before)


@contextmanager
def _read_only(folder: Path):
    """The folder read-only even for root: a read-only bind mount, else permissions."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    subprocess.run(["mount", "--bind", str(folder), str(folder)], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)], check=True)
        yield
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.parametrize("stale", [False, True], ids=["current", "needs-rebuild"])
def test_a_read_only_database_is_used_as_it_is(home, stale):
    if stale:
        make_stale(home / "kb.sqlite")
    before = _digest(home / "kb.sqlite")
    with _read_only(home):
        proc = run(["ask", "how much is the 4090?"], home)
        after = _digest(home / "kb.sqlite")
    assert proc.returncode == 0, proc.stderr
    assert "1,234" in proc.stdout
    assert "read-only" in proc.stderr and "not saved" in proc.stderr
    assert after == before and not _asides(home)


def test_a_busy_database_is_reported_not_repaired(home, monkeypatch):
    make_stale(home / "kb.sqlite")
    monkeypatch.setattr(recovery, "BUSY_SECONDS", 0.2)
    holder = sqlite3.connect(home / "kb.sqlite", isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseProblem, match="busy"):
            _open(home, monkeypatch)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not _asides(home) and saved_prices(home / "kb.sqlite") == {KEY: SAVED[2]}


# the write-ahead log ----------------------------------------------------------------------------
def test_after_an_answer_the_database_file_alone_holds_everything(home, tmp_path):
    proc = run(["ask", "the 3090 costs $650, remember this"], home)
    assert proc.returncode == 0, proc.stderr
    backup = tmp_path / "backup.sqlite"
    shutil.copy2(home / "kb.sqlite", backup)  # a backup that forgets the -wal file
    assert saved_prices(backup)[("GeForce RTX 4090", "new")] == SAVED[2]
    assert saved_prices(backup)[("GeForce RTX 3090", "new")] == 650
    assert len(saved_prices(backup)) == len(saved_prices(home / "kb.sqlite"))
    con = sqlite3.connect(backup)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_a_rebuild_reaches_the_database_file_while_another_program_keeps_it_open(home, tmp_path):
    """With another connection open, closing ours does not checkpoint: the rebuild must be copied
    into kb.sqlite by gpu-advisor itself, or a backup of the file alone holds a stale KB."""
    make_stale(home / "kb.sqlite")
    other = sqlite3.connect(home / "kb.sqlite")
    try:
        other.execute("SELECT count(*) FROM kbmeta").fetchone()  # open, outside any transaction
        proc = run(["ask", "specs of the 4090"], home)
        assert proc.returncode == 0, proc.stderr
        backup = tmp_path / "backup.sqlite"
        shutil.copy2(home / "kb.sqlite", backup)  # while the -wal still exists beside the original
    finally:
        other.close()
    con = sqlite3.connect(f"file:{backup}?mode=ro&immutable=1", uri=True)
    built = con.execute("SELECT value FROM kbmeta WHERE key = 'content_hash'").fetchone()[0]
    con.close()
    assert built == store.content_hash()


def test_a_damaged_write_ahead_log_is_reported_and_kept(home):
    (home / "kb.sqlite-wal").write_bytes(b"\x00garbage" * 700)
    proc = run(["ask", "how much is the 4090?"], home)
    assert proc.returncode == 0, proc.stderr
    assert "write-ahead log" in proc.stderr and "Nothing in the log could be read" in proc.stderr
    assert "1,234" in proc.stdout
    assert len(list(home.glob("kb.sqlite-wal.damaged-*"))) == 1


_LATER_SAVES = [
    "UPDATE userpriceoverride SET usd = 1500 WHERE gpu_name = 'GeForce RTX 4090'",
    "INSERT INTO userpriceoverride VALUES ('GeForce RTX 3090', 'new', 650, '')",
    "INSERT OR REPLACE INTO usersetting VALUES ('years', '5')",
]


def _sqlite_alone_sees(db: Path, scratch: Path) -> dict:
    """What SQLite itself recovers from the file and its log (on a copy)."""
    scratch.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy2(db.with_name(db.name + suffix), scratch / (db.name + suffix))
    return saved_prices(scratch / db.name)


def test_committed_saves_behind_a_damaged_log_frame_are_rescued(home, tmp_path):
    crashed = tmp_path / "crashed"
    crash_with_log(home / "kb.sqlite", crashed, _LATER_SAVES)
    damage_frame(crashed / "kb.sqlite", 1)  # SQLite drops this frame and every one after it
    assert _sqlite_alone_sees(crashed / "kb.sqlite", tmp_path / "plain") == {KEY: SAVED[2]}  # the fault is real
    proc = run(["ask", "how much is the 4090?"], crashed)
    assert proc.returncode == 0, proc.stderr
    assert "damaged" in proc.stderr and "Rescued from the intact part of the log: 2 saved price(s)" in proc.stderr
    assert "1,500" in proc.stdout
    assert saved_prices(crashed / "kb.sqlite") == {KEY: 1500, ("GeForce RTX 3090", "new"): 650}
    assert len(list(crashed.glob("kb.sqlite-wal.damaged-*"))) == 1 and not list(crashed.glob("*.salvage-*"))


def test_a_lost_log_frame_holding_saved_prices_is_reported(home, tmp_path):
    crashed = tmp_path / "crashed"
    crash_with_log(home / "kb.sqlite", crashed, _LATER_SAVES)
    frames = log_frames(crashed / "kb.sqlite")
    prices_page = page_of(home / "kb.sqlite", "userpriceoverride")
    last = max(n for n, (page, _) in enumerate(frames, 1) if page == prices_page)
    assert any(commit for _, commit in frames[last:]), frames  # a later commit (the setting) survives
    damage_frame(crashed / "kb.sqlite", last)
    proc = run(["ask", "how much is the 4090?"], crashed)
    assert proc.returncode == 0, proc.stderr
    assert "Changes to your saved prices written in the damaged part are lost" in proc.stderr
    con = sqlite3.connect(crashed / "kb.sqlite")
    assert con.execute("SELECT value FROM usersetting WHERE key = 'years'").fetchone() == ("5",)
    con.close()


def test_an_emptied_database_file_is_reported(home):
    (home / "kb.sqlite").write_bytes(b"")
    proc = run(["ask", "specs of the 4090"], home)
    assert proc.returncode == 0 and "was empty" in proc.stderr


# not our file -----------------------------------------------------------------------------------
def _someone_elses(path: Path, tables: str) -> str:
    con = sqlite3.connect(path)
    con.executescript(tables)
    con.commit()
    con.close()
    return _digest(path)


def test_a_database_with_other_tables_is_refused_untouched(tmp_path):
    db = tmp_path / "theirs.db"
    before = _someone_elses(db, "CREATE TABLE price(x); INSERT INTO price VALUES (42);")
    for flags in ([], ["--allow-foreign-db"]):
        proc = run([*flags, "--db", f"sqlite:///{db}", "ask", "specs of the 4090"], tmp_path)
        assert proc.returncode == 1 and "left untouched" in proc.stderr and "Traceback" not in proc.stderr
        assert _digest(db) == before


def test_allow_foreign_db_adds_our_tables_beside_theirs(tmp_path):
    db = tmp_path / "shared.db"
    _someone_elses(db, "CREATE TABLE customers(name); INSERT INTO customers VALUES ('ada');")
    url = f"sqlite:///{db}"
    assert run(["--db", url, "ask", "specs of the 4090"], tmp_path).returncode == 1
    proc = run(["--allow-foreign-db", "--db", url, "ask", "specs of the 4090"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    con = sqlite3.connect(db)
    assert con.execute("SELECT name FROM customers").fetchall() == [("ada",)]
    assert con.execute("PRAGMA application_id").fetchone()[0] == 0  # their header is not stamped
    con.close()
    assert run(["--db", url, "ask", "specs of the 4090"], tmp_path).returncode == 0  # signed: ours beside theirs


@pytest.mark.parametrize("kind", ["fifo", "text", "folder"])
def test_a_path_that_is_not_a_database_file_is_refused(tmp_path, kind):
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "text":
        target.write_text("my notes\n")
    else:
        target.mkdir()
    proc = run(["--db", f"sqlite:///{target}", "ask", "specs of the 4090"], tmp_path, timeout=HANG_S)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "not a" in proc.stderr
    assert kind != "text" or target.read_text() == "my notes\n"
