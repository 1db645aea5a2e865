#!/usr/bin/env python3
"""Figure audit: for every question of the given files, the figure it asks (nlu/form.py) against the figure its answer
gives (respond/figure_net.gives), and whether the answer says so when it does not.

Usage: .venv/bin/python scripts/figure_audit.py FILE... [--rows]
Lines of a file are one-shot questions ("#" lines and files named *conv* are skipped). Prints, per checked figure
(figure_net.CHECKED): asked, given, flagged (the answer's first line says the figure could not be worked out) and
silent (neither: a confident answer to another question; the net exists so that this stays 0). Then the same per unit
asked and what the figure is for (respond/asked_unit.py: kWh for 1000 images, images per hour, weeks, money per epoch),
whatever the form layer read: a kWh a year does not answer the kWh of 1000 images. `--rows` lists every question
whose figure was not given. `audit(questions, session)` / `audit_units(...)` return the counts for tests.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _figure(question: str, index) -> str | None:
    from assistant.nlu import understand

    query = understand(question, index)
    return getattr(query, "asked_figure", None)


def _figures(answer) -> dict:
    """The answer's figures and those of its second part, as respond/figure_net.check reads them."""
    figures = answer.figures | {"has_table": bool(answer.tables)}
    for part in answer.figures.get("parts") or ():
        if isinstance(part, dict) and isinstance(part.get("figures"), dict):
            figures = part["figures"] | figures
    return figures


def audit(questions: list[str], session) -> tuple[Counter, list[tuple[str, str, str, str]]]:
    """(counts keyed "<figure>:<asked|given|flagged|silent>", rows (outcome, figure, intent, question) not given)."""
    from assistant.respond.figure_net import CHECKED, FIT_ONLY, gives

    counts: Counter = Counter()
    rows: list[tuple[str, str, str, str]] = []
    for q in questions:
        figure = _figure(q, session.index)
        if figure not in CHECKED and figure not in FIT_ONLY:
            continue
        answer = session.conversation().ask(q)
        if figure in FIT_ONLY and answer.intent != "fit" and "figure_net" not in answer.figures:
            continue  # a time or money asked is checked only of a fit answer
        counts[f"{figure}:asked"] += 1
        if "figure_net" in answer.figures:
            outcome = "flagged"
        elif answer.clarification:
            outcome = "clarified"
        elif gives(figure, answer.intent, answer.headline, _figures(answer)):
            outcome = "given"
        else:
            outcome = "silent"
        counts[f"{figure}:{outcome}"] += 1
        if outcome != "given":
            rows.append((outcome, figure, answer.intent, q))
    return counts, rows


def audit_units(questions: list[str], session) -> tuple[Counter, list[tuple[str, str, str, str]]]:
    """The unit each question asks its figure in and what for (respond/asked_unit.py) against the answer's headline:
    counts keyed "<unit>:<asked|given|flagged|clarified|silent>", rows not given."""
    from assistant.respond.asked_unit import asked, gives

    counts: Counter = Counter()
    rows: list[tuple[str, str, str, str]] = []
    for q in questions:
        unit = asked(q)
        if unit is None:
            continue
        answer = session.conversation().ask(q)
        name = unit.unit + (f"/{unit.per}" if unit.per else "") + (" for N" if unit.items else "")
        counts[f"{name}:asked"] += 1
        if "figure_net" in answer.figures:
            outcome = "flagged"
        elif answer.clarification:
            outcome = "clarified"
        else:
            outcome = "given" if gives(unit, answer.headline) else "silent"
        counts[f"{name}:{outcome}"] += 1
        if outcome != "given":
            rows.append((outcome, name, answer.intent, q))
    return counts, rows


def _print_units(counts: Counter) -> None:
    names = sorted({key.split(":")[0] for key in counts})
    print("units asked (what the figure is in and for; respond/asked_unit.py):")
    for name in names:
        cells = [f"{k} {counts[f'{name}:{k}']}" for k in ("asked", "given", "flagged", "clarified", "silent")]
        print(f"  {name:18} " + ", ".join(cells))
    total = {k: sum(v for key, v in counts.items() if key.endswith(f":{k}")) for k in ("asked", "given", "silent")}
    print(f"  {'all':18} asked {total['asked']}, given {total['given']}, silent {total['silent']}")


def main(argv: list[str]) -> int:
    from assistant.respond.figure_net import CHECKED, FIT_ONLY
    from assistant.session import open_session

    files = [a for a in argv if not a.startswith("--")]
    questions = [
        line.strip()
        for f in files
        if "conv" not in Path(f).name
        for line in Path(f).read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    counts, rows = audit(questions, open_session("sqlite://", echo_warnings=False))
    print(f"{len(questions)} questions")
    for figure in (*CHECKED, *FIT_ONLY):
        cells = [f"{k} {counts[f'{figure}:{k}']}" for k in ("asked", "given", "flagged", "clarified", "silent")]
        print(f"{figure:8} " + ", ".join(cells))
    total = {k: sum(v for key, v in counts.items() if key.endswith(f":{k}")) for k in ("asked", "given", "flagged")}
    silent = sum(v for key, v in counts.items() if key.endswith(":silent"))
    print(f"all      asked {total['asked']}, given {total['given']}, flagged {total['flagged']}, silent {silent}")
    session = open_session("sqlite://", echo_warnings=False)
    unit_counts, unit_rows = audit_units(questions, session)
    _print_units(unit_counts)
    if "--rows" in argv:
        for row in rows + unit_rows:
            print("\t".join(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
