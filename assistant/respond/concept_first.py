"""A concept asked first, then whether named cards have it: "tensor core是啥？2080ti有吗，1080ti呢", "what is
nvlink, does the 3090 have it, and the 4090?" is answered as the concept, then one line per card, not as a comparison
of the cards.

Contract: `rebuilt(answer, asks, env, ask)` returns a new Answer, or None to keep `answer`. It applies when the
message's first ask asks what a concept is (lexicon concept_asked_words, both languages), that ask alone reads as the
concept (`ask(first)` is an explain answer; the message's own answer may be a comparison of the cards, or the concept
without them), and every later ask is a short ask naming one card ("2080ti有吗", "1080ti呢", "and the 4090?"): each
card's line is the first sentence of the answer to "does the <card> have <concept>" (lexicon ask_plain_has;
respond/verdict_feature answers it; when that ask is not read, the first sentence of the card's spec sheet, lexicon
ask_plain_specs), the concept being the first ask without its question words (lexicon concept_asked_words). None
when any later ask is longer or names no card or several, or when the answer gives a verdict (a feature verdict the
whole message reads: "what is fp4 and does my 4090 support it"). Never raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer import Answer
from assistant.nlu.asks import Ask
from assistant.nlu.lexicon import lexicon
from assistant.respond.ask_figures import _sentences
from assistant.respond.env import Env

_SHORT = 16  # [A] characters (English: _SHORT_WORDS words): a later ask this short that names a card only asks the
_SHORT_WORDS = 7  # concept of it ("1080ti呢", "does the 3090 have it")


def _short(text: str) -> bool:
    return len(text.split()) <= _SHORT_WORDS if text.isascii() else len(text) <= _SHORT


def _concept_words(first: str, lang: str) -> str:
    """The first ask without its question words ("tensor core是啥" -> "tensor core")."""
    low = first
    for w in sorted(lexicon(lang).listed("concept_asked_words"), key=len, reverse=True):
        low = re.sub(re.escape(w.strip()), " ", low, flags=re.IGNORECASE) if w.strip() else low
    return " ".join(low.replace("?", " ").replace("？", " ").split())


def rebuilt(answer: Answer, asks: tuple[Ask, ...], env: Env, ask: Callable[[str], Answer | None]) -> Answer | None:
    """The concept first, then whether each card named after it has it (see the module contract)."""
    names_of = getattr(ask, "gpus_of", None)
    parts = answer.figures.get("parts") or []
    verdicts = [p for p in parts if isinstance(p, dict) and p.get("intent") == "verdict"]
    if len(asks) < 2 or names_of is None or answer.intent == "verdict" or verdicts:
        return None  # "what is fp4 and does my 4090 support it", "fp8和int8有啥区别 4090支持fp8吗": verdicts answer
    first = asks[0].text
    low = f" {' '.join(first.lower().split())} "
    if not lexicon(env.lang).words_in("concept_asked_words", low):
        return None
    thing = _concept_words(first, env.lang)
    form = lexicon(env.lang).first_word("ask_plain_has", "")
    cards = [names_of(a.text) for a in asks[1:]]
    if not thing or not form or any(len(c) != 1 or not _short(a.text) for c, a in zip(cards, asks[1:], strict=True)):
        return None
    base = ask(first)
    if base is None or base.intent != "explain" or not base.headline:
        return None
    lines = []
    for n, (item, names) in enumerate(zip(asks[1:], cards, strict=True), 2):
        spec = env.reader.gpu(names[0])
        sub = ask(form.format(gpu=spec.short_name, thing=thing)) if spec is not None else None
        if sub is not None and sub.figures.get("unread") and spec is not None:  # "does the 4090 have hbm": not read
            sheet = lexicon(env.lang).first_word("ask_plain_specs", "")  # the card's summary says its memory type
            sub = ask(sheet.format(gpu=spec.short_name)) if sheet else None
        if sub is None or not sub.understood or not sub.headline or sub.figures.get("unread"):
            return None
        lines.append(env.t("asks.line", n=n, ask=item.text, line=_sentences(sub.headline)[0]))
        base.sources += [s for s in sub.sources if s not in base.sources]
    base.question = answer.question
    base.headline = base.headline.rstrip() + "\n\n" + env.t("asks.also") + "\n" + "\n".join(lines)
    base.figures["asks"] = [{"n": 1, "kind": asks[0].kind, "ask": first, "answered": "headline"}] + [
        {"n": n, "kind": a.kind, "ask": a.text, "answered": "line"} for n, a in enumerate(asks[1:], 2)
    ]
    return base
