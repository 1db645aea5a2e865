"""The Answer: what the engine says about one question, and its renderers.

Contract: `Answer` holds the headline, tables, reasoning steps, figures, assumptions,
sources, clarification and an optional chart, all as plain data. Renderers never compute:
`to_text` (plain text, clean in a pipe), `to_markdown`, `to_json` (the stable JSON contract
documented in README.md). A chart is data (`Chart`) that the TUI draws and text renderers
show as a small table. `joined` makes one Answer of the answers to a message that asked two things.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from assistant import i18n


@dataclass
class Table:
    """A titled table of an answer."""

    headers: list[str]
    rows: list[list[str]]
    title: str = ""


@dataclass
class Chart:
    """kind "bars": one value per label; kind "lines": series of (x, y) points."""

    kind: str
    title: str
    labels: list[str] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    series: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    x_label: str = ""
    y_label: str = ""


@dataclass
class Answer:
    """An explained answer: headline, tables, steps, figures, assumptions and sources."""

    question: str
    intent: str
    headline: str
    gpus: list[str] = field(default_factory=list)
    workload: str | None = None
    precision: str | None = None
    choice: str | None = None
    tables: list[Table] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    figures: dict = field(default_factory=dict)
    assumptions: dict = field(default_factory=dict)
    assumption_text: str = ""
    sources: list[str] = field(default_factory=list)
    clarification: str | None = None
    notes: list[str] = field(default_factory=list)
    chart: Chart | None = None
    lang: str = "en"

    @property
    def understood(self) -> bool:
        return self.clarification is None and self.intent != "unknown"

    def plain(self) -> str:
        """The answer as one plain paragraph block (the JSON `answer` field)."""
        return to_text(self, with_sources=False)


def joined(text: str, parts: tuple[str, str], first: Answer, second: Answer) -> Answer:
    """Two answers as one, for a message that asked two things: headlines, tables, reasons, notes and
    sources of both (the first's intent and figures; `figures["parts"]` says what each part was)."""

    def union(a: list, b: list) -> list:
        return a + [x for x in b if x not in a]

    said = _unsaid(second.headline, first.headline)  # "值得入吗 稳定性咋样": the verdict is not said twice
    figures = dict(first.figures)
    figures["parts"] = [
        {"question": parts[0], "intent": first.intent},
        {"question": parts[1], "intent": second.intent, "headline": second.headline, "figures": second.figures},
    ]
    return Answer(
        question=text,
        intent=first.intent,
        headline=f"{first.headline}\n\n{said}".strip(),
        gpus=union(first.gpus, second.gpus),
        workload=first.workload or second.workload,
        precision=first.precision or second.precision,
        choice=first.choice or second.choice,
        tables=first.tables + [t for t in second.tables if t not in first.tables],
        steps=union(first.steps, second.steps),
        figures=figures,
        assumptions=first.assumptions or second.assumptions,
        sources=union(first.sources, second.sources),
        notes=union(first.notes, second.notes),
        chart=first.chart or second.chart,
        lang=first.lang,
    )


_SENTENCE_END = re.compile(r"(?<=[。！？!?])|(?<=\.)(?=\s)")  # after 。！？!? or a full stop before a space


def _unsaid(headline: str, said: str) -> str:
    """`headline` without the sentences `said` already has (a second part answered with the first's verdict);
    nothing else of it is dropped."""
    kept = [part for part in _SENTENCE_END.split(headline) if not part.strip() or part.strip() not in said]
    return "".join(kept).strip()


def display_width(text: str) -> int:
    """Terminal columns: CJK (East Asian wide / fullwidth) characters take two."""
    text = str(text)
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in str(text))


def _ljust(text: str, width: int) -> str:
    return str(text) + " " * max(width - display_width(text), 0)


def _pad_table(table: Table) -> list[str]:
    cells = [table.headers, *table.rows]
    widths = [
        max(display_width(str(row[i])) if i < len(row) else 0 for row in cells) for i in range(len(table.headers))
    ]
    lines = [table.title] if table.title else []
    for n, row in enumerate(cells):
        lines.append("  ".join(_ljust(c, w) for c, w in zip(row, widths, strict=False)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return lines


def _labels(lang: str) -> dict[str, str]:
    labels = {name: i18n.t(lang, f"answer.{name}") for name in ("why", "assumptions", "sources", "note")}
    return {**labels, "sep": i18n.sep(lang)}


def _gap(answer: Answer) -> str:
    return i18n.gap(answer.lang)


def to_text(answer: Answer, with_sources: bool = True) -> str:
    label = _labels(answer.lang)
    if answer.clarification:
        return answer.clarification
    parts = [answer.headline]
    for table in answer.tables:
        parts.append("\n".join(_pad_table(table)))
    if answer.chart and answer.chart.kind == "bars" and not answer.tables:
        parts.append(
            "\n".join(f"{label}: {v:.2f}" for label, v in zip(answer.chart.labels, answer.chart.values, strict=False))
        )
    if answer.steps:
        parts.append(f"{label['why']}\n" + "\n".join(f"- {s}" for s in answer.steps))
    for note in answer.notes:
        parts.append(f"{label['note']}{_gap(answer)}{note}")
    if answer.assumption_text:
        parts.append(f"{label['assumptions']}{_gap(answer)}{answer.assumption_text}")
    if with_sources and answer.sources:
        parts.append(f"{label['sources']}{_gap(answer)}" + label["sep"].join(answer.sources))
    return "\n\n".join(p for p in parts if p)


def _md_cell(value: str) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def chart_text(chart: Chart, width: int = 30) -> str:
    """A chart as fixed-width text (bars) or a table of points (lines), for exports and pipes."""
    if chart.kind == "bars" and chart.values:
        top = max(chart.values) or 1.0
        pad = max(len(label) for label in chart.labels)
        rows = [
            f"{label:<{pad}}  {'█' * max(1, round(value / top * width))} {value:.2f}"
            for label, value in zip(chart.labels, chart.values, strict=False)
        ]
        return "\n".join([chart.title, *rows])
    if chart.kind == "lines" and chart.series:
        names = list(chart.series)
        xs = [x for x, _ in chart.series[names[0]]]
        rows = [f"{chart.x_label or 'x'}: " + ", ".join(names)]
        for k, x in enumerate(xs):
            rows.append(f"{x:,.0f}: " + ", ".join(f"{chart.series[n][k][1]:,.0f}" for n in names))
        return "\n".join([chart.title, *rows])
    return ""


def to_markdown(answer: Answer, with_chart: bool = False) -> str:
    """`with_chart`: add the chart as a text block (exports; the TUI draws charts itself)."""
    label = _labels(answer.lang)
    if answer.clarification:
        return answer.clarification
    parts = [f"**{answer.headline}**"]
    if with_chart and answer.chart and chart_text(answer.chart):
        parts.append("```text\n" + chart_text(answer.chart) + "\n```")
    for table in answer.tables:
        lines = [f"*{table.title}*", ""] if table.title else []
        lines.append("| " + " | ".join(_md_cell(h) for h in table.headers) + " |")
        lines.append("|" + "---|" * len(table.headers))
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
        parts.append("\n".join(lines))
    if answer.steps:
        parts.append(f"{label['why']}\n\n" + "\n".join(f"- {s}" for s in answer.steps))
    for note in answer.notes:
        parts.append(f"*{label['note']}* {note}")  # the space lets CommonMark close the emphasis after CJK punctuation
    if answer.assumption_text:
        parts.append(f"*{label['assumptions']}* {answer.assumption_text}")
    if answer.sources:
        parts.append(f"*{label['sources']}* " + label["sep"].join(answer.sources))
    return "\n\n".join(parts)


def to_json_dict(answer: Answer) -> dict:
    return {
        "question": answer.question,
        "intent": answer.intent,
        "gpus": list(answer.gpus),
        "workload": answer.workload,
        "precision": answer.precision,
        "choice": answer.choice,
        "answer": answer.plain(),
        "steps": list(answer.steps),
        "assumptions": dict(answer.assumptions),
        "figures": dict(answer.figures),
        "sources": list(answer.sources),
        "clarification": answer.clarification,
    }


def to_json(answer: Answer) -> str:
    return json.dumps(to_json_dict(answer), ensure_ascii=False, sort_keys=False, default=str)
