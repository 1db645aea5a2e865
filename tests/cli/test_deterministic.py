"""The same question gives the same answer: Python's string hashing changes between runs (PYTHONHASHSEED), so
any answer that depends on the order of a set or frozenset differs from one run to the next. Every eighth NLU
corpus question, and every question that joins two clauses (where parts are cut and rejoined with a word from
a lexicon list), is answered by `chat --json` under two hash seeds; the answers must be identical."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.nlu.corpus import FILES, load

_CORPUS = Path(__file__).parents[1] / "nlu"


def _questions() -> list[str]:
    every = [case.q for lang in FILES for f in FILES[lang] for case in load(_CORPUS / f).cases]
    joined = re.compile(r" and |和|，|,| also |[?？].")
    return [q for k, q in enumerate(every) if (k % 8 == 0 or joined.search(q)) and "\n" not in q]


def _answers(seed: str, home: Path, questions: list[str]) -> list[str]:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home), PYTHONHASHSEED=seed)
    run = subprocess.run(
        [sys.executable, "-m", "assistant", "chat", "--json"],
        input="\n".join(questions) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert run.returncode in (0, 3) and "Traceback" not in run.stderr, run.stderr[
        -2000:
    ]  # 3: a question not understood
    return run.stdout.splitlines()


@pytest.mark.slow  # two processes answer every question (~6 s of CPU)
def test_answers_do_not_depend_on_the_hash_seed(user_home, tmp_path):
    questions = _questions()
    homes = [shutil.copytree(user_home, tmp_path / f"seed{seed}") for seed in (0, 1)]  # saved settings stay apart
    first, second = _answers("0", homes[0], questions), _answers("1", homes[1], questions)
    assert len(first) == len(questions)
    differ = [(q, a, b) for q, a, b in zip(questions, first, second, strict=True) if a != b]
    assert not differ, f"{len(differ)} answers differ between hash seeds, first: {differ[0][0]!r}"
