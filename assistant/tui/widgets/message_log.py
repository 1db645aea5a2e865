"""The conversation log: the user's questions, the assistant's answers, and notices.

Contract: `MessageLog` is a scrolling column that stays at the bottom as messages arrive.
`add_question(text)` shows a question; `add_answer(question)` shows a pending answer that
`AnswerMessage.show(answer)` fills: the headline, the chart if any, the tables (compact grids),
then the rest of the answer's Markdown (assistant.answer.to_markdown); `reveal` shows a long
answer from its top. Clarifications look different from answers, so a question back is not
mistaken for a result. Nothing here computes an answer.
"""

from __future__ import annotations

from dataclasses import replace

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Markdown, Static

from assistant import i18n
from assistant.answer import Answer, to_markdown
from assistant.answer import Table as AnswerTableData
from assistant.terminal_text import cleaned, for_terminal
from assistant.tui.cell_wrap import longest_piece, wrap
from assistant.tui.widgets.bar_chart import BarChart
from assistant.tui.widgets.cost_chart import CostChart

WELCOME_TOPICS = ("compare", "recommend", "fit", "rent", "cost")  # one example each, from the help's


def welcome(lang: str) -> str:
    """The first notice, in `lang`: what gpu-advisor is, what can be asked, the keys."""
    lines = [f"- {i18n.words(lang, f'help.examples.{topic}')[0]}" for topic in WELCOME_TOPICS]
    return "\n".join([i18n.t(lang, "tui.welcome"), "", *lines, "", i18n.t(lang, "tui.keys")]) + "\n"


def chart_widget(answer: Answer) -> Widget | None:
    chart = answer.chart
    if chart is None:
        return None
    if chart.kind == "bars" and chart.labels:
        return BarChart(chart, classes="chart")
    if chart.kind == "lines" and chart.series:
        return CostChart(chart, classes="chart")
    return None


GAP = 2  # cells between two columns
LABEL_MIN = 12  # the row labels keep at least this width (they wrap at spaces)
WHOLE_MAX = 16  # a cell up to this wide (a figure: "1,010 GB/s") is never broken; a longer one
# (a price with its date and condition) may wrap, so that a comparison keeps all its columns
PIECE_MAX = 24  # a longer unbreakable piece (a URL) may be cut rather than widen its column further


def _cell_need(cell: str) -> int:
    """The width a figure column needs for `cell`: all of it up to WHOLE_MAX, and never less than
    its widest unbreakable piece (a number, a date; up to PIECE_MAX), so that nothing is cut."""
    return max(min(cell_len(cell), WHOLE_MAX), min(longest_piece(cell), PIECE_MAX))


def fit_columns(table: AnswerTableData, width: int) -> tuple[list[int], list[int]]:
    """Which columns of `table` fit in `width` cells, and how wide each is.

    A figure column is never narrower than its widest cell up to WHOLE_MAX, so a figure stays on
    one line and a number is never broken (its header, or a longer cell such as a price with its
    date, wraps between words and CJK characters: assistant.tui.cell_wrap); the row labels wrap
    the same way down to LABEL_MIN. Figure
    columns that do not fit are dropped from the right (the first figure column always stays).
    Width left after the labels have theirs widens the figure columns, from the left, up to their
    header's or longest cell's width (at 200 columns no Chinese header wraps).
    The widths are exact: a header wider than its column wraps (Chinese headers have no spaces, and
    a table left to size itself would squeeze a figure column to make room for them).
    Returns (kept column indexes, widths of the kept columns)."""
    columns = len(table.headers) or max((len(row) for row in table.rows), default=0)
    cells = [[str(row[n]) if n < len(row) else "" for row in table.rows] for n in range(columns)]
    headers = [table.headers[n] if n < len(table.headers) else "" for n in range(columns)]
    need = [max([longest_piece(headers[n]), *(_cell_need(c) for c in cells[n])]) for n in range(columns)]
    label = min(need[0], LABEL_MIN) if columns else 0
    kept = [0] if columns else []
    used = label
    for n in range(1, columns):
        if n > 1 and used + GAP + need[n] > width:
            break
        kept.append(n)
        used += GAP + need[n]
    widths = {n: need[n] for n in kept}
    if columns:  # the labels take what the figures leave, up to their own width
        natural = max(cell_len(c) for c in [headers[0], *cells[0]])
        widths[0] = max(label, min(natural, width - (used - label)))
        spare = width - (used - label + widths[0])
        for n in kept[1:]:  # then the figure columns grow, from the left, so headers and long cells
            whole = max(cell_len(c) for c in [headers[n], *cells[n]])  # need fewer lines, while room is left
            grow = max(0, min(whole - widths[n], spare))
            widths[n] += grow
            spare -= grow
    return kept, [widths[n] for n in kept]


def _wrapped(text: str, width: int) -> str:
    """The cell's lines, broken between words and CJK characters, never inside a number."""
    return "\n".join(wrap(text, width))


class AnswerTable(Widget):
    """One answer table, compact: a header rule and no lines between rows (Markdown's tables
    box every row, which costs half the screen at 80x24). Columns after the first are figures:
    they never wrap inside a word, so numbers stay whole; the row labels wrap at spaces. When
    the figures do not fit, the columns on the right are dropped and a line says which.
    `changed` holds (row, column) cells shown in bold: what an assumption change changed."""

    def __init__(self, table: AnswerTableData, lang: str = "en", changed: set[tuple[int, int]] | None = None) -> None:
        super().__init__(classes="answer-table")
        self.table = table
        self.lang = lang
        self.changed = changed or set()

    def render(self) -> Group:
        table = self.table
        kept, widths = fit_columns(table, self.content_size.width or 80)
        grid = RichTable(
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            expand=False,
            collapse_padding=True,
            padding=(0, GAP // 2),
            title=table.title or None,
            title_justify="left",
            header_style="bold",
        )
        for n, column_width in zip(kept, widths, strict=True):
            header = table.headers[n] if n < len(table.headers) else ""
            grid.add_column(
                _wrapped(header, column_width),
                justify="left" if n == 0 else "right",
                overflow="fold",
                width=column_width,
            )
        for r, row in enumerate(table.rows):
            cells = [_wrapped(str(row[n]) if n < len(row) else "", w) for n, w in zip(kept, widths, strict=True)]
            grid.add_row(
                *[Text(c, style="bold" if (r, n) in self.changed else "") for c, n in zip(cells, kept, strict=True)]
            )
        dropped = [table.headers[n] or str(n) for n in range(len(table.headers)) if n not in kept]
        if not dropped:
            return Group(grid)
        note = i18n.t(self.lang, "tui.hidden_columns", count=len(dropped), names=", ".join(dropped))
        return Group(grid, Text(note, style="italic"))


def answer_widgets(answer: Answer, changed: dict[int, set[tuple[int, int]]] | None = None) -> list[Widget]:
    """The widgets that show one answer: headline, chart, tables, then the reasons, assumptions
    and sources (the Markdown renderer's text, without the tables that are drawn above).
    `changed` maps a table's index to the (row, column) cells to mark.
    Control and bidi characters from stored text are shown escaped (`terminal_text.cleaned`)."""
    answer = cleaned(answer)
    if answer.clarification:
        return [Markdown(answer.clarification)]
    text = to_markdown(replace(answer, tables=[]))
    head = f"**{answer.headline}**"
    rest = text[len(head) :].strip() if text.startswith(head) else text
    widgets: list[Widget] = [Markdown(head, classes="headline")] if text.startswith(head) else []
    chart = chart_widget(answer)
    changed = changed or {}
    tables = [AnswerTable(t, answer.lang, changed.get(n)) for n, t in enumerate(answer.tables)]
    if chart:
        widgets.append(chart)
    widgets.extend(tables)
    return widgets + ([Markdown(rest)] if rest else [])


class QuestionMessage(Static):
    """One question as the user asked it."""

    def __init__(self, text: str) -> None:
        super().__init__(for_terminal(text), markup=False)
        self.text = text


class NoticeMessage(Markdown):
    """Something the app says that is not an answer: the welcome, an assumption change."""


class AnswerMessage(Vertical):
    """One answer to `question`; pending ("thinking…") until `show` gets the Answer."""

    def __init__(self, question: QuestionMessage) -> None:
        super().__init__(classes="-pending")
        self.question = question
        self.answer: Answer | None = None

    def compose(self):
        yield Static("thinking…", classes="pending")

    async def show(self, answer: Answer, changed: dict[int, set[tuple[int, int]]] | None = None) -> None:
        self.answer = answer
        self.remove_class("-pending")
        self.set_class(bool(answer.clarification), "-clarification")
        await self.remove_children()
        await self.mount_all(answer_widgets(answer, changed))


class MessageLog(VerticalScroll):
    can_focus = True

    def on_mount(self) -> None:
        self.anchor()

    async def add_notice(self, markdown: str) -> NoticeMessage:
        notice = NoticeMessage(markdown)
        await self.mount(notice)
        return notice

    async def add_question(self, text: str) -> QuestionMessage:
        message = QuestionMessage(text)
        await self.mount(message)
        self.anchor()
        return message

    async def add_answer(self, question: QuestionMessage) -> AnswerMessage:
        message = AnswerMessage(question)
        await self.mount(message)
        return message

    def reveal(self, message: AnswerMessage) -> None:
        """Show an answer taller than the log from its question down: following the bottom
        would show its sources first. The user's next question follows the bottom again."""

        def scroll() -> None:
            top = message.question.virtual_region_with_margin.y
            if self.virtual_size.height - top > self.scrollable_content_region.height:
                self.release_anchor()
                self.scroll_to(y=top, animate=False, immediate=True)

        self.call_after_refresh(scroll)

    async def clear(self) -> None:
        await self.remove_children()

    @property
    def answers(self) -> list[AnswerMessage]:
        return list(self.query_children(AnswerMessage))

    @property
    def questions(self) -> list[str]:
        return [m.text for m in self.query_children(QuestionMessage)]
