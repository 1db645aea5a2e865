"""Horizontal bar chart of one value per label (e.g. performance per dollar per GPU).

Contract: `BarChart(chart)` draws a `Chart(kind="bars")` as one row per label, in the order the
engine gave, with the largest value highlighted, like the reference perf-per-dollar chart. Bars
are drawn with eighth-block characters, so the picture reads without colour (NO_COLOR).
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from assistant.answer import Chart

_EIGHTHS = " ▏▎▍▌▋▊▉"
_MAX_LABEL = 26


def format_value(value: float, largest: float) -> str:
    if largest >= 100:
        return f"{value:,.0f}"
    if largest >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def bar(fraction: float, width: int) -> str:
    """A bar `fraction` (0..1) of `width` cells long, to an eighth of a cell."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def _clip(label: str) -> str:
    return label if len(label) <= _MAX_LABEL else label[: _MAX_LABEL - 1] + "…"


class BarChart(Widget):
    COMPONENT_CLASSES = {"bar-chart--title", "bar-chart--bar", "bar-chart--best", "bar-chart--caption"}

    def __init__(self, chart: Chart, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chart = chart

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.chart.labels) + 1 + bool(self.chart.x_label)

    def render(self) -> Text:
        chart = self.chart
        labels = [_clip(label) for label in chart.labels]
        values = [float(v) for v in chart.values[: len(labels)]]
        largest = max(values, default=0.0)
        texts = [format_value(v, largest) for v in values]
        label_w = max(map(len, labels), default=0)
        value_w = max(map(len, texts), default=0)
        bar_w = max(4, self.content_size.width - label_w - value_w - 3)
        best = values.index(largest) if values else -1
        out = Text(chart.title, style=self.get_component_rich_style("bar-chart--title"), no_wrap=True)
        for i, (label, value, text) in enumerate(zip(labels, values, texts, strict=False)):
            style = self.get_component_rich_style("bar-chart--best" if i == best else "bar-chart--bar")
            drawn = bar(value / largest if largest > 0 else 0.0, bar_w)
            out.append(f"\n{label:>{label_w}} ")
            out.append(drawn, style=style)
            out.append(f" {text}", style="bold" if i == best else "")
        if chart.x_label:
            out.append("\n" + chart.x_label, style=self.get_component_rich_style("bar-chart--caption"))
        return out
