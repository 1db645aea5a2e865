"""The speed of the computer's memory: "ddr5-6000", "ddr5 6400", "DDR4-3200", "6000mhz ram", "6000 mt/s": a RAM_SPEED
tag of the transfers per second (MT/s) with meanings["GEN"] = "ddr4" / "ddr5" when said, never a card ("ddr5 6400" was
"5 x RX 6400") or a price.

Contract: `try_ram_speed(i)` reads a RAM speed starting at token i ("ddr" + a generation digit, then a speed of
RAM_MIN..RAM_MAX; or a speed followed by a word of [units] ram_speed_unit) and returns the index after it; None
otherwise. `ram_sizes(tags)` makes a bare size tagged as a card right before a RAM generation a MEMORY tag. The
channels ("dual channel", "双通道") are read by the reader that uses the speed (lexicon [lists]
ram_channels_2 / _4 / _8).
"""

from __future__ import annotations

import re

from assistant.nlu.tagging.base import Tag, TaggerBase

RAM_MIN, RAM_MAX = 1600, 12000  # MT/s of DDR3-1600 .. DDR5 overclocked


class RamSpeedTagging(TaggerBase):
    def try_ram_speed(self, i: int) -> int | None:
        tt, toks, n = self.tt, self.toks, len(self.tt)
        if tt[i] == "ddr" and i + 1 < n and toks[i + 1].glued and tt[i + 1] in ("3", "4", "5", "6"):
            gen = f"ddr{tt[i + 1]}"
            k = i + 2
            apart = k < n and any(c in self.text[toks[k - 1].end : toks[k].start] for c in ",;/|")  # "ddr4, 3070"
            if k < n and not apart and toks[k].kind == "num" and tt[k].isdigit() and RAM_MIN <= int(tt[k]) <= RAM_MAX:
                unit = self.unit("ram_speed_unit", k + 1)
                return self.add("RAM_SPEED", float(tt[k]), i, k + 1 + unit, {"GEN": gen})
            return self.add("RAM_GEN", gen, i, i + 2)  # "ddr5" alone: the generation, no speed
        if toks[i].kind == "num" and tt[i].isdigit() and RAM_MIN <= int(tt[i]) <= RAM_MAX:
            unit = self.unit("ram_speed_unit", i + 1)
            if unit:
                return self.add("RAM_SPEED", float(tt[i]), i, i + 1 + unit)
        return None


_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:gb|g|gigs?)")
_NOT_RAM = ("GPU", "MONEY", "CONTEXT", "NUMBER")  # what a bare size may have been read as


def ram_sizes(tags: list[Tag]) -> list[Tag]:
    """ "a 3060 12gb and 32gb ddr4", "192g ddr5", "128g ddr5": a bare memory size tagged as a GPU (a memory version of
    the card before), money ("g" for a thousand) or a context right before a RAM generation or speed is the computer's
    memory (a MEMORY tag), never a 32 GB card, ¥192,000 or a 128k context."""
    out = list(tags)
    for k, t in enumerate(out[:-1]):
        size = _SIZE.fullmatch(t.text.strip())
        if t.kind in _NOT_RAM and size and out[k + 1].kind in ("RAM_GEN", "RAM_SPEED"):
            out[k] = Tag("MEMORY", float(size.group(1)), t.text, t.start, t.end)
    return out
