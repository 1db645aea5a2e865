"""What one ask of a several-ask message is about when its words do not say it all (respond/ask_lines).

Contract: `card_before(item, ask, text)` is the one card the message names before an ask that names none, when the
cards named after the ask are others ("MI300X 租一小时几刀？一台8卡够吗，和 H100 8卡比谁便宜": the 8 cards are
MI300X), "" otherwise (an ask after two cards, "4090和3090哪个好，功耗多少", is about both). `other_card_given(item,
ask, text, said)`: the answer gives the ask's figure of a card (a fit, a speed, a price ...), but of another card
than that one (not given).
`rent_against(item, first, answer)`: a which-is-cheaper ask after a rent answered first ("... 和 H100 8卡比谁便宜",
"... is it cheaper than 8x h100"), asked as that rent of both. `weighs(said)`: some sentence of `said` weighs two
options' money (`WEIGHED`). `WHICH`: the words of an ask between options. Pure reads; `ask` is the asker of
assistant/ask_thread (its `cards_named` and `gpus_of`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer import Answer
from assistant.nlu.asks import Ask
from assistant.respond.ask_figures import _figure_sentence, _sentences

_CARD_FIGURES = ("fit", "speed", "time", "memory", "price", "rate", "power", "psu")  # a figure of one card or set
WHICH = re.compile(r"\bwhich\b|哪|谁", re.I)
_THAN = re.compile(r"\bthan\b|比", re.I)
WEIGHED = re.compile(r"costs? \S+ more|costs? \S+ less|cheaper|多花|少花|更便宜|更划算", re.I)


def card_before(item: Ask, ask: Callable[[str], Answer | None], text: str) -> str:
    cards, gpus_of = getattr(ask, "cards_named", None), getattr(ask, "gpus_of", None)
    low, at = text.lower(), text.find(item.text)
    if cards is None or gpus_of is None or at < 0 or gpus_of(item.text):
        return ""
    typed = [c for c in cards() if c and c.lower() in low]
    before = {c.lower() for c in typed if low.find(c.lower()) < at}
    after = {c.lower() for c in typed if low.find(c.lower(), at + len(item.text)) >= 0} - before
    return next(iter(before)) if len(before) == 1 and after else ""


def other_card_given(item: Ask, ask: Callable[[str], Answer | None], text: str, said: str) -> bool:
    before = card_before(item, ask, text) if item.kind in _CARD_FIGURES else ""
    sentence = _figure_sentence(item.kind, said) if before else ""
    return bool(sentence) and before.replace(" ", "") not in sentence.lower().replace(" ", "")


def rent_against(item: Ask, first: Ask, answer: Answer) -> bool:
    asks_between = WHICH.search(item.text) or _THAN.search(item.text)
    return item.kind == "price" and first.kind == "rate" and answer.intent == "rates" and bool(asks_between)


def weighs(said: str) -> bool:
    return any(WEIGHED.search(s) for s in _sentences(said))
