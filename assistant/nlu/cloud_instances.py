"""Cloud instance types named the way their provider names them ("p4d.24xlarge", "a3-highgpu-8g",
"Standard_ND96isr_H100_v5"): the GPUs each holds, at that provider, so that "p4d.24xlarge per hour" is read as
8 x A100 SXM4 40 GB at AWS, never as a card whose name the instance name resembles (a Tesla P4).

Contract: `expand(text)` -> (the text with each instance name of knowledge/cloud_instances.csv replaced by the words
"<n>x <gpu> <provider>", the instances found as (name, gpu, provider, n) in the order written); (text, []) when none
is named. Names match whole and case-insensitively. `stand_in(found, typed)` -> the Query.stand_ins entry that says
so, with the name as `typed`.
"""

from __future__ import annotations

import csv
import functools
import re

from assistant import paths

_PROVIDER_WORDS = {"aws": "aws", "azure": "azure", "gcp": "google cloud"}


@functools.cache
def _instances() -> dict[str, tuple[str, str, int]]:
    with open(paths.knowledge_dir() / "cloud_instances.csv", encoding="utf-8") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return {r["instance"].lower(): (r["gpu"], r["provider"], int(r["gpus"])) for r in rows}


@functools.cache
def _pattern() -> re.Pattern[str]:
    names = sorted(_instances(), key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9.-])(" + "|".join(re.escape(n) for n in names) + r")(?![a-z0-9-])", re.IGNORECASE)


def expand(text: str) -> tuple[str, list[tuple[str, str, str, int]]]:
    if not re.search(r"xlarge|metal|gpu-\d|standard|g2-", text, re.IGNORECASE):
        return text, []  # no instance name can be in it: the table is not read
    found: list[tuple[str, str, str, int]] = []

    def words(m: re.Match[str]) -> str:
        gpu, provider, n = _instances()[m.group(1).lower()]
        found.append((m.group(1), gpu, provider, n))
        return f" {n}x {gpu.lower()} {_PROVIDER_WORDS.get(provider, provider)} "

    return _pattern().sub(words, text), found


def stand_in(found: tuple[str, str, str, int], typed: str) -> tuple[str, ...]:
    name, gpu, provider, n = found
    as_typed = re.search(re.escape(name), typed, re.IGNORECASE)  # "Standard_ND96isr_H100_v5" as the user wrote it
    return (as_typed.group(0) if as_typed else name, gpu, "instance", f"{provider}|{n}")
