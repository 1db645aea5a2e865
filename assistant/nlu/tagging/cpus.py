"""CPU model names, so that a build or PSU question naming its CPU keeps its question ("what psu for 2x
3090 and a threadripper 7960x", "5090 + 9950x build", "i9-14900k with a 4090 psu").

Contract: `CpuTagging.try_cpu(i)` reads a CPU name at token i -- optional brand words (lexicon [lists]
cpu_brands: "ryzen 9", "core i9", "threadripper pro", "core ultra 9"; a one-digit tier may follow a
brand) and a model code -- and tags it CPU (value: the name as typed, lower case), so that no part of it
becomes a GPU, a count or a number. Without a brand word only codes no GPU has count: four digits + x /
x3d / wx / g / ge ("9950x", "7800x3d", "7995wx"), four or five digits + k / kf / ks / f ("14900k",
"12400f"), and a bare x?00 code right before a motherboard chipset ("5600+b450") or right after the word cpu
("cpu 5600", "cpu是5600", "我电脑是5600"). After a brand word any
code does ("core ultra 9 285k", "epyc 9654", "xeon w9-3495x"). A brand alone (lexicon cpu_brands_alone:
"with a threadripper", "an epyc", "an old i7", "a 10 year old xeon") names its class of CPU.
"""

from __future__ import annotations

import re

from assistant.nlu.tagging.base import TaggerBase

_CODE_ALONE = re.compile(r"^(\d{4}(x3d|x|wx|g|ge)|\d{4,5}(k|kf|ks|f|kfc))$")
_CODE_BRANDED = re.compile(r"^[a-z]?\d{3,5}[a-z0-9]*$")
_WATTS = re.compile(r"^\d{3,4}w$")  # "4090配i7 850w够吗": a PSU's watts after a brand alone, no model code

# a bare four-digit code right before a motherboard chipset ("5600+b450", "7600 b650m"): a CPU and its board; codes
# ending in 00 with a non-zero hundreds digit only (no GPU has one: 5000 / 6000 / 8000 are Quadro-class names)
_CODE_BY_BOARD = re.compile(r"^[5-9][1-9]00(g|ge)?$")
_JOINERS = ("加", "配", "和", "搭")
_CHIPSET = re.compile(r"^(a[3-6]20|b[3-8][4-6]0|x[3-8][79]0|z[3-8][79]0|h[3-8][1-7]0)[a-z]?$")  # not Arc B580 / A770


class CpuTagging(TaggerBase):
    def _glued(self, i: int) -> tuple[str, int]:
        """Token i with the tokens glued to it, as one word ("7800" "x" "3" "d" -> "7800x3d"), and its end."""
        if i >= len(self.tt) or self.toks[i].kind not in ("word", "num"):
            return "", i
        j = i + 1
        while j < len(self.tt) and self.toks[j].glued and self.toks[j].kind in ("word", "num"):
            j += 1
        return "".join(self.tt[i:j]).lower(), j

    def _brand_end(self, i: int) -> int:
        """The index after the brand words at token i (i itself when there are none)."""
        brands = self.lex.listed("cpu_brands")
        j = i
        while j < len(self.tt):
            word, end = self._glued(j)
            second, end2 = self._glued(end)
            if word and second and f"{word} {second}" in brands:
                j = end2  # "core ultra", "core i9"
            elif word in brands or (j > i and word.isdigit() and len(word) == 1):
                j = end  # "ryzen", "i9", the tier digit in "ryzen 9"
            else:
                return j
        return j

    def _after_cpu_word(self, i: int) -> bool:
        """Whether token i follows the word cpu or 处理器 (or the machine: "我电脑是5600", "my pc is a 5600"), with at
        most a linking word between ("cpu 5600", "cpu是5600", "cpu is a 7600", "处理器：5600")."""
        back = [t.lower() for t in self.tt[max(0, i - 4) : i]]
        while back and back[-1] in ("是", "is", "a", "an", ":", "：", "用的", "用"):
            back.pop()
        if "".join(back[-2:]) in ("电脑", "主机") or back[-1:] == ["pc"]:
            return True  # "我电脑是5600", "my pc is a 5600": the machine named by its CPU
        return bool(back) and back[-1] in ("cpu", "处理器", "cpu是")

    def try_cpu(self, i: int) -> int | None:
        if self.toks[i].kind not in ("word", "num"):
            return None  # neither a brand word nor a code starts here
        start = self._brand_end(i)
        code, end = self._glued(start)
        if (
            start > i
            and self.span(i, start).lower().strip() in self.lex.listed("cpu_brands_alone")
            and not (code and _CODE_BRANDED.match(code) and not _WATTS.match(code))
            and code not in self.lex.listed("cpu_brand_lines")  # "xeon phi 7120p": a coprocessor card's line
        ):
            return self.add("CPU", self.span(i, start).lower().strip(), i, start)  # "with a threadripper": the class
        joined = end + 1 if end < len(self.tt) and self.tt[end] in _JOINERS else end  # "5600加b550", "5600配b450"
        if start == i and _CODE_BY_BOARD.match(code) and _CHIPSET.match(self._glued(joined)[0]):
            return self.add("CPU", code, i, end)  # "我现在是5600+b450+550w电源": the CPU beside its board
        if start == i and _CODE_BY_BOARD.match(code) and self._after_cpu_word(i):
            return self.add("CPU", code, i, end)  # "cpu 5600", "cpu是5600", "处理器 7600": the code after the word
        if not code or _WATTS.match(code) or not (_CODE_ALONE.match(code) or (start > i and _CODE_BRANDED.match(code))):
            return None
        return self.add("CPU", self.span(i, end).lower(), i, end)
