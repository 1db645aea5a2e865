"""The rest of the machine, named beside a GPU: power supplies, UPSes, cases, case clearances, boards and
solar power. None of them is ever a GPU, a model, a count or a price.

Contract: `HardwareTagging.try_hardware(i)` reads at token i
- a PSU model code: a series word of lexicon [lists] psu_series glued to its wattage and an optional letter
  ("rm850x", "hx1500i", "sf1000", "gx1000"): a WATTS tag of that wattage with meaning PSU (the power supply
  the user has; `Reading.psu_watts` takes it first);
- a UPS rating: volt-amperes glued to "va" / "kva" ("1500va", "1.5kva"), with its watts when they follow
  ("1500va/900w"): a UPS tag, value {"va": 1500, "w": 900 or None};
- a length in millimetres ("355mm", "340 mm", "35.5cm"), or a bare number after a clearance word of [lists]
  clearance_words ("显卡限长320"): a LENGTH tag in mm;
- a case named in [lists] case_names ("fractal north", "ncase m2", "闪鳞g300"): a CASE tag (its name as typed);
- a chipset code ("b650", "x670e", "z790", "trx50", "wrx90"): a BOARD tag;
- an amount of energy per period ("12 kwh/day", "300 kwh a month", "每天12度电"): an ENERGY tag in kWh a day;
- a power source of [lists] power_sources ("solar", "光伏") not followed by a model size ("solar 10.7b" is a
  model): a SOLAR tag.
It returns the index after what it read, or None.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import TaggerBase, number_or_none
from assistant.nlu.text import tokenize

_CHIPSET = re.compile(r"^(b[2-9][56]0m?|x[3-9][79]0e?|z[3-9][79]0|h[3-9][17]0|a[3-9]20|trx[45]0|wrx[89]0|w[6-9]90)$")
_PSU_SUFFIX = re.compile(r"^[a-z]{1,2}\d?$")  # "x", "i", "e", "g", "gm", "x3"
_PSU_WATTS = (300.0, 3000.0)  # a PSU model's number is its wattage in this range
_MM = {"mm": 1.0, "毫米": 1.0, "cm": 10.0, "厘米": 10.0}
PERIOD_DAYS = {"day": 1.0, "week": 7.0, "month": 365.25 / 12, "year": 365.25}  # calendar days per period
_ENERGY_GAP = 8  # characters between a period word and its kWh amount ("每天能多出12度电")
_ADVERBS = frozenset({"daily", "weekly", "monthly", "yearly", "annually"})
_CLEARANCE_GAP = 6  # characters between a clearance word and its bare number ("限长 320", "clearance is 320")


def _phrases(lex: Lexicon, name: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The list's phrases as token texts, indexed by their first token, longest first (a case name is matched token
    by token)."""
    return _by_first_token(lex.listed(name))


@cache
def _by_first_token(listed: frozenset[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Built once per list: a token is looked up, never compared with every phrase."""
    out = {tuple(t.text.lower() for t in tokenize(p)) for p in listed}
    index: dict[str, list[tuple[str, ...]]] = {}
    for phrase in sorted((p for p in out if p), key=lambda p: (-len(p), p)):
        index.setdefault(phrase[0], []).append(phrase)
    return {first: tuple(phrases) for first, phrases in index.items()}


def _phrase_at(tt: list[str], i: int, phrases: dict[str, tuple[tuple[str, ...], ...]]) -> int:
    """The number of tokens of the first (longest) phrase that starts at token i (0: none)."""
    for phrase in phrases.get(tt[i].lower(), ()):
        if tuple(t.lower() for t in tt[i : i + len(phrase)]) == phrase:
            return len(phrase)
    return 0


class HardwareTagging(TaggerBase):
    def try_hardware(self, i: int) -> int | None:
        for step in (self._energy, self._psu_model, self._ups, self._length, self._case, self._chipset, self._solar):
            nxt = step(i)
            if nxt is not None:
                return nxt
        return None

    def _glued_num(self, j: int) -> float | None:
        if j < len(self.tt) and self.toks[j].kind == "num" and self.toks[j].glued:
            return number_or_none(self.tt[j])
        return None

    def _energy(self, i: int) -> int | None:
        """An amount of energy per period ("12 kwh/day", "300 kwh a month", "每天12度电"): a kWh amount with its period
        (an ENERGY tag, value {"kwh_per_day", "period", "amount"}); "12 kwh" alone is left to the electricity price."""
        if self.toks[i].kind != "num" or (v := number_or_none(self.tt[i])) is None:
            return None
        k = self.unit("kwh", i + 1)
        if not k or self.tt[i + 1] == "unit":
            return None
        j = i + 1 + k
        per = 1 if j < len(self.tt) and self.tt[j] in ("/", "per", "a", "an", "each", "every") else 0
        for period, days in PERIOD_DAYS.items():
            glued = not per and j < len(self.tt) and self.tt[j] in _ADVERBS  # "12 kwh daily"
            n = self.unit(period, j + per) if per or glued else 0
            if n:
                return self.add("ENERGY", {"kwh_per_day": v / days, "period": period, "amount": v}, i, j + per + n)
        before = self.text[max(0, self.toks[i].start - _ENERGY_GAP) : self.toks[i].start]
        for period, days in PERIOD_DAYS.items():  # "每天12度电", "每天能多出12度电", "一个月300度"
            if any(w in before for w in self.lex.listed(f"energy_{period}_before")):
                return self.add("ENERGY", {"kwh_per_day": v / days, "period": period, "amount": v}, i, j)
        return None

    def _psu_model(self, i: int) -> int | None:
        if self.tt[i].lower() not in self.lex.listed("psu_series"):
            return None
        watts = self._glued_num(i + 1)
        if watts is None or not _PSU_WATTS[0] <= watts <= _PSU_WATTS[1]:
            return None
        malaysia = self.lex.words_in("place_myr", self.text.lower())
        if self.currency_at(i) and (any(t.kind == "MONEY" for t in self.tags) or malaysia):
            return None  # "5070 ti RM4000, 二手 3090 RM3000": ringgit, as the amount before it, not a Corsair RM PSU
        end = i + 2
        if end < len(self.tt) and self.toks[end].glued and _PSU_SUFFIX.match(self.tt[end].lower()):
            end += 1
        return self.add("WATTS", watts, i, end, {"PSU": self.span(i, end).lower()})

    def _ups(self, i: int) -> int | None:
        if self.toks[i].kind != "num" or i + 1 >= len(self.tt) or not self.toks[i + 1].glued:
            return None
        unit = self.tt[i + 1].lower()
        va = number_or_none(self.tt[i])
        if unit not in ("va", "kva") or va is None:
            return None
        va *= 1000 if unit == "kva" else 1
        end, watts = i + 2, None
        if end + 2 < len(self.tt) and self.tt[end] == "/" and self.tt[end + 2].lower() in ("w", "watts"):
            watts = number_or_none(self.tt[end + 1])
            end += 3 if watts is not None else 0
        return self.add("UPS", {"va": va, "w": watts}, i, end)

    def _length(self, i: int) -> int | None:
        if self.toks[i].kind != "num":
            return None
        value = number_or_none(self.tt[i])
        if value is None:
            return None
        unit = self.tt[i + 1].lower() if i + 1 < len(self.tt) else ""
        if unit in _MM:
            return self.add("LENGTH", value * _MM[unit], i, i + 2)
        before = self.text[max(0, self.toks[i].start - _CLEARANCE_GAP - 8) : self.toks[i].start].lower()
        near = before[-(_CLEARANCE_GAP + 8) :]
        for w in self.lex.listed("clearance_words"):
            at = near.rfind(w)
            if at >= 0 and len(near) - at - len(w) <= _CLEARANCE_GAP and 100 <= value <= 600:
                return self.add("LENGTH", value, i, i + 1)
        return None

    def _case(self, i: int) -> int | None:
        n = _phrase_at(self.tt, i, _phrases(self.lex, "case_names"))
        if n and i + n < len(self.tt) and self.tt[i + n].lower() in self.lex.listed("case_variant_words"):
            n += 1  # "lian li o11 mini": another model than the O11 Dynamic, named whole (not in the data: said so)
        return self.add("CASE", self.span(i, i + n), i, i + n) if n else None

    def _chipset(self, i: int) -> int | None:
        if self.toks[i].kind != "word" or i + 1 >= len(self.tt) or self.toks[i + 1].kind != "num":
            return None
        if not self.toks[i + 1].glued:
            return None
        end = i + 2
        if end < len(self.tt) and self.toks[end].glued and self.tt[end].lower() in ("e", "m"):
            end += 1
        code = "".join(t.text for t in self.toks[i:end]).lower()  # as typed: "trx" is not the "rtx" typo here
        return self.add("BOARD", code, i, end) if _CHIPSET.match(code) else None

    def _solar(self, i: int) -> int | None:
        n = _phrase_at(self.tt, i, _phrases(self.lex, "power_sources"))
        if not n or (i + n < len(self.tt) and self.toks[i + n].kind == "num"):
            return None  # "solar 10.7b": the model
        return self.add("SOLAR", self.span(i, i + n).lower(), i, i + n)
