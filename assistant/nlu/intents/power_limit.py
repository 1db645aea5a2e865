"""A power limit on one GPU: "i'll power-limit my 3090 to 250 w, how much do i lose", "3090 power
limited to 250w how much perf do i lose", "4090限功耗到300w掉多少性能", "power limit a 4090 to 70%".

`read` claims a question naming one GPU (or "it": the one talked about) with a power-limit word (list
`power_limit_words`, or watts with a loss asked: `limit_loss_words`) and a limit in watts (WATTS) or as a share of
the board power (PERCENT); not a PSU or build question.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.patterns import compiled
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, PowerLimitQuery, Query

_WATTS = re.compile(r"(\d{2,4})\s*(?:w|watts?|瓦)(?![a-z])", re.IGNORECASE)


def _watts(text: str) -> float | None:
    """ "to 250 W," when the tagger dropped the unit: a number of watts written out."""
    found = _WATTS.search(text)
    return float(found.group(1)) if found else None


# "cap my 4090 at 300w", "limit both 3090s to 280 w": a cap word, the card, then the watts (the card between them)
_CAP_CARD = re.compile(r"\b(?:cap|capping|limit|limiting)\s+((?:\S+\s+){1,3}?)(?:at|to)\s+\d{2,4}\s*(?:w|watts?)\b")


# "cap them at 280": the same without the unit, a number a card can be held to
_CAP_CARD_BARE = re.compile(
    r"\b(?:cap|capping|limit|limiting)\s+((?:\S+\s+){1,3}?)(?:at|to)\s+(\d{2,4})(?![\d.%])(?!\s*(?:%|percent|dollars?|bucks|usd|gb|hours?|h\b))"
)


def _cap_found(text: str) -> re.Match | None:
    found = _CAP_CARD.search(text)
    if found is None:
        found = _CAP_CARD_BARE.search(text)
        if found is not None and not _LEAST_W <= float(found.group(2)) <= _MOST_W:
            return None
    return found


def _card_capped(r: Reading) -> bool:
    """The words between the cap word and the watts name a card of the question, or "it" / "them" / "the card"."""
    found = _cap_found(r.text.lower())
    if not found:
        return False
    between = found.group(1)
    named = any(g.mention and g.mention.lower() in between for g in r.refs)
    return named or bool(re.search(r"\b(?:it|them|card|cards|gpu|gpus)\b", between))


@needs(unless=("COST", "KWH", "ELECTRICITY"))
def read(r: Reading) -> Query | None:
    named = [g for g in r.refs if g.name]
    if not named and not r.model and not r.b.has("PARAMS"):
        # "what if i power limit it to 300w", "限功耗到300w呢": the card talked about (the dialogue fills "it")
        # ("都限到300w" after "两张4090": the count left open is the set's)
        named = [next((g for g in r.refs if g.pronoun), GpuRef(mention="", pronoun="it", count_open=True))]
    if (
        len({g.name for g in named}) != 1
        or not (said(r, "power_limit_words") or _card_capped(r) or _slower_at_watts(r))
        or said(r, "rig_psu")
        or r.psu_named()
    ):
        return None  # "rm1000x enough for two 3090s power limited?": the power supply named is the question
    if r.b.has("COST", "KWH", "ELECTRICITY"):
        return None  # "annual electricity with a 4090 power limited to 300w": a running cost at that power
    if r.form.figure in ("bill", "energy", "price") and r.form.period and r.hours()[0]:
        return None  # "draws 280w when power limited and runs 10h a day, how much is that a year": its bill
    share = r.num("PERCENT")
    # "my 4090 is at 450w, what if i limit it to 60%": the share is the limit, the watts are its draw now
    watts = _limit_watts(r) or (None if share else r.num("WATTS") or _watts(r.text))
    if not watts and not share:
        return None
    return PowerLimitQuery(text=r.text, gpus=(named[0],), watts=float(watts) if watts else None, share=share)


def _slower_at_watts(r: Reading) -> bool:
    """ "how much slower is a 5090 at 450w", "if i run my 4090 at 300w how much performance do i lose", "5090 capped at
    400 watts, speed loss?": watts said of the card with a loss asked (lexicon `limit_loss_words`) is a limit."""
    return bool(r.b.has("WATTS") or _watts(r.text)) and bool(said(r, "limit_loss_words"))


def capped(r: Reading) -> Query | None:
    """ "cap my 4090 at 300w, how much slower": a card capped by name, read before the readers of a circuit's or a
    bill's cap ("landlord caps me at 300 kwh") can take "cap" for theirs."""
    return read(r) if _card_capped(r) else None


def _limit_watts(r: Reading) -> float | None:
    """The watts right after the cap or power-limit word ("my 4090 draws 450w, power limit it to 300w": 300, not
    the 450 it draws now); None when no limit word has watts after it."""
    text = r.text.lower()
    starts = [found.end(1) for found in [_cap_found(text)] if found]
    starts += [m.end() for w in r.lex.listed("power_limit_words") for m in compiled(re.escape(w)).finditer(text)]
    for start in sorted(starts):
        found = _AFTER_LIMIT.match(text[start:])
        if found:
            return float(found.group(1))
    for start in sorted(starts):  # "power limit them to 300": a bare number a card can be held to is its watts
        found = _BARE_AFTER_LIMIT.match(text[start:])
        if found and _LEAST_W <= float(found.group(1)) <= _MOST_W:
            return float(found.group(1))
    return None


_AFTER_LIMIT = re.compile(r"[^\d]{0,12}?(\d{2,4})\s*(?:w|watts?|瓦)(?![a-z])")
_BARE_AFTER_LIMIT = re.compile(r"[^\d%]{0,16}?(?:\bto|\bat|到|在)\s*(\d{2,4})(?![\d.%])(?!\s*(?:%|percent|％))")
_LEAST_W, _MOST_W = 60, 1000  # [A] the board powers a consumer or datacenter card can be limited to
