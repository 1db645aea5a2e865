"""Read a SQLite write-ahead log (`<db>-wal`) the way SQLite recovers it, and find what it would drop.

Contract: `scan(path)` reads the log beside the database `path` (never modifying either) and
returns None when SQLite would replay every committed change in it, else a `WalDamage`:
SQLite replays frames only up to the first frame whose salt or checksum is wrong and silently
drops every later one, committed or not. A damage is reported only when an intact committed
frame of the same log generation follows the bad one (or the log header itself is bad), so
a frame still being written by another process, or frames of an older generation left
behind, are not damage. `WalDamage.lost_pages` are the pages of the damaged frames that no
later intact frame replaces. `write_image(path, damage, out)` writes to `out` the database
as it was after the last intact commit: the file plus every intact committed frame, skipping
the damaged ones; `tables_of(image, pages)` names the tables those pages belong to (not indexes).
Format: https://www.sqlite.org/fileformat2.html#the_write_ahead_log
"""

from __future__ import annotations

import sqlite3
import struct
from dataclasses import dataclass, field
from pathlib import Path

_MAGIC_LE, _MAGIC_BE = 0x377F0682, 0x377F0683  # checksum words little- / big-endian
_HEADER = 32
_FRAME_HEADER = 24
_MASK = 0xFFFFFFFF


@dataclass
class Frame:
    """One frame of a SQLite write-ahead log (position, page, commit size)."""

    number: int  # 1-based position in the log
    offset: int
    page: int
    commit_size: int  # database size in pages after this commit; 0 when not a commit frame
    intact: bool  # current salts and a checksum that follows from the frame before it


@dataclass
class WalDamage:
    """A write-ahead log SQLite would reject, with the first frame it rejects."""

    wal: Path
    reason: str
    frames: int  # frames of the current generation
    first_bad: int  # number of the first frame SQLite rejects (0: the header)
    dropped_commits: int  # committed transactions after the bad frame that SQLite would drop
    lost_pages: list[int] = field(default_factory=list)
    unknown_pages: int = 0  # damaged frames whose page number cannot be trusted
    good: list[Frame] = field(default_factory=list)  # intact frames up to the last intact commit
    page_size: int = 4096


def _checksum(data: bytes, big: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    it = iter(words)
    for x0 in it:
        s0 = (s0 + x0 + s1) & _MASK
        s1 = (s1 + next(it) + s0) & _MASK
    return s0, s1


def _page_size(head: bytes, db: Path) -> int:
    size = int.from_bytes(head[8:12], "big") if len(head) >= 12 else 0
    if 512 <= size <= 65536 and size & (size - 1) == 0:
        return size
    try:
        with open(db, "rb") as f:
            f.seek(16)
            raw = int.from_bytes(f.read(2), "big")
        return 65536 if raw == 1 else raw if raw >= 512 else 4096
    except OSError:
        return 4096


def _frames(log: bytes, page_size: int, big: bool, salts: bytes, seed: tuple[int, int]) -> list[Frame]:
    """Every whole frame with the given salts, each checked against the checksum of the one before it."""
    frames, previous = [], seed
    step = _FRAME_HEADER + page_size
    for number, offset in enumerate(range(_HEADER, len(log) - step + 1, step), 1):
        head = log[offset : offset + _FRAME_HEADER]
        page, commit = struct.unpack(">II", head[:8])
        stored = struct.unpack(">II", head[16:24])
        if head[8:16] != salts:
            previous = stored
            continue
        body = log[offset + _FRAME_HEADER : offset + step]
        expected = _checksum(head[:8] + body, big, *previous)
        frames.append(Frame(number, offset, page, commit, intact=expected == stored and page > 0))
        previous = stored
    return frames


def _read_log(wal: Path) -> bytes | None:
    try:
        with open(wal, "rb") as f:
            return f.read()
    except OSError:
        return None


def scan(path: Path) -> WalDamage | None:
    wal = path.with_name(path.name + "-wal")
    log = _read_log(wal)
    if not log:
        return None
    if len(log) < _HEADER:
        return WalDamage(wal, "its header is cut short", 0, 0, 0)
    magic = int.from_bytes(log[:4], "big")
    header_ok = magic in (_MAGIC_LE, _MAGIC_BE) and _checksum(log[:24], magic == _MAGIC_BE) == struct.unpack(
        ">II", log[24:32]
    )
    page_size = _page_size(log, path)
    seed = struct.unpack(">II", log[24:32])
    candidates = []
    for big in (magic == _MAGIC_BE,) if magic in (_MAGIC_LE, _MAGIC_BE) else (True, False):
        salts = log[16:24]
        if not header_ok and len(log) >= _HEADER + _FRAME_HEADER:
            salts = log[_HEADER + 8 : _HEADER + 16]  # a damaged header: trust the first frame's salts
        frames = _frames(log, page_size, big, salts, seed)
        candidates.append(frames)
    frames = max(candidates, key=lambda fs: sum(f.intact for f in fs))
    return _judge(wal, frames, header_ok, page_size)


def _judge(wal: Path, frames: list[Frame], header_ok: bool, page_size: int) -> WalDamage | None:
    replayed = 0  # frames SQLite replays: the unbroken intact run from the start
    if header_ok:
        for expected, frame in enumerate(frames, 1):
            if frame.number != expected or not frame.intact:
                break
            replayed = expected
    after = [f for f in frames if f.number > replayed]
    last_commit = max((f.number for f in after if f.intact and f.commit_size), default=0)
    if header_ok and not last_commit:
        return None  # nothing committed is dropped: a frame being written, or an unfinished transaction
    first_bad = 0 if not header_ok else replayed + 1
    good = [f for f in frames if f.intact and f.number <= last_commit]
    bad = [f for f in frames if not f.intact and f.number <= last_commit]
    missing = last_commit - len(good) - len(bad)  # frames whose salts were damaged: page unknown
    lost = sorted({f.page for f in bad if f.page and not any(g.page == f.page and g.number > f.number for g in good)})
    return WalDamage(
        wal,
        "its header is damaged" if not header_ok else f"frame {first_bad} is damaged",
        frames=len(frames),
        first_bad=first_bad,
        dropped_commits=sum(1 for f in good if f.commit_size and f.number > replayed),
        lost_pages=lost,
        unknown_pages=missing + sum(1 for f in bad if not f.page),
        good=good,
        page_size=page_size,
    )


def write_image(path: Path, damage: WalDamage, out: Path) -> None:
    """The database as of the last intact commit: `path` plus every intact committed frame."""
    import shutil  # only to copy a damaged log: not imported by an answer

    shutil.copyfile(path, out)
    log = _read_log(damage.wal) or b""
    size = 0
    with open(out, "r+b") as f:
        for frame in damage.good:
            body = log[frame.offset + _FRAME_HEADER : frame.offset + _FRAME_HEADER + damage.page_size]
            f.seek((frame.page - 1) * damage.page_size)
            f.write(body)
            size = frame.commit_size or size
        if size:
            f.truncate(size * damage.page_size)


def tables_of(image: Path, pages: list[int]) -> list[str]:
    """Names of the tables that own `pages` in the database `image` (dbstat); index pages are left
    out, since an index is rebuilt from its table's rows and holds nothing of its own."""
    if not pages:
        return []
    con = sqlite3.connect(f"file:{image}?mode=ro&immutable=1", uri=True)
    try:
        marks = ", ".join("?" * len(pages))
        rows = con.execute(
            f"SELECT DISTINCT d.name FROM dbstat d JOIN sqlite_master m ON m.name = d.name "
            f"WHERE m.type = 'table' AND d.pageno IN ({marks})",
            pages,
        ).fetchall()
        return sorted(r[0] for r in rows)
    except sqlite3.Error:
        return []
    finally:
        con.close()
