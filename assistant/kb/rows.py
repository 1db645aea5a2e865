"""Run the reader's SQL: stdlib sqlite3 for a SQLite file, SQLAlchemy for everything else.

Contract: both classes take the same SQL text with `:name` parameters (lists already expanded
by the caller) and give the same rows. `rows(sql, params)` returns a list of mappings (column ->
raw DB-API value); `write(statements)` runs `(sql, params)` pairs in one transaction that holds
the write lock from its start; `persistent` says whether writes outlive the process; `close()`
copies the write-ahead log into the file and releases the connection. `SqliteRows` never imports
SQLAlchemy, so a one-shot answer does not pay for it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

BUSY_SECONDS = 30.0  # how long a connection waits for another process's lock (as the SQLAlchemy path)


class SqliteRows:
    def __init__(self, path: Path):
        self.path = path
        self.persistent = True
        self._con = sqlite3.connect(str(path), timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        self._con.row_factory = sqlite3.Row
        self._con.execute("PRAGMA foreign_keys=ON")
        self._wrote = False

    def rows(self, sql: str, params: dict) -> list:
        return self._con.execute(sql, params).fetchall()

    def write(self, statements: list[tuple[str, dict]]) -> None:
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


class EngineRows:
    def __init__(self, engine):
        self.engine = engine
        self.persistent = engine.url.database not in (None, "", ":memory:") or engine.dialect.name != "sqlite"

    def rows(self, sql: str, params: dict) -> list:
        from sqlalchemy import text

        with self.engine.connect() as conn:
            return list(conn.execute(text(sql), params).mappings())

    def write(self, statements: list[tuple[str, dict]]) -> None:
        from sqlalchemy import text

        from assistant.kb.store import checkpoint, writing

        with writing(self.engine) as conn, conn.begin():
            for sql, params in statements:
                conn.execute(text(sql), params)
        checkpoint(self.engine)  # the database file alone holds the user's data

    def close(self) -> None:
        from assistant.kb.store import close_engine

        close_engine(self.engine)
