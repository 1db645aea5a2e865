"""The question input: GPU-name completion and recall of earlier questions.

Contract: `QuestionInput` is an `Input` whose suggester (`GpuNameSuggester`) completes the GPU
name being typed at the end of the line ("why 4070 Ti over rtx 40" → "… rtx 4080"), shown
greyed and accepted with → or Tab; ↑/↓ walk through earlier questions (`History`). `?` on an
empty line opens the help. Submitting posts the usual `Input.Submitted`.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.suggester import Suggester
from textual.widgets import Input


def _forms(name: str) -> list[str]:
    """The ways a name is typed: from its start, or from a later word up to the model number:
    "GeForce RTX 4070 Ti", "RTX 4070 Ti", "4070 Ti" (not "Ti": that is no name)."""
    words = name.split()
    number = next((i for i, word in enumerate(words) if any(c.isdigit() for c in word)), 0)
    return [" ".join(words[i:]) for i in range(number + 1)]


class GpuNameSuggester(Suggester):
    """Completes the GPU name at the end of the input; names listed first win ties.

    Work per keystroke is bounded by the longest name, not by the input: only the tails of the
    input that are no longer than the longest name form can start one, and each tail is one
    dictionary lookup (every prefix of every form is indexed once, when the names arrive)."""

    MIN_TYPED = 2

    def __init__(self, names: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)  # lookups are cheap; a cache would hold long inputs
        self._whole: set[str] = set()  # casefolded forms
        self._by_prefix: dict[str, str] = {}  # casefolded prefix -> the first form (in name order) it starts
        for name in names:
            for form in _forms(name):
                key = form.casefold()
                if key in self._whole:
                    continue
                self._whole.add(key)
                for end in range(self.MIN_TYPED, len(key) + 1):
                    self._by_prefix.setdefault(key[:end], form)
        self._longest = max(map(len, self._whole), default=0)

    def complete(self, value: str) -> str | None:
        """The completed value, or None. The longest typed tail that starts a name wins."""
        if not value or value[-1].isspace():
            return None
        for start in range(max(0, len(value) - self._longest), len(value) - self.MIN_TYPED + 1):
            if value[start].isspace() or (start > 0 and not value[start - 1].isspace()):
                continue  # a tail starts at a word
            typed = value[start:].casefold()
            if typed in self._whole:
                return None  # a whole name is typed: do not push a longer one ("4090" → "4090 D")
            form = self._by_prefix.get(typed)
            if form is not None:
                return value + form[len(typed) :]
        return None

    async def get_suggestion(self, value: str) -> str | None:
        return self.complete(value)


class History:
    """Earlier questions, walked with up/down; the line being typed is kept as a draft."""

    def __init__(self) -> None:
        self.entries: list[str] = []
        self._index: int | None = None
        self._draft = ""

    def add(self, text: str) -> None:
        if text and (not self.entries or self.entries[-1] != text):
            self.entries.append(text)
        self._index = None

    def previous(self, current: str) -> str | None:
        if not self.entries:
            return None
        if self._index is None:
            self._draft, self._index = current, len(self.entries)
        self._index = max(0, self._index - 1)
        return self.entries[self._index]

    def next(self) -> str | None:
        if self._index is None:
            return None
        self._index += 1
        if self._index >= len(self.entries):
            self._index = None
            return self._draft
        return self.entries[self._index]


class QuestionInput(Input):
    BINDINGS = [
        Binding("up", "history_previous", "Earlier question", show=False),
        Binding("down", "history_next", "Later question", show=False),
        Binding("tab", "complete", "Complete GPU name", show=False),
    ]

    def __init__(self, placeholder: str = "", **kwargs) -> None:
        # no select-all on focus: text handed over from the panel must not be typed over
        super().__init__(placeholder=placeholder, select_on_focus=False, **kwargs)
        self.history = History()

    def set_gpu_names(self, names: list[str]) -> None:
        self.suggester = GpuNameSuggester(names)

    def remember(self, text: str) -> None:
        self.history.add(text)

    def _recall(self, text: str | None) -> None:
        if text is not None:
            self.value = text
            self.cursor_position = len(text)

    def action_history_previous(self) -> None:
        self._recall(self.history.previous(self.value))

    def action_history_next(self) -> None:
        self._recall(self.history.next())

    def action_complete(self) -> None:
        if self._suggestion and self.cursor_at_end:
            self.action_cursor_right()
        else:
            self.screen.focus_next()

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "?" and not self.value:
            event.stop()
            event.prevent_default()
            await self.run_action("app.help")
            return
        await super()._on_key(event)
