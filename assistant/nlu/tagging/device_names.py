"""Devices named by words and a model number, or twice in a row: the GPU tags such mentions get.

Contract (mixed into the tagger, after the GPU tagger): `_numbered_alias_at(i)` adds a GPU tag for words no GPU name
starts with that spell a curated alias ending in its model number ("ai max 395 128g"; knowledge/aliases.csv), or
returns None; `_number_first_alias_at(i)` the same with the number typed first ("395 max"); `numbered_devices()`
turns an unknown GPU tag whose numbers only one near device carries into that device, assumed and said ("amd 395
128g"); `said_twice()` keeps one tag for one device named twice in a row
("strix halo laptop (rog flow z13 128gb)").
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.lookup import lineup
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import Tag, TaggerBase

_WITH = re.compile(r"(?:with|w/)(?:\s+(?:the|an?))?")  # "evo-x2 with the ai max+ 395": a device and its chip


class DeviceNameTagging(TaggerBase):
    def _numbered_alias_at(self, i: int) -> int | None:
        """ "ai max 395 128g", "max+ 395": words from token i, ending in a number, spelling a curated alias (2-5 tokens;
        knowledge/aliases.csv), with the memory size its name states after it: the GPU tag's end, else None."""
        tt, n = self.tt, len(self.tt)
        if self.toks[i].kind != "word" or (i + 1 < n and self.toks[i + 1].glued):
            return None  # "a100", "h100": a prefix glued to its number is read by the general path
        used = next(
            (
                k
                for k in (5, 4, 3, 2)  # 2: "max 395", "max+ 395"; a word of 3+ letters ("a 40 hour job" is no A40)
                if i + k <= n
                and tt[i + k - 1].isdigit()
                and (k > 2 or len(tt[i]) >= 3)
                and self.index.is_alias(" ".join(tt[i : i + k]))
            ),
            0,
        )
        if not used:
            return None
        m = self.index.gpu(tt[i : i + used], self.span(i, i + used))
        if m.status != "ok":
            return None
        end = i + used
        if end + 1 < n and tt[end].isdigit() and tt[end + 1] in ("g", "gb") and f" {tt[end]} GB" in f" {m.name}":
            end += 2  # its own memory size, as its name states it
        return self.add("GPU", dataclasses.replace(m, mention=self.span(i, end)), i, end)

    def _number_first_alias_at(self, i: int) -> int | None:
        """ "395 max", "395 ai max 128g": a model number then the words of a curated alias that ends in it (the
        number-last spelling, as in _numbered_alias_at): the GPU tag's end, else None."""
        tt, n = self.tt, len(self.tt)
        used = next(
            (
                k
                for k in (4, 3, 2)
                if i + k <= n
                and all(t.isascii() and t.isalpha() for t in tt[i + 1 : i + k])
                and (k > 2 or len(tt[i + 1]) >= 3)
                and self.index.is_alias(" ".join([*tt[i + 1 : i + k], tt[i]]))
            ),
            0,
        )
        if not used:
            return None
        m = self.index.gpu([*tt[i + 1 : i + used], tt[i]], self.span(i, i + used))
        if m.status != "ok":
            return None
        end = i + used
        if end + 1 < n and tt[end].isdigit() and tt[end + 1] in ("g", "gb") and f" {tt[end]} GB" in f" {m.name}":
            end += 2  # its own memory size, as its name states it
        return self.add("GPU", dataclasses.replace(m, mention=self.span(i, end)), i, end)

    def numbered_devices(self) -> None:
        """An unknown GPU mention whose numbers only one near device carries is that device, assumed and said
        ("amd 395 128g", "strix halo 395": lookup/lineup.numbered_one)."""
        for k, t in enumerate(self.tags):
            m = t.gpu_match() if t.kind == "GPU" else None
            if m is None or m.status != "unknown" or not m.candidates:
                continue
            one = lineup.numbered_one(self.index, m.mention, m.candidates)
            if one is not None:
                found = GpuMatch(m.mention, "ok", one, assumed=True, how="variant")
                self.tags[k] = dataclasses.replace(t, value=found)

    def said_twice(self) -> None:
        """Two GPU tags in a row for the same device, with only spaces, or brackets, a comma or a slash and at most two
        words, between them ("strix halo laptop (asus flow z13 128gb)", "framework desktop / strix halo"): one device,
        restated; the first tag spans both."""
        keep: list[Tag] = []
        for t in self.tags:
            joint = keep[-1].kind == "AND" and _WITH.fullmatch(keep[-1].text.lower()) if keep else False
            if t.kind == "GPU" and len(keep) > 1 and (joint or keep[-1].text.strip() == "/"):  # "framework desktop /"
                if keep[-2].kind == "GPU" and keep[-2].gpu_match().status == "ok":
                    if keep[-2].gpu_match().name == t.gpu_match().name and t.gpu_match().status == "ok":
                        keep.pop()  # "evo-x2 with the ai max+ 395", "framework desktop / strix halo": one device
            prev = keep[-1] if keep else None
            if (
                prev is not None
                and t.kind == "GPU"
                and prev.kind == "GPU"
                and prev.gpu_match().status == "ok"
                and prev.gpu_match().name == t.gpu_match().name
                and t.gpu_match().status == "ok"
                and len(re.findall(r"[a-z]+", self.text[prev.end : t.start].lower())) <= 2
                and (
                    re.search(r"[(,（，/]", between := self.text[prev.end : t.start])
                    or not between.strip(" -")
                    or _WITH.fullmatch(between.strip().lower())
                )
            ):
                keep[-1] = dataclasses.replace(prev, end=t.end)  # its words ("asus") are the device's, no board
                continue
            keep.append(t)
        self.tags[:] = keep
