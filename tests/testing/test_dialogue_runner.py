"""The runner against a scripted fake conversation: reports, exit codes, setup and isolation."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from dialogue_fakes import FakeSession  # noqa: E402

from assistant.answer import Answer  # noqa: E402
from assistant.testing.format import parse  # noqa: E402
from assistant.testing.runner import main, report, run_dialogue  # noqa: E402

GOOD = """\
dialogue: compare, then a follow-up
> why 4070 ti over 4080?
  intent: compare
  gpus: GeForce RTX 4070 Ti, GeForce RTX 4080
  choice: GeForce RTX 4070 Ti
  contains: per dollar
  figure speedup ~ 0.80 +- 15%
> and the 3090?
  gpus contains: GeForce RTX 3090
  clarification: none
"""

WRONG = """\
dialogue: wrong premise
> why 4070 ti over 4080?
  intent: compare
  choice: GeForce RTX 4080
  figure speedup ~ 1.25 +- 5%
"""


def run(tmp_path: Path, files: dict[str, str], session=None) -> tuple[int, str]:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    out = io.StringIO()
    code = main([str(tmp_path)], session=session or FakeSession(), out=out)
    return code, out.getvalue()


def test_a_passing_folder_exits_0_with_a_summary(tmp_path):
    code, text = run(tmp_path, {"good.dialogue": GOOD})
    assert code == 0, text
    assert "  ok    compare, then a follow-up (2 turns)" in text
    assert "1 dialogues in 1 files: 1 passed, 0 failed" in text


def test_a_wrong_expectation_fails_with_expected_got_and_the_answer_text(tmp_path):
    code, text = run(tmp_path, {"good.dialogue": GOOD, "wrong.dialogue": WRONG})
    assert code == 1
    assert "2 dialogues in 2 files: 1 passed, 1 failed" in text
    failure = text.split("= failures =")[1]
    assert f"FAIL: dialogue 'wrong premise' ({tmp_path / 'wrong.dialogue'}:1)" in failure
    assert "  turn 1 (line 2): > why 4070 ti over 4080?" in failure
    assert "    ok    intent: compare" in failure
    assert (
        "    FAIL  choice: GeForce RTX 4080   (line 4)\n"
        '            expected: "GeForce RTX 4080"\n'
        '            got:      "GeForce RTX 4070 Ti"'
    ) in failure
    assert "expected: figure speedup ~ 1.25 +- 5% (from 1.1875 to 1.3125)\n            got:      0.8" in failure
    assert (
        "      | The GeForce RTX 4080 is 1.25x faster, but the 4070 Ti gives 20 % more performance per dollar."
        in failure
    )
    assert '    figures: {"speedup": 0.8' in failure


def test_xfail_dialogues_do_not_fail_the_run_and_an_unexpected_pass_is_shown(tmp_path):
    xfail = WRONG.replace(
        "dialogue: wrong premise\n", "dialogue: wrong premise\nxfail: the premise check is not built\n"
    )
    xpass = GOOD.replace("dialogue: compare, then a follow-up\n", "dialogue: fixed\nxfail: was broken\n")
    code, text = run(tmp_path, {"a.dialogue": xfail, "b.dialogue": xpass})
    assert code == 0, text
    assert "  xfail wrong premise (1 turns) - the premise check is not built" in text
    assert "  XPASS fixed (2 turns) - was broken" in text
    assert "0 passed, 0 failed, 1 xfailed, 1 xpassed" in text


def test_setup_reaches_the_conversation_and_price_overrides_do_not_leak(tmp_path):
    session = FakeSession()
    session.reader.user.set_price_override("GeForce RTX 4090", 1800.0, "new")  # the user's own, kept
    files = {
        "cost.dialogue": """\
setup: years 2
dialogue: cheap 4090 and expensive power
setup: electricity 0.5
setup: utilization 100%
setup: price GeForce RTX 4090 = 1000
> total cost of a 4090
  figure total_cost_usd ~ 4942 +- 1
  assumption years = 2
  assumption utilization = 1
dialogue: defaults again
> total cost of a 4090
  figure total_cost_usd ~ 2007 +- 1
  assumption electricity_usd_per_kwh = 0.175
"""
    }
    code, text = run(tmp_path, files, session)
    assert code == 0, text
    first, second = session.conversations
    assert (first.assumptions.years, first.assumptions.electricity_usd_per_kwh, first.assumptions.utilization) == (
        2,
        0.5,
        1.0,
    )
    assert (second.assumptions.years, second.assumptions.electricity_usd_per_kwh) == (2, 0.175)
    assert session.reader.user.overrides == {("GeForce RTX 4090", "new"): 1800.0}


def test_an_unknown_gpu_name_or_snapshot_is_an_error_of_the_file(tmp_path):
    code, text = run(
        tmp_path,
        {
            "typo.dialogue": GOOD.replace("gpus contains: GeForce RTX 3090", "gpus contains: RTX 3090").replace(
                "dialogue: compare, then a follow-up\n", "dialogue: typo\nsetup: prices 2019\n"
            )
        },
    )
    assert code == 1
    assert "  ERROR typo (2 turns)" in text
    assert "typo.dialogue:2: no price snapshot '2019' (known: 2023-01, current)" in text
    assert (
        "typo.dialogue:10: 'RTX 3090' is not a canonical GPU name of the knowledge base"
        " (did you mean 'GeForce RTX 3090'?)" in text
    )


def test_a_malformed_file_is_reported_with_file_and_line_and_fails_the_run(tmp_path):
    code, text = run(tmp_path, {"good.dialogue": GOOD, "bad.dialogue": "dialogue: x\n> hi\nintent: spec\n"})
    assert code == 1
    assert f"ERROR {tmp_path / 'bad.dialogue'}:3: expected an indented expectation" in text
    assert "1 passed, 0 failed, 1 malformed file" in text


def test_a_conversation_that_raises_fails_that_turn_only():
    def boom(_):
        raise RuntimeError("kaput")

    session = FakeSession({"q1": boom, "q2": Answer(question="q2", intent="help", headline="Ask me about GPUs.")})
    result = run_dialogue(
        parse("dialogue: d\n> q1\n  intent: help\n> q2\n  intent: help\n", "f.dialogue").dialogues[0], session
    )
    assert result.status == "failed"
    assert [t.ok for t in result.turns] == [False, True]
    assert "    ! ask() raised RuntimeError: kaput" in report(result)


def test_missing_paths_and_empty_folders_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "nope.dialogue")], session=FakeSession(), out=io.StringIO()) == 2
    assert main([str(tmp_path)], session=FakeSession(), out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "no .dialogue files in" in err


def test_the_cli_test_command_passes_the_exit_code(tmp_path, capsys):
    from assistant.cli import main as cli

    assert cli(["test", str(tmp_path / "missing")]) == 2


@pytest.mark.parametrize("question", ["how fast is it?"])
def test_a_clarification_can_be_expected(question):
    dialogue = parse(
        f"dialogue: d\n> {question}\n  clarification: yes\n  clarification contains: refers to\n"
    ).dialogues[0]
    assert run_dialogue(dialogue, FakeSession()).status == "passed"
