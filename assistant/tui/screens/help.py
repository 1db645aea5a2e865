"""The help screen (F1 or `?`): what can be asked, with examples sent by one key.

Contract: `HelpScreen` is a modal that dismisses with the example question to send (pressing
1-9, or Enter on a highlighted example) or None (Esc, F1, q).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

EXAMPLES = [
    "why 4070 Ti over 4080?",
    "compare the 3090 and the 4090 for training",
    "best GPU under $1500 for training",
    "will llama 3 70b fit on two 3090s?",
    "should I rent or buy a 4090 if I train 10 hours a week?",
    "how much does a 4090 cost to own for 5 years?",
    "how much memory does the RTX 4090 have?",
    "what is memory bandwidth?",
    "electricity is 0.30",
]

ABOUT = (
    "Ask which GPU to buy or rent for deep learning, and why: compare, recommend under a budget, "
    'check that a model fits, rent vs buy, specs, terms. Follow-ups work ("and the 4080?"); change an '
    'assumption by saying so ("assume 3 years") or in the panel (F2).'
)

KEYS = (
    "↑/↓ earlier questions · → or Tab completes a GPU name · F2 assumptions\n"
    "Ctrl+S export Markdown · Ctrl+L clear · Ctrl+P commands · Ctrl+Q quit"
)


class HelpScreen(ModalScreen[str | None]):
    BINDINGS = [
        Binding("escape,f1,q", "dismiss(None)", "Close"),
        *[Binding(str(n), f"send({n})", show=False) for n in range(1, len(EXAMPLES) + 1)],
    ]

    def compose(self):
        with Vertical(id="help-dialog"):
            yield Static("gpu-advisor help · 1-9 asks an example · Esc closes", classes="dialog-title")
            yield Static(ABOUT, classes="help-about")
            yield OptionList(
                *[Option(f"[b]{n}[/b]  {question}", id=str(n)) for n, question in enumerate(EXAMPLES, start=1)],
                id="examples",
            )
            yield Static(KEYS, classes="help-keys")

    def action_send(self, number: int) -> None:
        self.dismiss(EXAMPLES[number - 1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_send(int(event.option.id))
