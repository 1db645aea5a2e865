"""Every dataclass an answer may import has a docstring: without one, `dataclasses` writes it with
`inspect.signature` when the module is imported, which loads inspect, ast, dis and tokenize (~8 ms of a
one-shot answer that otherwise never imports them, assistant/console_start.py). A static check, so that
it runs with the fast suite at every landing; tests/test_one_shot_imports.py checks the imported classes
of six answers at run time. The chat UI, the test tools and the NLU corpus are not on the answer path."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "assistant"
NOT_ANSWERING = ("tui/", "testing/", "nlu/corpus.py")


def _undocumented(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(ast.unparse(d).startswith(("dataclass", "dataclasses.dataclass")) for d in node.decorator_list)
        and not ast.get_docstring(node)
    ]


def test_every_dataclass_on_the_answer_path_has_a_docstring():
    files = [p for p in sorted(ROOT.rglob("*.py")) if not str(p.relative_to(ROOT)).startswith(NOT_ANSWERING)]
    assert len(files) > 200
    missing = [found for path in files for found in _undocumented(path)]
    assert missing == [], "give these dataclasses a docstring: " + ", ".join(missing)
