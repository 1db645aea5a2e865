"""Open an up-to-date SQLite knowledge base with stdlib sqlite3 only (the one-shot read path).

Contract: `open_fast(url)` returns a `SqliteRows` when `url` names a SQLite file that is
gpu-advisor's own (application id in its header), healthy (`PRAGMA quick_check`), with no
damaged write-ahead log, no salvage left by an interrupted repair, writable, and built from the
current knowledge (content hash). In every other case it returns None and the caller takes the
full path of `assistant.kb.store.open_kb`, which builds, repairs, falls back and warns. The checks
are those of the full path, so both paths accept the same files; only SQLAlchemy is skipped.
The rows returned are guarded (`rows.SqliteRows.guard`): reads inside `reading()` come from this
version's KB, which `rebuild_file` builds again when another version has rebuilt the file since.
"""

from __future__ import annotations

import os
import sqlite3
from functools import partial
from pathlib import Path

from assistant.kb import dbfile, recovery, wal
from assistant.kb.content import content_hash
from assistant.kb.faults import CorruptDatabase
from assistant.kb.rows import SqliteRows


def sqlite_file(url: str) -> Path | None:
    """The file of a `sqlite:///path` URL; None for memory databases, options and other URLs."""
    if not url.startswith("sqlite:///") or "?" in url:
        return None
    name = url[len("sqlite:///") :]
    return Path(name) if name and name != ":memory:" else None


def open_fast(url: str) -> SqliteRows | None:
    path = sqlite_file(url)
    if path is None:
        return None
    try:
        verdict = dbfile.inspect_file(path)
        if verdict.kind != "ours" or verdict.signed:  # absent, foreign or shared: the full path decides
            return None
        if wal.scan(path) or recovery.pending_salvage(path) or not _writable(path):
            return None
        recovery.check(path)
        rows = SqliteRows(path)
    except (OSError, sqlite3.Error, CorruptDatabase):
        return None
    try:
        stored = rows.rows("SELECT value FROM kbmeta WHERE key = 'content_hash'", {})
        digest = content_hash()
        if stored and stored[0]["value"] == digest:
            rows.guard(digest, partial(rebuild_file, path, digest))
            return rows
    except sqlite3.Error:
        pass
    rows.close()
    return None


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def rebuild_file(path: Path, digest: str) -> None:
    """This version's KB (content hash `digest`) built again in the file `path`, unless another process did
    first; user tables are kept (`store.build_kb`)."""
    from assistant.kb.store import build_kb, make_engine

    engine = make_engine(f"sqlite:///{path}")
    try:
        build_kb(engine, digest, only_if_stale=True)
    finally:
        engine.dispose()
