"""Not understood: nothing tagged, or nothing any reader claimed; the answer says what was recognised."""

from __future__ import annotations

from assistant.nlu import messages as msg
from assistant.nlu.reading import Reading
from assistant.queries import Clarification


def empty(r: Reading) -> Clarification | None:
    return msg.unparsed(r.text, r.b.unknown, [], lang=r.b.lang) if not r.b.tags else None


def read(r: Reading) -> Clarification:
    return msg.unparsed(r.text, r.b.unknown, r.b.tags, lang=r.b.lang)
