"""A Mac named without its memory beside a memory size said elsewhere in the question ("is 64gb unified memory on the
mac mini m4 pro enough for 70b q4", "can a 128gb mac studio run llama 70b", "64g内存的mac mini m4 pro能跑70b吗"): the
size said picks the configuration, instead of an answer for every size (variant_spread) that ignores it.

Contract: `pick(engine, parsed) -> Query | None`: for a fit question, verdict or spec ("i got a 128gb mac studio")
whose one GPU is a unified-memory
device assumed from a name without a size (knowledge/aliases.csv "largest memory configuration", "mac studio"), and
whose text states memory amounts ("64gb", "128 GB", "64g"): the query on the configuration with that memory; the
assumed one when its memory is said, else a configuration of the same chip, else what the name with the size names
(the name index: a Mac Studio of 128 GB is a Max or Ultra chip of that memory; of several, those whose sources are
of the Mac named, the newest: the M4 Max 128 GB). None when
no size is said, none matches, or more than one size matches (the question then goes on as before).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.nlu.text import words
from assistant.queries import FitQuery, Query, SpecQuery, VerdictQuery

if TYPE_CHECKING:
    from assistant.engine import Engine

_GB = re.compile(r"(?<![\d.])(\d{2,3})\s*(?:gb|g|GB|G)(?![a-zA-Z])")  # "64gb", "128 GB", "64g内存"


def _family(name: str) -> str:
    return re.sub(r"\s+\d+(?:\.\d+)?\s*GB$", "", name)


def pick(engine: Engine, parsed: Query | object) -> Query | None:
    if not isinstance(parsed, (FitQuery, VerdictQuery, SpecQuery)) or len(parsed.gpus) != 1:
        return None
    ref = parsed.gpus[0]
    if not ref.assumed or not ref.name:
        return None
    spec = engine.reader.gpu(ref.name)
    if spec is None or not spec.unified_memory:
        return None
    sizes = {float(m.group(1)) for m in _GB.finditer(parsed.text)}
    if getattr(parsed, "system_ram_gb", None) in sizes and spec.vendor != "Apple":
        return None  # "32gb ram" beside a Jetson is the host's; a Mac's RAM is its unified memory
    if len(sizes) != 1:
        return None
    size = sizes.pop()
    if abs((spec.memory_gb or 0) - size) < 0.5:
        return dataclasses.replace(parsed, gpus=(dataclasses.replace(ref, assumed=False),))
    family = _family(ref.name)
    held = engine.reader.unified_gpus()
    same = [g.name for g in held if _family(g.name) == family and abs((g.memory_gb or 0) - size) < 0.5]
    if len(same) == 1:
        return dataclasses.replace(parsed, gpus=(dataclasses.replace(ref, name=same[0], assumed=False),))
    found = engine.index.gpu(words(f"{ref.mention} {size:g}gb"), ref.mention)
    names = [found.name] if found.status == "ok" and found.name else list(found.candidates)
    names = [n for n in names if abs((engine.memory_of(n) or 0) - size) < 0.5]
    sold = [n for n in names if _sold_in(engine, n, ref.mention)]
    if not (sold or names):
        return None
    name = _newest(engine, sold or names)
    assumed = found.status != "ok" or found.assumed
    return dataclasses.replace(parsed, gpus=(dataclasses.replace(ref, name=name, assumed=assumed),))


_MACS = {"studio": "mac-studio", "mini": "macmini"}  # a Mac's word -> the id its devices' sources carry


def _sold_in(engine: Engine, name: str, mention: str) -> bool:
    """The device's sources (knowledge/devices.csv) are of the Mac the mention names ("mac studio": a source id
    with "mac-studio", the Mac Studio's power figures), so the chip is sold in that Mac."""
    spec = engine.reader.gpu(name)
    said = [mark for word, mark in _MACS.items() if word in mention.lower()]
    return bool(spec and said and all(mark in spec.source for mark in said))


def _newest(engine: Engine, names: list[str]) -> str:
    def released(n: str):
        spec = engine.reader.gpu(n)
        return spec.release_date.toordinal() if spec and spec.release_date else 0

    return max(names, key=released)
