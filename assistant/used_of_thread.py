"""A used card's trust asked of the card talked about, with no card named ("二手的靠谱吗", "is a used one reliable?",
"二手的值得买吗" after a pick of the RTX 3090): the question asked of that card, not the concept of buying used.

Contract: `reread(parsed, text, focus, short_name, lang)` gives the question's words with the thread's card named
after them ("二手的靠谱吗 RTX 3090"), or None: only for a concept or settings reading of a message that says a used
word (lexicon `used_asked`) and a trust or worth word (lexicon `reliability_words`,
`verdict_worth`) and names no card, when the thread has a card in focus.
"""

from __future__ import annotations

from assistant.nlu.lexicon import lexicon
from assistant.query_talk import ExplainQuery, SetQuery

_ASKS = ("reliability_words", "verdict_worth")  # not "any use" (inside "any used ones?")


def reread(parsed, text: str, focus: str | None, short_name: str | None, lang: str) -> str | None:
    if not focus or not short_name or not isinstance(parsed, (ExplainQuery, SetQuery)):
        return None
    if any(g.name for g in getattr(parsed, "gpus", ()) or ()):
        return None
    lex, low = lexicon(lang), f" {text.lower()} "
    if not lex.words_in("used_asked", low) or not any(lex.words_in(name, low) for name in _ASKS):
        return None
    return f"{text} {short_name}"
