"""Look at a SQLite file before anything opens it for writing: what it is and whose it is.

Contract: `inspect_file(path)` never modifies the file and never blocks (a FIFO or device is
recognised from `stat`, not opened). It returns a `FileVerdict` whose `kind` is one of:
"absent", "empty" (0 bytes), "ours" (application id or signature row of gpu-advisor),
"legacy" (unmarked, only gpu-advisor tables: an older gpu-advisor database), "foreign"
(other tables, no mark), "not_sqlite" (no SQLite header), "unreadable" (SQLite header, no
mark, tables cannot be listed) or "special" (a FIFO, device, socket or folder).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass, field
from pathlib import Path

APPLICATION_ID = 0x47504144  # "GPAD", written to the SQLite header (PRAGMA application_id)
SIGNATURE = ("signature", "gpu-advisor knowledge base")  # kbmeta row that marks a shared database
KB_TABLES = (  # every table of ours, in the order `kb stats` lists them
    "gpu",
    "gpualias",
    "architecture",
    "tensorpeak",
    "price",
    "cloudoffer",
    "openmodel",
    "concept",
    "source",
    "exchangerate",
    "householdelectricity",
    "kbmeta",
    "userpriceoverride",
    "usersetting",
)
OUR_TABLES = frozenset(KB_TABLES)
_HEADER = b"SQLite format 3\x00"


@dataclass
class FileVerdict:
    """What a database file on disk is: ours, foreign, damaged or absent, and why."""

    kind: str
    detail: str = ""
    foreign_tables: list[str] = field(default_factory=list)
    signed: bool = False  # kbmeta carries the signature row


def _special(mode: int) -> str | None:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
    ):
        if test(mode):
            return name
    return None


def _read_header(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        return os.read(fd, 100)
    finally:
        os.close(fd)


def _tables(path: Path) -> tuple[list[str], bool]:
    """(table names, signed) read through a read-only connection."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        signed = False
        if "kbmeta" in names:
            row = con.execute("SELECT value FROM kbmeta WHERE key = ?", (SIGNATURE[0],)).fetchone()
            signed = bool(row and row[0] == SIGNATURE[1])
        return names, signed
    finally:
        con.close()


def inspect_file(path: Path) -> FileVerdict:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return FileVerdict("absent")
    special = _special(st.st_mode)
    if special:
        return FileVerdict("special", special)
    if st.st_size == 0:
        return FileVerdict("empty")
    header = _read_header(path)
    if not header.startswith(_HEADER):
        return FileVerdict("not_sqlite", repr(header[:16])[2:-1])
    if len(header) >= 72 and int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return FileVerdict("ours")
    try:
        names, signed = _tables(path)
    except sqlite3.Error as exc:
        return FileVerdict("unreadable", str(exc))
    others = sorted(n for n in names if n not in OUR_TABLES and not n.startswith("sqlite_"))
    if signed:
        return FileVerdict("ours", foreign_tables=others, signed=True)
    if others or (names and "kbmeta" not in names):  # `price`, `gpu` ... without our kbmeta are someone else's
        return FileVerdict("foreign", foreign_tables=others or sorted(names))
    return FileVerdict("legacy" if names else "empty")
