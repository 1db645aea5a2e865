"""One message is read once: the same words read again while the engine answers one message (the two halves of a
two-part message, the asks of a checklist put again on a copy of the conversation, nlu/clauses trying a half twice)
are understood once.

Contract: `one_message(fn)` decorates the engine's answer to one message: while it runs, `remembered(key)` gives the
reading `remember(key, reading)` kept for that key in the same message (None outside a message or for a key not
read yet). nlu.understand keeps only Queries (frozen dataclasses), never a Clarification (it carries a mutable
dict). A ContextVar, so answers in other threads or tasks never share readings.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

_READ: ContextVar[dict | None] = ContextVar("read_once", default=None)
F = TypeVar("F", bound=Callable[..., Any])


def one_message(fn: F) -> F:
    @functools.wraps(fn)
    def answered(*args, **kwargs):
        token = _READ.set({} if _READ.get() is None else _READ.get())
        try:
            return fn(*args, **kwargs)
        finally:
            _READ.reset(token)

    return answered  # type: ignore[return-value]


def remembered(key: tuple) -> Any:
    read = _READ.get()
    return None if read is None else read.get(key)


def remember(key: tuple, reading: Any) -> None:
    read = _READ.get()
    if read is not None:
        read[key] = reading
