"""A coming card named by its bare number: "6090出来之前还要不要买5090", "buy a 5090 before the 6090": the next
generation's model number of a card the question names is that coming card, not an amount (a ¥6,090 price).

Contract: `coming_numbers(tags, text, lex, index)` returns the tags with each NUMBER or MONEY tag typed as four digits
alone made an unknown GPU tag when it is the next generation's number of a known card (`index.stand_in`), the question
names a GPU, and it says a coming-card word (lexicon [lists] future_words), or a wait word (verdict_wait) with the card
the number would follow named; other tags unchanged.
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
    future = lex.words_in("future_words", lowered)
    if not named or not (future or lex.words_in("verdict_wait", lowered)):
        return tags
    out = list(tags)
    for k in amounts:
        t = tags[k]
        later = index.stand_in([t.text])
        # beside the card it follows, or any card with a word of a coming card ("6090明年出 4090现在还能买吗")
        if later is not None and (later in named or future):
            out[k] = Tag("GPU", GpuMatch(t.text, "unknown"), t.text, t.start, t.end)
    return out
