"""A GPU name the KB lacks, read against the line-up the KB holds: which real card can stand in, and why the
named one is not there.

Contract: `unknown_name(index, mention)` takes the words of an unknown GPU mention as typed and returns
`(stand-in name, kind, detail)` or None. Read by structure, not per name:
- "memory": a card the KB holds with a memory size it does not come in ("4080 32g", "3060 16gb"); detail = "typed/own/a
  card of that size the mention's suggestions hold" ("16/8/GeForce RTX 4060 Ti 16 GB");
- "never": a card the KB holds plus variant words it lacks ("4090 ti", "4090 super"), when a newer generation of
  the same tier is already in the KB (the RTX 5090 after the 4090): the variant was never released; detail =
  "newer card|its GB";
- "awaited": the same, when no newer generation is held ("5080 super", "5070tis"): not released yet or unsourced;
- "tier": an Apple chip tier the KB lacks for that generation ("m5 ultra"): the newest chip of that tier stands in;
- "skipped": a GeForce / Radeon number whose generation the line skipped while a newer one is out ("rx 8900 xtx");
  the newest card of the line stands in; detail = the generation's number ("8000").
The stand-in is always a card the KB holds; the answer says the name typed is not in the data (respond/stand_ins).
"""

from __future__ import annotations

from assistant.nlu.lookup.name_tokens import (
    BARE_NUMBERED,
    BRAND,
    VARIANT_WORDS,
    core_tokens,
    memory_of_mention,
    name_tokens,
    split_suffixes,
)
from assistant.nlu.text import words

APPLE_TIERS = ("ultra", "max", "pro")
_TOP_WORDS = {"XTX": 3, "XT": 2, "Ti": 2, "SUPER": 1, "GRE": -1, "D": -1}  # the top card of a number: XT over GRE
_LOOSE = frozenset({"gb", "mobile", "laptop", "notebook", "q"})  # not a variant a card lacks by name


def unknown_name(index, mention: str) -> tuple[str, str, str] | None:
    toks = split_suffixes(words(mention))
    brands = [t for t in toks if t in BRAND]
    core = core_tokens(toks)
    if not core or not any(t[0].isdigit() for t in core):
        return None
    mem = memory_of_mention(core)
    if mem is not None:
        rest = [t for j, t in enumerate(core) if j not in mem[1]]
        base = index.gpu(brands + rest, mention)
        if base.status == "ok" and base.name and index.memory_of(base.name) != mem[0]:
            near = index.gpu(toks, mention).candidates  # "4060 16gb": the 4060 Ti 16 GB has that size
            number = next((t for t in rest if t.isdigit()), "")  # of the same model number: "h20 141g" is no H200
            sibling = next((n for n in near if _of_size(index, n, mem[0]) and number in name_tokens(n)), "")
            return base.name, "memory", f"{mem[0]:g}/{index.memory_of(base.name):g}/{sibling}"
        if base.status != "unknown":
            return None
        core = rest  # "rtx 5090 ti 48gb": the variant read without its size
    apple = _apple_tier(index, core)
    if apple is not None:
        return apple
    dropped: list[str] = []
    while len(core) > 1 and core[-1] in VARIANT_WORDS and core[-1] not in _LOOSE and len(dropped) < 2:
        dropped.insert(0, core.pop())
        base = index.gpu(brands + core, mention)
        if base.status == "ok" and base.name:
            newer = _newer_same_tier(index, base.name)
            if newer:
                return base.name, "never", f"{newer}|{index.memory_of(newer):g}"
            return base.name, "awaited", ""
    return _skipped(index, toks)


def _of_size(index, name: str, gb: float) -> bool:
    return index.memory_of(name) == gb and not index.is_mobile(name)


def _apple_tier(index, core: list[str]) -> tuple[str, str, str] | None:
    """ "m5 ultra": the M5 is held, no M5 Ultra: the newest Ultra the KB holds (M3 Ultra)."""
    if len(core) != 3 or core[0] != "m" or not core[1].isdigit() or core[2] not in APPLE_TIERS:
        return None
    if index.gpu(["apple", "m", core[1]], "").status == "unknown":
        return None  # "m9 ultra": no such generation at all, nothing to read it against
    for gen in range(int(core[1]) - 1, 0, -1):
        found = index.gpu(["apple", "m", str(gen), core[2]], "")
        if found.status == "ok" and found.name:
            return found.name, "tier", core[2]
    return None


def _newer_same_tier(index, name: str) -> str:
    """The card of the same tier one or more generations newer than `name` in the KB ("RTX 4090" -> RTX 5090), or ""."""
    m = BARE_NUMBERED.match(name)
    if not m:
        return ""
    gen, tier = divmod(int(m.group(2)), 1000)
    for later in range(gen + 1, gen + 4):
        found = index.gpu([m.group(1).split()[-1].lower(), str(later * 1000 + tier)], "")
        if found.status == "ok" and found.name:
            return found.name
    return ""


def _skipped(index, toks: list[str]) -> tuple[str, str, str] | None:
    """ "rx 8900 xtx": a four-digit GeForce / Radeon number whose generation has no card in the KB while a newer
    generation of that line does: the top card of the newest generation stands in."""
    number = next((t for t in toks if t.isdigit() and len(t) == 4), None)
    if number is None:
        return None
    line = "Radeon RX" if {"rx", "radeon"} & set(toks) else "GeForce"
    held: dict[int, list[tuple[int, str]]] = {}
    for name in index.names:
        m = BARE_NUMBERED.match(name)
        if m and m.group(1).startswith(line) and not index.is_mobile(name):
            held.setdefault(int(m.group(2)) // 1000, []).append((int(m.group(2)), name))
    gen = int(number) // 1000
    if not held or gen in held or gen > max(held) or gen < min(held):
        return None
    newest = max(held)
    top = max(held[newest], key=lambda x: (x[0], index.memory_of(x[1]) or 0, _TOP_WORDS.get(x[1].split()[-1], 0)))
    return top[1], "skipped", f"{gen * 1000}"


def numbered_one(index, mention: str, candidates: tuple[str, ...]) -> str | None:
    """An unknown mention whose numbers (model number, memory) only one near device carries is that device
    ("strix halo 395 128gb", "amd 395", "amd 395 128g" -> Ryzen AI Max+ 395 128 GB), unless the line-up reads it as a
    name the KB lacks ("5080 super", "4080 32g": said as such by `unknown_name` / index.stand_in); None otherwise."""
    toks = split_suffixes(words(mention))
    nums = {t for t in toks if t.isdigit()}
    if not nums or index.stand_in(toks) is not None or unknown_name(index, mention) is not None:
        return None
    mem = memory_of_mention(toks)
    rest = [t for j, t in enumerate(toks) if mem is None or j not in mem[1]]
    near = (*candidates, *(index.gpu(rest, mention).candidates if mem is not None else ()))
    hits = list(dict.fromkeys(c for c in near if nums <= set(split_suffixes(words(c)))))
    return hits[0] if len(hits) == 1 else None
