"""A card put into a prebuilt / OEM machine the user names: "will a 3090 ti work in my old dell optiplex 7050 (stock
psu)", "can i put a 4070 in my hp pavilion with a 400w psu", "dell optiplex 7050 能装3060吗", "联想启天能加4060吗".

`read` claims a question naming one GPU (or pointing at the thread's: "will that card work in my prebuilt") and a
prebuilt (`oem_named`: lexicon [lists] oem_office_words / oem_home_words, the word as typed with its model number) with
no model, price, rent or comparison: VerdictQuery(kind="install", oem_said) (respond/oem_fit.py weighs the card's power
against the kind of machine and its PSU).
"""

from __future__ import annotations

import re

from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, VerdictQuery

_OTHER_JOB = ("MODEL", "PARAMS", "HOURS", "MONEY", "BUDGET", "RENT", "COST", "KWH", "VS")


def oem_named(text: str, lex) -> str | None:
    """The prebuilt a message names, as typed with its model number ("dell optiplex 7050", "hp pavilion"); None."""
    low = text.lower()
    for word in (*lex.listed("oem_office_words"), *lex.listed("oem_home_words")):
        at = low.find(word)
        if at >= 0:
            found = re.match(rf"{re.escape(word)}(?:\s*[a-z]?\d{{2,5}}[a-z]*)?", low[at:])
            return found.group(0).strip() if found else word
    return None


@needs(said=("oem_office_words", "oem_home_words"), unless=_OTHER_JOB)
def read(r: Reading) -> Query | None:
    names = {g.name for g in r.explicit if g.name}
    pointed = tuple(g for g in r.refs if g.pronoun) if not r.explicit else ()  # "will that card work in my prebuilt"
    if not (len(names) == 1 or len(pointed) == 1) or r.model or r.b.has(*_OTHER_JOB):
        return None
    said = oem_named(r.text, r.lex)
    if said is None:
        return None
    gpus = tuple(r.explicit) or pointed
    return VerdictQuery(text=r.text, gpus=gpus, kind="install", workload=r.workload, oem_said=said)
