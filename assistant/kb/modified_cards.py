"""Modified cards take their chip's figures (knowledge/market_variants.csv, kind "modified").

Contract: `inherit_from_base(folder, gpus, peaks)` fills, for every card that market_variants.csv lists as a
modified version of another (memory re-soldered outside the vendor: RTX 4090 48 GB, RTX 2080 Ti 22 GB), each
figure its own row leaves blank from its base card's row, and gives it the base card's tensor peaks when it has
none of its own. The card's own figures (memory, board, cooler, power) stay. A modified card is the same chip,
so the models rate it as its base (plus memory effects where the models have them). Edits `gpus` and `peaks` in
place; a row naming a card the KB lacks is skipped (knowledge validation reports names elsewhere).
"""

from __future__ import annotations

from pathlib import Path

from assistant.kb.files import read_csv

# Page links and provenance belong to the base card's own row, never to the modified one.
# A modified card's board (often a two-slot blower) is its own: the base card's reference size is not its size.
NOT_INHERITED = frozenset({"name", "tpu_url", "source", "overridden", "board_length_mm", "board_width_mm"})


def modified_pairs(folder: Path) -> list[tuple[str, str]]:
    """(modified card, base card) for every 'modified' row of market_variants.csv."""
    path = folder / "market_variants.csv"
    if not path.exists():
        return []
    return [(r["gpu"], r["base"]) for _, r in read_csv(path, ["gpu", "base", "kind"]) if r.get("kind") == "modified"]


def inherit_from_base(folder: Path, gpus: list[dict], peaks: list[dict]) -> None:
    by_name = {g["name"]: g for g in gpus}
    peak_of = {p["gpu"]: p for p in peaks}
    for card, base in modified_pairs(folder):
        mine, theirs = by_name.get(card), by_name.get(base)
        if mine is None or theirs is None:
            continue
        for key, value in theirs.items():
            if key not in NOT_INHERITED and mine.get(key) is None and value is not None:
                mine[key] = value
        if card not in peak_of and base in peak_of:
            peaks.append(dict(peak_of[base], gpu=card))
