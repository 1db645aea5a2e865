"""Errors of the knowledge base, worded for the person who has to fix the data.

Contract: `KnowledgeError` names the file, the row (line number, 1-based, or None for a whole
file) and the field; `str()` of it is a one-line message fit to show a user.
"""

from __future__ import annotations


class KnowledgeError(Exception):
    def __init__(self, file: str, row: int | None, field: str | None, message: str):
        self.file, self.row, self.field, self.message = file, row, field, message
        where = file
        if row is not None:
            where += f", line {row}"
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")


class DatabaseProblem(Exception):
    """The database cannot be opened or built; the message says what to do."""
