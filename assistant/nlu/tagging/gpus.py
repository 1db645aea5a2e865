"""GPU mentions: exact KB names, shorthand ("4070tis", "a6k", "h100 sxm"), variant words before
or after the number ("laptop 4090", "16gb 4060 ti"), Apple chips, and GPU-shaped names the KB lacks.

Contract: `try_full_name(i)` and `try_gpu(i)` add a GPU tag (its `GpuMatch` ok / ambiguous /
unknown) at token i and return the index after it, or None when token i starts no GPU mention.
A number is a GPU only when it is a known bare model number or words around it say so.
`instance_names()`, after the loop, turns a cloud's instance type ("阿里云gn7i a10") into an INSTANCE tag.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.lookup.name_tokens import (
    ARCHITECTURE_WORDS,
    BRAND,
    MOBILE,
    PLURAL_VARIANT,
    SUFFIX_SPLIT,
    VARIANT_WORDS,
)
from assistant.nlu.tagging.base import Tag
from assistant.nlu.tagging.gpu_context import GpuContext
from assistant.nlu.tagging.words import (
    APPLE_MODELS,
    APPLE_TIERS,
    APPLE_WORDS,
    GLUED_UNITS,
    GPU_WORDS,
    SPACED_PREFIX,
    SYSTEM_RAM,
)


class GpuTagging(GpuContext):
    # accelerators left out on purpose --------------------------------------------------------
    def try_uncovered(self, i: int) -> int | None:
        """ "昇腾910B", "寒武纪mlu370", "moore threads mtt s4000": an accelerator the KB leaves out on purpose
        (lexicon [lists] uncovered_devices) with the model code after it, tagged UNCOVERED so that no part
        of it becomes a GPU, a model size or a count."""
        starts, forms = _uncovered_forms(self.lex)
        if self.tt[i] not in starts:
            return None
        used = next((len(f) for f in forms if tuple(self.tt[i : i + len(f)]) == f), 0)
        if not used:
            return None
        j, n = i + used, len(self.tt)
        while (
            j < n and j - i - used < 4 and self.toks[j].kind in ("word", "num") and self._device_code(j, j == i + used)
        ):
            j += 1
        return self.add("UNCOVERED", self.span(i, j), i, j)

    def _device_code(self, j: int, first: bool) -> bool:
        """Token j continues a device's model code ("910" "b", "mlu" "370", "s" "4000", "dcu"); a number
        apart from the code is not part of it ("910b 8卡")."""
        w, tok = self.tt[j], self.toks[j]
        if tok.kind == "num":
            return first or tok.glued
        code = j + 1 < len(self.tt) and self.toks[j + 1].kind == "num" and self.toks[j + 1].glued  # "s4000", "k100"
        return len(w) <= 4 and (code or (tok.glued and (w,) not in self.lex.phrases))

    # GPUs -----------------------------------------------------------------------------------
    def named_again(self) -> None:
        """A card named again in the same question by a shorter name ("4060 ti 16gb vs 4070, is the 4060 ti worth
        it", "a100 40g ... the a100") is the card already named, not an ambiguous family or its default variant:
        a GPU tag that is not an exact name, whose words are all words of an earlier GPU's mention or name, takes
        that earlier GPU's match, unless it names the product of which the earlier one is an edition ("rtx pro 6000
        maxq vs regular rtx pro 6000")."""
        seen: list[tuple[frozenset[str], GpuMatch]] = []
        for k, t in enumerate(self.tags):
            if t.kind != "GPU":
                continue
            match = t.gpu_match()
            words = _name_words(t.text)
            if match.status == "ambiguous" or (match.status == "ok" and match.how != "exact"):
                same = next((m for w, m in seen if words and words <= w and m.name != match.name), None)
                base = same is not None and match.name and _name_words(match.name) <= _name_words(same.name or "")
                if same is not None and not base:  # "rtx pro 6000 maxq vs regular rtx pro 6000": the base product
                    self.tags[k] = dataclasses.replace(t, value=dataclasses.replace(same, mention=t.text))
                    continue
            if match.status == "ok" and match.name:
                seen.append((words | _name_words(match.name), match))

    def instance_names(self) -> None:
        """A GPU-shaped name the KB lacks right after a cloud provider ("阿里云gn7i", "aws p4d") or before an
        instance word ("gn7i实例", lexicon [lists] instance_words), in a question that names a GPU the KB knows
        ("阿里云gn7i a10 一小时多少钱"): the provider's instance type, not a second GPU. Tagged INSTANCE, so the
        question is about the GPU named; alone it stays an unknown GPU (asked back)."""
        if not any(t.kind == "GPU" and t.gpu_match().status != "unknown" for t in self.tags):
            return
        clouds = self.lex.listed("cloud_providers")
        for k, t in enumerate(self.tags):
            if t.kind != "GPU" or t.gpu_match().status != "unknown":
                continue
            prev = self.tags[k - 1] if k else None
            after_cloud = prev is not None and prev.text in clouds and t.start - prev.end <= 1
            rest = self.text[t.end :].lstrip()
            if after_cloud or any(rest.startswith(w) for w in self.lex.listed("instance_words")):
                self.tags[k] = Tag("INSTANCE", t.text, t.text, t.start, t.end)

    def gpu_start(self, i: int) -> str | None:
        """Why token i can start a GPU mention: brand | prefix | number | word; None if it cannot."""
        tt, toks = self.tt, self.toks
        w = tt[i]
        nxt = toks[i + 1] if i + 1 < len(tt) else None
        if w in BRAND:
            return "brand"
        if toks[i].kind == "word" and nxt is not None and nxt.kind == "num" and nxt.glued and len(w) <= 3:
            if nxt.text == "2" and i + 2 < len(tt) and toks[i + 2].kind == "word" and toks[i + 2].glued:
                return None  # "i2v", "t2v", "img2img": a 2 between letters reads "to", a mode, not a GPU
            if any(v.split(" ")[0] == w + nxt.text for v in self.lex.listed("video_models")):
                return None  # "wan2.1 12g显存够吗": a video model's name, not a GPU
            return None if w + nxt.text in SYSTEM_RAM else "prefix"  # "ddr5" is the computer's memory
        if w in SPACED_PREFIX and nxt is not None and nxt.kind == "num" and self.gap(i) in ("", "-"):
            return "prefix"
        if toks[i].kind == "num" and w.isdigit() and 3 <= len(w) <= 5:
            return "number"
        if toks[i].kind == "word" and w in ("titan", "vii"):
            return "word"
        if w == "pro" and nxt is not None and nxt.kind == "num" and self.index.is_alias(f"pro {nxt.text}"):
            return "word"  # "pro 6000": the curated shorthand of the RTX PRO 6000 (knowledge/aliases.csv)
        return None

    def try_full_name(self, i: int) -> int | None:
        """A KB name spelled out exactly ("NVIDIA GeForce GTX 650 Ti Boost") is that GPU, unless a variant
        word follows it ("geforce rtx 4060 ti": the mention goes on, so the general path reads it)."""
        hit = self.index.full_name_at(self.tt, i)
        if hit is None:
            return None
        used, match = hit
        end = i + used
        if (
            match.how == "alias"
            and end < len(self.tt)
            and _own_number(self.tt[i : end + 1], self.tt[end], match, self.index)
        ):
            end += 1  # "ryzen ai max+ 395", "strix halo 395": the aliased product's own model number, not money
        first = self.tt[i]
        last = end - 1
        if self.tt[last] in ("x", "×") and not self.toks[last].glued and end < len(self.tt) and self.tt[end].isdigit():
            return None  # "a100 x 4": the A100 counted four times (counts.py), not the A100X
        if used == 2 and first.isalpha() and len(first) <= 2 and self.toks[i + 1].kind == "num":
            return None  # "l4", "a100": the general path and its documented defaults read these
        if used == 1 and (first.isdigit() or len(first) < 3 or self.lex.match(self.tt, i)):
            return None
        tier = end < len(self.tt) and self.tt[end] in DEVICE_TIERS and self.lex.match(self.tt, end) is None
        if end < len(self.tt) and (self._variant_word(end) or tier) and not any(t[0].isdigit() for t in self.tt[i:end]):
            ext = end  # "jetson orin 64g": a number-less name and its variant words, read together
            while ext < len(self.tt) and (
                self._variant_word(ext) or self.tt[ext] in ("g", "gb") or self.tt[ext] in DEVICE_TIERS
            ):
                ext += 1
            m = self.index.gpu(self.tt[i:ext], self.span(i, ext))
            size = self.tt[end:ext]
            if m.status == "unknown" and len(size) == 2 and f" {size[0]} GB" in f" {match.name}":
                # "strix halo 128gb": the size the aliased name states (its GPU addresses 96 GB of the 128)
                return self.add("GPU", dataclasses.replace(match, mention=self.span(i, ext)), i, ext)
            if m.status == "unknown" and all(t in MOBILE for t in size) and (match.name or "") and match.how == "alias":
                # "strix halo laptop": a laptop word after a device that has no separate laptop part
                return self.add("GPU", dataclasses.replace(match, mention=self.span(i, end)), i, end)
            if m.status == "unknown" and tier:  # "jetson orin nano": another device, never the AGX Orin
                near = m.candidates or (match.name or "",)
                return self.add("GPU", dataclasses.replace(m, candidates=near), i, ext)
            if m.status == "ok" and m.how == "alias" and _name_words(m.name or "") - set(self.tt[i:ext]):
                m = dataclasses.replace(m, assumed=True)  # "jetson orin nano": the Super, said as assumed
            return self.add("GPU", m, i, ext) if m.status == "ok" else None
        if match.how == "alias" and end < len(self.tt) and self._variant_word(end):
            ext = end  # "锐龙ai max 395 128g": an alias, its model number and a size: the whole name, if it names one
            while ext < len(self.tt) and (self._variant_word(ext) or self.tt[ext] in ("g", "gb")):
                ext += 1
            m = self.index.gpu(self.tt[i:ext], self.span(i, ext))
            if m.status == "ok":
                return self.add("GPU", m, i, ext)
            if ext - end == 2 and f" {self.tt[end]} GB" in f" {match.name}":  # "strix halo 395 128gb": its own size
                return self.add("GPU", dataclasses.replace(match, mention=self.span(i, ext)), i, ext)
        sized = self._size_after(i, end, match)
        if sized is not None:
            return sized
        if end < len(self.tt) and (
            self._variant_word(end)
            or (
                self.tt[end] in ARCHITECTURE_WORDS and self.tt[end] not in (match.name or "").lower()
            )  # "rtx a6000 ada"
            or (self.toks[end].glued and self.toks[end].kind not in ("sym", "cjk"))
            or (match.how == "alias" and self.gpu_start(end) == "prefix")  # "mac studio m2 ultra": the chip says which
        ):
            return None
        return self.add("GPU", dataclasses.replace(match, mention=self.span(i, end)), i, end)

    def _size_after(self, i: int, j: int, match: GpuMatch) -> int | None:
        """A memory size at token j ("24g", "24 gb") right after the card `match` names from token i, read with it:
        its own memory ("a10g 24g") is that card; a size the KB holds a variant of is that variant; another size is a
        card not known, the named one suggested ("p102-100 10g": the KB's P102-100 has 5 GB). None when no size
        follows."""
        tt = self.tt
        if not match.name or j + 1 >= len(tt) or self.toks[j].kind != "num" or tt[j + 1] not in ("gb", "g"):
            return None
        held = self.index.memory_of(match.name)
        if held is not None and abs(held - float(tt[j])) < 0.5:
            return self.add("GPU", dataclasses.replace(match, mention=self.span(i, j + 2)), i, j + 2)
        m = self.index.gpu(tt[i : j + 2], self.span(i, j + 2))
        if m.status == "unknown":
            near = (match.name, *(c for c in m.candidates if c != match.name))
            m = dataclasses.replace(m, candidates=near[:3])
        return self.add("GPU", m, i, j + 2)

    def _variant_word(self, j: int) -> bool:
        """Token j changes which product a GPU mention names: ti, super, laptop, sxm, a memory size ..."""
        tt, toks = self.tt, self.toks
        w = tt[j]
        if w in VARIANT_WORDS and (len(w) > 1 or toks[j].glued):
            return True
        if toks[j].kind == "num" and j + 1 < len(tt) and tt[j + 1] in ("gb", "g"):
            return True  # "4060 16gb"
        return w == "max" and j + 1 < len(tt) and tt[j + 1] == "q"

    def _gpu_span(self, i: int, why: str) -> tuple[int, int, bool]:
        """Where a GPU mention starting at i can end: (end, floor, seen a number). A shorter reading may
        drop trailing words, never below `floor`: variant words and glued suffixes ("4070tis") count."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        sfx = self.index.suffixes
        j, floor = i + 1, i + 1
        seen_num = toks[i].kind == "num" or (why == "prefix" and toks[i + 1].glued)
        while j < n and j - i < 8:
            t = toks[j]
            version = seen_num and tt[j] == "v" and j + 1 < n and toks[j + 1].glued and len(tt[j + 1]) == 1
            china = (
                tt[j] == "d"
                and toks[j - 1].kind == "num"
                and not (j + 1 < n and toks[j + 1].kind == "word" and toks[j + 1].glued)
            )
            if china and self.gap(j - 1) == "" and self.index.gpu([*tt[i:j], "d"], "").status == "ok":
                j += 1  # "4090 d", "5090 d v2": the China-market card
                floor = j
                continue
            if (
                version
                and tt[j + 1].isdigit()
                and self.gap(j - 1) in ("", "-", "_")
                and self.index.gpu([*tt[i:j], "v", tt[j + 1]], "").status == "ok"
            ):
                j += 2  # "5090d v2": a version of the card
                floor = j
                continue
            if self.gap(j - 1) not in ("", "-", "_"):
                break  # "4090 + 64gb ram", "p40s (96gb)": punctuation ends a name
            if (
                seen_num
                and tt[j] in ("x", "×")
                and j + 1 < n
                and tt[j + 1].isdigit()
                and 1 <= int(tt[j + 1]) <= 64
                and not (
                    self.toks[j].glued
                    and not self.toks[j + 1].glued
                    and self.index.gpu([*tt[i:j], tt[j]], "").status == "ok"
                )  # "mi300x 8卡": the MI300X, then its count
            ):
                break  # "a100 x 4", "h100 x8": a multiplier after the card (counts.py), not the A100X
            if t.kind == "num":
                if j + 2 < n and tt[j + 1] in ("gb", "g") and tt[j + 2] in SYSTEM_RAM:
                    break  # "64gb ram" is the computer's memory
                if j + 1 < n and tt[j + 1] in ("gb", "g") and (seen_num or why == "brand"):
                    j += 2
                    floor = j
                    continue
                if (
                    j + 1 < n
                    and tt[j + 1] == "k"
                    and toks[j + 1].glued
                    and t.glued
                    and toks[j - 1].kind == "word"
                    and len(tt[j - 1]) <= 2
                ):
                    j += 2  # "a6k": the A6000
                    floor = j
                    seen_num = True
                    continue
                if seen_num and j - 1 > i and t.glued and toks[j - 1].kind == "word" and self._starts_another(j - 1):
                    j -= 1  # "h100 a100 mi300x": the next name starts at its prefix
                    break
                if not seen_num or (
                    t.glued and toks[j - 1].kind == "word" and tt[j - 1] not in BRAND and len(tt[j - 1]) <= 4
                ):
                    if not seen_num or j + 1 >= n or tt[j + 1] not in ("b", "k", "bit", "%"):
                        seen_num = True
                        j += 1
                        continue
                break
            if not seen_num and (
                tt[j] in BRAND
                or (t.kind == "word" and len(tt[j]) <= 3 and j + 1 < n and toks[j + 1].glued)
                or (tt[j] in APPLE_MODELS and tt[i] in APPLE_WORDS)
            ):
                j += 1  # "nvidia a40", "amd radeon r9 370", "ati radeon x800"
                continue
            if (
                seen_num
                and t.kind == "word"
                and t.glued
                and toks[j - 1].kind == "num"
                and (tt[j] not in GLUED_UNITS or why == "brand")
                and not self._glued_word(j)
            ):
                j += 1  # "4070tis", "4090d", "3090s": a glued suffix belongs to the name
                floor = j
                continue
            if seen_num and tt[j] in APPLE_TIERS and self._apple_like(i):
                j += 1
                floor = j
                continue
            if seen_num and self._apple_like(i) and self._device_word_after_chip(j):
                j += 1  # "m4 pro mac mini 64g": the device named after its chip
                continue
            if tt[j] in GPU_WORDS:
                break  # "apple m4 pro gpu": the word for a GPU is not part of its name
            if seen_num and tt[j] in SUFFIX_SPLIT and toks[j - 1].kind == "num":
                j += 1  # "4070 tis"
                floor = j
                continue
            if seen_num and tt[j] in PLURAL_VARIANT and (toks[j - 1].kind == "num" or tt[j - 1] in VARIANT_WORDS):
                j += 1  # "4070 supers", "4070 ti supers"
                floor = j
                continue
            if tt[j] == "s" and j + 1 < n and tt[j + 1] == "$" and toks[j + 1].glued:
                break  # "5090 s$4500": a Singapore dollar amount, not the 5090 SUPER
            if (tt[j] in sfx or tt[j] in MOBILE or tt[j] in ("super", "ti", "s")) and (
                len(tt[j]) > 1
                or t.glued
                or (tt[j] == "s" and (tt[j - 1] == "ti" or toks[j - 1].kind == "num"))
                or (why == "word" and j == i + 1)  # "titan x", "titan v"
            ):  # "4080 s" is the 4080 SUPER, as "4080s"
                if tt[j] == "max" and not (j + 1 < n and tt[j + 1] == "q") and not self._apple_like(i):
                    break  # "4090 max power": not a Max-Q
                j += 1
                if tt[j - 1] == "max" and j < n and tt[j] == "q":
                    j += 1
                if self._variant_word(j - 1) or tt[j - 1] == "q" or self._apple_like(i):
                    floor = j
                continue
            break
        return j, floor, seen_num

    def _inside_model_name(self, i: int) -> bool:
        """Token i is inside a model's name that holds a chip-like word (lexicon embed_model_words: "bge-m3")."""
        at, low = self.toks[i].start, self.text.lower()
        for name in self.lex.listed("embed_model_words"):
            k = low.find(name)
            while k >= 0:
                if k <= at < k + len(name):
                    return True
                k = low.find(name, k + 1)
        return False

    def try_named_card(self, i: int) -> int | None:
        """ "specs of the zephyr-x 9000 gpu", "is the nova 7700 card any good": up to three name words no lexicon
        holds, a model number of three or more digits, then a word for a card. When no GPU has that name it is an
        unknown GPU (said as such), never a model called "zephyr" or a count; a name the KB knows goes on as usual."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        starts = toks[i].kind == "word" and len(tt[i]) >= 3 and tt[i] not in BRAND
        if not starts or (i and toks[i - 1].kind == "word" and not self.lex.match(tt, i - 1)):
            return None  # not the first word of the name
        j = i
        while j < n and j - i < 3 and toks[j].kind == "word" and not self.lex.match(tt, j) and tt[j] not in BRAND:
            j += 1
        if j >= n - 1 or toks[j].kind != "num" or not (tt[j].isdigit() and len(tt[j]) >= 3):
            return None
        after = self.lex.match(tt, j + 1)
        match = self.index.gpu(tt[i : j + 1], self.span(i, j + 1))
        if not (after and "GPU_WORD" in after[1]) or match.status != "unknown":
            return None
        if any(self.index.gpu(tt[k : j + 1], self.span(k, j + 1)).status == "ok" for k in range(i + 1, j)):
            return None  # "seeing mi250 cards on ebay": a card the KB knows after a word of the sentence
        return self.add("GPU", match, i, j + 1)

    def try_gpu(self, i: int) -> int | None:
        if self._inside_model_name(i):
            return None  # "bge-m3": the M3 of an embedding model's name, never an Apple M3
        why = self.gpu_start(i)
        if why is None:
            return self._numbered_alias_at(i)  # "ai max 395": words no GPU name starts with, then a number
        if why == "number" and (flipped := self._number_first_alias_at(i)) is not None:
            return flipped  # "395 max": the model number typed before the words of its alias
        if why == "prefix":
            hit = self.lex.match(self.tt, i)
            if hit and hit[0] >= 2:  # "l2 cache", "fp16", "q4": vocabulary, not a GPU
                return None
        tt, toks, n = self.tt, self.toks, len(self.tt)
        j, floor, seen_num = self._gpu_span(i, why)
        if not seen_num and why != "word":
            return None
        bare_ok = why != "number" or floor > i + 1 or self._bare_number_is_gpu(i)
        last = self.tags[-1] if self.tags else None
        plural = (
            last is not None
            and last.kind in ("COUNT", "NUMBER")
            and isinstance(last.value, (int, float))
            and last.value > 1
        )
        brand, start = [], i
        if self._apple_like(i):  # "mac studio m2 ultra": the chip names the device
            brand = ["apple"]
            while tt[start] in APPLE_WORDS or tt[start] in APPLE_MODELS:
                start += 1
        chip_first = bool(brand) and start == i  # "m4 pro mac mini": device words after the chip are not its name
        named = why == "brand" or (why == "prefix" and toks[i + 1].glued)  # letters glued to the number: a name
        for end in range(j, max(floor, i + 1) - 1, -1):
            sub = brand + [
                tt[k] for k in range(start, end) if not (chip_first and k > i + 1 and self._device_word_after_chip(k))
            ]
            if not any(toks[k].kind == "num" for k in range(i, end)) and why != "word":
                continue
            if end == i + 1 and not bare_ok:
                continue
            if (
                toks[end - 1].kind == "num"
                and end < n
                and (
                    self.money_after(end)
                    or (not named and (self.unit("hours", end) and not self.gpu_hours(i) or self.unit("years", end)))
                    or tt[end] in ("b", "k", "%")
                )
            ):
                continue  # "100 hours" is a duration; "h100 hours" are hours on that GPU
            m = self.index.gpu(sub, self.span(i, end), plural=plural)
            if m.status == "unknown" and floor > i + 1:
                # "笔记本4090 16g", "laptop 4090 16gb": only the laptop card has that memory size
                before = self._words_before(i, sub, m, plural, end)
                if before is not None:
                    return self.add("GPU", before[1], before[0], end)
                inside = self._without_mobile_words(i, end)  # "4090笔记本 16g"
                if inside is not None:
                    mm = self.index.gpu(brand + inside + ["mobile"], self.span(i, end), plural=plural)
                    if mm.status != "unknown":
                        return self.add("GPU", mm, i, end)
            if m.status != "unknown":
                if why == "number" and m.status == "ambiguous" and len(tt[i]) < 3:
                    return None
                if why == "prefix" and tt[i] in ("a", "an") and not toks[i + 1].glued:
                    return None
                mob = self.unit("mobile_zh", end) if "mobile" not in sub and "laptop" not in sub else 0
                if not mob and "mobile" not in sub and end + 1 < n and tt[end] == "的":  # "3050 6g 的笔记本"
                    mob = 1 + self.unit("mobile_zh", end + 1) if self.unit("mobile_zh", end + 1) else 0
                if mob:  # "4090笔记本版", "4080 移动版"; "3050 6g 笔记本": the laptop card of that memory
                    sized = len(sub) > 2 and sub[-1] in ("g", "gb") and sub[-2].isdigit()
                    mobile = [*sub[:-2], "mobile", *sub[-2:]] if sized else [*sub, "mobile"]
                    mm = self.index.gpu(mobile, self.span(i, end + mob), plural=plural)
                    if mm.status != "unknown":
                        return self.add("GPU", mm, i, end + mob)
                before = self._words_before(i, sub, m, plural, end)
                if before is not None:
                    return self.add("GPU", before[1], before[0], end)
                return self.add("GPU", m, i, end)
        # nothing known: is it shaped like a GPU name? then it is an unknown GPU, not a number
        end = j
        while end > floor and toks[end - 1].kind == "word" and tt[end - 1] not in ("ti", "super", "xt", "xtx", "s"):
            end -= 1
        shaped = (
            why == "brand"
            or floor > i + 1
            or (why == "prefix" and tt[i] not in ("q", "fp", "bf", "int", "tf", "f", "a", "x", "v"))
            or (
                why == "number"
                and len(tt[i]) == 4
                and tt[i][1] == "0"
                and tt[i][3] == "0"
                and tt[i][2] in "56789"
                and not (end < n and (self.money_after(end) or tt[end] in ("b", "k", "%")))
            )
        )
        if why == "prefix" and tt[i] == "v" and len(tt[i + 1]) == 3 and tt[i + 1].endswith("00"):
            shaped = True
        if not shaped or not any(toks[k].kind == "num" for k in range(i, end)) or (end == i + 1 and not bare_ok):
            return None
        if why == "prefix" and floor <= i + 1 and not self._gpu_context(i, end) and not self._sibling_code(i, end):
            self.unknown.append(self.span(i, end))  # "t5", "sd3", "p5": a name, but nothing says it is a GPU
            return end
        sub = brand + tt[start:end]
        m = self.index.gpu(sub, self.span(i, end), plural=plural)
        return self.add("GPU", m, i, end)


# words after a device's number-less name that name another device of its line ("jetson orin nano", "orin nx")
DEVICE_TIERS = frozenset({"nano", "nx", "mini"})

_FORMS: dict[int, tuple[frozenset[str], tuple[tuple[str, ...], ...]]] = {}


def _uncovered_forms(lex: Lexicon) -> tuple[frozenset[str], tuple[tuple[str, ...], ...]]:
    """The words of lexicon list uncovered_devices as token tuples (longest first) and their first tokens."""
    found = _FORMS.get(id(lex))
    if found is None:
        from assistant.nlu.text import words

        listed = lex.listed("uncovered_devices") | lex.listed("not_gpu_devices")
        forms = sorted({f for f in (tuple(words(w)) for w in listed) if f}, key=len, reverse=True)
        found = _FORMS[id(lex)] = (frozenset(f[0] for f in forms), tuple(forms))
    return found


def _own_number(typed: list[str], number: str, match: GpuMatch, index) -> bool:
    """The number after a number-less alias is the aliased product's own model number ("strix halo 395": the Ryzen AI
    Max+ 395), or the alias and the number spell another name the index holds."""
    if " ".join(typed) in index.exact:
        return True
    return number.isdigit() and len(number) >= 3 and number in re.findall(r"\b\d+\b(?! ?GB)", match.name or "")


def _name_words(text: str) -> frozenset[str]:
    """The words and numbers of a GPU name or mention, lower case, numbers apart from glued units ("16gb" -> 16, gb;
    "40g" -> 40, gb)."""
    parts = re.findall(r"[a-z]+|\d+(?:\.\d+)?", text.lower())
    return frozenset("gb" if p == "g" else p for p in parts if p not in ("the", "geforce", "nvidia", "rtx"))
