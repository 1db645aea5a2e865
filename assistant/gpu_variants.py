"""Siblings of a GPU named by a few more words: ("GeForce RTX 4070", "ti") -> the 4070 Ti.

Contract: `GpuVariants(reader).variant_of(base, mention)` returns the KB name of the sibling of `base` that `mention`
names (the fewest extra name words win), or None when the mention adds nothing to `base` or no sibling has every word;
the GPU names' words are computed once per instance.
"""

from __future__ import annotations

import functools

from assistant.kb import memory_configs
from assistant.kb.reader import KbReader
from assistant.names import apple_chip, normalize_name

_FILLER = {"the", "one", "a", "an", "version", "variant", "model", "card", "no", "i", "meant", "mean", "instead"}
_LAPTOP = {"laptop", "mobile", "notebook"}
_LAPTOP_ZH = ("笔记本", "移动版", "游戏本")  # "笔记本版呢": the laptop version (normalize_name drops Chinese)


class GpuVariants:
    def __init__(self, reader: KbReader):
        self.reader = reader

    def variant_of(self, base: str, mention: str) -> str | None:
        """The sibling of `base` that `mention` names: ("GeForce RTX 4070", "ti") -> the 4070 Ti; the
        fewest extra name words win. None when the mention adds nothing to `base` ("the ti" about a 2080 Ti
        is the 2080 Ti, never a modified 22 GB card) or no sibling has every word. "desktop" asks for the
        desktop card of a laptop GPU."""
        said = mention + (" laptop" if any(w in mention for w in _LAPTOP_ZH) else "")
        words = [w for w in normalize_name(said).split() if w not in _FILLER]
        laptop = any(w in _LAPTOP for w in words)
        desktop = "desktop" in words
        words = [w for w in words if w not in _LAPTOP and w != "desktop"]
        base_words = normalize_name(base).split()
        if "gb" in words:
            base_words = [
                w
                for i, w in enumerate(base_words)
                if w != "gb" and not (i + 1 < len(base_words) and base_words[i + 1] == "gb")
            ]
        # a longer suffix replaces the shorter one it extends: "xtx" after a 7900 XT
        base_words = [b for b in base_words if not any(w != b and b.isalpha() and w.startswith(b) for w in words)]
        wanted = set(base_words) | set(words)
        base_entry = next((e for e, _, _ in self._name_tokens if e.name == base), None)
        base_mobile = bool(base_entry and base_entry.is_mobile)
        if desktop and base_mobile:
            wanted -= _LAPTOP | {"max", "q"}
        elif set(words) <= set(normalize_name(base).split()) and laptop == base_mobile:
            return None  # nothing asked that the GPU talked about does not already have
        found = self._named_with(wanted, laptop and not desktop, base)
        chip = apple_chip(base)
        sizes = [w for w in words if w.isdigit()]
        if not found and chip and words == [*sizes, "gb"] and len(sizes) == 1:  # "the 48g one" of an M4 Pro 24 GB
            config = f"{chip} {sizes[0]} GB"
            # only a size within the chip's known range: "the 48gb one" of a base M4 (held up to 32 GB) is no Mac
            held = memory_configs.held_configs(config, self.reader.unified_gpus())
            within = bool(held) and held[0] <= float(sizes[0]) <= held[-1]
            return config if within and self.reader.gpu(config) is not None else None
        if not found and len(sizes) == 1 and "gb" in words and not chip:  # "ti super, the 16g one": the size the
            # name lacks (the 4070 Ti SUPER is only made with 16 GB) is the memory of the card the other words name
            found = [
                (extra, name)
                for extra, name in self._named_with(wanted - {sizes[0], "gb"}, laptop and not desktop, base)
                if (spec := self.reader.gpu(name)) is not None and spec.memory_gb == float(sizes[0])
            ]
        if not found and "gb" in wanted and "gb" not in words:  # "the ti" of the 3060 12 GB: the 3060 Ti (8 GB)
            size = {w for i, w in enumerate(base_words) if i + 1 < len(base_words) and base_words[i + 1] == "gb"}
            found = self._named_with(wanted - size - {"gb"}, laptop and not desktop, base)
        return min(found)[1] if found else None

    def _named_with(self, wanted: set[str], mobile: bool, base: str) -> list[tuple[int, str]]:
        """(extra name words, name) of every GPU other than `base` whose name has all the `wanted` words."""
        return [
            (length - len(wanted), entry.name)
            for entry, tokens, length in self._name_tokens
            if entry.is_mobile == mobile and wanted <= tokens and entry.name != base
        ]

    @functools.cached_property
    def _name_tokens(self) -> list[tuple]:
        """(entry, its normalized name words, how many) of every GPU, computed once per engine."""
        out = []
        for entry in self.reader.name_entries:
            tokens = normalize_name(entry.name).split()
            out.append((entry, set(tokens), len(tokens)))
        return out
