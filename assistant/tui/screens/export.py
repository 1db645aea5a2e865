"""The export dialog: where to save the conversation as Markdown.

Contract: `ExportScreen(lang)` is a modal, worded in `lang`, that dismisses with the path the user typed (default: a
file in the current directory) or None (Esc).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from assistant import i18n
from assistant.tui.transcript import DEFAULT_EXPORT_NAME


class ExportScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, lang: str = "en", default: str = DEFAULT_EXPORT_NAME) -> None:
        super().__init__()
        self.lang = lang
        self.default = default

    def compose(self):
        with Vertical(id="export-dialog"):
            yield Static(i18n.t(self.lang, "tui.export_title"), classes="dialog-title")
            yield Input(self.default, id="export-path")
            yield Static(i18n.t(self.lang, "tui.export_hint"), classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)
