"""Two gpu-advisor versions sharing one data folder (a chat left open across an upgrade, two checkouts
with the same GPU_ADVISOR_HOME): each rebuilds `kb.sqlite` with its own knowledge and schema when it
finds the other's there. A running process must never read the other version's rows, and the
user's saved prices and settings must survive every rebuild.

The other version is played by a second process that rewrites the KB tables in one transaction as an
older build would (an older `openmodel` table without the columns this version reads, another
content hash). The processes are kept in step by the chat's own protocol (one answer line per question
line), never by sleeping, and nothing asserts on time.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from assistant.kb import store

HANG_S = 900  # kills a hung child; not a timing check

EXE = str(Path(sys.executable).with_name("gpu-advisor"))

# What an older version's build leaves: its own schema (no encoder-decoder columns) and content hash, in
# one transaction, as build_kb writes.
_OLDER_BUILD = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
con.execute("BEGIN IMMEDIATE")
con.execute("ALTER TABLE openmodel DROP COLUMN encoder_positions")
con.execute("ALTER TABLE openmodel DROP COLUMN decoder_layers")
con.execute("UPDATE kbmeta SET value = 'an-older-version' WHERE key = 'content_hash'")
con.execute("COMMIT")
con.execute("PRAGMA wal_checkpoint(PASSIVE)")
con.close()
"""

_SAVED = [
    "INSERT INTO userpriceoverride (gpu_name, condition, usd, set_at) VALUES ('GeForce RTX 3090', 'new', 650, '')",
    "INSERT INTO usersetting (key, value) VALUES ('electricity_usd_per_kwh', '0.31')",
]


def _env(home: Path) -> dict:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    return env


def _user_rows(path: Path) -> tuple[list, list]:
    con = sqlite3.connect(path)
    try:
        prices = con.execute("SELECT gpu_name, condition, usd FROM userpriceoverride ORDER BY gpu_name").fetchall()
        settings = con.execute("SELECT key, value FROM usersetting ORDER BY key").fetchall()
        return prices, settings
    finally:
        con.close()


def _ask(chat: subprocess.Popen, question: str) -> dict:
    assert chat.stdin is not None and chat.stdout is not None
    chat.stdin.write(question.encode() + b"\n")
    chat.stdin.flush()
    line = chat.stdout.readline()
    assert line, chat.stderr.read().decode() if chat.stderr else "the chat ended"
    return json.loads(line)


def _chat(home: Path, questions: list[str]) -> list[dict]:
    payload = "".join(f"{q}\n" for q in questions).encode()
    proc = subprocess.run(
        [EXE, "chat", "--json"], input=payload, capture_output=True, env=_env(home), timeout=HANG_S, check=False
    )
    assert proc.returncode in (0, 3), proc.stderr.decode()
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_a_kb_rebuilt_by_another_version_under_a_running_chat_is_never_read(user_home, tmp_path):
    db = user_home / "kb.sqlite"
    con = sqlite3.connect(db)
    for sql in _SAVED:
        con.execute(sql)
    con.commit()
    con.close()
    saved = _user_rows(db)
    opening, question = "specs of the 4090", "how much vram do i need to finetune whisper small"
    expected = _chat(user_home, [opening, question])[1]  # this version's answer on this version's KB
    assert "error" not in expected["figures"], expected  # (the question reads models: the older build lacks columns)

    chat = subprocess.Popen(
        [EXE, "chat", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(user_home),
    )
    try:
        first = _ask(chat, opening)  # the chat has opened the KB and answered from it
        assert "error" not in first["figures"], first
        subprocess.run([sys.executable, "-c", _OLDER_BUILD, str(db)], check=True, timeout=HANG_S)  # the other version
        assert _user_rows(db) == saved

        answer = _ask(chat, question)
        assert "error" not in answer["figures"], answer
        assert (answer["intent"], answer["answer"]) == (expected["intent"], expected["answer"])
        # the chat rebuilt this version's KB, and the database file alone holds it (checkpointed), saves kept
        backup = tmp_path / "backup.sqlite"
        backup.write_bytes(db.read_bytes())
        alone = sqlite3.connect(f"file:{backup}?mode=ro&immutable=1", uri=True)
        built = alone.execute("SELECT value FROM kbmeta WHERE key = 'content_hash'").fetchone()[0]
        alone.close()
        assert built == store.content_hash()
        assert _user_rows(db) == saved
    finally:
        assert chat.stdin is not None
        chat.stdin.close()
        chat.wait(timeout=HANG_S)
        if chat.stdout:
            chat.stdout.close()
        if chat.stderr:
            chat.stderr.close()
    assert chat.returncode in (0, 3)


def _older_build(db: Path) -> None:
    subprocess.run([sys.executable, "-c", _OLDER_BUILD, str(db)], check=True, timeout=HANG_S)


def test_a_session_that_built_the_kb_itself_reads_and_saves_after_another_versions_rebuild(user_home):
    """The full open path (SQLAlchemy rows: this process found the KB stale and built it), then the other
    version rebuilds: an answer that reads models and saves a price works on this version's KB."""
    from assistant.session import open_session

    db = user_home / "kb.sqlite"
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE kbmeta SET value = 'stale' WHERE key = 'content_hash'")
    con.close()
    session = open_session(f"sqlite:///{db}", echo_warnings=False)
    assert session.handle is not None and session.handle.built  # not the fast path
    conversation = session.conversation()
    assert "error" not in conversation.ask("specs of the 4090").figures
    _older_build(db)
    answer = conversation.ask("how much vram do i need to finetune whisper small")
    assert "error" not in answer.figures, answer.notes
    _older_build(db)
    saved = conversation.ask("the 3090 costs $650, remember this")  # a write inside the answer's snapshot
    assert "error" not in saved.figures, saved.notes
    assert ("GeForce RTX 3090", "new", 650.0) in _user_rows(db)[0]
    assert session.reader.meta()["content_hash"] == store.content_hash()


def test_a_kb_that_another_version_keeps_rebuilding_is_a_clear_problem(user_home):
    """Never an answer from the other version's rows: after a bounded number of rebuilds that do not stick,
    a DatabaseProblem (the CLI prints it as one line)."""
    import pytest

    from assistant.kb.errors import DatabaseProblem
    from assistant.kb.rows import SqliteRows

    db = user_home / "kb.sqlite"
    rows = SqliteRows(db)
    rebuilds = []
    rows.guard("this-version", lambda: rebuilds.append(1))  # a rebuild another version always undoes
    with pytest.raises(DatabaseProblem, match="another gpu-advisor version"):
        with rows.reading():
            pass
    assert len(rebuilds) == 3
    assert rows.rows("SELECT count(*) AS n FROM gpu", {})[0]["n"] > 0  # no transaction left open
    rows.close()
