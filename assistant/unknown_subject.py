"""The card the assistant said it does not know stays the subject of the next question.

Contract: `named(parsed)` is the device mention a reading could not match to a known card (an unknown_gpu
clarification: "寒武纪思元590能跑大模型吗"; a wait verdict's awaited card: "wait for the rtx 6090 or buy a 5090"), else
None; the engine keeps it for one turn (Context.unknown_card). `reread(mention, parsed, completed, last, text)` is the
next question with that mention put in front ("价格呢" -> "寒武纪思元590 价格呢", "跟 4090 比呢", "when is it coming
out" after the wait) when the question alone points at nothing (the dialogue asked back for a card) or points with a
pronoun at the card bought now while the thread waits for the unknown one; None otherwise. The answer then says the card
is not in the data and answers what can be answered, never about another card.
"""

from __future__ import annotations

import re

from assistant.queries import Clarification, Query, VerdictQuery


def named(parsed: Query | Clarification) -> str | None:
    if isinstance(parsed, Clarification):
        return parsed.extras.get("mention") if parsed.kind == "unknown_gpu" else None
    if isinstance(parsed, VerdictQuery) and parsed.kind == "wait" and parsed.unrecognized:
        return parsed.unrecognized[0]  # "should i wait for the rtx 6090 or just buy a 5090 now": the awaited card
    return None


def reread(mention: str | None, parsed, completed, last: Query | None, text: str) -> str | None:
    if not mention:
        return None
    asked_back = isinstance(completed, Clarification) and completed.kind == "missing"
    gpus = getattr(parsed, "gpus", ()) if not isinstance(parsed, Clarification) else ()
    pointed = bool(gpus) and all(g.pronoun in ("it", "that") for g in gpus)
    waited = isinstance(last, VerdictQuery) and last.kind == "wait" and pointed  # "when is it coming out"
    if not (asked_back or waited):
        return None
    swapped = _PRONOUN.sub(mention, text, count=1)  # "when is it coming out" -> "when is rtx 6090 coming out"
    return swapped if swapped != text else f"{mention} {text}"


_PRONOUN = re.compile(r"\b(?:it|that)\b|它|这个|那个")
