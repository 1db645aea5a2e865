"""What an intent reader needs of a question before it can claim it: declared beside the reader, checked first.

Contract: `@needs(*groups, said=(), unless=())` on a reader records a `Need` (data, no code per question):
- each of `groups` is a tuple of names at least one of which the question must have: a tag kind in capitals ("GPU",
  "PRONOUN") or a lexicon list in small letters that it may say ("transcribe_words": `Lexicon.may_say`, the test
  every list search of `verdict.said` starts with);
- `said`: lexicon lists at least one of which the question may say (a group of lists alone);
- `unless`: tag kinds any of which make the reader decline.
`met(reader, reading)` is False only when the reader would return None anyway, so `intents.read` skips it and the
first claim, in the same order, is unchanged. A declaration states only what the reader's own code checks before it
can claim (its first guards): a kind its code does not require would skip a claim and change an answer.
tests/nlu/test_reader_needs.py runs every declared reader on the corpus questions whose needs are not met and checks
that each returns None. A reader without a declaration is always tried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from assistant.nlu.reading import Reading

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True)
class Need:
    """The tag kinds and lexicon lists a reader needs, and the tag kinds that make it decline."""

    groups: tuple[tuple[frozenset[str], tuple[str, ...]], ...] = ()  # each: (tag kinds, lexicon lists)
    said: tuple[str, ...] = ()
    unless: frozenset[str] = frozenset()


NEEDS: dict[Callable, Need] = {}


def needs(*groups: tuple[str, ...], said: tuple[str, ...] = (), unless: tuple[str, ...] = ()) -> Callable[[F], F]:
    """Record what the decorated reader needs (see the module docstring); the reader itself is unchanged."""

    def mark(reader: F) -> F:
        split = tuple((frozenset(n for n in g if n.isupper()), tuple(n for n in g if not n.isupper())) for g in groups)
        NEEDS[reader] = Need(split, tuple(said), frozenset(unless))
        return reader

    return mark


def met(need: Need, r: Reading) -> bool:
    """Does the question meet `need` (so that its reader is worth trying)?"""
    kinds = r.b.kinds
    if not need.unless.isdisjoint(kinds):
        return False
    for tags, lists in need.groups:
        if tags.isdisjoint(kinds) and not any(r.lex.may_say(name, r.spaced_tokens, r.text) for name in lists):
            return False
    return not need.said or any(r.lex.may_say(name, r.spaced_tokens, r.text) for name in need.said)
