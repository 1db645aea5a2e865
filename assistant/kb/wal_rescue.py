"""Rescue the saved prices and settings that SQLite would drop from a damaged write-ahead log.

Contract: `rescue(path)` runs before SQLite opens the database `path`: SQLite replays the log
only up to the first damaged frame and then discards the rest, committed or not. When
`wal.scan` finds such damage, `rescue`, under the repair lock (`recovery.exclusive`): keeps a
copy of the log as `<db>-wal.damaged-<unique>`; rebuilds, in a temporary file, the database
as of the last intact commit; writes the user rows read from it to a fsynced salvage file
(`recovery.write_salvage`, marked newer, so the open restores them over the replayed rows);
then lets SQLite replay and reset the log. It returns the warning that says what was rescued
and what is lost (pages of the damaged frames that no later frame replaces, named by table),
or None when the log is fine.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from assistant.kb import recovery, wal

_USER_WORDS = {"userpriceoverride": "saved prices", "usersetting": "saved settings"}


def rescue(path: Path) -> str | None:
    if wal.scan(path) is None:
        return None
    with recovery.exclusive(path):
        damage = wal.scan(path)
        if damage is None:  # another process rescued it meanwhile
            return None
        copy = damage.wal.with_name(f"{damage.wal.name}.damaged-{recovery.unique_suffix()}")
        shutil.copy2(damage.wal, copy)
        data, lost_tables = _rescued_rows(path, damage)
        if any(data.rows.values()):
            recovery.write_salvage(path, data)
        _replay(path)
    return _report(damage, copy, data, lost_tables)


def _rescued_rows(path: Path, damage: wal.WalDamage) -> tuple[recovery.UserData, list[str]]:
    image = path.with_name(f"{path.name}.walimage-{recovery.unique_suffix()}")
    try:
        wal.write_image(path, damage, image)
        data = recovery.read_user_data(image, immutable=True)
        lost = wal.tables_of(image, damage.lost_pages)
    except OSError as exc:
        data, lost = recovery.UserData(problems=[f"the intact part of the log could not be read ({exc})"]), []
    finally:
        image.unlink(missing_ok=True)
    data.newer = True
    return data, lost


def _replay(path: Path) -> None:
    """Let SQLite replay the intact start of the log into the file and empty the log."""
    try:
        con = sqlite3.connect(path, timeout=1)
        try:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            con.close()
    except sqlite3.Error:
        pass  # busy or read-only: the open that follows reports what it finds


def _report(damage: wal.WalDamage, copy: Path, data: recovery.UserData, lost_tables: list[str]) -> str:
    parts = [
        f"{damage.wal.name} (the write-ahead log) was damaged: {damage.reason}; SQLite would have dropped "
        f"{damage.dropped_commits} committed change(s) after it. A copy of the log is kept as {copy.name}."
    ]
    prices, settings = data.counts()
    if prices or settings:
        parts.append(f"Rescued from the intact part of the log: {prices} saved price(s) and {settings} setting(s).")
    mine = sorted({word for table, word in _USER_WORDS.items() for name in lost_tables if table in name})
    if mine:
        parts.append(f"Changes to your {' and '.join(mine)} written in the damaged part are lost.")
    elif lost_tables:
        parts.append(f"The damaged part held only knowledge-base pages ({', '.join(lost_tables)}), none of yours.")
    elif damage.lost_pages:
        parts.append("The damaged part held only index pages, which are rebuilt from the rows: nothing is lost.")
    if damage.unknown_pages:
        parts.append(
            f"{damage.unknown_pages} damaged frame(s) could not be identified; changes to your saved prices or "
            "settings written in them are lost."
        )
    if not damage.good:
        parts.append("Nothing in the log could be read: changes since the last checkpoint are lost.")
    if data.problems:
        parts.append(f"Could not read: {'; '.join(data.problems)}.")
    return " ".join(parts)
