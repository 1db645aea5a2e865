"""Repair a damaged SQLite knowledge base without losing the user's data, even when killed.

Contract: `recover(path, build)` runs under an exclusive lock (`<db>.lock`, one recoverer
at a time; the others wait and then find the file repaired). Order, so that kill -9 at any
point loses nothing: (1) the user tables are read from the damaged file and written to a
fsynced `<db>.salvage-<unique>.json`; (2) a complete new database is built next to it by
`build(path_of_new_file, user_data)`; (3) the damaged file is hard-linked to
`<db>.corrupt-<time>-<pid>-<random>` and its -wal/-shm moved beside it; (4) the new file
atomically replaces the damaged one; (5) the salvage file is deleted. A salvage file left by
an interrupted repair is merged into the next one, or restored into a healthy database by
`restore_pending`; so is one written by `write_salvage` with rows rescued from a damaged
write-ahead log (`newer`: they win over the file's own rows). `recover` returns a `Repair`
saying exactly what was kept and what could not be read.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from assistant.kb.faults import CorruptDatabase

BUSY_SECONDS = 30.0  # how long a connection waits for another process's lock
USER_TABLES = {
    "userpriceoverride": ("gpu_name", "condition", "usd", "set_at"),
    "usersetting": ("key", "value"),
}


@dataclass
class UserData:
    """The user's own rows rescued from a damaged database, with the tables that could not be read."""

    rows: dict[str, list[dict]] = field(default_factory=lambda: {t: [] for t in USER_TABLES})
    problems: list[str] = field(default_factory=list)  # tables that could not be read, and why
    newer: bool = False  # rescued from a damaged write-ahead log: newer than the database's own rows

    def merge(self, other: UserData) -> None:
        for table, rows in other.rows.items():
            have = {_key(table, r) for r in self.rows[table]}
            self.rows[table] += [r for r in rows if _key(table, r) not in have]
        self.problems += other.problems
        self.newer = self.newer or other.newer

    def counts(self) -> tuple[int, int]:
        return len(self.rows["userpriceoverride"]), len(self.rows["usersetting"])


@dataclass
class Repair:
    """A repaired database: where the damaged file was put aside and the user data carried over."""

    aside: Path | None  # where the damaged file went; None when another process had repaired it
    data: UserData


def _key(table: str, row: dict) -> tuple:
    return (row["gpu_name"], row["condition"]) if table == "userpriceoverride" else (row["key"],)


def unique_suffix() -> str:
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{os.urandom(3).hex()}"


@contextmanager
def exclusive(path: Path) -> Iterator[None]:
    """Hold `<db>.lock` exclusively; released by the kernel if the process dies."""
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def healthy(path: Path) -> bool:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_SECONDS)
        try:
            return con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            con.close()
    except sqlite3.Error:
        return False


def read_user_data(path: Path, immutable: bool = False) -> UserData:
    """Every user row that can still be read; a table that cannot is named in `problems`."""
    data = UserData()
    mode = "ro&immutable=1" if immutable else "ro"
    try:
        con = sqlite3.connect(f"file:{path}?mode={mode}", uri=True, timeout=BUSY_SECONDS)
    except sqlite3.Error as exc:
        data.problems.append(f"{path.name}: {exc}")
        return data
    con.row_factory = sqlite3.Row
    try:
        for table, columns in USER_TABLES.items():
            try:
                data.rows[table] = [dict(r) for r in con.execute(f"SELECT {', '.join(columns)} FROM {table}")]
            except sqlite3.Error as exc:
                if "no such table" not in str(exc):
                    data.problems.append(f"{table}: {exc}")
    finally:
        con.close()
    return data


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_salvage(path: Path, data: UserData) -> Path:
    """Write `data` to a fsynced `<db>.salvage-<unique>.json` (restored by the next open or repair)."""
    import json  # salvage files are written and read only around a repair: not imported by an answer

    target = path.with_name(f"{path.name}.salvage-{unique_suffix()}.json")
    partial = target.with_name(target.name + ".part")
    with open(partial, "w", encoding="utf-8") as f:
        json.dump(data.rows | {"newer": data.newer}, f, ensure_ascii=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(partial, target)
    _fsync_dir(path.parent)
    return target


def pending_salvage(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.salvage-*.json"))


def read_pending(path: Path) -> UserData:
    """The rows of every salvage file waiting beside `path`."""
    return _read_salvage(pending_salvage(path))


def _read_salvage(files: list[Path]) -> UserData:
    import json

    data = UserData()
    for file in files:
        try:
            rows = json.loads(file.read_text(encoding="utf-8"))
            data.merge(UserData(rows={t: list(rows.get(t, [])) for t in USER_TABLES}, newer=rows.get("newer", False)))
        except (OSError, ValueError) as exc:
            data.problems.append(f"{file.name}: {exc}")
    return data


def _move_aside(path: Path) -> Path:
    aside = path.with_name(f"{path.name}.corrupt-{unique_suffix()}")
    try:
        os.link(path, aside)  # the damaged file stays at `path` until the new one replaces it
    except OSError:
        import shutil  # only during a repair: not imported by an answer

        shutil.copy2(path, aside)
    for suffix in ("-wal", "-shm", "-journal"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, aside.with_name(aside.name + suffix))
    return aside


def recover(path: Path, build: Callable[[Path, UserData], None]) -> Repair:
    with exclusive(path):
        if healthy(path) and path.stat().st_size > 0:
            return Repair(aside=None, data=UserData())
        for orphan in path.parent.glob(f"{path.name}.rebuild-*"):  # left by a recoverer that was killed
            orphan.unlink(missing_ok=True)
        earlier = pending_salvage(path)
        data = read_user_data(path)
        pending = _read_salvage(earlier)  # read from this file (and its log) earlier: as new as its rows or newer
        pending.merge(data)
        data = pending
        salvage = write_salvage(path, data)
        for file in earlier:
            file.unlink(missing_ok=True)
        fresh = path.with_name(f"{path.name}.rebuild-{unique_suffix()}")
        try:
            build(fresh, data)
        except BaseException:
            for suffix in ("", "-wal", "-shm", "-journal"):
                fresh.with_name(fresh.name + suffix).unlink(missing_ok=True)
            raise
        aside = _move_aside(path)
        os.replace(fresh, path)
        _fsync_dir(path.parent)
        salvage.unlink(missing_ok=True)
        return Repair(aside=aside, data=data)


def restore_pending(path: Path, restore: Callable[[UserData], None]) -> UserData | None:
    """Put rows of an interrupted repair or a damaged log back into a healthy database; `restore`
    lets rows present win unless the data is `newer`."""
    if not pending_salvage(path):
        return None
    with exclusive(path):
        files = pending_salvage(path)
        if not files:
            return None
        data = _read_salvage(files)
        restore(data)
        for file in files:
            file.unlink(missing_ok=True)
        return data


def check(path: Path) -> None:
    """Raise `CorruptDatabase` when `PRAGMA quick_check` finds damage."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_SECONDS)
    try:
        result = con.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        con.close()
    if result != "ok":
        raise CorruptDatabase(f"quick_check: {result}")
