"""PCIe links read from a question: "pcie 4.0 x4", "pcie gen4 x8", "pcie3 x16", "pci-e 3.0 x1 riser", "gen 4 x4",
"x8 slot", "x8 vs x16" (after a link was named). A lane count is never a count of GPUs and a generation never a
number of anything else.

Contract: `LinkTagging.try_link(i)` reads a link with a generation or lanes at token i and adds a LINK tag whose
value is {"gen": int | None, "lanes": int | None}, returning the index after it; None when token i starts no
link. A link starts with a PCIe word (lexicon [lists] pcie_words), a generation word ("gen", "4.0"), or lanes
("x4") followed by a word of lexicon [lists] link_words or after a LINK already read.
"""

from __future__ import annotations

from assistant.nlu.tagging.base import TaggerBase

LANES = frozenset({1, 2, 4, 8, 16})
GENERATIONS = frozenset({1, 2, 3, 4, 5, 6})
_LINK_STARTS = frozenset({"gen", "g", "x", "×", "pci"})  # the words a link may start with besides a PCIe word


class LinkTagging(TaggerBase):
    def try_link(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        if tt[i] not in _LINK_STARTS and "." not in tt[i] and tt[i] not in self.lex.listed("pcie_words"):
            return None  # most tokens start no link: answered before trying each reading
        k, pcie = i, 0
        for words in sorted(self.lex.listed("pcie_words"), key=lambda w: -len(w.split())):
            parts = words.split()
            if tt[i : i + len(parts)] == parts:
                pcie = len(parts)
                break
        k += pcie
        gen, k = self._generation(k, bare=bool(pcie))
        lanes, k = self._lanes(k)
        if pcie and (gen is not None or lanes is not None):  # "pcie" alone is a word of its own ("a100 sxm or pcie")
            return self.add("LINK", {"gen": gen, "lanes": lanes}, i, k)
        if gen is not None and tt[i] in ("gen", "g") or (gen is not None and lanes is not None and "." in tt[i]):
            return self.add("LINK", {"gen": gen, "lanes": lanes}, i, k)
        if lanes is not None and (
            (k < n and tt[k] in self.lex.listed("link_words")) or any(t.kind == "LINK" for t in self.tags)
        ):
            return self.add("LINK", {"gen": gen, "lanes": lanes}, i, k)
        return None

    def _generation(self, k: int, bare: bool) -> tuple[int | None, int]:
        """ "gen4", "gen 4", "4.0", and a bare "3" after a PCIe word (`bare`): (the generation, the index after it);
        "3 x16 slots" is three slots, not PCIe 3."""
        tt, n = self.tt, len(self.tt)
        if k < n and tt[k] in ("gen", "g") and k + 1 < n and self.toks[k + 1].kind == "num":
            k, bare = k + 1, True
        if k + 1 < n and tt[k + 1] in ("x", "×") and self.toks[k + 1].glued and not tt[k].endswith(".0"):
            return None, k  # "pcie 4x", "pcie 8x": lanes written number first, no generation
        if k < n and self.toks[k].kind == "num" and (bare or tt[k].endswith(".0")):
            try:
                v = float(tt[k])
            except ValueError:
                return None, k
            if v.is_integer() and int(v) in GENERATIONS and (k + 1 >= n or tt[k + 1] not in ("b", "gb", "k")):
                return int(v), k + 1
        return None, k

    def _lanes(self, k: int) -> tuple[int | None, int]:
        """ "x4", "x 16", "×8": (the lanes, the index after them)."""
        tt, n = self.tt, len(self.tt)
        if k + 1 < n and tt[k] in ("x", "×") and tt[k + 1].isdigit() and int(tt[k + 1]) in LANES:
            return int(tt[k + 1]), k + 2
        if k + 1 < n and tt[k].isdigit() and int(tt[k]) in LANES and tt[k + 1] in ("x", "×") and self.toks[k + 1].glued:
            return int(tt[k]), k + 2  # "pcie 4x", "8x slot": the lanes written number first
        return None, k
