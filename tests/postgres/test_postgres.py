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

HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

EXE = str(Path(sys.executable).with_name("gpu-advisor"))
DIALOGUES = Path(__file__).parents[1] / "dialogues"


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg", "postgresql")


@pytest.mark.slow
def test_eight_concurrent_first_uses_of_an_empty_database_all_succeed(pg_url):
    """Eight processes race for the schema and the build (two cores: more processes only queue longer)."""
    env = dict(os.environ, GPU_ADVISOR_DB=pg_url)
    procs = [
        subprocess.Popen(
            [EXE, "ask", "--json", "specs of the 3090"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        for _ in range(8)
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
    reader.user.set_price_override("GeForce RTX 4090", 1234.0)
    build_kb(handle.engine)
    assert KbReader(handle.engine).user.price_overrides() == {("GeForce RTX 4090", "new"): 1234.0}
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
        [EXE, "--db", pg_url, "ask", "specs of the 4090"], capture_output=True, text=True, timeout=HANG_S
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
    assert KbReader(session.handle.engine).user.price_overrides()[("GeForce RTX 4090", "new")] == 1234.0
    session.handle.engine.dispose()


def test_passwords_are_never_shown(pg_server, pg_url):
    stats = subprocess.run([EXE, "--db", pg_url, "kb", "stats"], capture_output=True, text=True, timeout=HANG_S)
    assert stats.returncode == 0, stats.stderr
    assert "advisor:***@" in stats.stdout
    wrong = pg_url.replace(f"port={pg_server.port}", "port=1")
    failed = subprocess.run(
        [EXE, "--db", wrong, "ask", "specs of the 4090"], capture_output=True, text=True, timeout=HANG_S
    )
    assert failed.returncode == 1 and "cannot use the database" in failed.stderr
    for proc in (stats, failed):
        assert "s3cret" not in proc.stdout + proc.stderr


_OLDER_LAYOUT = """
CREATE TABLE public.kbmeta (key varchar PRIMARY KEY, value varchar NOT NULL);
INSERT INTO public.kbmeta VALUES ('content_hash', 'an older build');
CREATE TABLE public.userpriceoverride (gpu_name varchar, condition varchar, usd float NOT NULL, set_at varchar,
                                       PRIMARY KEY (gpu_name, condition));
INSERT INTO public.userpriceoverride VALUES ('GeForce RTX 4090', 'new', 1234, ''),
                                           ('GeForce RTX 3090', 'used', 650, '');
CREATE TABLE public.usersetting (key varchar PRIMARY KEY, value varchar NOT NULL);
INSERT INTO public.usersetting VALUES ('years', '3');
"""


def _public_rows(url: str) -> list:
    with psycopg.connect(_plain(url)) as c:
        return [
            c.execute(f"SELECT * FROM public.{table} ORDER BY 1, 2").fetchall()
            for table in ("kbmeta", "userpriceoverride", "usersetting")
        ]


def test_saved_prices_of_an_older_version_in_public_are_imported_once_and_left_there(pg_url):
    with psycopg.connect(_plain(pg_url), autocommit=True) as c:
        c.execute(_OLDER_LAYOUT)
    before = _public_rows(pg_url)
    handle = open_kb(pg_url)
    assert any("imported 2 price(s) and 1 setting(s)" in w and "***" in w for w in handle.warnings), handle.warnings
    reader = KbReader(handle.engine)
    assert reader.user.price_overrides() == {("GeForce RTX 4090", "new"): 1234.0, ("GeForce RTX 3090", "used"): 650.0}
    assert reader.user.settings() == {"years": "3"}
    reader.user.clear_price_override("GeForce RTX 3090")  # the user forgets one: it must not come back
    handle.engine.dispose()
    again = open_kb(pg_url)
    assert not any("public schema" in w for w in again.warnings), again.warnings
    assert KbReader(again.engine).user.price_overrides() == {("GeForce RTX 4090", "new"): 1234.0}
    again.engine.dispose()
    assert _public_rows(pg_url) == before  # the older tables are only read


def test_tables_in_public_that_are_not_an_older_gpu_advisor_are_not_imported(pg_url):
    with psycopg.connect(_plain(pg_url), autocommit=True) as c:
        c.execute(_OLDER_LAYOUT.replace("'content_hash'", "'owner'"))  # someone else's kbmeta
    before = _public_rows(pg_url)
    handle = open_kb(pg_url)
    assert KbReader(handle.engine).user.price_overrides() == {}
    handle.engine.dispose()
    assert _public_rows(pg_url) == before
