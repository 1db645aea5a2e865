"""The PC cases the knowledge base holds and the longest graphics card each takes (knowledge/cases.csv).

Contract: `find(name)` -> the Case named as typed ("nzxt h510", "fractal north", "4000d"; the tagger's CASE span,
matched whole against the file's `names`), None when the file does not hold it. `kind_said(text, lang)` -> "mid" when
the text names a mid tower without a model ("my mid tower", "中塔机箱"; lexicon list mid_tower_words), else None.
`of_kind(kind)` -> the cases of that kind, to give the range of limits a kind of case has. Limits are the makers' own
figures (GPU clearance / max GPU length, mm) with their sources; `alt_mm` / `alt_when` the second limit a maker gives
for another set-up ("radiator": a front radiator fitted; "storage": the drive cages in place)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from assistant import paths


@dataclass(frozen=True)
class Case:
    """One case: its name, kind (mid, full, sff), GPU length limit (mm), a second limit and when, source ids."""

    name: str
    kind: str
    gpu_max_mm: float
    alt_mm: float | None
    alt_when: str
    sources: tuple[str, ...]


@cache
def _cases() -> tuple[tuple[Case, tuple[str, ...]], ...]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "cases.csv", ["case", "names", "kind", "gpu_max_mm", "source"])
    out = []
    for _, row in rows:
        case = Case(
            name=row["case"],
            kind=row["kind"],
            gpu_max_mm=float(row["gpu_max_mm"]),
            alt_mm=float(row["alt_mm"]) if row.get("alt_mm") else None,
            alt_when=row.get("alt_when") or "",
            sources=tuple(s for s in row["source"].split(";") if s),
        )
        out.append((case, tuple(n.strip().lower() for n in row["names"].split(";") if n.strip())))
    return tuple(out)


def find(name: str | None) -> Case | None:
    said = " ".join((name or "").lower().split())
    if not said:
        return None
    return next((case for case, names in _cases() if said in names or said == case.name.lower()), None)


def of_kind(kind: str) -> list[Case]:
    return [case for case, _ in _cases() if case.kind == kind]


def kind_said(text: str, lang: str) -> str | None:
    from assistant.nlu.lexicon import lexicon

    return "mid" if lexicon(lang).words_in("mid_tower_words", f" {text.lower()} ") else None
