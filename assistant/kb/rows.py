"""Run the reader's SQL: stdlib sqlite3 for a SQLite file, SQLAlchemy for everything else.

Contract: both classes take the same SQL text with `:name` parameters (lists already expanded
by the caller) and give the same rows. `rows(sql, params)` returns a list of mappings (column ->
raw DB-API value); `write(statements)` runs `(sql, params)` pairs in one transaction that holds
the write lock from its start; `persistent` says whether writes outlive the process; `close()`
copies the write-ahead log into the file and releases the connection. `SqliteRows` never imports
SQLAlchemy, so a one-shot answer does not pay for it.

A KB shared with other processes may be rebuilt by another gpu-advisor version (a chat left open across
an upgrade, two checkouts with one data folder) while this one reads it lazily. `guard(digest, rebuild)`
names the content hash this process's rows must come from; then every read inside `reading()` (re-entrant)
happens in ONE read transaction (one snapshot) whose `kbmeta.content_hash` was checked to be `digest`;
when it is not, the transaction ends, `rebuild()` rebuilds this version's KB (the same rows this process
has already read and cached; user tables are kept by the build) and the snapshot is taken again. A write
inside `reading()` ends the snapshot, writes, and takes (and checks) a new one, so later reads see it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from assistant.kb.errors import DatabaseProblem

BUSY_SECONDS = 30.0  # how long a connection waits for another process's lock (as the SQLAlchemy path)
_HASH_SQL = "SELECT value FROM kbmeta WHERE key = 'content_hash'"
_REBUILDS = 3  # rebuilds of this version's KB one snapshot may need before giving up (another keeps rebuilding)


class _Snapshot:
    """The guarded, re-entrant read transaction both row sources share; subclasses open and end it."""

    _depth = 0
    _digest: str | None = None
    _rebuild: Callable[[], object] | None = None

    def guard(self, digest: str, rebuild: Callable[[], object]) -> None:
        self._digest, self._rebuild = digest, rebuild

    @contextmanager
    def reading(self) -> Iterator[None]:
        if self._depth or self._digest is None:  # already in one, or nobody else can change this KB
            yield
            return
        self._enter()
        self._depth = 1
        try:
            yield
        finally:
            self._depth = 0
            self._end()

    def _enter(self) -> None:
        for _ in range(_REBUILDS):
            stored = self._begin()
            if stored == self._digest:
                return
            self._end()
            assert self._rebuild is not None
            self._rebuild()
        raise DatabaseProblem(
            "the knowledge base keeps being rebuilt by another gpu-advisor version sharing its data folder; "
            "close the other version (or give each its own GPU_ADVISOR_HOME) and try again"
        )

    @contextmanager
    def _paused(self) -> Iterator[None]:
        """Around a write inside `reading()`: the snapshot ends before it and is taken again after it."""
        if not self._depth:
            yield
            return
        self._end()
        try:
            yield
        finally:
            self._enter()

    def _begin(self) -> str | None:  # opens the read transaction; returns the stored content hash
        raise NotImplementedError

    def _end(self) -> None:
        raise NotImplementedError


class SqliteRows(_Snapshot):
    def __init__(self, path: Path):
        self.path = path
        self.persistent = True
        self._con = sqlite3.connect(str(path), timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        self._con.row_factory = sqlite3.Row
        self._con.execute("PRAGMA foreign_keys=ON")
        self._wrote = False

    def rows(self, sql: str, params: dict) -> list:
        return self._con.execute(sql, params).fetchall()

    def _begin(self) -> str | None:
        self._con.execute("BEGIN")
        try:
            row = self._con.execute(_HASH_SQL).fetchone()  # the first read: the snapshot starts here
        except BaseException:
            self._end()
            raise
        return row[0] if row else None

    def _end(self) -> None:
        if self._con.in_transaction:  # reads only: ends the snapshot
            self._con.execute("COMMIT")

    def write(self, statements: list[tuple[str, dict]]) -> None:
        with self._paused():
            self._write(statements)

    def _write(self, statements: list[tuple[str, dict]]) -> None:
        con = self._con
        con.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in statements:
                con.execute(sql, params)
        except BaseException:
            con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")
        self._wrote = True
        try:
            con.execute("PRAGMA wal_checkpoint(PASSIVE)")  # the database file alone holds the user's data
        except sqlite3.Error:
            pass  # busy or read-only: the next writer or the last connection to close checkpoints

    def close(self) -> None:
        try:
            if self._wrote:
                self._con.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # busy or read-only: the last connection to close checkpoints
        finally:
            self._con.close()


class EngineRows(_Snapshot):
    def __init__(self, engine):
        self.engine = engine
        self.persistent = engine.url.database not in (None, "", ":memory:") or engine.dialect.name != "sqlite"
        self._pinned = None  # the connection of the open snapshot

    def rows(self, sql: str, params: dict) -> list:
        from sqlalchemy import text

        if self._pinned is not None:
            return list(self._pinned.execute(text(sql), params).mappings())
        with self.engine.connect() as conn:
            return list(conn.execute(text(sql), params).mappings())

    def _begin(self) -> str | None:
        from sqlalchemy import text

        conn = self.engine.connect()
        if self.engine.dialect.name == "postgresql":  # one snapshot for the whole transaction, not per statement
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        self._pinned = conn
        try:
            conn.begin()
            return conn.execute(text(_HASH_SQL)).scalar()
        except BaseException:
            self._end()
            raise

    def _end(self) -> None:
        conn, self._pinned = self._pinned, None
        if conn is not None:
            conn.rollback()  # reads only
            conn.close()

    def write(self, statements: list[tuple[str, dict]]) -> None:
        with self._paused():
            self._write(statements)

    def _write(self, statements: list[tuple[str, dict]]) -> None:
        from sqlalchemy import text

        from assistant.kb.store import checkpoint, writing

        with writing(self.engine) as conn, conn.begin():
            for sql, params in statements:
                conn.execute(text(sql), params)
        checkpoint(self.engine)  # the database file alone holds the user's data

    def close(self) -> None:
        from assistant.kb.store import close_engine

        close_engine(self.engine)
