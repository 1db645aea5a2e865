"""Module rules of issue 18: a module is named for what it does (no `*_more`, `common`, `misc`, `utils`,
`helpers` under assistant/), and stays small: at most 600 raw lines as `wc -l` counts them, in every package,
with no exemption list (a file near the limit is split by what its parts do before it grows).
Not in land.sh's fast suite: a landing is not blocked by it, the full suite (CI) reports it."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "assistant"
VAGUE = re.compile(r"(^|_)(more|common|misc|utils?|helpers?)$")
LIMIT = 600


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_module_has_a_vague_name():
    vague = [str(p.relative_to(PACKAGE)) for p in _modules() if VAGUE.search(p.stem) or VAGUE.search(p.parent.name)]
    assert not vague, vague


def test_modules_stay_under_the_line_limit():
    over = {}
    for path in _modules():
        lines = path.read_bytes().count(b"\n")  # raw lines, as `wc -l` counts them
        if lines > LIMIT:
            over[path.relative_to(PACKAGE).as_posix()] = lines
    assert not over, f"over {LIMIT} lines (split by what the parts do): {over}"
