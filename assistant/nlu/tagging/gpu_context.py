"""The words around a GPU mention that decide how it is read: variant words typed before the name ("laptop 4090",
"a 16gb 4060 ti"), a number glued to a unit, whether a bare number is a GPU (a price after it, a sale between, GPU
words around it), a sibling's code, another name starting, and an Apple chip's words.

Contract: `GpuContext` is a base of `GpuTagging` (tagging/gpus.py), over the same token state (`TaggerBase`); its
methods only look at the tokens and tags, except `_words_before`, which returns the variant words and the start of
the mention without adding a tag.
"""

from __future__ import annotations

import re

from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.lookup.name_tokens import MOBILE, SUFFIX_SPLIT, VARIANT_WORDS
from assistant.nlu.tagging.base import TaggerBase
from assistant.nlu.tagging.said_amounts import ram_word_before
from assistant.nlu.tagging.words import APPLE_MODELS, APPLE_WORDS, CHIP_CODE, GPU_AFTER, GPU_BEFORE, PRICE_BEFORE

ANCIENT_GB = 2.0  # a bare number whose card has less memory than this is not read as that card [A]


_TO_CARD = re.compile(r"^\s*(?:to|from|->|→|=>)\s*(?:a|an|the)?\s*$")


class GpuContext(TaggerBase):
    def _words_before(self, i: int, sub: list[str], m: GpuMatch, plural: bool, end: int):
        """Variant words typed before the name: "laptop 4090" is the Mobile card, "a 16gb 4060 ti" the
        16 GB one. Returns (first token, match) when they change the match, else None."""
        if i == 0 or self.gap(i - 1):
            return None
        prev = self.tt[i - 1]
        last = self.tags[-1] if self.tags and self.tags[-1].end == self.toks[i - 1].end else None
        if prev == "的" and i >= 2 and self.tags and self.tags[-1].end == self.toks[i - 2].end:
            if self.tags[-1].kind == "MEMORY":
                last = self.tags[-1]  # "22g的2080ti": the memory size of the card named after it
        zh = next((k for k in range(1, min(i, 5) + 1) if self.unit("mobile_zh", i - k) == k), 0)
        if zh and "mobile" not in sub:  # "笔记本4090", "移动版4090"
            mm = self.index.gpu(sub + ["mobile"], self.span(i - zh, end), plural=plural)
            if mm.status == "unknown":
                return None
            if last is not None and last.start >= self.toks[i - zh].start:
                self.tags.pop()
            elif self.unknown and self.unknown[-1].endswith(self.span(i - zh, i)):
                self.unknown[-1] = self.unknown[-1][: -len(self.span(i - zh, i))]
                if not self.unknown[-1]:
                    self.unknown.pop()
            return i - zh, mm
        if prev in MOBILE and "mobile" not in sub and "laptop" not in sub:
            mm = self.index.gpu(sub + ["mobile"], self.span(i - 1, end), plural=plural)
            if mm.status == "unknown":
                return None
            if last is not None:
                self.tags.pop()
            elif self.unknown and self.unknown[-1] == prev:
                self.unknown.pop()
            return i - 1, mm
        other_size = m.status == "ok" and m.name and self.index.memory_of(m.name) not in (None, last and last.value)
        if last is not None and last.kind == "MEMORY" and ram_word_before(self.text, last.start, self.lex):
            return None  # "内存条64g 4090": the computer's memory, then the card
        if last is not None and last.kind == "MEMORY" and (m.status != "ok" or other_size):
            mm = self.index.gpu(sub + [f"{last.value:g}", "gb"], self.text[last.start : self.toks[end - 1].end])
            if mm.status == "unknown" and not other_size:
                return None  # "22g的2080ti" (a size the card does not come in) is an unknown card, not the stock one
            self.tags.pop()
            return next(k for k, t in enumerate(self.toks) if t.start == last.start), mm
        return None

    def _without_mobile_words(self, i: int, end: int) -> list[str] | None:
        """Tokens i..end without the Chinese laptop words inside them ("4090 笔记本 16 g" -> 4090 16 g); None
        when there are none."""
        kept, k, dropped = [], i, False
        while k < end:
            used = self.unit("mobile_zh", k)
            if used:
                k, dropped = k + used, True
                continue
            kept.append(self.tt[k])
            k += 1
        return kept if dropped else None

    def _glued_word(self, j: int) -> bool:
        """Token j, glued to the number before it, is a word of its own, not a suffix of the name:
        "5090specs", "3090for llms" (a word of three letters or more that no GPU name has there)."""
        w = self.tt[j]
        if len(w) < 3 or w in self.index.suffixes or w in VARIANT_WORDS or w in SUFFIX_SPLIT or w in MOBILE:
            return False
        return self.lex.match(self.tt, j) is not None

    def _bare_number_is_gpu(self, i: int) -> bool:
        """A number alone names a GPU only when it is a GeForce GTX/RTX or Radeon RX model number
        ("3090", "7900") or GPU words surround it ("7000显卡"); "seq len 256", "卖7000", "(used, 400)" are not.
        Nor is a number whose card alone would be one of under 2 GB from the 2000s ("闲鱼上6500的能要吗" is ¥6,500,
        not a 2005 GeForce 6500; "9000" not a 2002 Radeon 9000): a brand or series word still names those."""
        nouns = self.lex.listed("sample_nouns")  # "i have 5000 (training) examples": a data set, not a Quadro 5000
        if self.tt[i] not in self.index.bare_numbers and any(t in nouns for t in self.tt[i + 1 : i + 3]):
            return False
        alone = self.index.gpu([self.tt[i]], self.tt[i])
        if alone.status == "ok" and (self.index.memory_of(alone.name or "") or 0) < ANCIENT_GB:
            return False
        if self.tt[i] not in self.index.bare_numbers and self._sold_between(i):
            return False  # "3090 二手5000 能跑70b吗", "3090 闲鱼5000 值吗": a price, not a Quadro 5000
        if self.tt[i] in self.index.bare_numbers:
            if self._price_after_gpu(i):
                return False  # "3090 6500收了值吗", "二手3090矿卡6500能买吗": the money asked, not a GeForce 6500
            return not (self.tags and self.tags[-1].kind == "COSTS" and self.tags[-1].end == self.toks[i].start)
        return self._gpu_context(i, i + 1)

    def _price_after_gpu(self, i: int) -> bool:
        """Number i follows a GPU just named (new / used words between) and a buying or price word follows it."""
        recent = [t for t in self.tags[-3:] if t.kind != "CONDITION"]
        if not recent or recent[-1].kind != "GPU" or i + 1 >= len(self.tt):
            return False
        between = self.text[recent[-1].end : self.toks[i].start].lower()
        if any(w in between for k in ("upgrade_swap_words", "upgrade_target_words") for w in self.lex.listed(k)):
            return False  # "3060升级4090值得吗", "3060 upgrade 4090 worth it": the card upgraded to, not a price
        if _TO_CARD.match(between):
            return False  # "upgrading from a 3090 to a 4090 worth it": the card moved to, not a price of the 3090
        if self.money_after(i + 1):
            return True
        hit = self.lex.match(self.tt, i + 1)
        if hit and set(hit[1]) == {"QUESTION"} and i + 1 + hit[0] < len(self.tt):
            hit = self.lex.match(self.tt, i + 1 + hit[0])  # "6500能买吗"
        return bool(hit and {"COSTS", "BUY", "VALUE"} & set(hit[1]))

    def _sold_between(self, i: int) -> bool:
        """Number i follows a GPU just named with a used / new word or a marketplace between them ("3090 二手5000",
        "3090 闲鱼5000"): the card's price. Not for a GeForce / Radeon model number ("3090 二手4090" is two cards)."""
        recent = [t for t in self.tags[-3:] if t.kind != "CONDITION"]
        if not recent or recent[-1].kind != "GPU":
            return False
        start = self.toks[i].start
        between = self.text[recent[-1].end : start].lower()
        if any(t.kind == "CONDITION" and t.start >= recent[-1].end and t.end <= start for t in self.tags[-3:]):
            return True
        return any(w in between for w in self.lex.listed("deal_places"))

    def _gpu_context(self, i: int, end: int) -> bool:
        """Words around tokens i..end that make them a GPU: a count or article before ("2x", "a", "my"),
        a GPU, spec or comparison word after ("gpu", "specs", "vs", "多少钱")."""
        tt = self.tt
        if i > 0 and (tt[i - 1] in PRICE_BEFORE or self.gap(i - 1)):
            return False  # "4080 at 7000 vs ...", "(used, 400)"
        if i > 0 and (tt[i - 1] in GPU_BEFORE or (self.tags and self.tags[-1].kind in ("COUNT", "CONDITION"))):
            if self.tags and self.tags[-1].kind == "COUNT" and any(t.kind == "GPU" for t in self.tags[:-1]):
                return False  # "矿卡3090靠谱吗 一张5000": a price per card after the GPU named, not a Quadro 5000
            return self.tags[-1].end == self.toks[i - 1].end if self.tags else True
        hit = self.lex.match(tt, end) if end < len(tt) else None
        # "6000呢", "预算改成4000呢": a workstation card's number with only the follow-up particle after it is an amount
        # (a budget said again), not a Quadro 6000; a GeForce number ("4090呢") is a card by itself (bare_numbers)
        return bool(hit and GPU_AFTER & set(hit[1]) and set(hit[1]) != {"FOLLOW"})

    def _sibling_code(self, i: int, end: int) -> bool:
        """ "b100", "h300": one letter and a hundreds number where the KB holds another card of that letter and
        hundreds ("b200", "h100"): a data-center GPU name the KB lacks, never an unknown word to drop."""
        tt = self.tt
        if end != i + 2 or len(tt[i]) != 1 or len(tt[i + 1]) != 3 or not tt[i + 1].endswith("00"):
            return False
        return any(f"{tt[i]} {d}00" in self.index.exact for d in "123456789" if f"{d}00" != tt[i + 1])

    def _starts_another(self, k: int) -> bool:
        """Token k (a letter prefix glued to the number after it) starts a GPU name of its own: "a100 mi300x"."""
        w = self.tt[k]
        if CHIP_CODE.match(w) or k == 0 or self.toks[k].glued:
            return False
        return self.index.gpu([w, self.tt[k + 1]], w).status == "ok"

    def _device_word_after_chip(self, j: int) -> bool:
        """Token j is a Mac's device word typed after its chip ("mac", "mini" in "m4 pro mac mini")."""
        tt = self.tt
        return tt[j] in APPLE_WORDS or (tt[j] in APPLE_MODELS and tt[j - 1] in APPLE_WORDS)

    def _apple_like(self, i: int) -> bool:
        """An M-series chip mention ("m3 max", "macbook pro m4 max"): "max" and "pro" are part of its name."""
        tt = self.tt
        while i < len(tt) and (tt[i] in APPLE_WORDS or tt[i] in APPLE_MODELS):
            i += 1
        return i + 1 < len(tt) and tt[i] == "m" and self.toks[i + 1].glued and len(tt[i + 1]) == 1
