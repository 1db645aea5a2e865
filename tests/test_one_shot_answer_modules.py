"""A one-shot answer imports the modules of the answer it gives, not those of other answers: the fit answer's
~20 modules (respond/fit.py) load only when a fit answer is built, the cost answer's only when a bill is
(other answers take the sizing helpers from respond/fit_sizing.py). A returning user's `ask`, as in
tests/test_one_shot_imports.py; the fit question shows the check sees the module when it is used."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import HANG_S

SCRIPT = """
import contextlib, io, json, sys
from assistant.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(["ask", sys.argv[1]])
print(json.dumps({"code": code, "said": bool(out.getvalue().strip()),
                  "loaded": sorted(m for m in json.loads(sys.argv[2]) if m in sys.modules)}))
"""
WATCHED = ["assistant.respond.fit", "assistant.respond.cost"]


def _loaded(home, question: str) -> list[str]:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, question, json.dumps(WATCHED)],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_S,
        cwd=home,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["code"] == 0 and report["said"], report
    return report["loaded"]


@pytest.mark.parametrize(
    "question",
    ["specs of the 4090", "is a 3090 worth it for local llms", "4090 vs 5090 for training", "4090和5090哪个好"],
)
def test_other_answers_import_neither_the_fit_nor_the_cost_answer(user_home, question):
    assert _loaded(user_home, question) == []


def test_a_fit_question_imports_the_fit_answer(user_home):
    assert "assistant.respond.fit" in _loaded(user_home, "can a 4090 run llama 3 70b at q4?")
