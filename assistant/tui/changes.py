"""What an assumption change changed in an answer: the table cells whose figures differ.

Contract: `changed_cells(before, after)` compares two answers to the same question, table by
table (by position, when the headers are the same) and row by row (by row label): it returns the
cells of `after` to mark, {table index: {(row, column)}}, and one "row, column: old → new" line
per changed cell, in table order. The headline is compared too (`headline_changed`). No Textual
here: plain data, testable without a terminal.
"""

from __future__ import annotations

from assistant.answer import Answer

Cells = dict[int, set[tuple[int, int]]]


def changed_cells(before: Answer, after: Answer) -> tuple[Cells, list[str]]:
    marks: Cells = {}
    lines: list[str] = []
    for n, (old, new) in enumerate(zip(before.tables, after.tables, strict=False)):
        if old.headers != new.headers:
            continue
        old_rows = {str(row[0]): row for row in old.rows if row}
        for r, row in enumerate(new.rows):
            previous = old_rows.get(str(row[0])) if row else None
            if previous is None:
                continue
            for c in range(1, len(row)):
                was = str(previous[c]) if c < len(previous) else ""
                if str(row[c]) != was:
                    marks.setdefault(n, set()).add((r, c))
                    column = f", {new.headers[c]}" if c < len(new.headers) and new.headers[c] else ""
                    lines.append(f"{row[0]}{column}: {was} → {row[c]}")
    return marks, lines
