"""Line chart of cumulative cost over time, e.g. buying vs renting a GPU.

Contract: `CostChart(chart)` draws a `Chart(kind="lines")`: each series is a list of (x, y)
points joined by straight lines on a braille canvas (2x4 dots per cell), the y axis starting at
zero. Each line is labelled at its right end, so the chart reads without colour (NO_COLOR);
the legend repeats the colours.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from assistant.answer import Chart

PLOT_ROWS = 8
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # [row % 4][col % 2]
_SERIES_STYLES = 3


def format_amount(value: float) -> str:
    """A tick label: whole numbers from 100 up (1,234), three significant digits below (0.175)."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


class Canvas:
    """A braille dot canvas of `width` x `rows` cells; remembers which series drew each cell."""

    def __init__(self, width: int, rows: int):
        self.width, self.rows = width, rows
        self.dots = [[0] * width for _ in range(rows)]
        self.owner = [[-1] * width for _ in range(rows)]

    def plot(self, x: int, y: int, series: int) -> None:
        col, row = x // 2, y // 4
        if 0 <= col < self.width and 0 <= row < self.rows:
            self.dots[row][col] |= _DOTS[y % 4][x % 2]
            self.owner[row][col] = series

    def line(self, x0: int, y0: int, x1: int, y1: int, series: int) -> None:
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.plot(x0, y0, series)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 >= dy:
                err, x0 = err + dy, x0 + sx
            if e2 <= dx:
                err, y0 = err + dx, y0 + sy

    def cell(self, row: int, col: int) -> tuple[str, int]:
        bits = self.dots[row][col]
        return (chr(0x2800 + bits) if bits else " "), self.owner[row][col]


def _free_row(row: int, taken: set[int]) -> int:
    """The nearest row to `row` not yet holding a line label (lines ending together)."""
    for step in range(PLOT_ROWS):
        for candidate in (row + step, row - step):
            if 0 <= candidate < PLOT_ROWS and candidate not in taken:
                return candidate
    return row


class CostChart(Widget):
    COMPONENT_CLASSES = {"cost-chart--title", "cost-chart--axis"} | {
        f"cost-chart--series-{i}" for i in range(_SERIES_STYLES)
    }

    def __init__(self, chart: Chart, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chart = chart

    def get_content_height(self, container, viewport, width: int) -> int:
        return PLOT_ROWS + 4  # title, plot, axis, tick labels, legend

    def _style(self, series: int):
        return self.get_component_rich_style(f"cost-chart--series-{series % _SERIES_STYLES}")

    def render(self) -> Text:
        chart = self.chart
        names = list(chart.series)
        points = [p for name in names for p in chart.series[name]]
        out = Text(
            chart.title + (f" ({chart.y_label})" if chart.y_label else ""),
            no_wrap=True,
            style=self.get_component_rich_style("cost-chart--title"),
        )
        if not points:
            return out
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x_min, x_max = min(xs), max(xs)
        y_min, y_max = min(0.0, min(ys)), max(ys)
        x_span, y_span = (x_max - x_min) or 1.0, (y_max - y_min) or 1.0
        mid = PLOT_ROWS // 2  # labelled with the value at its top dot row, so every tick is exact
        ticks = [
            format_amount(y_max),
            format_amount(y_max - mid * 4 / (PLOT_ROWS * 4 - 1) * y_span),
            format_amount(y_min),
        ]
        y_w = max(map(len, ticks))
        label_w = max(map(len, names)) + 1
        width = max(8, self.content_size.width - y_w - 1 - label_w)
        canvas = Canvas(width, PLOT_ROWS)
        dots_x, dots_y = width * 2 - 1, PLOT_ROWS * 4 - 1

        def to_dots(x: float, y: float) -> tuple[int, int]:
            return round((x - x_min) / x_span * dots_x), round((y_max - y) / y_span * dots_y)

        ends: dict[int, int] = {}
        for i, name in enumerate(names):
            pts = [to_dots(x, y) for x, y in sorted(chart.series[name])]
            for (x0, y0), (x1, y1) in zip(pts, pts[1:] or pts, strict=False):
                canvas.line(x0, y0, x1, y1, i)
            ends[i] = _free_row(pts[-1][1] // 4, set(ends.values()))
        axis = self.get_component_rich_style("cost-chart--axis")
        tick_rows = {0: ticks[0], mid: ticks[1], PLOT_ROWS - 1: ticks[2]}
        for row in range(PLOT_ROWS):
            out.append(f"\n{tick_rows.get(row, ''):>{y_w}}┤" if row in tick_rows else f"\n{'':>{y_w}}│", style=axis)
            for col in range(width):
                char, owner = canvas.cell(row, col)
                out.append(char, style=self._style(owner) if owner >= 0 else "")
            for i, end_row in ends.items():
                if end_row == row:
                    out.append(" " + names[i], style=self._style(i))
                    break
        out.append(f"\n{'':>{y_w}}└" + "─" * width, style=axis)
        left, right = format_amount(x_min), f"{format_amount(x_max)} {chart.x_label}".rstrip()
        out.append(f"\n{'':>{y_w}} {left}{right:>{max(1, width - len(left))}}", style=axis)
        out.append("\n" + " " * (y_w + 1))
        for i, name in enumerate(names):
            out.append("━━ ", style=self._style(i))
            out.append(name + "   ")
        return out
