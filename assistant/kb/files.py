"""Readers for curated knowledge files: CSV with leading `#` comments, and TOML.

Contract: `read_csv(path)` yields `(line_number, row_dict)` with stripped string values
(missing cells are ""); `read_toml(path)` returns the parsed document. Both raise
`KnowledgeError` naming the file and line for anything malformed. Both parse a file once per version of it
(path, size, modification time): answers read curated CSV files at answer time (withdrawn cards, variants,
overrides ...), hundreds of times in a chat. read_csv hands out fresh row dicts, so a caller may change its rows.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from assistant.kb.errors import KnowledgeError


def display_name(path: Path) -> str:
    parts = path.parts
    if "knowledge" in parts:
        return "/".join(parts[parts.index("knowledge") :])
    return str(path)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise KnowledgeError(display_name(path), None, None, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise KnowledgeError(display_name(path), None, None, f"cannot be read ({exc.strerror})") from None


_PARSED_CSV: dict[tuple[str, int, int, tuple[str, ...]], list[tuple[int, dict[str, str]]]] = {}


def read_csv(path: Path, required: list[str]) -> list[tuple[int, dict[str, str]]]:
    from assistant.startup_cache import is_racy

    try:
        st = os.stat(path)
    except OSError:
        return _parse_csv(path, required)  # raises as it would
    key = (os.path.abspath(path), st.st_size, st.st_mtime_ns, tuple(required))
    rows = _PARSED_CSV.get(key)
    if rows is None:
        rows = _parse_csv(path, required)
        if not is_racy(st.st_mtime_ns):  # a file edited this recently may change again within the same time step
            _PARSED_CSV[key] = rows
    return [(line, dict(row)) for line, row in rows]


def _parse_csv(path: Path, required: list[str]) -> list[tuple[int, dict[str, str]]]:
    name = display_name(path)
    lines = _read_text(path).splitlines()
    skip = 0
    while skip < len(lines) and (lines[skip].startswith("#") or not lines[skip].strip()):
        skip += 1
    reader = csv.DictReader(io.StringIO("\n".join(lines[skip:])))
    header = reader.fieldnames or []
    missing = [c for c in required if c not in header]
    if missing:
        raise KnowledgeError(name, skip + 1, None, f"header lacks column(s) {', '.join(missing)}")
    rows = []
    for record in reader:
        line = skip + reader.line_num
        if None in record:
            raise KnowledgeError(
                name, line, None, f"has {len(header) + len(record[None])} cells, the header has {len(header)}"
            )
        rows.append((line, {k: (v or "").strip() for k, v in record.items()}))
    return rows


def read_toml(path: Path) -> dict:
    """The parsed document; parsed once per version of the file (`startup_cache.parsed_file`): answers read
    TOML tables at answer time, and tomllib is slow."""
    from assistant import startup_cache

    return startup_cache.parsed_file(path, _parse_toml)


def _parse_toml(path: Path) -> dict:
    import tomllib  # not imported by the answers that read only CSV files

    try:
        return tomllib.loads(_read_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise KnowledgeError(display_name(path), getattr(exc, "lineno", None), None, f"invalid TOML: {exc}") from None
