"""A follow-up that puts the thread's card to a light training job of its own ("and can it train a vit on cifar-10
in reasonable time for homework" after Flux Kontext timed on the 5060 Ti 16 GB, "那它能跑yolov8训练吗"): that job
asked of the card, not the thread's model again (a Flux LoRA) and not the card counted from "cifar-10".

Contract: `reread(parsed, text, focus, short_name, lang)` gives the question's words with the card named in place of
its pronoun ("and can RTX 5060 Ti 16 GB train a vit on cifar-10 ..."), or None: only for a follow-up whose cards
are all pronouns, that names no model or size of its own, and says a light training word (lexicon lists
small_train_words or vision_train_models), when the thread has a card in focus.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import lexicon
from assistant.query_talk import FollowUpQuery

_WORKS = ("small_train_words", "vision_train_models")
_LEAD = re.compile(r"^(?:(?:and|also|so|ok|okay|then|but)\b[\s,]*|(?:那么|那|还有)[\s，,]*)+", re.IGNORECASE)


def reread(parsed, text: str, focus: str | None, short_name: str | None, lang: str) -> str | None:
    if not focus or not short_name or not isinstance(parsed, FollowUpQuery):
        return None
    refs = list(parsed.gpus)
    if not refs or any(not g.pronoun for g in refs) or parsed.model or parsed.params_b:
        return None
    lex, low = lexicon(lang), f" {text.lower()} "
    if not any(lex.words_in(name, low) for name in _WORKS):
        return None
    mention = refs[0].mention
    if not mention:
        return None
    pattern = re.escape(mention) if not mention.isascii() else rf"\b{re.escape(mention)}\b"
    out, n = re.subn(pattern, f" {short_name} ", text, count=1, flags=re.IGNORECASE)
    return _LEAD.sub("", " ".join(out.split())) if n else None  # "and can ...": a question of its own now
