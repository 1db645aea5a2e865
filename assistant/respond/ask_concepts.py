"""An ask of a several-part message whose concept the answer already gives beside its own.

Contract: `said_beside(words, answer, ask)` is True when `answer` is a concept page that names other concepts it
says below (figures["others"]: "你的问题同样可能是问 ...") and the ask `words`, read alone through `ask`
(respond/ask_lines' asker), is one of those concepts ("B580跑ollama支持吗，intel卡现在能不能炼丹": the Intel page is
said beside the inference-runtime page), so the ask is answered and no "cannot answer" line is added for it.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.answer import Answer


def said_beside(words: str, answer: Answer, ask: Callable[[str], Answer | None]) -> bool:
    """Is the ask's own concept one the concept answer says beside its own? (see the module contract)"""
    others = answer.figures.get("others") or ()
    own = ask(words) if others else None
    return own is not None and own.intent == "explain" and own.figures.get("concept") in others
