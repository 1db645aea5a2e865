"""Understanding free-text questions: text -> one typed Query (or a Clarification).

Contract:
- `NameIndex.from_reader(reader)`: build once per process from the KB (GPU names and aliases,
  open models, concepts); cheap, no I/O after construction.
- `understand(text, index) -> Query | Clarification`: never raises, whatever the input; within the
  engine's answer to one message each text is read once (assistant/read_once.py).
  Pronouns and ellipsis come back marked (GpuRef.pronoun, FollowUpQuery) for the dialogue.
- `choose(answer, clarification, index) -> str | None`: which candidate of an ambiguous_gpu /
  unknown_gpu / ambiguous_model clarification a reply such as "the first", "16 GB",
  "desktop" or "laptop" picks; None when the reply picks none.
The flow: normalize and tokenize (text.py) -> tag mentions, numbers and keywords (tagger.py,
vocabulary in grammar/lexicon.en.toml) -> Lark LALR (grammar/en.lark) -> Transformer and
decision (parse.py) -> name checks -> Query. See docs/nlu.md.
"""

from __future__ import annotations

from assistant.nlu.index import GpuMatch, ModelMatch, NameIndex
from assistant.queries import Clarification, Query
from assistant.read_once import remember, remembered


def understand(text: str, index: NameIndex) -> Query | Clarification:
    key = ("understand", text, id(index))  # (the index outlives the message: its id is not reused within it)
    found = remembered(key)
    if found is None:
        found = _understand(text, index)
        if isinstance(found, Query):  # frozen: safe to hand out twice (assistant/read_once.py)
            remember(key, found)
    return found


def _understand(text: str, index: NameIndex) -> Query | Clarification:
    from assistant import i18n
    from assistant.nlu import messages
    from assistant.nlu.parse import parse

    try:
        return parse(text, index)
    except Exception as exc:  # never a traceback for a question, whatever it is
        safe = text if isinstance(text, str) else ""
        clar = messages.unparsed(safe, [], [], lang=i18n.language_of(safe))  # the one language rule
        clar.extras["error"] = f"{type(exc).__name__}: {exc}"[:200]
        return clar


def choose(answer: str, clarification: Clarification, index: NameIndex) -> str | None:
    from assistant.nlu.picking import choose as _choose

    try:
        return _choose(answer, clarification, index)
    except Exception:
        return None


__all__ = ["NameIndex", "GpuMatch", "ModelMatch", "understand", "choose"]
