"""PostgreSQL as a first-class backend, against a real throwaway server: first use by many
processes at once, the KB and dialogues, user data across rebuilds, a server restart, tables
kept in our own schema, and passwords never shown."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from assistant.kb.reader import KbReader
from assistant.kb.store import PG_SCHEMA, build_kb, open_kb
from assistant.session import open_session
from assistant.testing.format import load
from assistant.testing.runner import run_dialogue

EXE = str(Path(sys.executable).with_name("gpu-advisor"))
DIALOGUES = Path(__file__).parents[1] / "dialogues"


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg", "postgresql")


@pytest.mark.slow
def test_twenty_concurrent_first_uses_of_an_empty_database_all_succeed(pg_url):
    env = dict(os.environ, GPU_ADVISOR_DB=pg_url)
    procs = [
        subprocess.Popen(
            [EXE, "ask", "--json", "specs of the 3090"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        for _ in range(20)
    ]
    results = [p.communicate(timeout=600) for p in procs]
    failures = [err.decode()[-300:] for p, (_, err) in zip(procs, results, strict=True) if p.returncode != 0]
    assert not failures, failures
    assert all(json.loads(out)["figures"]["memory_gb"] == 24 for out, _ in results)


def test_the_kb_lives_in_its_own_schema_and_keeps_user_data_across_rebuilds(pg_url):
    with psycopg.connect(_plain(pg_url), autocommit=True) as c:
        c.execute("CREATE TABLE public.price (x int); INSERT INTO public.price VALUES (42)")
    handle = open_kb(pg_url)
    reader = KbReader(handle.engine)
    assert reader.gpu("GeForce RTX 4090").memory_gb == 24
    reader.set_price_override("GeForce RTX 4090", 1234.0)
    build_kb(handle.engine)
    assert KbReader(handle.engine).price_overrides() == {("GeForce RTX 4090", "new"): 1234.0}
    handle.engine.dispose()
    with psycopg.connect(_plain(pg_url)) as c:
        assert c.execute("SELECT x FROM public.price").fetchall() == [(42,)]
        tables = {
            r[0]
            for r in c.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (PG_SCHEMA,))
        }
    assert {"gpu", "price", "kbmeta", "userpriceoverride"} <= tables


def test_a_schema_holding_someone_elses_tables_is_refused(pg_url):
    with psycopg.connect(_plain(pg_url), autocommit=True) as c:
        c.execute(
            f"CREATE SCHEMA {PG_SCHEMA}; CREATE TABLE {PG_SCHEMA}.gpu (x int); INSERT INTO {PG_SCHEMA}.gpu VALUES (1)"
        )
    proc = subprocess.run(
        [EXE, "--db", pg_url, "ask", "specs of the 4090"], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 1 and "left untouched" in proc.stderr
    with psycopg.connect(_plain(pg_url)) as c:
        assert c.execute(f"SELECT x FROM {PG_SCHEMA}.gpu").fetchall() == [(1,)]


def test_dialogues_run_against_postgres(pg_url):
    session = open_session(pg_url, echo_warnings=False)
    files = sorted(DIALOGUES.glob("*.dialogue"))[:6]
    assert files
    for path in files:
        for dialogue in load(path).dialogues:
            result = run_dialogue(dialogue, session)
            assert result.status in ("passed", "xfailed"), f"{path.name}: {result.error or result.status}"
    session.handle.engine.dispose()


def test_the_first_write_after_a_server_restart_succeeds(pg_server, pg_url):
    session = open_session(pg_url, echo_warnings=False)
    conversation = session.conversation()
    assert conversation.ask("specs of the 4090").understood
    pg_server.restart()
    answer = conversation.ask("the 4090 costs $1234, remember this")
    assert answer.understood and "error" not in answer.figures, answer.clarification
    assert KbReader(session.handle.engine).price_overrides()[("GeForce RTX 4090", "new")] == 1234.0
    session.handle.engine.dispose()


def test_passwords_are_never_shown(pg_server, pg_url):
    stats = subprocess.run([EXE, "--db", pg_url, "kb", "stats"], capture_output=True, text=True, timeout=300)
    assert stats.returncode == 0, stats.stderr
    assert "advisor:***@" in stats.stdout
    wrong = pg_url.replace(f"port={pg_server.port}", "port=1")
    failed = subprocess.run(
        [EXE, "--db", wrong, "ask", "specs of the 4090"], capture_output=True, text=True, timeout=300
    )
    assert failed.returncode == 1 and "cannot use the database" in failed.stderr
    for proc in (stats, failed):
        assert "s3cret" not in proc.stdout + proc.stderr
