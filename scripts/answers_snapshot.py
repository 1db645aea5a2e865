"""Usage: .venv/bin/python scripts/answers_snapshot.py TREE OUT.tsv

Writes every answer of a fixed, varied question set as one line each, so that two trees (e.g. a clone of
main and your worktree) can be compared byte for byte after a change that must not change answers (speed
work, renames): `cmp a.tsv b.tsv`. Run both with PYTHONHASHSEED=0. The set: every user turn of
tests/dialogues/*.dialogue asked in one conversation, 3,000 hostile lines (the generator of
tests/reliability/test_failures.py) in another, and `understand()` of every NLU corpus question (repr).
TREE's own `assistant` package is imported (it is put first on sys.path). Prints the CPU seconds taken.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path


def main() -> int:
    tree, out = Path(sys.argv[1]).resolve(), sys.argv[2]
    sys.path[:0] = [str(tree), str(tree / "tests" / "reliability")]
    spec = importlib.util.spec_from_file_location("bench", tree / "scripts" / "bench.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    import test_failures  # the hostile-line generator

    from assistant import answer as render
    from assistant.nlu import understand
    from assistant.nlu.corpus import FILES, load
    from assistant.session import open_session

    start = time.process_time()
    session = open_session("sqlite://", echo_warnings=False)
    with open(out, "w", encoding="utf-8") as f:
        for name, questions in (("mix", bench.dialogue_questions()), ("hostile", test_failures._hostile_lines(3000))):
            conversation = session.conversation()
            for q in questions:
                f.write(name + "\t" + render.to_json(conversation.ask(q)).replace("\n", "\\n") + "\n")
        for lang in FILES:
            for file in FILES[lang]:
                for case in load(tree / "tests" / "nlu" / file).cases:
                    f.write("corpus\t" + repr(understand(case.q, session.index)).replace("\n", "\\n") + "\n")
    print(f"{time.process_time() - start:.1f} s of CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
