"""Numbers bound by set-up words: "seq len 256" CONTEXT, "batch 8" BATCH, "lora r32" RANK, "alpha 64" ALPHA,
"top 5" TOP, "zero-3" ZERO_STAGE (lexicon [units] named in words.BINDERS).

Contract: `BoundTagging.try_bound(i)` reads a set-up word at token i and the number it binds; it adds the
set-up word's own tag (when it has a meaning of its own, "best") and the bound number's tag, and returns the
index after the number; None when token i starts no set-up word binding a number. A number so bound is never a
GPU or a GPU count.
"""

from __future__ import annotations

from assistant.nlu.lexicon import terminal
from assistant.nlu.tagging.base import TaggerBase
from assistant.nlu.tagging.sizes import context_k
from assistant.nlu.tagging.words import BINDERS, LORA_WORDS

BINDER_UNITS = tuple(unit for unit, _ in BINDERS)


class BoundTagging(TaggerBase):
    def try_bound(self, i: int) -> int | None:
        """A set-up word and the number it binds: "seq len 256" CONTEXT, "batch 8" BATCH, "lora r32" RANK,
        "alpha 64" ALPHA, "top 5" TOP, "zero-3" ZERO_STAGE. Such a number is never a GPU or a GPU count.
        A set-up word with a meaning of its own ("best") keeps its tag."""
        if self.tt[i] not in self.lex.unit_starts_of(BINDER_UNITS):
            return None  # no set-up word starts here
        for unit, kind in BINDERS:
            u = self.unit(unit, i)
            if not u or i + u >= len(self.tt):
                continue
            got = self.number_at(i + u)
            if got is None or self.toks[i + u].kind != "num" or not float(got[0]).is_integer():
                continue
            v, used = int(got[0]), got[1]
            end = i + u + used
            if kind == "CONTEXT" and end < len(self.tt) and self.tt[end] == "k":
                v, end = context_k(v), end + 1  # "上下文32k", "seq len 8k": k of 1,024 for a power of two
            elif end < len(self.tt) and self.toks[end].kind == "word" and self.toks[end].glued:
                continue  # "best 24gb card", "top 70b models": the number has a unit of its own
            elif end < len(self.tt) and (
                self.unit("gb", end) or self.unit("params", end) or self.unit("money_after", end)
            ):
                continue
            if not self._binds(kind, v, i, u):
                continue
            hit = self.lex.match(self.tt, i)
            if hit and hit[0] == u and terminal(hit[1]) not in ("FILLER", "PER"):
                self.add(terminal(hit[1]), hit[1].get(terminal(hit[1]), True), i, i + u, hit[1])
            return self.add(kind, v, i + u, end)
        return None

    def _binds(self, kind: str, v: int, i: int, u: int) -> bool:
        if kind == "RANK" or kind == "ALPHA":
            lora = any(t in LORA_WORDS for t in self.tt)
            return 1 <= v <= 1024 and (lora or self.tt[i] not in ("r", "alpha"))
        if kind == "CONTEXT":
            return v >= 64
        if kind == "BATCH":  # "batch 4090 sdxl lora": a card's number after the word is no batch
            card = v >= 1000 and self.gpu_start(i + u) is not None
            return 1 <= v <= 4096 and not card and (self.tt[i] != "bs" or self.toks[i + u].kind == "num")
        if kind == "TOP":
            return 2 <= v <= 50 and not self.gpu_start(i + u) == "prefix"
        return 1 <= v <= 3  # ZERO_STAGE
