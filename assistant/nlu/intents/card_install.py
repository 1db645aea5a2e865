"""A named card put into a home or gaming desktop: "can i put an a100 pcie in a normal gaming pc", "can i use a tesla
p40 in my desktop", "a100能装在普通台式机上吗", "p40插家用电脑能用吗".

`read` claims a question naming one GPU (any count) and a desktop it goes into (lexicon [lists] install_hosts) with a
word of putting it there (install_verbs), the card said before the desktop in English ("i use my gaming pc with a
3070, is it enough" is about the card's work, not its install); no model, size, price, rent, hours or comparison
(those are a fit, a deal, a rent or a comparison): VerdictQuery(kind="install") (respond/card_install.py). A card
sold in several memory sizes named without one ("tesla v100 pcie") is still one card: the question back it raises
is answered for each size (variant_spread), as the install does not depend on the memory.
"""

from __future__ import annotations

from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, VerdictQuery

_OTHER_JOB = ("MODEL", "PARAMS", "HOURS", "MONEY", "BUDGET", "RENT", "COST", "KWH", "VS", "LENGTH")


@needs(("GPU",), ("install_verbs",), said=("install_hosts",), unless=_OTHER_JOB)
def read(r: Reading) -> Query | None:
    names = {g.name or g.mention for g in r.explicit if g.name or g.mention}  # a name of several sizes: still one card
    if len(names) != 1 or r.model or r.b.has(*_OTHER_JOB):
        return None
    host, verb = said(r, "install_hosts"), said(r, "install_verbs")
    if not host or not verb:
        return None
    low = r.text.lower()
    mention = (r.explicit[0].mention or "").lower()
    ascii_host = host.isascii()
    if ascii_host and mention and 0 <= low.find(host) < low.find(mention):
        return None  # "my gaming pc has a 3070, can i use it for training": the card's work
    return VerdictQuery(text=r.text, gpus=tuple(r.explicit), kind="install", workload=r.workload)
