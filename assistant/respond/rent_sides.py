"""Which of two cards named in a rent-or-buy is the one to rent ("rent an h100 or buy a 5090", "4090 vs h100 rental",
"20 hrs a week of A100 time ... buying a 4090").

Contract: `rented_first(text, named, env)` -> True when the first card named is the rented one.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

# a buy word right before the second card ("buying a 4090"): that one is bought, so the first is rented
_CONDITION = re.compile(r"(?:\s+(?:a|an|used|new|second[- ]hand|refurbished|cheap|二手|全新))+$")
_BOUGHT = ("buying a", "buying an", "buy a", "buy an", "buying", "buy", "买一张", "买张", "买")


def rented_first(text: str, named: list, env: Env) -> bool:
    """Is the first GPU named the one to rent ("rent an h100 or buy a 5090")? A rent word right after a name marks
    that one ("4090 vs h100 rental"); else the rent or buy word nearest before the first name decides; none before
    it keeps the usual order (buy the first)."""
    lowered = text.lower()
    lex = lexicon(env.lang)
    for k, ref in enumerate(named[:2]):  # "4090 vs h100 rental": a rent word right after a name marks it
        mention = (ref.mention or "").lower()
        end = lowered.find(mention) + len(mention) if mention and mention in lowered else -1
        if end > 0 and any(lowered[end : end + 12].lstrip().startswith(w) for w in lex.listed("rent_side_words")):
            return k == 0
    second = lowered.find((named[1].mention or "").lower()) if len(named) > 1 and named[1].mention else -1
    before = _CONDITION.sub("", lowered[max(0, second - 24) : second].rstrip()).rstrip() if second > 0 else ""
    if before and any(before.endswith(w) for w in _BOUGHT):
        return True  # "20 hrs a week of A100 time ... buying a 4090": the card bought is the second, so rent the first
    at = lowered.find((named[0].mention or "").lower())
    if at <= 0:
        return False
    before = lowered[:at]
    rent = max((before.rfind(w) for w in lex.listed("rent_side_words")), default=-1)
    buy = max((before.rfind(w) for w in lex.listed("buy_side_words")), default=-1)
    return rent > buy
