"""Whether the concept an answer opens with speaks to an ask, by its title ("Quantization (INT8, ...): ...",
"显卡温度与降频：...").

Contract: `about(ask, sentence, kind, lang)`: the title the sentence opens with shares a word with the ask, or names
the figure asked (a word of list ask_<kind>). `judged_in_title(ask, sub)`: a verdict asked of what a concept's title
names ("is vast reliable enough" -> "GPU marketplaces (vast.ai ...): reliability, ..."): the ask's word of judgment
(list ask_verdict) shares its stem with the title. `sentences_of(text)`: the sentences of a headline.
"""

from __future__ import annotations

import re

from assistant.answer import Answer
from assistant.nlu.asks import Ask
from assistant.nlu.lexicon import lexicon

_TITLE = re.compile(r"^[^:：]{1,80}[:：]")
_WORDS = re.compile(r"[a-z][a-z0-9.+-]{3,}|[\u4e00-\u9fff]{2}")
_SENTENCE_END = re.compile(r"(?<=[。！？!?])(?![）)」』])|(?<=[。！？!?][）)」』])|(?<=\.)(?=\s)")


def sentences_of(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text.replace("\n\n", " ")) if s.strip()]


def about(ask: str, sentence: str, kind: str = "other", lang: str = "en") -> bool:
    """Does the concept a sentence opens with ("矿卡：...", "Quantization (INT8, ...): ...") share a word with the
    ask, or name the figure asked ("显卡温度与降频" for a cooling ask "会不会烧": a word of list `ask_<kind>`)?"""
    title = _TITLE.match(sentence)
    if title is None:
        return False
    named = title.group().lower()
    if kind != "other" and lexicon(lang).words_in(f"ask_{kind}", f" {named} "):
        return True
    asked = {w for w in _WORDS.findall(ask.lower())} | {
        m for w in re.findall(r"[\u4e00-\u9fff]+", ask) for m in (w[k : k + 2] for k in range(len(w) - 1))
    }
    return any(w in named for w in asked)


def judged_in_title(ask: Ask, sub: Answer) -> bool:
    """A verdict asked of what a concept's title names ("is vast reliable enough" -> "GPU marketplaces (vast.ai ...):
    reliability, ..."): its word of judgment (list ask_verdict) shares its stem with the title."""
    if ask.kind != "verdict":
        return False
    first = sentences_of(sub.headline)[0] if sub.headline else ""
    head = first[:120].lower() if _TITLE.match(first) else ""  # the title, with its subtitle ("...: reliability, ...")
    words = [w.strip() for w in lexicon(sub.lang).listed("ask_verdict") if len(w.strip()) >= 5]
    return any(w in ask.text.lower() and w[:6] in head for w in words)
