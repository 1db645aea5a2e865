"""Tell database faults apart: damage to the file versus trouble around it.

Contract: `fault_of(exc)` maps an exception raised by SQLite (directly or wrapped by
SQLAlchemy) to one of "corrupt", "busy", "full", "readonly", "io", "cantopen" or None (not a
SQLite or OS fault). Only "corrupt" justifies moving a file aside; every other fault leaves the file
as it is. `describe(kind)` is the short reason shown to the user.
"""

from __future__ import annotations

import errno
import sqlite3

# primary result codes of https://www.sqlite.org/rescode.html
_BY_CODE = {
    3: "readonly",  # SQLITE_PERM
    5: "busy",  # SQLITE_BUSY
    6: "busy",  # SQLITE_LOCKED
    8: "readonly",  # SQLITE_READONLY
    10: "io",  # SQLITE_IOERR
    11: "corrupt",  # SQLITE_CORRUPT
    13: "full",  # SQLITE_FULL
    14: "cantopen",  # SQLITE_CANTOPEN
    23: "readonly",  # SQLITE_AUTH
    26: "corrupt",  # SQLITE_NOTADB
}
_BY_TEXT = (
    ("malformed", "corrupt"),
    ("not a database", "corrupt"),
    ("quick_check", "corrupt"),
    ("locked", "busy"),
    ("busy", "busy"),
    ("disk is full", "full"),
    ("readonly", "readonly"),
    ("read-only", "readonly"),
    ("disk i/o", "io"),
    ("unable to open", "cantopen"),
)
_BY_ERRNO = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "readonly",
    errno.EACCES: "readonly",
    errno.EPERM: "readonly",
}
_REASONS = {
    "corrupt": "the file is damaged",
    "busy": "another program holds a lock on it",
    "full": "the disk is full",
    "readonly": "it is read-only",
    "io": "the disk reported an I/O error",
    "cantopen": "it cannot be opened",
}


class CorruptDatabase(sqlite3.DatabaseError):
    """`PRAGMA quick_check` found damage that no SQLite call reported yet."""


def fault_of(exc: BaseException) -> str | None:
    orig = getattr(exc, "orig", None) or exc
    if isinstance(orig, CorruptDatabase):
        return "corrupt"
    if isinstance(orig, OSError):
        return _BY_ERRNO.get(orig.errno or 0, "io")
    code = getattr(orig, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _BY_CODE:
        return _BY_CODE[code & 0xFF]
    if not isinstance(orig, sqlite3.Error):
        return None
    text = str(orig).lower()
    return next((kind for needle, kind in _BY_TEXT if needle in text), None)


def describe(kind: str) -> str:
    return _REASONS.get(kind, kind)
