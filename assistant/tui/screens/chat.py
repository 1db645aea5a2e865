"""The chat screen: the message log, the assumptions panel, the question input.

Contract: submitting a question shows it with a pending answer at once, then a thread worker
asks the app's conversation (`GpuAdvisorApp.ask`, which never raises) and posts `AnswerReady`,
whose handler fills the answer in, records the turn and refreshes the panel (an answer may
have changed an assumption). Panel edits (`AssumptionsPanel.Changed`) go to the app, which
answers the last question again under the new assumptions (`GpuAdvisorApp.reanswer`); the new
answer is shown with the changed figures in bold and listed in a notice that says the change is
for this conversation only; the panel's save action (`AssumptionsPanel.SaveRequested`, or the
command palette) keeps the changes for later sessions (`GpuAdvisorApp.save_defaults`) and a
notice says what was saved, or why not. The panel hides itself
on terminals narrower than 120 columns until toggled; there the footer is compact, so that all
its keys fit in 80 columns. Esc closes the panel and puts the cursor
back in the question box, as does returning from any dialog. Text typed or pasted into the
panel that is no assumption value (`AssumptionsPanel.QuestionTyped`) goes to the question box,
so a question is never lost. Wording comes from `assistant.i18n` in the conversation's language.
"""

from __future__ import annotations

from rich.markup import escape
from textual import events, work
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input

from assistant import i18n
from assistant.answer import Answer
from assistant.terminal_text import for_terminal
from assistant.tui.changes import changed_cells
from assistant.tui.host import host
from assistant.tui.widgets.assumptions_panel import AssumptionsPanel, describe
from assistant.tui.widgets.message_log import AnswerMessage, MessageLog, welcome
from assistant.tui.widgets.question_input import QuestionInput

WIDE = 120


class AnswerReady(Message):
    """A worker has the answer to `question`, for the `pending` message in the log."""

    def __init__(self, question: str, answer: Answer, pending: AnswerMessage) -> None:
        super().__init__()
        self.question = question
        self.answer = answer
        self.pending = pending


class Saved(Message):
    def __init__(self, outcome: str) -> None:
        super().__init__()
        self.outcome = outcome


class Reanswered(Message):
    """A worker answered the last question again after `change` (None: nothing to re-answer)."""

    def __init__(self, change: str, answer: Answer | None) -> None:
        super().__init__()
        self.change = change
        self.answer = answer


class ChatScreen(Screen):
    AUTO_FOCUS = "QuestionInput"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    BINDINGS = [
        Binding("pageup", "scroll_log('page_up')", "Scroll up", show=False),
        Binding("pagedown", "scroll_log('page_down')", "Scroll down", show=False),
        Binding("escape", "close_panel", "Back to the question", show=False),
    ]

    def compose(self):
        yield Header(icon="▣")
        with Horizontal(id="body"):
            yield MessageLog(id="log")
            yield AssumptionsPanel(host(self).assumptions, host(self).catalog.snapshots, id="panel")
        yield QuestionInput(placeholder=i18n.t(host(self).lang, "tui.placeholder"), id="question")
        yield Footer()

    async def on_mount(self) -> None:
        self.set_catalog(host(self).catalog)
        await self.log_widget.add_notice(welcome(host(self).lang))

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
        panel = self.panel
        if (panel.catalog_rate, panel.household) != (catalog.cny_per_usd, catalog.household_cny_per_kwh):
            panel.catalog_rate, panel.household = catalog.cny_per_usd, catalog.household_cny_per_kwh
            in_yuan = bool(panel.lang) and i18n.currency(panel.lang or "en") == "CNY"
            if in_yuan and not panel.has_focus_within:  # amounts in yuan now that the rate is known
                panel.refresh(recompose=True)

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
        self.post_message(AnswerReady(text, host(self).ask(text), pending))

    async def on_answer_ready(self, message: AnswerReady) -> None:
        self.assumptions_changed()  # first: a panel redrawn in another language changes the layout
        if message.pending.is_attached:  # not cleared while it was being answered
            host(self).transcript.add(message.question, message.answer)
            await message.pending.show(message.answer)
            self.log_widget.reveal(message.pending)

    # assumptions ------------------------------------------------------------------------------------
    async def on_assumptions_panel_changed(self, event: AssumptionsPanel.Changed) -> None:
        host(self).set_assumption(event.key, event.value)
        self._reanswer(describe(event.key, event.value, host(self).lang, self.panel.cny_per_usd))

    @work(thread=True, group="answers")
    def _reanswer(self, change: str) -> None:
        self.post_message(Reanswered(change, host(self).reanswer()))

    async def on_reanswered(self, message: Reanswered) -> None:
        lang = host(self).lang
        answer = message.answer
        turns = host(self).transcript.turns
        if answer is None or not turns:
            notice = i18n.t(lang, "tui.changed_ask", change=message.change)
            await self.log_widget.add_notice(f"{notice} {i18n.t(lang, 'tui.session_only')}")
            return
        question, before = turns[-1]
        marks, lines = changed_cells(before, answer)
        what = (
            i18n.t(lang, "tui.changed_figures", items="; ".join(lines))
            if lines
            else ("" if answer.headline != before.headline else i18n.t(lang, "tui.no_figure_changed"))
        )
        notice = i18n.t(lang, "tui.reanswered", change=message.change, question=question, what=what)
        await self.log_widget.add_notice(f"{notice} {i18n.t(lang, 'tui.session_only')}")
        shown = await self.log_widget.add_answer(await self.log_widget.add_question(question))
        host(self).transcript.add(question, answer)
        await shown.show(answer, marks)
        self.log_widget.reveal(shown)
        self.assumptions_changed()

    def on_assumptions_panel_save_requested(self, event: AssumptionsPanel.SaveRequested) -> None:
        event.stop()
        self.save_defaults()

    @work(thread=True, group="answers")
    def save_defaults(self) -> None:
        self.post_message(Saved(host(self).save_defaults()))

    async def on_saved(self, message: Saved) -> None:
        shown = for_terminal(message.outcome)
        await self.log_widget.add_notice(f"*{shown}*")
        self.app.notify(escape(shown), title=i18n.t(host(self).lang, "tui.save_defaults"))

    async def on_assumptions_panel_question_typed(self, event: AssumptionsPanel.QuestionTyped) -> None:
        """Typing that is no assumption value goes to the question box (and the panel closes)."""
        self.action_close_panel()
        box = self.question_input
        box.insert_text_at_cursor(event.text)
        if event.submit:
            await box.action_submit()

    def assumptions_changed(self) -> None:
        panel = self.panel
        if panel.lang != host(self).lang and not panel.has_focus_within:  # the conversation changed language
            panel.lang = host(self).lang
            panel.refresh(recompose=True)
            self.question_input.placeholder = i18n.t(host(self).lang, "tui.placeholder")
        host(self).bind_keys()
        panel.show(host(self).assumptions)
        host(self).update_sub_title()

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
        await self.log_widget.add_notice(i18n.t(host(self).lang, "tui.cleared"))

    def action_close_panel(self) -> None:
        """Esc: a panel opened with F2 closes; the cursor goes back to the question."""
        self.set_class(False, "-panel-on")  # narrow: hidden again; wide: the panel is part of the layout
        self.question_input.focus()

    def on_resize(self, event: events.Resize) -> None:
        """Below WIDE columns the footer drops its padding, so every key and its name fits in 80."""
        self.query_one(Footer).compact = event.size.width < WIDE

    def on_screen_resume(self) -> None:
        """Back from a dialog (help, export, command palette): the cursor is in the question box."""
        self.question_input.focus()

    def action_scroll_log(self, direction: str) -> None:
        getattr(self.log_widget, f"scroll_{direction}")()
