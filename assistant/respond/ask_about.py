"""What one ask of a several-ask message is about when its words do not say it all (respond/ask_lines).

Contract: `card_before(item, ask, text)` is the one card the message names before an ask that names none, when the
cards named after the ask are others ("MI300X 租一小时几刀？一台8卡够吗，和 H100 8卡比谁便宜": the 8 cards are
MI300X), "" otherwise (an ask after two cards, "4090和3090哪个好，功耗多少", is about both). `other_card_given(item,
ask, text, said, env)`: the answer gives the ask's figure of a card (a fit, a speed, a price ...), but of another card
than that one, or a feature of another card than the one the ask names ("3090 是不是不支持"): not given.
`rent_against(item, first, answer)`: a which-is-cheaper ask after a rent answered first ("... 和 H100 8卡比谁便宜",
"... is it cheaper than 8x h100"), asked as that rent of both. `weighs(said)`: some sentence of `said` weighs two
options' money (`WEIGHED`). `format_unsaid(item, said)`: a speed or feature asked of a number format (fp8, int4 ...)
that no sentence of `said` giving it names. `WHICH`: the words of an ask between options. Pure reads; `ask` is the
asker of assistant/ask_thread (its `cards_named` and `gpus_of`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer import Answer
from assistant.nlu.asks import Ask
from assistant.respond.ask_figures import _sentences, gives
from assistant.respond.env import Env

_CARD_FIGURES = ("fit", "speed", "time", "memory", "price", "rate", "power", "psu")  # a figure of one card or set
_FORMAT = re.compile(r"(?<![a-z0-9])(?:nvfp4|fp8|fp4|int8|int4|bf16|fp16|tf32)(?![a-z0-9])|transformer engine", re.I)
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


def other_card_given(item: Ask, ask: Callable[[str], Answer | None], text: str, said: str, env: Env) -> bool:
    before = card_before(item, ask, text) if item.kind in _CARD_FIGURES else ""
    cards = [before] if before else []
    gpus_of = getattr(ask, "gpus_of", None)
    if item.kind == "feature" and gpus_of is not None:  # "3090 是不是不支持" beside "支持：RTX 4090 支持 FP8"
        cards = [spec.short_name.lower() for spec in map(env.reader.gpu, gpus_of(item.text)) if spec is not None]
    giving = [_flat(s) for s in _sentences(said) if gives(item.kind, s)] if cards else []
    return bool(giving) and not any(_flat(c) in s for c in cards for s in giving)


def format_unsaid(item: Ask, said: str) -> bool:
    """A speed or a feature asked of a number format ("用 transformer engine 大概能快多少", "what about fp8" after
    BF16's yes) that no sentence of `said` giving that kind of figure names (a 16-bit comparison, another format's
    support give another figure)."""
    found = _FORMAT.search(item.text) if item.kind in ("speed", "feature") else None
    if found is None:
        return False
    name = "fp8" if "engine" in found.group(0).lower() else found.group(0).lower()
    return not any(name in s.lower() for s in _sentences(said) if gives(item.kind, s))


def _flat(text: str) -> str:
    return text.lower().replace(" ", "")


def rent_against(item: Ask, first: Ask, answer: Answer) -> bool:
    asks_between = WHICH.search(item.text) or _THAN.search(item.text)
    return item.kind == "price" and first.kind == "rate" and answer.intent == "rates" and bool(asks_between)


def weighs(said: str) -> bool:
    return any(WEIGHED.search(s) for s in _sentences(said))
