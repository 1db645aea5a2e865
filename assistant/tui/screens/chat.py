"""The chat screen: the message log, the assumptions panel, the question input.

Contract: submitting a question shows it with a pending answer at once, then a thread worker
asks the app's conversation (`GpuAdvisorApp.ask`, which never raises) and posts `AnswerReady`,
whose handler fills the answer in, records the turn and refreshes the panel (an answer may
have changed an assumption). Panel edits (`AssumptionsPanel.Changed`) go to the app. The panel
hides itself on terminals narrower than 120 columns until toggled.
"""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input

from assistant.answer import Answer
from assistant.tui.widgets.assumptions_panel import AssumptionsPanel, describe
from assistant.tui.widgets.message_log import WELCOME, AnswerMessage, MessageLog
from assistant.tui.widgets.question_input import QuestionInput

WIDE = 120


class AnswerReady(Message):
    """A worker has the answer to `question`, for the `pending` message in the log."""

    def __init__(self, question: str, answer: Answer, pending: AnswerMessage) -> None:
        super().__init__()
        self.question = question
        self.answer = answer
        self.pending = pending


class ChatScreen(Screen):
    AUTO_FOCUS = "QuestionInput"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    BINDINGS = [
        Binding("pageup", "scroll_log('page_up')", "Scroll up", show=False),
        Binding("pagedown", "scroll_log('page_down')", "Scroll down", show=False),
        Binding("escape", "focus_question", "Back to the question", show=False),
    ]

    def compose(self):
        yield Header(icon="▣")
        with Horizontal(id="body"):
            yield MessageLog(id="log")
            yield AssumptionsPanel(self.app.assumptions, self.app.catalog.snapshots, id="panel")
        yield QuestionInput(id="question")
        yield Footer()

    async def on_mount(self) -> None:
        self.set_catalog(self.app.catalog)
        await self.log_widget.add_notice(WELCOME)

    @property
    def log_widget(self) -> MessageLog:
        return self.query_one(MessageLog)

    @property
    def question_input(self) -> QuestionInput:
        return self.query_one(QuestionInput)

    @property
    def panel(self) -> AssumptionsPanel:
        return self.query_one(AssumptionsPanel)

    def set_catalog(self, catalog) -> None:
        if catalog.gpu_names:
            self.question_input.set_gpu_names(catalog.gpu_names)
        if catalog.snapshots:
            self.panel.set_snapshots(catalog.snapshots)

    # asking ---------------------------------------------------------------------------------------
    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input is not self.question_input:
            return
        event.stop()
        text = event.value.strip()
        if text:
            self.question_input.value = ""
            await self.ask(text)

    async def ask(self, text: str) -> AnswerMessage:
        """Show `text` as asked and answer it in a worker; return the pending answer message."""
        self.question_input.remember(text)
        question = await self.log_widget.add_question(text)
        pending = await self.log_widget.add_answer(question)
        self._answer(text, pending)
        return pending

    @work(thread=True, group="answers")
    def _answer(self, text: str, pending: AnswerMessage) -> None:
        self.post_message(AnswerReady(text, self.app.ask(text), pending))

    async def on_answer_ready(self, message: AnswerReady) -> None:
        if message.pending.is_attached:  # not cleared while it was being answered
            self.app.transcript.add(message.question, message.answer)
            await message.pending.show(message.answer)
            self.log_widget.reveal(message.pending)
        self.assumptions_changed()

    # assumptions ------------------------------------------------------------------------------------
    async def on_assumptions_panel_changed(self, event: AssumptionsPanel.Changed) -> None:
        self.app.set_assumption(event.key, event.value)
        await self.log_widget.add_notice(
            f"*Assumption changed: {describe(event.key, event.value)}. Ask again to see the new numbers.*"
        )

    def assumptions_changed(self) -> None:
        self.panel.show(self.app.assumptions)
        self.app.update_sub_title()

    # view actions ------------------------------------------------------------------------------------
    def toggle_panel(self) -> None:
        """F2: show the panel and put the cursor in it; from inside it, hide it again."""
        panel = self.panel
        hide = panel.display and panel.has_focus_within
        self.set_class(not hide, "-panel-on")
        self.set_class(hide, "-panel-off")
        if hide:
            self.question_input.focus()
        else:
            panel.focus_first()

    async def clear(self) -> None:
        await self.log_widget.clear()
        await self.log_widget.add_notice("*Conversation cleared; assumptions kept. Press F1 for examples.*")

    def action_focus_question(self) -> None:
        self.question_input.focus()

    def action_scroll_log(self, direction: str) -> None:
        getattr(self.log_widget, f"scroll_{direction}")()
