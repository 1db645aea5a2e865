"""A laptop said once for every card of a question: "笔记本买4060还是4070", "my laptop has a 4070 8gb".

Contract: `laptop_for_all(tags, text, lex, index)` returns the tags with every desktop GPU tag replaced by its
laptop (Mobile) version when the question says a laptop (lexicon [lists] laptop_words) before or in its first GPU,
says no desktop (lexicon [lists] desktop_words), names at least two GPUs (or one no desktop card matches: "my laptop
has a 4070 8gb" is looked up as a laptop card), and the card has a Mobile version in the KB; a card without one (an
RTX A6000) stays as named. The mention is kept, so answers show what the user typed and the card meant. A question that
says a laptop and a desktop reads each card by its own words (`_part_by_mention`).
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import Tag
from assistant.nlu.text import words


def laptop_for_all(tags: list[Tag], text: str, lex: Lexicon, index) -> list[Tag]:
    gpus = [k for k, t in enumerate(tags) if t.kind == "GPU" and isinstance(t.value, GpuMatch)]
    if not gpus:
        return tags
    lowered = text.lower()
    first = tags[gpus[0]]
    said_first = any(w in lowered[: first.end] for w in lex.listed("laptop_words"))
    if not said_first and first.gpu_match().status == "unknown":  # "4070 8g 笔记本": no desktop 4070 has 8 GB
        said_first = any(lowered[first.end :].lstrip().startswith(w) for w in lex.listed("laptop_words"))
    if said_first and any(w in lowered for w in lex.listed("desktop_words")):
        return _part_by_mention(tags, gpus, lowered, lex, index)
    if not said_first:
        return tags
    owned = _laptop_has(lowered, first, lex)
    out = list(tags)
    for k in gpus:
        match = out[k].gpu_match()
        if match.status == "ok" and match.name and (index.is_mobile(match.name) or len(gpus) < 2 and not owned):
            continue  # one card a desktop matches stays as read (its own readers weigh the laptop word)
        mobile = None
        if match.status == "ok" and match.name:
            mobile = index.gpu([*words(match.name.lower()), "laptop"], f"laptop {match.name}")
        if mobile is None or mobile.status != "ok" or not (mobile.name and index.is_mobile(mobile.name)):
            # "my laptop has a 4070 8gb": no desktop 4070 has 8 GB, the laptop one does; "laptop with a 3060": the
            # desktop read (the 3060 12 GB) has no laptop namesake, the words typed do
            mobile = index.gpu([*words(out[k].text.lower()), "laptop"], f"laptop {out[k].text}")
        if mobile.status == "ok" and mobile.name and index.is_mobile(mobile.name):
            out[k] = dataclasses.replace(out[k], value=dataclasses.replace(mobile, mention=out[k].text))
    return out


def _part_by_mention(tags: list[Tag], gpus: list[int], lowered: str, lex: Lexicon, index) -> list[Tag]:
    """A laptop and a desktop both said ("gaming laptop with a 3080 16gb, how does it compare to a desktop 3080"): each
    card is the part its own words say, the words between it and the nearest separator (lexicon [lists]
    part_separators) on either side; a card whose words say a laptop (or "mobile") and no desktop is its laptop part,
    the memory size it was named with deciding which (the 3080 Mobile 16 GB, not the 8 GB one)."""
    laptop = lex.listed("laptop_words") | {"mobile"}
    desktop = lex.listed("desktop_words")
    cuts = sorted(lex.listed("part_separators"))
    out = list(tags)
    for n, k in enumerate(gpus):
        tag = out[k]
        start = out[gpus[n - 1]].end if n else 0
        end = out[gpus[n + 1]].start if n + 1 < len(gpus) else len(lowered)
        before = lowered[start : tag.start]
        after = lowered[tag.end : end]
        before = before[max((before.rfind(c) + len(c) for c in cuts if c in before), default=0) :]
        after = after[: min((after.find(c) for c in cuts if c in after), default=len(after))]
        own = before + " " + after
        if not any(w in own for w in laptop) or any(w in own for w in desktop):
            continue
        match = tag.gpu_match()
        if match.name and index.is_mobile(match.name):
            continue
        mobile = index.gpu([*words(tag.text.lower()), "laptop"], f"laptop {tag.text}")
        if mobile.status == "ok" and mobile.name and index.is_mobile(mobile.name):
            out[k] = dataclasses.replace(tag, value=dataclasses.replace(mobile, mention=tag.text))
    return out


_NOT_ITS_CARD = (" or ", " vs", "还是", "或者", "+")  # "a laptop or a 4090", "laptop + 3090": another machine's card


def _laptop_has(lowered: str, first: Tag, lex: Lexicon) -> bool:
    """ "my laptop has a 3070 8gb", "laptop with a 3060", "笔记本3060": the one card is the laptop's own, a few
    characters after the laptop word, with no "or" / "vs" after the laptop word and no eGPU word (a desktop 3070 has
    8 GB too, so the size alone does not say it); otherwise the card stays as read and its readers weigh the word."""
    ends = [
        lowered.rfind(w, 0, first.start) + len(w) for w in lex.listed("laptop_words") if w in lowered[: first.start]
    ]
    if not ends:
        return False
    between = lowered[max(ends) : first.start]
    if len(between) > 12 or any(w in lowered[max(ends) :] for w in _NOT_ITS_CARD):  # "... 4gb or is it slow" too
        return False
    return not any(w in lowered for w in lex.listed("setup_egpu_words"))
