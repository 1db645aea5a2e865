"""Tell a database file that another gpu-advisor process is creating from one that lost its data.

Contract: `creating(path)` is held while a database file is made and filled for the first time (the
file was absent or 0 bytes). It holds `<db>.create` exclusively (the kernel releases it if the process
dies), so a process that finds the file empty waits for a sibling's first build and then looks again.
It yields True when an earlier first build marked the file and did not finish: a 0-byte file is then one
that never held data, not one whose data was lost. The mark is written before the file is made and
cleared once the file holds a gpu-advisor knowledge base (`clear`).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_MARK = b"1"


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".create")


@contextmanager
def creating(path: Path) -> Iterator[bool]:
    """Hold the creation lock; yields whether an earlier first build was interrupted."""
    try:
        fd = os.open(_lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:  # a folder we cannot write to: no file can be made there either, and the open says why
        yield False
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        interrupted = os.pread(fd, 1, 0) == _MARK
        os.pwrite(fd, _MARK, 0)
        os.fsync(fd)
        yield interrupted
    finally:
        os.close(fd)


def clear(path: Path) -> None:
    """The file holds a built knowledge base: a later 0-byte file lost data, say so then."""
    mark = _lock_path(path)
    try:
        if mark.stat().st_size:
            with open(mark, "r+b") as f:
                f.truncate(0)
    except FileNotFoundError:
        pass
