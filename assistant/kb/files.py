"""Readers for curated knowledge files: CSV with leading `#` comments, and TOML.

Contract: `read_csv(path)` yields `(line_number, row_dict)` with stripped string values
(missing cells are ""); `read_toml(path)` returns the parsed document. Both raise
`KnowledgeError` naming the file and line for anything malformed.
"""

from __future__ import annotations

import csv
import io
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


def read_csv(path: Path, required: list[str]) -> list[tuple[int, dict[str, str]]]:
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
