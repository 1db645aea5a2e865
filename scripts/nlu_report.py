"""Usage: .venv/bin/python scripts/nlu_report.py [--only NAME] [--failures] [--markdown] [--unmark-passing]
       [--mark-failing] [--bench]

Runs the question corpora (tests/nlu/*.toml, see assistant/nlu/corpus.py) through assistant.nlu.understand
over an in-memory KB and prints accuracy per intent group, English and Chinese separately. A case marked
xfail counts as a failure when it fails (the mark only keeps the test suite green).
  --only NAME      only the corpus files whose name contains NAME (e.g. "forum")
  --failures       list every failing case, grouped by failure kind, with what differed
  --markdown       the same list as Markdown (for notes/nlu_failures.md)
  --unmark-passing drop the xfail mark of every case that passes now (after a fix; never adds a mark)
  --mark-failing   also mark every failing case `xfail = "<kind>: <detail>"`: only for cases just written;
                   a case that passed before and fails now is a regression to fix, not to mark
  --bench          also time the index build and the median/p95 time per question
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.kb.reader import KbReader  # noqa: E402
from assistant.kb.store import build_kb, make_engine  # noqa: E402
from assistant.nlu import NameIndex, understand  # noqa: E402
from assistant.nlu.corpus import FILES, check, failure_kind, load  # noqa: E402


def _index():
    engine = make_engine("sqlite://")
    build_kb(engine)
    reader = KbReader(engine)
    entries = reader.name_entries  # read once, so the build time below is the index alone
    _ = reader.models, reader.concepts
    t0 = time.perf_counter()
    index = NameIndex.from_reader(reader)
    return index, len(entries), (time.perf_counter() - t0) * 1000


def _run(index, only: str | None):
    """-> {lang: {group: [pass, fail]}}, [(lang, corpus, case, problems)] of failures, per-question ms."""
    stats: dict[str, dict[str, list[int]]] = {}
    failures, times = [], []
    understand("warm up", index)
    for lang, names in FILES.items():
        for name in names:
            path = ROOT / "tests" / "nlu" / name
            if not path.exists() or (only and only not in name):
                continue
            corpus = load(path)
            for case in corpus.cases:
                t = time.perf_counter()
                result = understand(case.q, index)
                times.append((time.perf_counter() - t) * 1000)
                problems = check(case.data, result, corpus, index)
                row = stats.setdefault(lang, {}).setdefault(case.group, [0, 0])
                row[1 if problems else 0] += 1
                if problems:
                    failures.append((lang, corpus, case, problems))
    return stats, failures, times


def _print_table(stats) -> None:
    for lang, groups in stats.items():
        print(f"\n{lang}: {'intent group':<14} {'cases':>5} {'pass':>5} {'accuracy':>9}")
        ok_all = bad_all = 0
        for group, (ok, bad) in sorted(groups.items()):
            ok_all, bad_all = ok_all + ok, bad_all + bad
            print(f"    {group:<14} {ok + bad:>5} {ok:>5} {100.0 * ok / (ok + bad):>8.1f}%")
        run = ok_all + bad_all
        print(f"    {'all':<14} {run:>5} {ok_all:>5} {100.0 * ok_all / run if run else 0:>8.1f}%")


def _by_kind(failures):
    kinds = defaultdict(list)
    for lang, _corpus, case, problems in failures:
        kinds[failure_kind(case.data, problems)].append((lang, case, problems))
    return sorted(kinds.items(), key=lambda kv: -len(kv[1]))


def _print_failures(failures, markdown: bool) -> None:
    unmarked = [(lang, case, problems) for lang, _corpus, case, problems in failures if not case.xfail]
    if unmarked:
        title = f"not marked xfail: regressions, or cases just written ({len(unmarked)})"
        print(f"\n### {title}\n" if markdown else f"\n== {title}")
        for lang, case, problems in unmarked:
            line = f"`{case.id}` {case.q!r}: " + "; ".join(problems)
            print(f"- {line}" if markdown else f"  [{lang}] {line}")
    for kind, items in _by_kind(failures):
        print(f"\n### {kind} ({len(items)})\n" if markdown else f"\n== {kind} ({len(items)})")
        for lang, case, problems in items:
            line = f"`{case.id}` {case.q!r}: " + "; ".join(problems)
            print(f"- {line}" if markdown else f"  [{lang}] {line}")


_CASE_LINE = re.compile(r'^(\s*\{ q = )("(?:[^"\\]|\\.)*")(.*?)(, xfail = "(?:[^"\\]|\\.)*")?( \},?\s*)$')


def _rewrite_xfails(failures, only: str | None, mark_failing: bool) -> None:
    """Unmark the passing cases; with `mark_failing`, mark the failing ones too (one case per line)."""
    failing: dict[Path, dict[str, str]] = defaultdict(dict)
    for _lang, corpus, case, problems in failures:
        detail = problems[0].replace('"', "'").replace("\\", "/")[:140]
        failing[corpus.path][case.q] = f"{failure_kind(case.data, problems)}: {detail}"
    for names in FILES.values():
        for name in names:
            path = ROOT / "tests" / "nlu" / name
            if not path.exists() or (only and only not in name):
                continue
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
            for i, line in enumerate(lines):
                m = _CASE_LINE.match(line)
                if not m:
                    continue
                reason = failing[path].get(_toml_string(m.group(2)))
                mark = m.group(4) or "" if reason else ""
                if reason and mark_failing and not mark:  # an existing mark and its reason stay
                    mark = f', xfail = "{reason}"'
                lines[i] = f"{m.group(1)}{m.group(2)}{m.group(3)}{mark}{m.group(5)}"
            path.write_text("".join(lines), encoding="utf-8")


def _toml_string(literal: str) -> str:
    import tomllib

    return tomllib.loads(f"x = {literal}")["x"]


def main(argv: list[str]) -> int:
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    index, n_names, build_ms = _index()
    stats, failures, times = _run(index, only)
    _print_table(stats)
    if "--failures" in argv or "--markdown" in argv:
        _print_failures(failures, "--markdown" in argv)
    if "--unmark-passing" in argv or "--mark-failing" in argv:
        _rewrite_xfails(failures, only, "--mark-failing" in argv)
    if "--bench" in argv:
        runs = []
        for _ in range(5):
            runs += _run(index, only)[2]
        runs.sort()
        print(
            f"GPU names: {n_names}; index build {build_ms:.1f} ms; per question median "
            f"{statistics.median(runs):.3f} ms, p95 {runs[int(len(runs) * 0.95)]:.3f} ms, max {runs[-1]:.2f} ms"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
