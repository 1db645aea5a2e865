"""Closed models named ("可灵能本地部署吗", "can i run gpt-4o locally", "midjourney on a 4090?"): hosted services whose
weights are not published (knowledge/closed_models.toml), so no GPU runs them; the open models of the same kind that do.

Contract: `named(text)` -> [(entry, the words as typed)] for each closed model named in `text`, in the order typed
(its names as whole words, case-insensitive, the longest first; "open sora" is no Sora), [] when none. An entry holds
name, maker, kind, open (model keys) and source. `open_names(entry, index)` -> the display names of its open models
(knowledge/models.toml through the name index, or knowledge/video_models.csv).
"""

from __future__ import annotations

import csv
import functools
import re
import tomllib

from assistant import paths


@functools.cache
def _closed() -> tuple[dict, ...]:
    with open(paths.knowledge_dir() / "closed_models.toml", "rb") as f:
        return tuple(tomllib.load(f)["closed"])


@functools.cache
def _pattern() -> re.Pattern[str]:
    names = sorted({n for e in _closed() for n in e["names"]}, key=lambda n: (-len(n), n))  # one pattern each run
    return re.compile(r"(?<![a-z0-9.\-])(" + "|".join(re.escape(n) for n in names) + r")(?![a-z0-9])", re.IGNORECASE)


_OPEN_BEFORE = re.compile(r"open[\s\-_]?$", re.IGNORECASE)  # "open sora", "Open-Sora": an open model of its own


def named(text: str) -> list[tuple[dict, str]]:
    out: list[tuple[dict, str]] = []
    for found in _pattern().finditer(text):
        if _OPEN_BEFORE.search(text[: found.start()]):
            continue
        typed = found.group(1).lower()
        entry = next(e for e in _closed() if typed in e["names"])
        if all(e is not entry for e, _ in out):
            out.append((entry, found.group(1)))
    return out


@functools.cache
def _video_names() -> dict[str, str]:
    with open(paths.knowledge_dir() / "video_models.csv", encoding="utf-8") as f:
        return {r["key"]: r["name"] for r in csv.DictReader(line for line in f if not line.startswith("#"))}


def open_names(entry: dict, index) -> list[str]:
    return [_video_names().get(key) or index.model_name(key) for key in entry["open"]]
