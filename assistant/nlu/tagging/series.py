"""GPU families named by their series: "40 series", "rtx 30-series", "40xx cards", "rtx 4000 series", "rx 7000
series", "50系". A series is never one card silently (nor "rtx 40" as an unknown GPU): the SERIES tag holds every
desktop card of the family the knowledge base has, and the readers answer across them.

Contract: `SeriesTagging.try_series(i)` reads a series at token i and adds a SERIES tag whose value is the
family's label ("RTX 40 series") with meanings["GPUS"] the tuple of KB names in it (desktop cards, no chip or
memory-type sub-variants); None when token i starts no series. A bare number is a series only with a series word
after it (lexicon [lists] series_words) or "xx" glued to it; a brand word (lexicon [lists] series_brands) may
come before it.
"""

from __future__ import annotations

import re

from assistant.nlu.tagging.base import TaggerBase

# the number of a series -> (its label, the start of its cards' KB names); 4-digit forms ("rtx 4000 series") too
FAMILIES = {
    "10": ("GTX 10 series", "GeForce GTX 10"),
    "16": ("GTX 16 series", "GeForce GTX 16"),
    "20": ("RTX 20 series", "GeForce RTX 20"),
    "30": ("RTX 30 series", "GeForce RTX 30"),
    "40": ("RTX 40 series", "GeForce RTX 40"),
    "50": ("RTX 50 series", "GeForce RTX 50"),
}
AMD_FAMILIES = {
    "6000": ("RX 6000 series", "Radeon RX 6"),
    "7000": ("RX 7000 series", "Radeon RX 7"),
    "9000": ("RX 9000 series", "Radeon RX 9"),
}
# a KB name that is a sub-variant of a card (a chip code, a memory type, an OEM or revision part) or a laptop part
_SUB_VARIANT = re.compile(r"\b(?:[A-Z]{2}\d{3}|GDDR\w*|OEM|Rev\.?|\d+Gbps|\d+SP|TiM|V2|Max-Q|Mobile)\b|\d[MS]\b")


class SeriesTagging(TaggerBase):
    def try_series(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        brand = tt[i] in self.lex.listed("series_brands")
        k = i + 1 if brand else i
        if k >= n or self.toks[k].kind != "num" or not tt[k].isdigit():
            return None
        number, end = tt[k], k + 1
        xx = end < n and tt[end] in ("xx", "x0") and self.toks[end].glued
        end += 1 if xx else 0
        said = self._series_word(end) if end < n else 0
        if not (said or xx):
            return None
        amd = brand and tt[i] in ("rx", "radeon")
        table = AMD_FAMILIES if amd else FAMILIES
        key = number if number in table else ""
        if not amd and len(number) == 4 and number.endswith("000"):
            key = number[:2]  # "rtx 4000 series": the 40 series
        if key not in table:
            return None
        label, prefix = table[key]
        gpus = self._family(prefix)
        if not gpus:
            return None
        return self.add("SERIES", label, i, end + said, {"GPUS": gpus})

    def _series_word(self, k: int) -> int:
        """The tokens of a series word at k ("series", "系", "系列"), 0 if none."""
        rest = self.text[self.toks[k].start :]
        for w in sorted(self.lex.listed("series_words"), key=len, reverse=True):
            if rest.startswith(w) and (not w.isascii() or len(rest) == len(w) or not rest[len(w)].isalnum()):
                return len(w.split()) if w.isascii() else sum(1 for _ in w)
        return 0

    def _family(self, prefix: str) -> tuple[str, ...]:
        """The desktop cards of the family, as the KB names them (no laptop parts or sub-variants)."""
        names, mobile = self.index.names, self.index.mobile
        return tuple(
            name
            for name, laptop in zip(names, mobile, strict=False)
            if name.startswith(prefix) and not laptop and not _SUB_VARIANT.search(name[len(prefix) :])
        )
