"""Renderers: a chart goes into exported Markdown as text, and never into the JSON answer."""

from __future__ import annotations

import json

from assistant.answer import Answer, Chart, chart_text, to_json, to_markdown, to_text


def _answer() -> Answer:
    return Answer(
        question="q",
        intent="recommend",
        headline="Best value: A.",
        chart=Chart(kind="bars", title="value", labels=["A", "Bee"], values=[2.0, 1.0]),
    )


def test_bars_scale_to_the_largest_value():
    lines = chart_text(_answer().chart, width=10).splitlines()
    assert lines[0] == "value"
    assert lines[1] == "A    " + "█" * 10 + " 2.00"
    assert lines[2] == "Bee  " + "█" * 5 + " 1.00"


def test_lines_become_a_table_of_points():
    chart = Chart(
        kind="lines",
        title="cost",
        x_label="weeks",
        series={"rent": [(0, 0.0), (4, 40.0)], "buy": [(0, 900.0), (4, 905.0)]},
    )
    assert chart_text(chart).splitlines() == ["cost", "weeks: rent, buy", "0: 0, 900", "4: 40, 905"]


def test_markdown_export_carries_the_chart_only_when_asked():
    answer = _answer()
    assert "```text" in to_markdown(answer, with_chart=True)
    assert "█" not in to_markdown(answer) and "█" not in to_text(answer)
    assert "█" not in json.loads(to_json(answer))["answer"]
