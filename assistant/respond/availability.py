"""Whether a card can be bought at all, asked beside another figure: "is the intel arc pro b60 24gb actually something
you can buy? would two of them be good for 70b", "b60现在买得到吗".

Contract: `line(words, answer, env, names)` returns the sentence for an ask `words` that asks whether a card is on sale
(lexicon list ask_available) about the one card it names (`names`: KB names read from the ask) or, naming none, the
card the answer is about: the newest new (else used) price in the price data, with its date, as the sign that it is
sold (locale asks.available_yes; a price only from the other market, converted: asks.available_abroad), or that no
listing of it is in the data (asks.available_none); "" for another ask, no single card, or an answer that already
says whether it can be bought in China (figures china). Pure.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.concept_facts import says
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.pricing import is_converted, price_of


def line(words: str, answer: Answer, env: Env, names: list[str]) -> str:
    """Whether the card is on sale, from the price data (see the module contract)."""
    if not says(words, lexicon(env.lang).listed("ask_available")) or answer.figures.get("china"):
        return ""  # (an answer that says where in China it can be bought already answers it: figures china)
    cards = names or ([answer.choice] if answer.choice else list(dict.fromkeys(answer.gpus)))
    spec = env.reader.gpu(cards[0]) if len(cards) == 1 and cards[0] else None
    if spec is None:
        return ""
    found = price_of(spec.name, env, "new") or price_of(spec.name, env, "used")
    if found is None:
        return env.t("asks.available_none", gpu=spec.short_name)
    condition = env.t(f"asks.condition_{found.condition}") if found.condition in ("new", "used") else ""
    key = "asks.available_abroad" if is_converted(found, env) else "asks.available_yes"  # a US price in yuan
    return env.t(key, gpu=spec.short_name, price=env.money(found.usd), condition=condition, date=found.observed)
