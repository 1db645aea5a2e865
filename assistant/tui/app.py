"""The Textual chat app and its factory, shared by the CLI (`run_app`) and the tests.

Contract: `create_app(conversation=None, db_url=None, assumptions=None, catalog=None)` builds a
`GpuAdvisorApp`. Given a conversation (anything with `ask(text) -> Answer`), the app uses it;
otherwise it opens the knowledge base (`open_session(db_url)`) in a thread worker after the
screen is up, so the input is ready at once; questions asked meanwhile wait for it.
`GpuAdvisorApp.ask` is thread-safe and never raises; `reanswer()` answers the last question
again under the assumptions in force (None when the conversation cannot). Session warnings are
shown once as a notification. The conversation's language (`lang`) starts from the locale
(LC_ALL / LC_MESSAGES / LANG / LANGUAGE naming zh: Chinese) and follows the language of each
answer; the welcome, notices, help and key names use it. Chinese text wraps between characters
(assistant.tui.cjk_wrap). F3 copies the last answer as Markdown
(`copy_last_answer`); Ctrl+Q quits and is listed in the footer. `run_app` runs the chat and
returns an exit code. `measure_ready_seconds` (assistant.tui.startup) times a fresh process
until the input is ready, for scripts/bench.py.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape
from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message

from assistant import i18n
from assistant.answer import Answer, to_markdown
from assistant.dialogue import Assumptions
from assistant.terminal_text import for_terminal
from assistant.tui import cjk_wrap
from assistant.tui.host import Catalog
from assistant.tui.screens.chat import ChatScreen
from assistant.tui.screens.export import ExportScreen
from assistant.tui.screens.help import HelpScreen
from assistant.tui.startup import measure_ready_seconds  # noqa: F401 - scripts/bench.py imports it from here
from assistant.tui.transcript import Transcript
from assistant.tui.widgets.assumptions_panel import summary

if TYPE_CHECKING:
    from assistant.session import Session

SESSION_TIMEOUT_S = 120


def locale_language(environ=os.environ) -> str:
    """ "zh" when the user's locale is Chinese, else "en" (the first locale variable set wins)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        if environ.get(name):
            return "zh" if environ[name].lower().startswith("zh") else "en"
    return "en"


class SessionReady(Message):
    def __init__(self, catalog: Catalog, warnings: list[str]) -> None:
        super().__init__()
        self.catalog = catalog
        self.warnings = warnings


def _failed(text: str, why: str) -> Answer:
    return Answer(
        question=text,
        intent="unknown",
        headline="",
        clarification=f"Sorry, I could not answer that: {why}.",
        figures={"error": why},
    )


class GpuAdvisorApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "gpu-advisor"
    KEYS = [  # key, action, wording key of its name in the footer
        ("f1", "help", "tui.key_help"),
        ("f2", "toggle_panel", "tui.key_assumptions"),
        ("f3", "copy_last_answer", "tui.key_copy"),
        ("ctrl+s", "export", "tui.key_export"),
        ("ctrl+l", "clear", "tui.key_clear"),
    ]

    def __init__(
        self,
        conversation=None,
        db_url: str | None = None,
        assumptions: Assumptions | None = None,
        catalog: Catalog | None = None,
    ) -> None:
        super().__init__()
        cjk_wrap.install()  # Chinese text breaks between characters, not only at spaces
        self.lang = locale_language()
        self.keys_lang = ""  # the language the footer's key names are in
        self.bind_keys()
        dialogue = getattr(conversation, "dialogue", None)
        self.assumptions: Assumptions = getattr(dialogue, "assumptions", None) or assumptions or Assumptions()
        self.conversation = conversation
        self.db_url = db_url
        self.catalog = catalog or Catalog(snapshots=[self.assumptions.snapshot])
        self.transcript = Transcript()
        self.session: Session | None = None
        self.session_opened = threading.Event()
        self._open_error: str | None = None
        self._answer_lock = threading.Lock()
        if conversation is not None:
            self.session_opened.set()

    def bind_keys(self) -> None:
        """Bind the keys with their footer names in the conversation's language (again after the
        conversation changes language)."""
        if self.keys_lang == self.lang:
            return
        self.keys_lang = self.lang
        bindings = self._bindings.key_to_bindings
        for key, action, name in self.KEYS:
            bindings[key] = [Binding(key, action, i18n.t(self.lang, name))]
        # Textual binds Ctrl+Q with priority but hides it; shown here under its name in `lang`
        bindings["ctrl+q"] = [Binding("ctrl+q", "quit", i18n.t(self.lang, "tui.key_quit"), priority=True)]
        palette = self.COMMAND_PALETTE_BINDING
        name = i18n.t(self.lang, "tui.key_palette")
        bindings[palette] = [Binding(palette, "command_palette", name, show=False, priority=True)]
        self.refresh_bindings()

    def get_default_screen(self) -> ChatScreen:
        self.chat = ChatScreen()
        return self.chat

    def on_mount(self) -> None:
        self.update_sub_title()

    def on_ready(self) -> None:
        # Opened after the first frames: loading competes for the GIL and would delay the input.
        if not self.session_opened.is_set():
            self.call_after_refresh(self._open_session)

    # the conversation -------------------------------------------------------------------------------
    @work(thread=True, group="session", exit_on_error=False)
    def _open_session(self) -> None:
        try:
            from assistant.session import open_session

            session = open_session(self.db_url, echo_warnings=False)
            with session.reader.reading():  # one snapshot of this version's KB (kb/rows.py)
                catalog = Catalog.from_reader(session.reader)
            self.session = session
            self.conversation = session.conversation(self.assumptions)
            self.post_message(SessionReady(catalog, list(session.warnings)))
        except Exception as exc:  # noqa: BLE001 - shown to the user, every question then says so
            self._open_error = f"the knowledge base could not be opened ({type(exc).__name__}: {exc})"
            self.call_from_thread(self.notify, self._open_error, severity="error", timeout=30)
        finally:
            self.session_opened.set()
        self._warm()

    def _warm(self) -> None:
        """Load the parser and the responders while the user types (the first answer then comes at once)."""
        session = self.session
        if session is None:
            return
        with self._answer_lock:  # a question asked meanwhile waits, then finds everything loaded
            try:
                session.warm()
            except Exception:  # noqa: BLE001, S110 - only an optimization: the first question loads the same and reports
                pass

    def on_session_ready(self, message: SessionReady) -> None:
        self.catalog = message.catalog
        self.chat.set_catalog(message.catalog)
        self.update_sub_title()  # in the local currency now that the rates can be read
        for warning in message.warnings:
            title = i18n.t(self.lang, "tui.kb_title")
            self.notify(escape(for_terminal(warning)), title=title, severity="warning", timeout=10)

    def ask(self, text: str) -> Answer:
        """The conversation's answer to `text`; blocks until the session is open. Never raises."""
        if not self.session_opened.wait(SESSION_TIMEOUT_S):
            return _failed(text, "the knowledge base is still loading")
        if self.conversation is None:
            return _failed(text, self._open_error or "no conversation")
        with self._answer_lock:  # one question at a time: follow-ups depend on the previous answer
            try:
                answer = self.conversation.ask(text)
            except Exception as exc:  # noqa: BLE001 - one bad question must not end the chat
                return _failed(text, f"internal error `{type(exc).__name__}: {exc}`")
        self.lang = answer.lang
        return answer

    def reanswer(self) -> Answer | None:
        """The last question answered again under the assumptions in force, or None (nothing
        asked yet, or a conversation that cannot re-answer). Thread-safe; never raises."""
        again = getattr(self.conversation, "reanswer", None)
        if again is None or not self.session_opened.is_set():
            return None
        with self._answer_lock:
            try:
                return again()
            except Exception:  # noqa: BLE001 - then the user is asked to ask again
                return None

    def save_defaults(self) -> str:
        """Keep the prices and assumptions changed in this conversation for later sessions (the
        panel's save action); returns what was saved, or why not. Thread-safe; never raises."""
        keep = getattr(self.conversation, "remember", None)
        if not self.session_opened.wait(SESSION_TIMEOUT_S) or keep is None:
            return i18n.t(self.lang, "tui.save_unavailable")
        with self._answer_lock:
            try:
                answer = keep(self.lang)
            except Exception as exc:  # noqa: BLE001 - reported in the chat, which goes on
                return i18n.t(self.lang, "tui.save_failed", error=type(exc).__name__)
        return answer.headline or answer.clarification or ""

    def set_assumption(self, key: str, value) -> None:
        self.assumptions.set(key, value)
        self.update_sub_title()

    def update_sub_title(self) -> None:
        """The header line: the assumptions in force, in the conversation's language and currency."""
        reader = self.session.reader if self.session is not None else None
        self.sub_title = summary(self.assumptions, self.lang, reader)

    # actions (key bindings and the command palette) --------------------------------------------------
    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        for name, action in (
            ("help", self.action_help),
            ("clear", self.action_clear),
            ("export", self.action_export),
            ("panel", self.action_toggle_panel),
        ):
            yield SystemCommand(i18n.t(self.lang, f"tui.cmd_{name}"), i18n.t(self.lang, f"tui.cmd_{name}_help"), action)
        yield SystemCommand(
            i18n.t(self.lang, "tui.save_defaults"), i18n.t(self.lang, "tui.save_defaults_help"), self.chat.save_defaults
        )

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
            return

        async def send(example: str | None) -> None:
            if example:
                await self.chat.ask(example)

        self.push_screen(HelpScreen(self.lang), send)

    def action_toggle_panel(self) -> None:
        self.chat.toggle_panel()

    async def action_clear(self) -> None:
        self.transcript.clear()
        if self.session is not None:
            with self._answer_lock:
                self.conversation = self.session.conversation(self.assumptions)
        await self.chat.clear()

    def action_copy_last_answer(self) -> None:
        if not self.transcript.turns:
            self.notify(i18n.t(self.lang, "tui.nothing_to_copy"), severity="warning")
            return
        self.copy_to_clipboard(to_markdown(self.transcript.turns[-1][1]))
        self.notify(i18n.t(self.lang, "tui.copied"))

    def action_export(self) -> None:
        if not self.transcript.turns:
            self.notify(i18n.t(self.lang, "tui.nothing_to_export"), severity="warning")
            return
        self.push_screen(ExportScreen(self.lang), self._export_chosen)

    def _export_chosen(self, path: str | None) -> None:
        if path:
            self.export_to(path)

    def export_to(self, path: str | Path) -> Path | None:
        try:
            written = self.transcript.export(path)
        except OSError as exc:
            shown = escape(for_terminal(f"{path}: {exc.strerror or exc}"))
            self.notify(i18n.t(self.lang, "tui.export_failed", error=shown), severity="error")
            return None
        count = len(self.transcript)
        key = "tui.exported_one" if count == 1 else "tui.exported"
        shown = escape(for_terminal(str(written)))
        self.notify(i18n.t(self.lang, key, count=count, path=shown), title=i18n.t(self.lang, "tui.key_export"))
        return written


def create_app(
    conversation=None, db_url: str | None = None, assumptions: Assumptions | None = None, catalog: Catalog | None = None
) -> GpuAdvisorApp:
    """The one way to build the chat app (CLI and tests)."""
    return GpuAdvisorApp(conversation=conversation, db_url=db_url, assumptions=assumptions, catalog=catalog)


def run_app(db_url: str | None = None, assumptions: Assumptions | None = None) -> int:
    app = create_app(db_url=db_url, assumptions=assumptions)
    app.run()
    return int(app.return_code or 0)
