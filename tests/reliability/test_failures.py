"""The failure suite: hostile input, concurrent writers, odd environments.

Each test runs the real command in a subprocess where that is what a user would do.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.queries import INTENTS

HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

EXE = str(Path(sys.executable).with_name("gpu-advisor"))
SEEDS = [
    "specs of the 4090",
    "why 4070 ti over 4080?",
    "will llama 3 70b fit on two 3090s?",
    "and the 3090?",
    "rent or buy a 4090 for 10 hours a week",
    "best gpu under $800 for stable diffusion",
    "what is nvlink",
    "'; DROP TABLE gpu; --",
    "$(rm -rf ~)",
    "`reboot`",
    "4090 && echo pwned",
    "🤖🔥💸",
    "4090\x00\x1b[31mred",
    "",
    "   ",
    "电价0.6元一度",
    "4070 Ti 和 4080 哪个性价比高？",
    "SELECT * FROM price",
    "%s%s%n",
    "\\x00\\n",
    "the 4080 costs $999",
    "electricity is 0.30",
    "utilization 250%",
    "x" * 3000,
]


def _env(home: Path) -> dict:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    return env


def _hostile_lines(count: int, seed: int = 20261129) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        text = rng.choice(SEEDS)
        roll = rng.random()
        if roll < 0.4:
            text = "".join(c if rng.random() > 0.15 else chr(rng.randint(1, 0x2FFF)) for c in text)
        elif roll < 0.6:
            text = "".join(
                chr(rng.choice([rng.randint(0, 0x7F), rng.randint(0x4E00, 0x9FFF), rng.randint(0x1F300, 0x1FAFF)]))
                for _ in range(rng.randint(0, 80))
            )
        elif roll < 0.7:
            words = text.split()
            rng.shuffle(words)
            text = " ".join(words)
        lines.append(text.replace("\n", " ").replace("\r", " "))
    return lines


@pytest.fixture(scope="module")
def built_home(returning_home, tmp_path_factory) -> Path:
    """A data folder with a built KB and its start-up caches: a copy of the test session's `returning_home`."""
    home = tmp_path_factory.mktemp("home")
    shutil.copytree(returning_home, home, dirs_exist_ok=True)
    return home


@pytest.mark.slow
def test_ten_thousand_hostile_lines_are_all_answered_in_order(built_home):
    lines = _hostile_lines(10_000)
    payload = "\n".join(lines).encode("utf-8", errors="surrogatepass") + b"\n"
    proc = subprocess.run(
        [EXE, "chat", "--json"], input=payload, capture_output=True, env=_env(built_home), timeout=HANG_S
    )
    assert proc.returncode in (0, 3), proc.stderr[-2000:]
    assert b"Traceback" not in proc.stderr
    out = proc.stdout.decode("utf-8").split("\n")
    assert out[-1] == ""
    answers = [json.loads(line) for line in out[:-1]]
    assert len(answers) == len(lines)
    for sent, answer in zip(lines, answers, strict=True):
        assert answer["question"] == sent.encode("utf-8", "replace").decode("utf-8")
        assert answer["intent"] in INTENTS  # the intents the JSON contract documents
        assert "error" not in answer["figures"], answer


def test_database_survives_sql_in_names(built_home):
    lines = ["the '; DROP TABLE gpu; -- costs $5", "'; DELETE FROM userpriceoverride; --", "specs of the 4090"]
    proc = subprocess.run(
        [EXE, "chat", "--json"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=_env(built_home),
        timeout=HANG_S,
    )
    last = json.loads(proc.stdout.splitlines()[-1])
    assert last["intent"] == "spec" and last["figures"]["memory_gb"] == 24
    with sqlite3.connect(built_home / "kb.sqlite") as con:
        assert con.execute("SELECT COUNT(*) FROM gpu").fetchone()[0] > 2700


def test_a_one_megabyte_line_gets_an_answer(built_home):
    line = ("why 4070 ti over 4080? " * 45_000)[:1_000_000]
    proc = subprocess.run(
        [EXE, "chat", "--json"], input=line + "\n", capture_output=True, text=True, env=_env(built_home), timeout=HANG_S
    )
    answers = proc.stdout.splitlines()
    assert len(answers) == 1 and json.loads(answers[0])["intent"] in ("compare", "unknown")
    assert "Traceback" not in proc.stderr


def test_two_processes_writing_overrides_lose_nothing(built_home):
    gpus = ["4090", "4080", "3090", "3080", "4070 ti", "3060", "2080 ti", "a6000", "5090", "5080"]
    scripts = [[f"the {g} costs ${1000 + 10 * i + who}, remember this" for i, g in enumerate(gpus)] for who in (1, 2)]
    procs = [
        subprocess.Popen(
            [EXE, "chat", "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(built_home),
        )
        for _ in scripts
    ]
    results = [
        p.communicate(("\n".join(s) + "\n").encode(), timeout=HANG_S) for p, s in zip(procs, scripts, strict=True)
    ]
    for (out, err), script in zip(results, scripts, strict=True):
        assert b"locked" not in err and b"Traceback" not in err, err
        answers = [json.loads(line) for line in out.decode().splitlines()]
        assert len(answers) == len(script)
        assert all(a["intent"] == "set" and a["clarification"] is None for a in answers), answers
    with sqlite3.connect(built_home / "kb.sqlite") as con:
        rows = con.execute("SELECT gpu_name, usd FROM userpriceoverride").fetchall()
    assert len(rows) == len(gpus)  # one per GPU: the later writer wins, none is lost
    assert all(int(usd) % 10 in (1, 2) for _, usd in rows)


def test_two_processes_building_at_once_both_answer(tmp_path):
    env = _env(tmp_path / "fresh")
    procs = [
        subprocess.Popen(
            [EXE, "ask", "--json", "specs of the 3090"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        for _ in range(2)
    ]
    for p in procs:
        out, err = p.communicate(timeout=HANG_S)
        assert p.returncode == 0, err
        assert json.loads(out)["figures"]["memory_gb"] == 24


def test_a_damaged_database_is_rebuilt_with_a_clear_message(built_home, tmp_path):
    home = tmp_path / "damaged"
    home.mkdir()
    (home / "kb.sqlite").write_bytes(b"this is not a database" * 100)
    proc = subprocess.run(
        [EXE, "ask", "specs of the 3090"], capture_output=True, text=True, env=_env(home), timeout=HANG_S
    )
    assert proc.returncode == 0
    assert "damaged" in proc.stderr and "Traceback" not in proc.stderr
    assert "24 GB" in proc.stdout


def test_a_bad_knowledge_row_is_named(tmp_path):
    from assistant import paths

    pkg = tmp_path / "pkg"
    shutil.copytree(Path(paths.__file__).parent, pkg / "assistant", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(paths.knowledge_dir(), pkg / "knowledge")
    shutil.copytree(paths.grammar_dir(), pkg / "grammar")
    with (pkg / "knowledge" / "prices.csv").open("a", encoding="utf-8") as f:
        f.write("current,GeForce RTX 4090,new,not-a-number,2024-01,price-x,\n")
    env = _env(tmp_path / "home") | {"PYTHONPATH": str(pkg)}
    proc = subprocess.run(
        [sys.executable, "-m", "assistant", "ask", "specs of the 3090"],
        capture_output=True,
        text=True,
        env=env,
        cwd=pkg,
        timeout=HANG_S,
    )
    assert proc.returncode == 1
    assert "knowledge/prices.csv" in proc.stderr and "line" in proc.stderr and "Traceback" not in proc.stderr
