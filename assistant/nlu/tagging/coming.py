"""A coming card named by its bare number: "6090出来之前还要不要买5090", "buy a 5090 before the 6090": the next
generation's model number of a card the question names is that coming card, not an amount (a ¥6,090 price).

Contract: `coming_numbers(tags, text, lex, index)` returns the tags with each NUMBER or MONEY tag typed as four digits
alone made an unknown GPU tag when the card it would follow (`index.stand_in`) is a GPU named in the question and the
question says a coming-card or wait word (lexicon [lists] future_words, verdict_wait); other tags unchanged.
"""

from __future__ import annotations

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import Tag


def coming_numbers(tags: list[Tag], text: str, lex: Lexicon, index) -> list[Tag]:
    amounts = [k for k, t in enumerate(tags) if t.kind in ("NUMBER", "MONEY") and t.text.isdigit() and len(t.text) == 4]
    if not amounts:
        return tags
    named = {t.gpu_match().name for t in tags if t.kind == "GPU" and isinstance(t.value, GpuMatch)}
    lowered = text.lower()
    if not named or not (lex.words_in("future_words", lowered) or lex.words_in("verdict_wait", lowered)):
        return tags
    out = list(tags)
    for k in amounts:
        t = tags[k]
        if index.stand_in([t.text]) in named:
            out[k] = Tag("GPU", GpuMatch(t.text, "unknown"), t.text, t.start, t.end)
    return out
