"""The question input: GPU-name completion and recall of earlier questions.

Contract: `QuestionInput` is an `Input` whose suggester (`GpuNameSuggester`) completes the GPU
name being typed at the end of the line ("why 4070 Ti over rtx 40" → "… rtx 4080"), shown
greyed and accepted with → or Tab; ↑/↓ walk through earlier questions (`History`). `?` on an
empty line opens the help. Submitting posts the usual `Input.Submitted`.
"""

from __future__ import annotations

import re

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
    """Completes the GPU name at the end of the input; names listed first win ties."""

    MIN_TYPED = 2

    def __init__(self, names: list[str]) -> None:
        super().__init__(use_cache=True, case_sensitive=True)
        self._forms: list[tuple[str, str]] = []  # (casefolded form, form), in preference order
        seen: set[str] = set()
        for name in names:
            for form in _forms(name):
                key = form.casefold()
                if key not in seen:
                    seen.add(key)
                    self._forms.append((key, form))

    def complete(self, value: str) -> str | None:
        """The completed value, or None. The longest typed tail that starts a name wins."""
        for match in re.finditer(r"(?:^|(?<=\s))\S", value):
            typed = value[match.start() :].casefold()
            if len(typed) < self.MIN_TYPED or typed.endswith(" "):
                continue
            if any(key == typed for key, _ in self._forms):
                return None  # a whole name is typed: do not push a longer one ("4090" → "4090 D")
            for key, form in self._forms:
                if key.startswith(typed):
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

    def __init__(self, **kwargs) -> None:
        super().__init__(placeholder="Ask about GPUs for deep learning…  (F1 help)", **kwargs)
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
