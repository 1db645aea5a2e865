"""Temperatures read from a question: "85c is that ok", "runs at 83 degrees", "hotspot 95 °C", "vram temp 100c",
"185f". A "c" after a number is cents in an electricity question ("30c/kwh", "electricity is 15c") and a
temperature otherwise when the question speaks of heat (lexicon [lists] temperature_words) or the number is
above any electricity price (TEMPERATURE_NOT_CENTS_C: "85c is that ok").

Contract: `TemperatureTagging.temperature(i, j, v)` reads the number `v` at token i with a temperature unit at
token j (lexicon [units] temperature_c, temperature_f; "°" between them) and adds a TEMPERATURE tag (degrees
Celsius; Fahrenheit converted) and returns the index after the unit; None otherwise.
"""

from __future__ import annotations

from assistant.nlu.tagging.base import TaggerBase

# a number of cents per kWh above any household rate, so "85c" with no word of electricity is a temperature [A]
TEMPERATURE_NOT_CENTS_C = 60
_MAX_C = 130.0  # hotter than any GPU reading: not a temperature ("200 degrees")
_MIN_C = 15.0  # colder than any GPU reading at work


class TemperatureTagging(TaggerBase):
    def temperature(self, i: int, j: int, v: float) -> int | None:
        celsius, f = self.unit("temperature_c", j), self.unit("temperature_f", j)
        u = celsius or f
        if not u or j != i + 1:
            return None
        degree_sign = "°" in self.text[self.toks[i].end : self.toks[j].start]
        c = v if celsius else (v - 32.0) * 5.0 / 9.0
        if not _MIN_C <= c <= _MAX_C:
            return None
        if self.tt[j] in ("c", "f") and not degree_sign and not self._heat_said(v):
            return None  # "30c/kwh", "electricity is 15c": cents
        return self.add("TEMPERATURE", round(c, 1), i, j + u)

    def _heat_said(self, v: float) -> bool:
        """No word of electricity in the question (lexicon [lists] temperature_not_words), and a word of heat or a
        number no electricity price reaches."""
        text = f" {' '.join(self.tt)} "
        if any(f" {w} " in text for w in self.lex.listed("temperature_not_words")):
            return False  # "electricity is 30c", "30c/kwh", "power costs 45c"
        heat = any(f" {w} " in text for w in self.lex.listed("temperature_words"))
        return heat or v >= TEMPERATURE_NOT_CENTS_C
