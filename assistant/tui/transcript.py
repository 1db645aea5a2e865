"""The conversation as shown in the chat: (question, answer) turns, exportable to Markdown.

Contract: `Transcript` records each turn the chat displayed; `to_markdown()` renders them with
`assistant.answer.to_markdown`, so an export reads like the `--markdown` output of `ask`.
No Textual here: the export is plain data and can be tested without a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from assistant.answer import Answer, to_markdown

DEFAULT_EXPORT_NAME = "gpu-advisor-conversation.md"


@dataclass
class Transcript:
    turns: list[tuple[str, Answer]] = field(default_factory=list)

    def add(self, question: str, answer: Answer) -> None:
        self.turns.append((question, answer))

    def clear(self) -> None:
        self.turns.clear()

    def __len__(self) -> int:
        return len(self.turns)

    def to_markdown(self) -> str:
        parts = ["# gpu-advisor conversation"]
        for question, answer in self.turns:
            parts.append(f"## {' '.join(question.split())}\n\n{to_markdown(answer, with_chart=True)}")
        return "\n\n".join(parts) + "\n"

    def export(self, path: str | Path) -> Path:
        """Write the Markdown to `path` (a directory gets the default file name); return the file."""
        target = Path(path).expanduser()
        if target.is_dir():
            target = target / DEFAULT_EXPORT_NAME
        target.write_text(self.to_markdown(), encoding="utf-8")
        return target.resolve()
