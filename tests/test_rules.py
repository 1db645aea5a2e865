"""The codebase's rules, checked on every run: ruff lint and format, the import layers
(`[tool.importlinter]` in pyproject.toml), mypy without errors on assistant/, and that the one-shot
path loads no UI library.

Each check runs the real tool from .venv on the repository, the way a developer would, and
fails with the tool's own report.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CODE = ["assistant", "tests", "scripts"]


def _run(*command: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def _report(proc: subprocess.CompletedProcess) -> str:
    return (proc.stdout + proc.stderr)[-6000:]


def test_ruff_lint_is_clean():
    proc = _run(str(BIN / "ruff"), "check", "--no-cache", "--output-format", "concise", *CODE)
    assert proc.returncode == 0, _report(proc)


def test_ruff_format_is_applied():
    proc = _run(str(BIN / "ruff"), "format", "--check", "--no-cache", *CODE)
    assert proc.returncode == 0, "run `.venv/bin/ruff format <files>`:\n" + _report(proc)


def test_import_layers_hold():
    proc = _run(str(BIN / "lint-imports"), "--no-cache")
    assert proc.returncode == 0, _report(proc)
    assert "0 broken" in proc.stdout


def test_the_one_shot_path_loads_no_ui_library(tmp_path):
    """`gpu-advisor ask` to a pipe answers without importing Textual or Rich (start-up time)."""
    script = (
        "import json, sys\n"
        "from assistant.cli import main\n"
        "code = main(['ask', '--json', 'why 4070 ti over 4080?'])\n"
        "ui = sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'})\n"
        "print(json.dumps({'code': code, 'ui': ui}), file=sys.stderr)\n"
    )
    env = dict(os.environ, GPU_ADVISOR_HOME=str(tmp_path), GPU_ADVISOR_DB="sqlite://")
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=HANG_S
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout)["choice"], "the one-shot path did not answer"
    assert json.loads(proc.stderr.strip().splitlines()[-1]) == {"code": 0, "ui": []}


def _mypy_cache() -> str:
    """mypy's cache, shared by every clone of the project on this machine (the folder scripts/_setup.sh
    keeps uv in): mypy checks each cached module against its source's hash, so another clone's cache
    is as good as a fresh check, and a fresh clone's check takes 0.6 instead of ~10 s of CPU."""
    if os.environ.get("MYPY_CACHE_DIR"):
        return os.environ["MYPY_CACHE_DIR"]
    tools = os.environ.get("GPU_ADVISOR_TOOLS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "gpu-advisor"
    )
    return os.path.join(tools, "mypy")


@contextmanager
def _one_mypy_at_a_time(cache: str) -> Iterator[None]:
    """The shared cache is used by one mypy at a time: mypy writes a module's data and meta files one after the
    other, so a clone reading while another clone writes could pair its own module's meta with the other clone's
    data (session 15: 'circuit has no attribute volts_amps' for a function the tree has; a private cache passed)."""
    os.makedirs(os.path.dirname(cache) or ".", exist_ok=True)
    with open(f"{cache}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # waits for the other clone's check (bounded by its own timeout)
        yield


def test_mypy_finds_no_type_errors():
    """mypy over assistant/ reports no error (its per-module settings are [[tool.mypy.overrides]] in pyproject.toml)."""
    cache = _mypy_cache()
    with _one_mypy_at_a_time(cache):
        proc = _run(
            str(BIN / "mypy"),
            "assistant",
            "--no-error-summary",
            "--show-error-codes",
            "--hide-error-context",
            "--cache-dir",
            cache,
        )
    assert proc.returncode in (0, 1), _report(proc)  # 2: mypy itself failed (a crash, a bad option)
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert not errors, f"{len(errors)} type errors:\n" + "\n".join(errors)[-6000:]
