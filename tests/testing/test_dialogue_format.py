"""The .dialogue parser: the documented shape, and file:line messages for malformed files."""

from __future__ import annotations

import pytest

from assistant.testing.format import DialogueSyntaxError, load, parse

EXAMPLE = """\
# comments
setup: electricity 0.30

dialogue: compare follow-up
setup: prices 2023-01
setup: price GeForce RTX 3090 used = $700

> why 4070 ti over 4080?
  intent: compare
  gpus: GeForce RTX 4070 Ti, GeForce RTX 4080
  contains: per dollar
  figure speedup ~ 0.80 +- 15%
  figure ranking[0].gpu = GeForce RTX 4070 Ti
> and the 3090?
  gpus contains: GeForce RTX 3090
  clarification: none

dialogue: bad input
xfail: empty questions are not answered yet
setup: utilization 50%

> ""
  clarification: yes
> "tab\\there"
  figure vram_required_gb between 45 and 38
  figure fits = true
  choice: none
  not contains: Traceback
  matches: \\d+ GB
"""


def test_the_documented_example_parses_into_dialogues_turns_and_expectations():
    df = parse(EXAMPLE, "x.dialogue")
    first, second = df.dialogues
    assert (first.name, first.line, first.xfail) == ("compare follow-up", 4, None)
    assert [(s.key, s.value) for s in first.setup] == [
        ("electricity_usd_per_kwh", 0.30),
        ("snapshot", "2023-01"),
        ("price", 700.0),
    ]
    assert (first.setup[2].gpu, first.setup[2].condition) == ("GeForce RTX 3090", "used")
    assert [t.text for t in first.turns] == ["why 4070 ti over 4080?", "and the 3090?"]
    intent, gpus, contains, speedup, ranking = first.turns[0].expectations
    assert (intent.kind, intent.value, intent.line) == ("intent", "compare", 9)
    assert gpus.value == ["GeForce RTX 4070 Ti", "GeForce RTX 4080"]
    assert (contains.kind, contains.value) == ("contains", "per dollar")
    assert (speedup.subject, speedup.op, speedup.value, speedup.bound, speedup.relative) == (
        "speedup",
        "~",
        0.8,
        15,
        True,
    )
    assert (ranking.subject, ranking.value) == ("ranking[0].gpu", "GeForce RTX 4070 Ti")
    assert [e.kind for e in first.turns[1].expectations] == ["gpus_contains", "clarification"]
    assert first.turns[1].expectations[1].value is False


def test_file_setup_applies_to_every_dialogue_and_xfail_and_quoted_questions_parse():
    second = parse(EXAMPLE, "x.dialogue").dialogues[1]
    assert second.xfail == "empty questions are not answered yet"
    assert [(s.key, s.value) for s in second.setup] == [("electricity_usd_per_kwh", 0.3), ("utilization", 0.5)]
    assert [t.text for t in second.turns] == ["", "tab\there"]
    between, fits, choice, lacks, regex = second.turns[1].expectations
    assert (between.op, between.value, between.bound) == ("between", 38, 45)
    assert (fits.op, fits.value) == ("=", True)
    assert (choice.kind, choice.value) == ("choice", None)
    assert (lacks.kind, regex.kind, regex.value) == ("not_contains", "matches", r"\d+ GB")


@pytest.mark.parametrize(
    "op_text, op, value, bound, relative",
    [
        ("~ 1.73 +- 5%", "~", 1.73, 5, True),
        ("~ 40 ± 2", "~", 40, 2, False),
        ("> 100", ">", 100, None, False),
        ("<= 1,500", "<=", 1500, None, False),
        ("!= rent", "!=", "rent", None, False),
        ("= 2", "=", 2, None, False),
        ("contains: GeForce RTX 4090", "contains", "GeForce RTX 4090", None, False),
        ("present", "present", None, None, False),
    ],
)
def test_figure_comparisons(op_text, op, value, bound, relative):
    exp = parse(f"dialogue: d\n> q\n  figure x {op_text}\n").dialogues[0].turns[0].expectations[0]
    assert (exp.op, exp.value, exp.bound, exp.relative) == (op, value, bound, relative)


MALFORMED = [
    ("> hi\n", 1, "expected 'dialogue: NAME' before the first '> question'"),
    ("dialogue: a\n> hi\nintent: spec\n", 3, "expected an indented expectation"),
    ("dialogue: a\n> hi\n  intnt: spec\n", 3, "'intnt' is not one"),
    ("dialogue: a\n> hi\n  figure speedup ~ 1.7\n", 3, "expected a comparison after 'figure speedup'"),
    ("dialogue: a\n> hi\n  figure speedup > fast\n", 3, "expected a comparison"),
    ("dialogue: a\n> hi\n  clarification: maybe\n", 3, "expected 'clarification: yes' or 'clarification: none'"),
    ("dialogue: a\n> hi\n  matches: (unclosed\n", 3, "expected a regular expression"),
    ("dialogue: a\n> hi\n  contains:\n", 3, "expected some text after 'contains:'"),
    ("dialogue: a\nsetup: electricity cheap\n> hi\n", 2, "expected a number for 'electricity'"),
    ("dialogue: a\nsetup: colour blue\n> hi\n", 2, "expected a setup such as"),
    ("dialogue: a\nsetup: price GeForce RTX 4090 = free\n> hi\n", 2, "expected a positive price"),
    ("dialogue: a\n> hi\nsetup: years 3\n", 3, "expected 'setup:' before the first '> question'"),
    ("dialogue: a\n\ndialogue: b\n> hi\n", 1, "expected at least one '> question' in dialogue 'a'"),
    ("dialogue: a\n> hi\ndialogue: a\n> ho\n", 3, "'a' is already used on line 1"),
    ("hello there\n", 1, "expected 'dialogue: NAME'"),
    ("# only a comment\n", 1, "expected at least one 'dialogue: NAME'"),
]


@pytest.mark.parametrize("text, line, message", MALFORMED)
def test_a_malformed_file_reports_file_line_and_what_was_expected(text, line, message):
    with pytest.raises(DialogueSyntaxError) as err:
        parse(text, "suite/bad.dialogue")
    assert (err.value.path, err.value.line) == ("suite/bad.dialogue", line)
    assert str(err.value).startswith(f"suite/bad.dialogue:{line}: ")
    assert message in str(err.value)


def test_the_message_quotes_the_offending_line(tmp_path):
    path = tmp_path / "bad.dialogue"
    path.write_text("dialogue: a\n> hi\n  figure fits is true\n", encoding="utf-8")
    with pytest.raises(DialogueSyntaxError) as err:
        load(path)
    assert str(err.value).splitlines() == [
        f"{path}:3: expected a comparison after 'figure fits': '~ 1.7 +- 5%', 'between 38 and 45', '= true', "
        "'!= rent', '> 100', 'contains: NAME', 'present' or 'absent'",
        "    3: figure fits is true",
    ]


def test_a_file_that_is_not_utf8_is_reported(tmp_path):
    path = tmp_path / "latin.dialogue"
    path.write_bytes("dialogue: caf\xe9\n> hi\n".encode("latin-1"))
    with pytest.raises(DialogueSyntaxError, match=r"latin\.dialogue:1: expected UTF-8 text"):
        load(path)
