"""Integrated GPUs read as themselves: "ryzen 7 8845hs with 780m", "核显780m 32g内存", "arc 140v laptop 32gb".

Contract: `integrated_parts(tags, text, lex, index)` returns the tags with each GPU tag that names a card with memory
of its own replaced by its integrated namesake (a KB GPU with no memory of its own: "System Shared") when the question
says an integrated GPU or an APU (lexicon [lists] igpu_words) or names a CPU of the namesake's vendor family (lexicon
igpu_vendor_words: "ryzen" -> Radeon, "core ultra" -> Arc), and the namesake is the only one; an unknown GPU tag whose
mention, without a trailing memory size, names an integrated GPU becomes that GPU and a MEMORY tag of the size (the
system RAM: the integrated GPU has none of its own). Other tags unchanged.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import Tag
from assistant.nlu.text import words

_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:gb|g)\s*$")
_BRANDS = ("radeon", "arc")  # the integrated lines the KB holds under a brand word


def integrated_parts(tags: list[Tag], text: str, lex: Lexicon, index) -> list[Tag]:
    gpus = [k for k, t in enumerate(tags) if t.kind == "GPU" and isinstance(t.value, GpuMatch)]
    if not gpus:
        return tags
    lowered = text.lower()
    said = lex.words_in("igpu_words", lowered) or lex.words_in("igpu_vendor_words", lowered)
    out = list(tags)
    for k in reversed(gpus):
        tag = out[k]
        match = tag.gpu_match()
        if match.status == "ok" and match.name and said and (index.memory_of(match.name) or 0) > 0:
            shared = _namesake(tag.text, index)
            if shared is not None:
                out[k] = dataclasses.replace(tag, value=dataclasses.replace(shared, mention=tag.text))
        elif match.status == "unknown":
            size = _SIZE.search(tag.text)
            if size is None:
                continue
            bare = tag.text[: size.start()]
            found = index.gpu(words(bare), bare)
            if found.status == "ok" and found.name and not index.memory_of(found.name):
                cut = tag.start + size.start() + (len(size.group(0)) - len(size.group(0).lstrip()))
                gpu = dataclasses.replace(tag, value=dataclasses.replace(found, mention=bare), text=bare, end=cut)
                ram = Tag("MEMORY", float(size.group(1)), tag.text[size.start() :].strip(), cut, tag.end)
                out[k : k + 1] = [gpu, ram]
    return out


def _namesake(mention: str, index) -> GpuMatch | None:
    """The one integrated GPU (no memory of its own) the mention names with a brand word before it."""
    toks = words(mention.lower())
    found = [index.gpu([b, *toks], f"{b} {mention}") for b in _BRANDS if b not in toks]
    shared = [m for m in found if m.status == "ok" and m.name and not index.memory_of(m.name)]
    return shared[0] if len(shared) == 1 else None
