"""The power of a CPU named in a build or PSU question ("what psu for 2x 3090 and a threadripper 7960x").

Contract: `cpu_power(name)` -> (class key, watts under load) for a CPU name as typed: the first `[[cpu]]`
class of knowledge/rigs.toml whose pattern (a regular expression) matches it (the last class matches
any name). The wattage is an assumption for the class, shown in the answer (locale `cpu.<key>` names
the class); it replaces the platform's CPU allowance in the PSU sizing (`builds.builds(..., cpu_w)`).
"""

from __future__ import annotations

import re
from functools import cache

from assistant import paths


@cache
def _classes() -> tuple[tuple[str, re.Pattern, float], ...]:
    from assistant.kb.files import read_toml

    table = read_toml(paths.knowledge_dir() / "rigs.toml")
    return tuple((c["key"], re.compile(c["pattern"]), float(c["watts"])) for c in table["cpu"])


def cpu_power(name: str) -> tuple[str, float]:
    text = name.lower()
    return next((key, watts) for key, pattern, watts in _classes() if pattern.search(text))
