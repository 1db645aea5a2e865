"""The pytest plugin, run in a subprocess on a scratch folder with a fake session injected by
the `pytest_dialogue_session` hook: items, the failure report, xfail and malformed files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

CONFTEST = f"""
import sys

sys.path.insert(0, {str(HERE)!r})
pytest_plugins = ["assistant.testing.plugin"]

def pytest_dialogue_session(config):
    from dialogue_fakes import FakeSession
    return FakeSession()
"""

FILES = {
    "suite/compare.dialogue": """\
dialogue: passes
> why 4070 ti over 4080?
  intent: compare
  figure speedup ~ 0.80 +- 15%

dialogue: fails
> why 4070 ti over 4080?
  intent: compare
  choice: GeForce RTX 4080
""",
    "suite/known.dialogue": """\
dialogue: known bug
xfail: speedup is inverted
> why 4070 ti over 4080?
  figure speedup > 1
""",
    "suite/broken.dialogue": "dialogue: x\n> hi\n  figure fits is true\n",
    "suite/test_plain.py": "def test_ordinary():\n    assert True\n",
}


def pytest_run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    # no plugins from installed packages (hypothesis, xdist, Textual snapshots ...): the scratch suite needs
    # only the dialogue plugin its conftest names, and loading them took most of the child's time
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1", PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_S,
    )


def test_dialogues_are_items_and_a_failure_shows_the_runner_report(tmp_path):
    proc = pytest_run(tmp_path, "suite/compare.dialogue", "suite/known.dialogue", "suite/test_plain.py")
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert "1 failed, 2 passed, 1 xfailed" in out
    assert "PASSED suite/compare.dialogue::passes" in out
    assert "FAILED suite/compare.dialogue::fails" in out
    assert "XFAIL suite/known.dialogue::known bug - speedup is inverted" in out
    assert "FAIL: dialogue 'fails' (suite/compare.dialogue:6)" in out
    assert (
        "    FAIL  choice: GeForce RTX 4080   (line 9)\n"
        '            expected: "GeForce RTX 4080"\n'
        '            got:      "GeForce RTX 4070 Ti"'
    ) in out
    assert "      | The GeForce RTX 4080 is 1.25x faster" in out
    assert "Traceback" not in out and "runtest" not in out


def test_a_malformed_file_is_a_collection_error_with_file_line_and_what_was_expected(tmp_path):
    proc = pytest_run(tmp_path, "suite")
    out = proc.stdout
    assert proc.returncode == 2  # pytest: interrupted by a collection error
    assert "ERROR collecting suite/broken.dialogue" in out
    assert "malformed dialogue file: suite/broken.dialogue:3: expected a comparison after 'figure fits'" in out
    assert "    3: figure fits is true" in out


def test_the_project_suite_registers_the_plugin():
    conftest = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
    assert 'pytest_plugins = ["assistant.testing.plugin"]' in conftest
