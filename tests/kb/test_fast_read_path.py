"""The fast read path (stdlib sqlite3 on an up-to-date SQLite KB of ours) gives the same answers as
the SQLAlchemy path, is taken only when the full path would accept the file as it is, and keeps the
one-shot `ask` free of heavy libraries."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.kb.fast_open import open_fast
from assistant.kb.reader import KbReader
from assistant.kb.rows import SqliteRows
from assistant.kb.store import open_kb
from assistant.session import open_session
from assistant.testing.format import load
from assistant.testing.runner import run_dialogue

ROOT = Path(__file__).resolve().parents[2]
# lark (and regex, which it loads) builds the grammar table once; the start-up cache keeps the table
HEAVY = {"sqlalchemy", "sqlmodel", "pydantic", "textual", "rich", "lark", "regex"}


@pytest.fixture(scope="module")
def built_kb(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fast") / "kb.sqlite"
    handle = open_kb(f"sqlite:///{path}")
    handle.engine.dispose()
    return path


def test_an_up_to_date_kb_of_ours_opens_without_sqlalchemy(built_kb):
    rows = open_fast(f"sqlite:///{built_kb}")
    assert isinstance(rows, SqliteRows)
    rows.close()


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", "postgresql://u@h/db", "sqlite:///x.db?mode=ro"])
def test_other_urls_take_the_full_path(url):
    assert open_fast(url) is None


def test_a_stale_missing_or_foreign_file_takes_the_full_path(built_kb, tmp_path):
    assert open_fast(f"sqlite:///{tmp_path / 'absent.sqlite'}") is None
    stale = tmp_path / "stale.sqlite"
    stale.write_bytes(built_kb.read_bytes())
    rows = SqliteRows(stale)
    rows.write([("UPDATE kbmeta SET value = 'old' WHERE key = 'content_hash'", {})])
    rows.close()
    assert open_fast(f"sqlite:///{stale}") is None
    foreign = tmp_path / "foreign.sqlite"
    con = __import__("sqlite3").connect(foreign)
    con.execute("CREATE TABLE gpu (x)")
    con.close()
    assert open_fast(f"sqlite:///{foreign}") is None


def test_a_damaged_file_takes_the_full_path(built_kb, tmp_path):
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(built_kb.read_bytes())
    page = 4096
    data[page * 40 : page * 40 + 512] = b"\xff" * 512  # a page in the middle of the GPU table
    damaged.write_bytes(bytes(data))
    assert open_fast(f"sqlite:///{damaged}") is None


def test_both_paths_read_the_same_rows(built_kb):
    fast = KbReader(open_fast(f"sqlite:///{built_kb}"))
    handle = open_kb(f"sqlite:///{built_kb}")
    slow = KbReader(handle.engine)
    assert fast.all_gpus() == slow.all_gpus()
    assert fast.name_entries == slow.name_entries
    assert fast.models == slow.models and fast.concepts == slow.concepts
    assert fast.prices("current") == slow.prices("current") and fast.cloud_rates() == slow.cloud_rates()
    assert fast.gpus(["GeForce RTX 4090", "GeForce RTX 3090"]) == slow.gpus(["GeForce RTX 4090", "GeForce RTX 3090"])
    assert fast.sources == slow.sources and fast.meta() == slow.meta()
    fast.user.set_price_override("GeForce RTX 3090", 650.0, "used")
    assert slow.user.price_overrides() == {("GeForce RTX 3090", "used"): 650.0}
    slow.user.clear_price_override("GeForce RTX 3090")
    assert KbReader(open_fast(f"sqlite:///{built_kb}")).user.price_overrides() == {}
    handle.engine.dispose()


@pytest.mark.slow  # every dialogue again, on the file read path (~8 s of CPU)
def test_the_dialogue_suite_passes_on_the_fast_path(built_kb, tmp_path):
    copy = tmp_path / "kb.sqlite"
    copy.write_bytes(built_kb.read_bytes())
    session = open_session(f"sqlite:///{copy}", echo_warnings=False)
    assert session.handle is None, "the fast path was not taken"
    failed = []
    for path in sorted((ROOT / "tests" / "dialogues").glob("*.dialogue")):
        for dialogue in load(path).dialogues:
            result = run_dialogue(dialogue, session)
            if result.status in ("failed", "error", "xpassed"):
                failed.append(f"{path.name}: {dialogue.name}")
    assert not failed, failed


def test_the_one_shot_path_loads_no_heavy_library(tmp_path):
    env = dict(os.environ, GPU_ADVISOR_HOME=str(tmp_path))
    env.pop("GPU_ADVISOR_DB", None)
    first = subprocess.run(
        [sys.executable, "-m", "assistant", "ask", "specs of the 4090"], env=env, capture_output=True, text=True
    )
    assert first.returncode == 0, first.stderr[-2000:]
    script = (
        "import json, sys\n"
        "from assistant.cli import main\n"
        "code = main(['ask', 'why 4070 ti over 4080?'])\n"
        f"heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(HEAVY)!r}))\n"
        "print(json.dumps({'code': code, 'heavy': heavy}), file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, cwd=ROOT)
    assert json.loads(proc.stderr.strip().splitlines()[-1]) == {"code": 0, "heavy": []}
    assert (tmp_path / "cache" / "nlu.pickle").is_file(), "the derived start-up data was not cached"
