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
from rich.table import Table as RichTable
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Markdown, Static

from assistant.answer import Answer, to_markdown
from assistant.answer import Table as AnswerTableData
from assistant.tui.widgets.bar_chart import BarChart
from assistant.tui.widgets.cost_chart import CostChart

WELCOME = """\
**Welcome to gpu-advisor**: which GPU to buy or rent for deep learning, and why.
Ask in plain English, for example:

- why 4070 Ti over 4080?
- will llama 3 70b fit on two 3090s?
- should I rent or buy a 4090 if I train 10 hours a week?

**F1** help · **↑/↓** history · **→** completes a GPU name · **F2** assumptions
"""


def chart_widget(answer: Answer) -> Widget | None:
    chart = answer.chart
    if chart is None:
        return None
    if chart.kind == "bars" and chart.labels:
        return BarChart(chart, classes="chart")
    if chart.kind == "lines" and chart.series:
        return CostChart(chart, classes="chart")
    return None


class AnswerTable(Widget):
    """One answer table, compact: a header rule and no lines between rows (Markdown's tables
    box every row, which costs half the screen at 80x24). Columns after the first are figures.
    Row labels stay on one line when they fit in 40 % of the width; then the figures wrap."""

    def __init__(self, table: AnswerTableData) -> None:
        super().__init__(classes="answer-table")
        self.table = table

    def render(self) -> RichTable:
        table = self.table
        labels = [table.headers[0] if table.headers else ""] + [str(row[0]) for row in table.rows if row]
        keep_labels = max(map(len, labels)) <= self.content_size.width * 0.4
        grid = RichTable(
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            expand=False,
            title=table.title or None,
            title_justify="left",
            header_style="bold",
        )
        for n, header in enumerate(table.headers):
            grid.add_column(
                header, justify="left" if n == 0 else "right", overflow="fold", no_wrap=n == 0 and keep_labels
            )
        for row in table.rows:
            grid.add_row(*[str(cell) for cell in row])
        return grid


def answer_widgets(answer: Answer) -> list[Widget]:
    """The widgets that show one answer: headline, chart, tables, then the reasons, assumptions
    and sources (the Markdown renderer's text, without the tables that are drawn above)."""
    if answer.clarification:
        return [Markdown(answer.clarification)]
    text = to_markdown(replace(answer, tables=[]))
    head = f"**{answer.headline}**"
    rest = text[len(head) :].strip() if text.startswith(head) else text
    widgets: list[Widget] = [Markdown(head, classes="headline")] if text.startswith(head) else []
    chart = chart_widget(answer)
    widgets += ([chart] if chart else []) + [AnswerTable(t) for t in answer.tables]
    return widgets + ([Markdown(rest)] if rest else [])


class QuestionMessage(Static):
    """One question as the user asked it."""

    def __init__(self, text: str) -> None:
        super().__init__(text, markup=False)
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

    async def show(self, answer: Answer) -> None:
        self.answer = answer
        self.remove_class("-pending")
        self.set_class(bool(answer.clarification), "-clarification")
        await self.remove_children()
        await self.mount_all(answer_widgets(answer))


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
