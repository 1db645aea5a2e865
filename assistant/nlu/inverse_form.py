"""The inverse form of a question: a limit is given and the ONE quantity that meets it is asked ("how many 3090s on a
1600w psu", "biggest model on 2x 3090", "minimum vram for qwen 32b", "cheapest setup to hit 30 tok/s", "most vram for
$1000"), whatever the wording. respond/inverse.py varies that quantity over the forward models until the limit is met.

Contract: `asked(text, lang)` -> the quantities the words ask, in ASKED order (lexicon [lists] inverse_<name>_asks,
EN and ZH): "count" (how many cards), "biggest" (the largest model), "least_memory" (the memory a model takes at
least, in total for its users, or more at a longer context: inverse_more_memory_asks), "cheapest" (the cheapest set
that reaches a target), "most_memory" (the most memory a budget buys). The limit itself (a PSU, a circuit, memory, a
speed target, a budget) is read by the query's readers; the solver steps aside when the one its quantity needs is
missing. `system_watts(text, lang)`: the watts said for the rest of the system ("rest of the system is ~250w",
"其他配件算300w": an amount in watts within SYSTEM_GAP characters after a word of inverse_system_words), else None.
A count asked in English needs a card word (inverse_card_words) or a GPU as typed right after it (past the words of
inverse_count_fillers: "how many used 3090s"; "how many hours of 4090" and "how many h100 hours" count hours:
inverse_count_not_cards); a bare count ("how many max": inverse_count_bare) counts the card named. Nothing here is a
phrase match on one question: every word is a lexicon list.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.nlu.lexicon import lexicon

if TYPE_CHECKING:
    from assistant.nlu.reading import Reading

ASKED = ("count", "biggest", "least_memory", "cheapest", "most_memory")
_LISTS = {
    "count": ("inverse_count_asks",),
    "biggest": ("inverse_biggest_asks",),
    "least_memory": ("inverse_least_memory_asks", "inverse_more_memory_asks"),
    "cheapest": ("inverse_cheapest_asks",),
    "most_memory": ("inverse_most_memory_asks",),
}
COUNT_GAP = 24  # characters between "how many" and the card it counts ("how many rtx 3090s") [A]
HOURS_GAP = 12  # characters after the card where an hours word makes the count one of hours [A]
SYSTEM_GAP = 24  # characters between a "rest of the system" word and its watts [A]
_WATTS = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:w|watts?|瓦)(?![a-z])", re.IGNORECASE)


def asked(text: str, lang: str, mentions: tuple[str, ...] = ()) -> tuple[str, ...]:
    """`mentions`: the GPUs as typed ("3090s"): a count word in English counts cards only when a card word or one
    of them follows it within COUNT_GAP characters ("how many 3090s", "how many cards", not "how many watts")."""
    low = f" {text.lower()} "
    lex = lexicon(lang)
    found = [name for name in ASKED if any(lex.words_in(words, low) for words in _LISTS[name])]
    if "count" in found and not _counts_cards(low, lex, mentions):
        found.remove("count")
    return tuple(found)


def _counts_cards(low: str, lex, mentions: tuple[str, ...]) -> bool:
    cards = sorted(lex.listed("inverse_card_words")) + [m.lower() for m in mentions if m]
    fillers = lex.listed("inverse_count_fillers")
    if lex.words_in("inverse_count_bare", low):  # "how many max", "how many at most": the card named is counted
        return True
    for word in sorted(lex.listed("inverse_count_asks")):
        if not word.isascii():
            if word in low:  # "几张", "多少块": a classifier of cards
                return True
            continue
        at = low.find(word)
        while at >= 0:
            words = low[at + len(word) : at + len(word) + COUNT_GAP].split()
            while words and words[0] in fillers:  # "how many used rtx 3090s"
                words = words[1:]
            after = " ".join(words)
            card = next((c for c in cards if after.startswith(c)), None)  # the card first: not "hours of 4090"
            if card is not None and not lex.words_in("inverse_count_not_cards", f" {after[len(card) :][:HOURS_GAP]} "):
                return True  # "how many h100 hours" counts hours
            at = low.find(word, at + 1)
    return False


def system_watts(text: str, lang: str) -> tuple[float, int, int] | None:
    """(watts, start, end of the amount) said for the rest of the system, else None."""
    low = text.lower()
    for word in sorted(lexicon(lang).listed("inverse_system_words"), key=lambda w: (-len(w), w)):
        at = low.find(word)
        if at < 0:
            continue
        end = at + len(word)
        m = _WATTS.search(low, end, end + SYSTEM_GAP)
        if m is not None:
            return float(m.group(1).replace(",", "")), m.start(), m.end()
    return None


def unpointed(query, r: Reading):
    """A question asking the least memory of the model it names, or the most memory its budget buys, whose only cards
    are pronouns ("what's the smallest mac that'll run X", "最少要多大显存 ...的话呢", "the most vram i can get for
    that"): the same question with no card (the pronoun points at no GPU; the answer sizes the model or the budget)."""
    gpus = getattr(query, "gpus", ())
    if not gpus or not all(g.pronoun and not g.name for g in gpus):
        return query
    wanted = set(asked(r.text, r.b.lang))
    model = getattr(query, "model", None) or getattr(query, "params_b", None)
    if ("least_memory" in wanted and model) or ("most_memory" in wanted and r.b.has("BUDGET", "MONEY")):
        return dataclasses.replace(query, gpus=())
    return query


def budget_not_price(settings: tuple, r: Reading) -> tuple:
    """ "how many 3090s can i buy with $5000": the money is a budget for the count asked, not the card's price (a
    price_override setting made a budget_usd one), when a count of cards and a buying word (inverse_buy_words) are
    said."""
    if not any(s.key == "price_override" for s in settings):
        return settings
    if "count" not in asked(r.text, r.b.lang, tuple(g.mention for g in r.refs)):
        return settings
    if not r.lex.words_in("inverse_buy_words", f" {r.text.lower()} "):
        return settings
    return tuple(
        dataclasses.replace(s, key="budget_usd", gpu=None, condition=None) if s.key == "price_override" else s
        for s in settings
    )
