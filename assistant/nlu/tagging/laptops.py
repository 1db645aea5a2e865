"""A laptop said once for every card of a choice: "笔记本买4060还是4070", "laptop 4060 or 4070 for deep learning".

Contract: `laptop_for_all(tags, text, lex, index)` returns the tags with every desktop GPU tag replaced by its
laptop (Mobile) version when the question says a laptop (lexicon [lists] laptop_words) before or in its first GPU,
says no desktop (lexicon [lists] desktop_words), names at least two GPUs, and the card has a Mobile version in the
KB; a card without one (an RTX A6000) stays as named. The mention is kept, so answers show what the user typed and
the card meant.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import Tag
from assistant.nlu.text import words


def laptop_for_all(tags: list[Tag], text: str, lex: Lexicon, index) -> list[Tag]:
    gpus = [k for k, t in enumerate(tags) if t.kind == "GPU" and isinstance(t.value, GpuMatch)]
    if len(gpus) < 2:
        return tags
    lowered = text.lower()
    first = tags[gpus[0]]
    said_first = any(w in lowered[: first.end] for w in lex.listed("laptop_words"))
    if not said_first or any(w in lowered for w in lex.listed("desktop_words")):
        return tags
    out = list(tags)
    for k in gpus:
        match = out[k].gpu_match()
        if match.status != "ok" or not match.name or index.is_mobile(match.name):
            continue
        mobile = index.gpu([*words(match.name.lower()), "laptop"], f"laptop {match.name}")
        if mobile.status == "ok" and mobile.name and index.is_mobile(mobile.name):
            out[k] = dataclasses.replace(out[k], value=dataclasses.replace(mobile, mention=out[k].text))
    return out
