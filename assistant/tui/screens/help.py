"""The help screen (F1 or `?`): what can be asked, with examples sent by one key.

Contract: `HelpScreen(lang)` is a modal, worded in `lang`, that dismisses with the example
question to send (pressing 1-9, or Enter on a highlighted example) or None (Esc, F1, q). The
examples are those of the "help" answer (assistant.respond.help), one per topic.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from assistant import i18n
from assistant.respond.help import TOPICS


def examples(lang: str) -> list[str]:
    """One example question per topic of the "help" answer, in `lang` (at most 9: keys 1-9)."""
    return [i18n.words(lang, f"help.examples.{topic}")[0] for topic in TOPICS][:9]


class HelpScreen(ModalScreen[str | None]):
    BINDINGS = [
        Binding("escape,f1,q", "dismiss(None)", "Close"),
        *[Binding(str(n), f"send({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.examples = examples(lang)

    def compose(self):
        with Vertical(id="help-dialog"):
            yield Static(i18n.t(self.lang, "tui.help_title"), classes="dialog-title")
            yield Static(i18n.t(self.lang, "tui.help_about"), classes="help-about")
            yield OptionList(
                *[Option(f"[b]{n}[/b]  {question}", id=str(n)) for n, question in enumerate(self.examples, start=1)],
                id="examples",
            )
            yield Static(i18n.t(self.lang, "tui.help_keys"), classes="help-keys")

    def action_send(self, number: int) -> None:
        if number <= len(self.examples):
            self.dismiss(self.examples[number - 1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_send(int(event.option.id or 0))
