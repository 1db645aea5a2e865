"""How a second graphics card is wired on the user's motherboard, by its chipset (knowledge/chipsets.csv): "will my
b550 board handle two 3090s", "can my b550 board run two 3090s", "我的b660m主板能插两张3060吗".

Contract: `chipset(code)` -> the Chipset row for a chipset as typed ("b550", "b660m"), None when the file lacks it.
`board_line(code, n, env)` -> the sentence for n cards on that board: whether the chipset's boards split the CPU's 16
graphics lanes x8/x8 (no / some boards / most boards) and where the second card otherwise goes (a chipset slot at the
link it has at most), then what that link costs (inference split by layers: next to nothing; data-parallel training:
a few percent, the PCIe slot answer's own lines); "" for one card or a chipset the file lacks. `board_sources(code)`
-> its source ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from assistant import i18n, paths


@dataclass(frozen=True)
class Chipset:
    """One chipset: its name, socket, whether boards split the CPU lanes (no | some | common), the second slot's
    link through the chipset, source ids."""

    name: str
    socket: str
    split: str
    second: str
    sources: str


@cache
def _chipsets() -> dict[str, Chipset]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "chipsets.csv", ["code", "chipset", "socket", "split", "second", "source"])
    return {r["code"]: Chipset(r["chipset"], r["socket"], r["split"], r["second"], r["source"]) for _, r in rows}


def chipset(code: str | None) -> Chipset | None:
    said = (code or "").lower().strip()
    return _chipsets().get(said.removesuffix("m")) or _chipsets().get(said)


def board_line(code: str | None, n: int, env) -> str:
    found = chipset(code)
    if found is None or n < 2:
        return ""
    head = env.t(f"board.split_{found.split}", chipset=found.name, second=found.second, n=n)
    return head + i18n.gap(env.lang) + env.t("board.cost")


def board_sources(code: str | None) -> list[str]:
    found = chipset(code)
    return found.sources.split(";") if found else []
