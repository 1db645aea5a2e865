"""A fact about software on a card asked of "it" ("does vllm work on it" after the MI210, "它能跑vllm吗"): asked of
the card the thread is about, whose architecture the fact's answer turns on (knowledge/concept_facts.toml, a fact
with a card lead), not the runtimes concept in general.

Contract: `reread(parsed, text, focus, short_name, lang)` gives the question's words with the card named in place of
its pronoun, or None: only when the question names no card, holds a pronoun of lexicon [lists] fact_pronouns, reads
no card fact as typed and reads one (a fact with a card lead) with the card named, and the thread has a card in focus.
"""

from __future__ import annotations

import re

from assistant.nlu.concept_facts import asked_fact
from assistant.nlu.lexicon import lexicon


def reread(parsed, text: str, focus: str | None, short_name: str | None, lang: str) -> str | None:
    if not focus or not short_name or any(g.name and not g.pronoun for g in getattr(parsed, "gpus", ())):
        return None
    for pronoun in sorted(lexicon(lang).listed("fact_pronouns"), key=len, reverse=True):
        pattern = rf"\b{re.escape(pronoun)}\b" if pronoun.isascii() else re.escape(pronoun)
        out, n = re.subn(pattern, f" {short_name} ", text, count=1, flags=re.IGNORECASE)
        if not n:
            continue  # no such pronoun: nothing read again (the common case, no fact looked up)
        found = asked_fact(out)
        if found is not None and found.lead and asked_fact(text) is None:
            return " ".join(out.split())
    return None
