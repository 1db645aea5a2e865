"""Checks of single expectations against an answer's JSON dict: what passes, what fails, and how it reads."""

from __future__ import annotations

import pytest

from assistant.testing.expectations import check
from assistant.testing.format import parse

DATA = {
    "question": "why 4070 ti over 4080?",
    "intent": "compare",
    "gpus": ["GeForce RTX 4070 Ti", "GeForce RTX 4080"],
    "workload": "training",
    "precision": None,
    "choice": "GeForce RTX 4070 Ti",
    "answer": "The 4080 is 1.25x faster,\nbut the 4070 Ti gives  20 % more performance PER DOLLAR.\nMemory   12 GB",
    "steps": [],
    "assumptions": {"electricity_usd_per_kwh": 0.3, "budget_usd": None, "snapshot": "2023-01"},
    "figures": {
        "speedup": 0.8,
        "fits": True,
        "verdict": "rent",
        "gpu_count": 2,
        "ranking": [{"gpu": "GeForce RTX 4070 Ti", "score": 1.0}, {"gpu": "GeForce RTX 4080", "score": 0.9}],
    },
    "sources": ["TechPowerUp GPU database (techpowerup.com)"],
    "clarification": None,
}


def outcome(line: str, data: dict = DATA):
    exp = parse(f"dialogue: d\n> q\n  {line}\n").dialogues[0].turns[0].expectations[0]
    return check(exp, data)


@pytest.mark.parametrize(
    "line",
    [
        "intent: COMPARE",
        "gpus: GeForce RTX 4070 Ti, GeForce RTX 4080",
        "gpus contains: GeForce RTX 4080",
        "gpus not contains: GeForce RTX 3090",
        "choice: GeForce RTX 4070 Ti",
        "choice: GeForce RTX 3090 | GeForce RTX 4070 Ti",
        "workload: inference | training",
        "workload: training",
        "precision: none",
        "contains: per dollar",
        "contains: performance per dollar",
        "contains: memory 12 gb",
        "not contains: slower",
        "matches: \\d+(\\.\\d+)?x faster",
        "not matches: error|traceback",
        "clarification: none",
        "sources contains: techpowerup",
        "figure speedup ~ 0.82 +- 5%",
        "figure speedup ~ 0.75 +- 0.05",
        "figure speedup between 0.7 and 0.9",
        "figure speedup < 1",
        "figure fits = true",
        "figure verdict = RENT",
        "figure verdict != buy",
        "figure gpu_count = 2",
        "figure gpu_count >= 2",
        "figure ranking[0].gpu = GeForce RTX 4070 Ti",
        "figure ranking contains: GeForce RTX 4080",
        "figure ranking[1].score ~ 0.9 +- 1%",
        "figure speedup present",
        "figure tokens_per_second absent",
        "assumption electricity_usd_per_kwh = 0.30",
        "assumption budget_usd = none",
        "assumption snapshot = 2023-01",
    ],
)
def test_true_expectations_pass(line):
    result = outcome(line)
    assert result.ok, (result.expected, result.got)


@pytest.mark.parametrize(
    "line, expected, got",
    [
        ("intent: spec", '"spec"', '"compare"'),
        (
            "gpus: GeForce RTX 4080, GeForce RTX 4070 Ti",
            "[GeForce RTX 4080, GeForce RTX 4070 Ti]",
            "[GeForce RTX 4070 Ti, GeForce RTX 4080] (same names, other order)",
        ),
        (
            "gpus: GeForce RTX 4090",
            "[GeForce RTX 4090]",
            "[GeForce RTX 4070 Ti, GeForce RTX 4080] (missing [GeForce RTX 4090];"
            " unexpected [GeForce RTX 4070 Ti, GeForce RTX 4080])",
        ),
        ("choice: geforce rtx 4070 ti", '"geforce rtx 4070 ti"', '"GeForce RTX 4070 Ti"'),
        ("choice: none", "null", '"GeForce RTX 4070 Ti"'),
        ("choice: GeForce RTX 4090 | none", '"GeForce RTX 4090" or null', '"GeForce RTX 4070 Ti"'),
        ("contains: per euro", 'text containing "per euro"', "not in the answer text"),
        ("not contains: faster", 'text without "faster"', "found in the answer text"),
        ("matches: \\d+ W", "text matching /\\d+ W/", "no match in the answer text"),
        ("clarification: yes", "a clarification", "null"),
        ("figure speedup ~ 1.73 +- 5%", "figure speedup ~ 1.73 +- 5% (from 1.6435 to 1.8165)", "0.8"),
        ("figure speedup between 38 and 45", "figure speedup between 38 and 45", "0.8"),
        ("figure fits = false", "figure fits = false", "true"),
        ("figure verdict > 3", "figure verdict > 3", '"rent", not a number'),
        (
            "figure vram_required_gb ~ 40 +- 2",
            "figure vram_required_gb ~ 40 +- 2",
            "no figure vram_required_gb (the answer's figures: fits, gpu_count, ranking, speedup, verdict)",
        ),
        ("figure ranking contains: GeForce RTX 3090", 'figure ranking contains "GeForce RTX 3090"', None),
    ],
)
def test_wrong_expectations_fail_saying_what_was_expected_and_what_was_got(line, expected, got):
    result = outcome(line)
    assert not result.ok
    assert result.expected == expected
    if got is not None:
        assert result.got == got


def test_a_clarification_counts_as_answer_text_and_can_be_matched():
    data = dict(DATA, answer="", clarification="Which one do you mean: the RTX 4080 or the RTX 4080 SUPER?")
    assert outcome("clarification: yes", data).ok
    assert outcome("clarification contains: 4080 super", data).ok
    assert outcome("contains: which one do you mean", data).ok


def test_a_broken_answer_is_a_failed_check_not_a_crash():
    result = outcome("figure speedup > 1", dict(DATA, figures="not a dict"))
    assert not result.ok
