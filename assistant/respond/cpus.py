"""The power of a CPU named in a build or PSU question ("what psu for 2x 3090 and a threadripper 7960x", "my psu is a
750w gold and cpu is a 5700x", "i5-12400f，550w电源").

Contract: `cpu_power(name)` -> (key, watts under load) for a CPU name as typed: a model knowledge/cpus.csv holds (its
code without brand words: "ryzen 7 5700x" -> "5700x", "i5-12400f" -> "12400f") gives key "model" and its own stock limit
under load (AMD's PPT, Intel's Maximum Turbo Power); any other name the first `[[cpu]]` class of knowledge/rigs.toml
whose pattern (a regular expression) matches it (the last class matches any name), an assumption for the class.
`cpu_model(name)` -> the CpuModel row or None; `cpu_sources(name)` its source ids. `cpu_note(name, env)` -> the
parenthesis that says where the watts came from (the model's figures, or locale `cpu.<key>` naming the class). The
wattage replaces the platform's CPU allowance in the PSU sizing (`builds.builds(..., cpu_w)`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from assistant import paths

_CODE = re.compile(r"[a-z]?\d{3,5}[a-z0-9]*$")


@dataclass(frozen=True)
class CpuModel:
    """One desktop CPU of knowledge/cpus.csv: its name, vendor, TDP / base power, power under load, source ids."""

    name: str
    vendor: str
    tdp_w: float
    load_w: float
    sources: str


@cache
def _classes() -> tuple[tuple[str, re.Pattern, float], ...]:
    from assistant.kb.files import read_toml

    table = read_toml(paths.knowledge_dir() / "rigs.toml")
    return tuple((c["key"], re.compile(c["pattern"]), float(c["watts"])) for c in table["cpu"])


@cache
def _models() -> dict[str, CpuModel]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "cpus.csv", ["cpu", "code", "vendor", "tdp_w", "load_w", "source"])
    return {
        r["code"].lower(): CpuModel(r["cpu"], r["vendor"], float(r["tdp_w"]), float(r["load_w"]), r["source"])
        for _, r in rows
    }


def cpu_model(name: str | None) -> CpuModel | None:
    """The model a CPU name as typed holds ("ryzen 7 5700x", "i5-12400f", "cpu 5600", "r7 7800x3d"): its last word
    with a model code, hyphens and brand letters dropped ("i5-12400f" -> "12400f"); None when the table lacks it."""
    words = (name or "").lower().replace("-", " ").split()
    code = next((w for w in reversed(words) if _CODE.match(w)), "")
    code = re.sub(r"^i[3579](?=\d{4,5})", "", code)  # "i5-12400f" typed glued: "i512400f"
    return _models().get(code)


def cpu_power(name: str) -> tuple[str, float]:
    model = cpu_model(name)
    if model is not None:
        return "model", model.load_w
    text = name.lower()
    return next((key, watts) for key, pattern, watts in _classes() if pattern.search(text))


def cpu_note(name: str, env) -> str:
    """Where the CPU's watts came from: its model's TDP and stock limit under load, or its class."""
    model = cpu_model(name)
    if model is None:
        return env.t(f"cpu.{cpu_power(name)[0]}")
    return env.t(f"cpu.model_{model.vendor}", cpu=model.name, tdp=f"{model.tdp_w:,.0f}", load=f"{model.load_w:,.0f}")


def cpu_sources(name: str | None) -> list[str]:
    """The source ids of a named CPU's own figures ([] for a class assumption or no CPU)."""
    model = cpu_model(name)
    return model.sources.split(";") if model else []
