"""Sizes read from a question: memory ("24gb", "24g显存", and a size naming a GPU's variant: "2080ti魔改22g",
"a100 40g和80g"), precision bits ("4bit"), model sizes ("70b", "70亿参数", "gpt2 124m", and ranges "14b-32b"),
tokens ("200亿token"), context lengths ("8k context", "32k tokens"), watts ("300w"), a circuit's volts and amps
("120v", "15a") and image sizes ("512x512", "720p").

Contract: `SizeTagging.size_units` looks at the number's unit starting at token j (the value `v` read from token
i) and, when it reads a size there, adds its tag (MEMORY, or a GPU tag replaced / added for a memory variant;
PRECISION; PARAMS; TOKENS; CONTEXT; WATTS; VOLTS; AMPS) and returns the index after it; None when no size unit follows;
NO_QUANTITY when token i must be read as no quantity ("5090参数" is the card's specs). `resolution` reads an
image size at token i the same way. `size_ranges` runs over the finished tags. A context in k counts 1,024
tokens per k for a power of two (`context_k`).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.names import apple_chip
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import NO_QUANTITY, Tag, TaggerBase
from assistant.nlu.tagging.words import BITS, SYSTEM_RAM
from assistant.nlu.text import words

# video heights written with a "p" ("720p"): a 16:9 frame of that many lines, never a GPU ("GTX 760M")
VIDEO_LINES = frozenset({240, 360, 480, 540, 576, 720, 1080, 1440, 2160})
MAINS_VOLTS = (100.0, 250.0)  # the mains voltages a circuit question names ("120v", "230v")
CIRCUIT_AMPS = (5.0, 60.0)  # the breaker currents a circuit question names ("15a", "20 amp")
MIN_IMAGE_SIDE = 64  # the smallest side of an image size ("64x64"); "3090 x4" is no image


# the word after a small draw that makes it the rest of the machine's ("40w rest of system", "30w for the rest")
_REST_AFTER = frozenset({"rest", "for", "other", "platform", "system", "其他配件", "其他", "其余", "平台"})


class SizeTagging(TaggerBase):
    def size_units(self, i: int, j: int, v: float) -> int | None:
        """Memory, precision bits, model sizes and tokens, context and watts after the number."""
        tt = self.tt
        g = self.unit("gb", j)
        if g and (tt[j] != "g" or self.toks[j].glued):
            return self._memory_variant(i, j + g, v) or self.add("MEMORY", v, i, j + g)
        b = self.unit("bit", j)
        if b and int(v) in BITS:
            return self.add("PRECISION", BITS[int(v)], i, j + b, {"PRECISION": BITS[int(v)]})
        params = self._params(i, j, v)
        if params is not None:
            return params
        c = self.unit("context", j)
        if c and tt[i] not in self.index.bare_numbers:  # "4090上下文最长能开多少": the card, then the context
            return self.add("CONTEXT", int(v), i, j + c)
        t = self.unit("tokens", j)
        if t and v >= 1e7:  # "200亿token", "50 million tokens": a training set, not a sequence length
            return self.add("TOKENS", v, i, j + t)
        if t and v >= 256 and not self._card_before_speed(i, j, j + t):
            return self.add("CONTEXT", int(v), i, j + t)
        w = self.unit("watts", j)
        low_idle = 10 <= v < 50 and self._idle_near(i, j + w)  # "30w idle", "idles at 25w": an idle draw
        if w and (v >= 50 or low_idle) and (self.toks[j].glued or tt[j] != "w"):
            return self.add("WATTS", v, i, j + w)
        kw = self.unit("kilowatts", j)  # "~1.3 kW from the wall", "整机2千瓦": watts, never a bare 1.3
        if kw and 0 < v <= 100 and not self.unit("kwh", j):
            return self.add("WATTS", v * 1000.0, i, j + kw)
        return self._circuit(i, j, v)

    def _idle_near(self, i: int, end: int) -> bool:
        """A word of idling right after the amount or within the three tokens before it, or of the rest of the machine
        right after it (a small draw that is no idle card's, yet a draw)."""
        idle = ("idle", "idles", "idling", "待机", "空闲", "闲置")
        before = self.text[max(0, self.toks[i].start - 8) : self.toks[i].start].lower()
        if end < len(self.tt) and self.tt[end] in _REST_AFTER:  # "40w rest of system", "40w for the rest"
            return True
        return (end < len(self.tt) and self.tt[end] in idle) or any(w in before for w in idle)

    def _circuit(self, i: int, j: int, v: float) -> int | None:
        """A circuit's voltage ("120v", "240 volts", "220v") or current ("15a", "20 amp"): VOLTS / AMPS, never a GPU
        ("120v" is no Tesla V100). A one-letter unit ("v", "a") must be glued to the number."""
        for unit, kind, low, high in (("volts", "VOLTS", *MAINS_VOLTS), ("amps", "AMPS", *CIRCUIT_AMPS)):
            u = self.unit(unit, j)
            if u and low <= v <= high and (self.toks[j].glued or len(self.tt[j]) > 1):
                return self.add(kind, v, i, j + u)
        return None

    def _params(self, i: int, j: int, v: float) -> int | None:
        """A model size ("70b", "70亿参数", "1.8 trillion", "gpt2 124m") or a count of tokens in billions / millions
        ("15t tokens"); "5090参数" is NO_QUANTITY (the RTX 5090's specs, not a 5090B model)."""
        tt = self.tt
        for unit, mult in (("trillion", 1e12), ("params", 1e9), ("million", 1e6)):
            u = self.unit(unit, j)
            if u and (self.toks[j].glued or len(tt[j]) > 1):
                jj = j + u
                t = self.unit("tokens", jj)
                if t:
                    return self.add("TOKENS", v * mult, i, jj + t)
                if unit == "params" and tt[j] == "参" and tt[i] in self.index.bare_numbers:
                    return NO_QUANTITY  # "5090参数": the RTX 5090's specs, not a 5090B model
                if unit == "params" or (unit == "million" and self.toks[j].glued and tt[j] == "m"):
                    params = v / 1e9 if v >= 1e6 else (v / 1e3 if unit == "million" else v)  # 70亿参数 = 7B
                    if self.unknown_model_before(i, jj, params):  # "falcon 180b", "gpt2 124m"
                        return jj  # "wan 2.2 14b": a video model's name, read from the text by intents/video
                    if unit == "million" and (not self.tags or self.tags[-1].kind != "UNKNOWN_MODEL"):
                        if not self._model_after(jj):
                            continue  # "124m" alone: millions of something, not a model size ("350m的模型" is)
                    return self.add("PARAMS", params, i, jj)
        return None

    def _memory_variant(self, i: int, j: int, gb: float) -> int | None:
        """A memory size that names a variant of the GPU just tagged: "2080ti魔改22g" (the 22 GB card; words
        of lexicon [lists] variant_fillers between), "a100 40g和80g" (the other A100, after and / or / vs).
        Replaces the GPU tag (or adds the sibling) and returns the index after the size; None otherwise."""
        unit = self.span(i, j)
        unified = self._apple_before()  # "m4 max 64g内存", "m4 max with 64gb ram": a Mac's RAM is its GPU's memory
        after = j + 1 if j + 1 < len(self.tt) and self.tt[j] == "of" else j  # "a 4070 and 32gb of ram"
        if not unified and (
            (after < len(self.tt) and self.tt[after] in SYSTEM_RAM)
            or any(unit.endswith(w) for w in self.lex.listed("system_ram_words"))
        ):
            return None  # "4090 64g内存", "3090 64gb ram": the computer's memory, not a 64 GB card
        tags = self.tags
        k = len(tags) - 1
        connectives = self.lex.listed("variant_connectives")
        if k >= 1 and tags[k].kind == "ON" and tags[k].text.lower() in connectives and tags[k - 1].kind == "GPU":
            k -= 1  # "3080 with 12gb": the "with" read as ON stands between the card and its size
        joined_at = k + 1
        sibling = k >= 1 and tags[k].kind in ("AND", "OR", "VS") and tags[k - 1].kind == "GPU"
        gpu = tags[k - 1] if sibling else (tags[k] if tags and tags[k].kind == "GPU" else None)
        if gpu is None or not isinstance(gpu.value, GpuMatch) or gpu.value.status != "ok":
            return None
        current = gpu.value
        between = self.text[(tags[k] if sibling else gpu).end : self.toks[i].start]
        for word in sorted(self.lex.listed("variant_fillers"), key=len, reverse=True):
            between = between.replace(word, "")
        said = between.strip(" -_,，、/")
        connected = said.lower() in connectives  # "macbook pro with 64gb"
        if said and (not connected or sibling or (self._ram_after(j) and not unified)):
            return None
        if not sibling and current.name and self.index.memory_of(current.name) == gb:
            if connected:
                return None  # "anything cheaper than a 3090 with 24gb": the size is asked of the cards, kept as such
            # "4090笔记本 16g": the card just named
            mention = self.text[gpu.start : self.toks[j - 1].end]
            tags[k] = Tag(
                "GPU", dataclasses.replace(current, mention=mention), mention, gpu.start, self.toks[j - 1].end
            )
            del tags[joined_at:]
            return j
        base = words(current.mention)
        if len(base) > 2 and base[-1] in ("g", "gb") and base[-2].isdigit():
            base = base[:-2]  # "a100 40g" -> "a100", then the size asked for
        found = self.index.gpu([*base, f"{gb:g}", "gb"], self.span(i, j))
        if found.name == current.name or (sibling and found.status == "ambiguous"):
            return None
        if (connected or _listed(between)) and found.status != "ok" and not self._claimed_variant(current, gb, found):
            return None  # "a 4090 with 64gb", "one 3090, 128gb enough?": the computer's memory more likely
        if sibling:  # "h20 96g和141g": the other size, or honestly unknown when the KB lacks it (never asked back)
            named = re.sub(r"[\s_-]*\d+(?:\.\d+)?\s*(?:gb|g)$", "", current.mention.strip(), flags=re.I)
            mention = f"{named} {self.span(i, j)}"
            return self.add("GPU", dataclasses.replace(found, mention=mention), i, j)
        # "3080魔改20g": a memory variant the KB lacks is unknown (with the nearest cards), never the stock card;
        # "a 3060 with 16gb": said as the card and its size
        mention = f"{current.mention} {self.span(i, j)}" if connected else self.text[gpu.start : self.toks[j - 1].end]
        tags[k] = Tag("GPU", dataclasses.replace(found, mention=mention), mention, gpu.start, self.toks[j - 1].end)
        del tags[joined_at:]
        return j

    def _claimed_variant(self, current: GpuMatch, gb: float, found: GpuMatch) -> bool:
        """ "a 3060 with 16gb": a desktop card said with a memory size it does not come in, up to twice its own (a
        claim about the card, a modified board or a mix-up, not the computer's RAM): unknown, never the stock card
        answered silently. More than twice ("a 4090 with 64gb") is read as the computer's memory."""
        own = self.index.memory_of(current.name or "") or 0.0
        mobile = self.index.is_mobile(current.name or "")
        return found.status == "unknown" and bool(own) and not mobile and own < gb <= 2 * own

    def _apple_before(self) -> bool:
        """The GPU tagged last (a connective such as "with" between or not) is an Apple chip, whose unified memory
        is the computer's RAM."""
        gpu = next((t for t in reversed(self.tags[-2:]) if t.kind == "GPU"), None)
        return gpu is not None and isinstance(gpu.value, GpuMatch) and apple_chip(gpu.value.name or "") is not None

    def _ram_after(self, j: int) -> bool:
        """ "with 32gb of ram": the size is the computer's memory."""
        return j + 1 < len(self.tt) and self.tt[j] == "of" and self.tt[j + 1] in SYSTEM_RAM

    def _model_after(self, j: int) -> bool:
        """A model word or a model family right after token j, 的 between or not ("350m的模型", "350m gpt", "350m
        model"): the number before it is the model's size (lexicon [lists] model_nouns)."""
        k = j + 1 if j < len(self.tt) and self.tt[j] == "的" else j
        if k >= len(self.tt):
            return False
        rest = self.text[self.toks[k].start :]
        return self.tt[k] in self.index.model_families or any(
            rest.startswith(w) for w in self.lex.listed("model_nouns")
        )

    def _card_before_speed(self, i: int, j: int, after: int) -> bool:
        """ "on 3090 tokens per second?", "on a 3090, tokens/s?": a GPU model number before a speed unit (tokens then a
        per-second word, [lists] per_second_words) or set apart from "tokens" by punctuation is the card, not a
        context length."""
        if self.tt[i] not in self.index.bare_numbers:
            return False
        if self.text[self.toks[i].end : self.toks[j].start].strip():
            return True  # "3090, tokens/s"
        rest = " ".join(self.tt[after : after + 3])
        return any(rest.startswith(w) for w in self.lex.listed("per_second_words"))

    def resolution(self, i: int) -> int | None:
        """ "512x512", "1024×1024", "768*768": an image size, not a GPU."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        if toks[i].kind != "num" or not tt[i].isdigit() or int(tt[i]) < 64:
            return None
        # both sides an image's size: "3090 x4", "4090*2" are cards counted (counts.py count_after_gpu)
        if i + 2 < n and tt[i + 1] in ("x", "×") and toks[i + 2].kind == "num" and _side(tt[i + 2]):
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i + 2])), i, i + 3)
        if i + 1 < n and self.gap(i) == "*" and toks[i + 1].kind == "num" and _side(tt[i + 1]):
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i + 1])), i, i + 2)
        if i + 1 < n and tt[i + 1] in ("px", "pixels") and 256 <= int(tt[i]) <= 8192:  # "1024px", "768 px"
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i])), i, i + 2)
        lines = int(tt[i])
        if i + 1 < n and tt[i + 1] == "p" and toks[i + 1].glued and lines in VIDEO_LINES:  # "720p", "1080p"
            return self.add("RESOLUTION", (lines * 16 // 9, lines), i, i + 2)
        return None


def _side(t: str) -> bool:
    """A side of an image size: a whole number of 64 pixels or more."""
    return t.isdigit() and int(t) >= MIN_IMAGE_SIDE


def context_k(v: float) -> int:
    """ "32k context" = 32,768 tokens: a power-of-two context size in k counts 1,024 tokens per k, as
    llama.cpp, Hugging Face configs and model cards do (a "1000k" or "200k" context is read as written)."""
    k = int(v)
    return k * 1024 if v == k and k > 0 and k & (k - 1) == 0 else int(v * 1000)


def size_ranges(tags: list[Tag], text: str, lex) -> list[Tag]:
    """ "14b-32b models", "7-13b", "7b to 13b", "between 13b and 34b", "7b到14b": a range of model sizes is one PARAMS
    tag of its top (the size that needs the most memory) with meanings["RANGE"] = (low, high), so the answer is for
    the largest size of the range and says so. The low end is a PARAMS tag or a bare number below the top, joined to
    it by a word of [lists] range_words (or "and" after a word of [lists] range_between)."""
    out: list[Tag] = []
    for t in tags:
        joiner = 1 if len(out) >= 2 and out[-1].kind == "AND" else 0  # "between 13b and 34b": "and" is a tag
        low = out[-1 - joiner] if len(out) > joiner else None
        if t.kind != "PARAMS" or low is None or low.kind not in ("PARAMS", "NUMBER") or "RANGE" in low.meanings:
            out.append(t)
            continue
        gap = text[low.end : t.start].strip()
        before = text[: low.start].rstrip().rsplit(" ", 1)[-1]
        joined = gap in lex.listed("range_words") or (gap == "and" and before in lex.listed("range_between"))
        try:
            lo, hi = low.number(), t.number()
        except ValueError:
            joined = False
        if not joined or not 0 < lo < hi:
            out.append(t)
            continue
        del out[len(out) - 1 - joiner :]
        out.append(Tag("PARAMS", hi, text[low.start : t.end], low.start, t.end, {**t.meanings, "RANGE": (lo, hi)}))
    return out


def _listed(between: str) -> bool:
    """A comma (or 、) between the card and the size: an item of a list ("one 3090, 128gb", "3090，64g"), which
    may be the computer's memory, never glued to the card as "3090 24gb" is."""
    return any(c in between for c in ",，、")
