"""A power limit on one GPU: "i'll power-limit my 3090 to 250 w, how much do i lose", "3090 power
limited to 250w how much perf do i lose", "4090限功耗到300w掉多少性能", "power limit a 4090 to 70%".

`read` claims a question naming one GPU (or "it": the one talked about) with a power-limit word (list
`power_limit_words`) and a limit in watts (WATTS) or as a share of the board power (PERCENT); not a PSU or build
question.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, PowerLimitQuery, Query

_WATTS = re.compile(r"(\d{2,4})\s*(?:w|watts?|瓦)(?![a-z])", re.IGNORECASE)


def _watts(text: str) -> float | None:
    """ "to 250 W," when the tagger dropped the unit: a number of watts written out."""
    found = _WATTS.search(text)
    return float(found.group(1)) if found else None


def read(r: Reading) -> Query | None:
    named = [g for g in r.refs if g.name]
    if not named and not r.model and not r.b.has("PARAMS"):
        # "what if i power limit it to 300w", "限功耗到300w呢": the card talked about (the dialogue fills "it")
        # ("都限到300w" after "两张4090": the count left open is the set's)
        named = [next((g for g in r.refs if g.pronoun), GpuRef(mention="", pronoun="it", count_open=True))]
    if len({g.name for g in named}) != 1 or not said(r, "power_limit_words") or said(r, "rig_psu") or r.psu_named():
        return None  # "rm1000x enough for two 3090s power limited?": the power supply named is the question
    if r.b.has("COST", "KWH", "ELECTRICITY"):
        return None  # "annual electricity with a 4090 power limited to 300w": a running cost at that power
    if r.form.figure in ("bill", "energy", "price") and r.form.period and r.hours()[0]:
        return None  # "draws 280w when power limited and runs 10h a day, how much is that a year": its bill
    watts, share = r.num("WATTS") or _watts(r.text), r.num("PERCENT")
    if not watts and not share:
        return None
    return PowerLimitQuery(text=r.text, gpus=(named[0],), watts=float(watts) if watts else None, share=share)
