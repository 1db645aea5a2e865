"""Shared fixtures: one in-memory knowledge base per test session, and a data folder as a returning
user has it (a built kb.sqlite and warm start-up caches), built once per test process and copied
for each test that runs the CLI. The `.dialogue` files run on the path a returning user's chat takes:
the fast read path (stdlib sqlite3) over a built kb.sqlite file (`pytest_dialogue_session`).

With GPU_ADVISOR_TEST_CPU_LOG=<file>, each test appends "<CPU seconds>\t<node id>" to the file: the
CPU time of the test process and of the child processes it waited for, whatever the machine's load
(wall-clock `--durations` on a shared machine mostly measure the other processes).
`sort -rn <file> | head` lists what costs the suite its time."""

from __future__ import annotations

import fcntl
import gc
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from assistant.kb.reader import KbReader
from assistant.kb.store import build_kb, make_engine

pytest_plugins = ["assistant.testing.plugin"]


def _shared_hypothesis_tables() -> None:
    """Hypothesis's derived tables live in one folder per machine, not one per clone: `.hypothesis/constants` (the
    literals of each local module, a file per module source hash) and `.hypothesis/unicode_data` (the Unicode category
    table of this Python) become links to ~/.cache/gpu-advisor/hypothesis/ (beside the shared mypy cache) when a clone
    has neither yet. A fresh clone's test processes each parsed all ~400 modules for their constants (~2.4 s of CPU
    per process at load 20) and built the table again. Hypothesis writes both atomically (a temporary file renamed
    into place), so clones and processes share them safely; the example database (.hypothesis/examples) stays the
    clone's own. Nothing when HYPOTHESIS_STORAGE_DIRECTORY moves the folder or a link cannot be made."""
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gpu-advisor" / "hypothesis"
    home = Path.cwd() / ".hypothesis"  # Hypothesis's own default (tests run from the repository root)
    for name in ("constants", "unicode_data"):
        link = home / name
        if link.exists() or link.is_symlink():
            continue
        try:
            (cache / name).mkdir(parents=True, exist_ok=True)
            home.mkdir(exist_ok=True)
            link.symlink_to(cache / name, target_is_directory=True)
        except OSError:  # another test process made it first, or no link here: the clone's own folder
            pass


_shared_hypothesis_tables()

EXE = str(Path(sys.executable).with_name("gpu-advisor"))
HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)


@pytest.fixture(scope="session")
def kb_engine():
    engine = make_engine("sqlite://")
    build_kb(engine)
    gc.freeze()  # the KB lives as long as the test process (see pytest_collection_finish)
    return engine


@pytest.fixture(scope="session")
def kb(kb_engine) -> KbReader:
    return KbReader(kb_engine)


@pytest.fixture(scope="session")
def returning_home(tmp_path_factory, worker_id) -> Path:
    """A data folder after one answered question: kb.sqlite and cache/ (name index, lexicons,
    grammar table, catalogs). Do not write to it; `user_home` gives each test its own copy.
    Made once per test run: the xdist workers of a run share it (the first one makes it under a lock)."""
    run_folder = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        run_folder = run_folder.parent  # this run's folder, above each worker's own
    home = run_folder / "returning"
    with open(run_folder / "returning.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (run_folder / "returning.done").exists():
            shutil.rmtree(home, ignore_errors=True)  # what a failed attempt left
            home.mkdir()
            env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
            env.pop("GPU_ADVISOR_DB", None)
            proc = subprocess.run(
                [EXE, "ask", "specs of the 4090"], env=env, capture_output=True, text=True, timeout=HANG_S
            )
            assert proc.returncode == 0, proc.stderr[-2000:]
            (run_folder / "returning.done").touch()
    assert (home / "kb.sqlite").is_file() and (home / "cache" / "nlu.pickle").is_file()
    return home


@pytest.fixture
def user_home(returning_home, tmp_path, monkeypatch) -> Path:
    """A copy of `returning_home` that this test's CLI calls and child processes use
    (GPU_ADVISOR_HOME set, GPU_ADVISOR_DB unset)."""
    home = tmp_path / "home"
    shutil.copytree(returning_home, home)
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(home))
    monkeypatch.delenv("GPU_ADVISOR_DB", raising=False)
    return home


def pytest_dialogue_session(config):
    """The session every `.dialogue` item of this test process runs on: a kb.sqlite built in a private
    folder and opened as `gpu-advisor chat` opens a returning user's, on the fast read path (the
    SQLAlchemy path reads the same rows: tests/kb/test_fast_read_path.py compares every table it reads).
    With `--dialogue-db URL` the plugin's default (a private in-memory KB with that URL's saved data)."""
    if config.getoption("dialogue_db"):
        return None
    from assistant.kb.store import open_kb
    from assistant.session import open_session

    folder = tempfile.mkdtemp(prefix="gpu-advisor-dialogues-")
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    url = f"sqlite:///{folder}/kb.sqlite"
    open_kb(url).engine.dispose()
    session = open_session(url, echo_warnings=False)
    assert session.handle is None, "the dialogues did not get the fast read path"
    gc.freeze()  # the session lives as long as the test process (see pytest_collection_finish)
    return session


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: starts many processes; deselect with -m 'not slow'")
    config.addinivalue_line("markers", "long: a long test that every run keeps; it starts right after the slow ones")


def pytest_collection_finish(session):
    """What collection built (modules, test items, parsed dialogue and corpus files) lives until the process
    ends: freeze it out of the garbage collector's full passes (each pass of a test process scanned these
    ~120,000 objects again; the 5 passes pytest's unraisable-exception check makes at the end cost ~0.5 s
    per process). Garbage made by the tests themselves is collected and checked as before."""
    gc.freeze()


def pytest_collection_modifyitems(config, items):
    """The tests marked slow run first, then those marked long (otherwise in their order): the test processes take
    tests in collection order, so a long test collected last (tests/reliability/, the NLU fuzz shards, the KB name
    sweep) kept one process busy while the other had finished. `long` tests are not deselected by -m 'not slow'
    (land.sh's suite keeps them); only their place in the order changes."""
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, item.get_closest_marker("long") is None))


def _cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


if os.environ.get("GPU_ADVISOR_TEST_CPU_LOG"):

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        start = _cpu_seconds()
        yield
        with open(os.environ["GPU_ADVISOR_TEST_CPU_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{_cpu_seconds() - start:.3f}\t{item.nodeid}\n")
