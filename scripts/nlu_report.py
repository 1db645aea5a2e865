"""Usage: .venv/bin/python scripts/nlu_report.py [--failures] [--bench]

Runs the question corpora (tests/nlu/cases.toml, and cases_zh.toml as groups "zh:...") through
assistant.nlu.understand over an in-memory KB and prints accuracy per intent group. --failures
lists every failing case with what differed; --bench also times the index build and the median/p95 time per question.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.kb.reader import KbReader  # noqa: E402
from assistant.kb.store import build_kb, make_engine  # noqa: E402
from assistant.nlu import NameIndex, understand  # noqa: E402
from assistant.nlu.corpus import FILES, check, load  # noqa: E402


def main(argv: list[str]) -> int:
    engine = make_engine("sqlite://")
    build_kb(engine)
    reader = KbReader(engine)
    entries = reader.name_entries  # read once, so the build time below is the index alone
    _ = reader.models, reader.concepts
    t0 = time.perf_counter()
    index = NameIndex.from_reader(reader)
    build_ms = (time.perf_counter() - t0) * 1000
    cases = []
    for lang, name in FILES.items():
        labels_, cases_ = load(ROOT / "tests" / "nlu" / name)
        cases += [(group if lang == "en" else f"{lang}:{group}", c, labels_) for group, c in cases_]
    stats: dict[str, list[int]] = {}
    failures, times = [], []
    understand("warm up", index)
    for group, case, labels in cases:
        t = time.perf_counter()
        result = understand(case["q"], index)
        times.append((time.perf_counter() - t) * 1000)
        problems = check(case, result, labels, index)
        row = stats.setdefault(group, [0, 0, 0])  # pass, fail, skip
        if problems is None:
            row[2] += 1
        elif problems:
            row[1] += 1
            failures.append(f"[{group}] {case['q']!r}: " + "; ".join(problems))
        else:
            row[0] += 1
    print(f"{'intent group':<14} {'cases':>5} {'pass':>5} {'skip':>5} {'accuracy':>9}")
    total = [0, 0, 0]
    for group, (ok, bad, skip) in stats.items():
        total = [total[0] + ok, total[1] + bad, total[2] + skip]
        run = ok + bad
        print(f"{group:<14} {run + skip:>5} {ok:>5} {skip:>5} {100.0 * ok / run if run else 0:>8.1f}%")
    run = total[0] + total[1]
    print(f"{'all':<14} {run + total[2]:>5} {total[0]:>5} {total[2]:>5} {100.0 * total[0] / run if run else 0:>8.1f}%")
    if "--failures" in argv:
        print("\n".join(failures) or "no failures")
    if "--bench" in argv:
        qs = [c["q"] for _, c, _ in cases]
        runs = []
        for q in qs * 5:
            t = time.perf_counter()
            understand(q, index)
            runs.append((time.perf_counter() - t) * 1000)
        runs.sort()
        print(
            f"GPU names: {len(entries)}; index build {build_ms:.1f} ms; per question median "
            f"{statistics.median(runs):.3f} ms, p95 {runs[int(len(runs) * 0.95)]:.3f} ms, max {runs[-1]:.2f} ms"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
