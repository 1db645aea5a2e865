"""The opening sentence for a GPU name the KB lacks that a real card stands in for (Query.stand_ins).

Contract: `zeros_read(text, lang)` a note for each model number typed with an o for a zero ("rtx4o90": read as 4090);
`lines(stand_ins, lang, offered)` returns one sentence per stand-in, in the order typed: "I don't have <as typed>",
why it is not in the data (a memory size the card does not come in, a variant never released because its line moved
on, not released yet, an Apple tier not out, a generation the line skipped; nlu/lookup/lineup.py reads which), and
which card the answer below is for. A stand-in of two parts (mention, card) is the next generation of a card the KB
holds ("rtx 6080"), worded as before. `offered`: the card is offered for sale (a deal weighed): a memory size it
never came in is said to be a mislabelled or fake listing first ("a100 120g 3万5 靠谱吗").
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.nlu.text import O_FOR_ZERO, zeros

_WORD = re.compile(r"[a-z]*\d[\do]{3}[a-z]*")


def zeros_read(text: str, lang: str) -> list[str]:
    """ "rtx4o90": a note per word whose o typed for a zero was read as the digit (nlu/text.clean)."""
    low = text.lower()
    if "o" not in low:
        return []
    typed = [w for w in _WORD.findall(low) if O_FOR_ZERO.sub(zeros, w) != w]
    return [i18n.t(lang, "stand_ins.zero_typo", typed=w, read=O_FOR_ZERO.sub(zeros, w)) for w in dict.fromkeys(typed)]


def lines(stand_ins: tuple[tuple[str, ...], ...], lang: str, offered: bool = False) -> list[str]:
    out = []
    for entry in stand_ins:
        mention, name = entry[0], entry[1]
        if len(entry) < 4:
            out.append(i18n.t(lang, "engine.stand_in", mention=mention, name=name))
            continue
        kind, detail = entry[2], entry[3]
        if kind == "memory":
            typed, own, sibling = detail.split("/")
            key = "stand_ins.memory_offered" if offered and not sibling else "stand_ins.memory"
            line = i18n.t(lang, key, mention=mention, name=name, gb=typed, own=own)
            if sibling:  # "rtx 4060 16gb": the card of that size people mean
                line += i18n.t(lang, "stand_ins.memory_sibling", gb=typed, sibling=sibling)
            out.append(line)
        elif kind == "never":
            newer, gb = detail.split("|")
            out.append(i18n.t(lang, "stand_ins.never", mention=mention, name=name, newer=newer, gb=gb))
        elif kind == "tier":
            out.append(i18n.t(lang, "stand_ins.tier", mention=mention, name=name, tier=detail.capitalize()))
        elif kind == "listing":  # an offer under a name no card has: the nearest held, the listing doubted
            out.append(i18n.t(lang, "stand_ins.listing", mention=mention, name=name))
        elif kind == "instance":
            from assistant.respond.offers import provider_name

            # "p4d.24xlarge": the GPUs of that cloud instance
            provider, count = detail.split("|")
            cloud = provider_name(provider)
            out.append(i18n.t(lang, "stand_ins.instance", mention=mention, name=name, n=count, provider=cloud))
        elif kind == "skipped":
            out.append(i18n.t(lang, "stand_ins.skipped", mention=mention, name=name, series=detail))
        else:
            out.append(i18n.t(lang, "stand_ins.awaited", mention=mention, name=name))
    return out
