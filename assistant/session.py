"""One process's view of the assistant: the knowledge base, the name index, conversations.

Contract: `open_session(db_url)` opens (building if needed) the knowledge base and returns a
`Session`; `Session.conversation(assumptions)` starts a `Conversation` whose `ask(text)`
always returns an `Answer`, never raises for any input. The CLI, the TUI and the dialogue
test runner all start here. KB warnings (rebuilt, damaged, in-memory) are in
`Session.warnings` and are shown once by the caller. Each answer reads one snapshot of this code
version's KB (`KbReader.reading`): another version sharing the data folder may rebuild the file
between answers, never under one (kb/rows.py).
"""

from __future__ import annotations

import atexit
import sys
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from assistant import paths
from assistant.dialogue import Assumptions, Dialogue
from assistant.kb.fast_open import open_fast
from assistant.kb.reader import KbReader
from assistant.terminal_text import for_terminal

if TYPE_CHECKING:
    from assistant.kb.store import KbHandle


@dataclass
class Session:
    """One process's knowledge base reader and the warnings met opening it."""

    handle: KbHandle | None  # None when the KB was opened by the fast read path (nothing to report)
    reader: KbReader
    warnings: list[str] = field(default_factory=list)

    @cached_property
    def index(self):
        """The name index, from the start-up cache when the KB is a file (the lexicons are cached per
        language by `nlu.lexicon.lexicon`)."""
        from assistant.nlu import NameIndex

        if not self.reader.persistent:  # an in-memory KB: nothing to key a cache on
            return NameIndex.from_reader(self.reader)
        from assistant import startup_cache

        def build():
            index = NameIndex.from_reader(self.reader)
            _ = index.suffixes  # derived from every name on first use: computed once and kept with the index
            _share_equal_sets(index)
            return index

        with self.reader.reading():
            key = f"{self.reader.meta().get('content_hash')}:{startup_cache.code_version()}"
            return startup_cache.load_or_build("nlu", key, build)

    @cached_property
    def engine(self):
        import gc

        from assistant.engine import Engine

        engine = Engine(self.reader, self.index)
        gc.freeze()  # the KB rows, name index and grammar live as long as the process: keep them out of GC passes
        return engine

    def warm(self) -> None:
        """Load what a first answer needs (name index, parser, readers, responders) before the first
        question; reads a sample question and answers nothing, so no conversation changes."""
        from assistant.nlu import understand

        understand("specs of the rtx 4090", self.index)
        self.engine.warm()

    def conversation(self, assumptions: Assumptions | None = None) -> Conversation:
        """A new conversation: defaults the user saved apply unless `assumptions` set the key."""
        from assistant.respond.settings import saved_defaults

        assumptions = assumptions or Assumptions()
        for key, value in saved_defaults(self.reader).items():
            if key not in assumptions.changed:
                setattr(assumptions, key, value)
        return Conversation(self, Dialogue(assumptions))


def _share_equal_sets(index) -> None:
    """Equal frozensets in the index's per-name lists (name tokens, cores, heads: 14,200 sets, 5,700 distinct)
    become one object each, as stored in the start-up cache: the same values in 2 MB less memory (sets
    cannot change, so sharing them changes nothing else)."""
    shared: dict[frozenset, frozenset] = {}
    for name, value in list(vars(index).items()):
        if isinstance(value, list) and value and all(type(item) is frozenset for item in value):
            setattr(index, name, [shared.setdefault(item, item) for item in value])


class Conversation:
    def __init__(self, session: Session, dialogue: Dialogue):
        self.session = session
        self.dialogue = dialogue
        self.history: list = []

    def ask(self, text: str):
        with self.session.reader.reading():  # one snapshot of this version's KB per answer
            answer = self.session.engine.answer(text, self.dialogue)
        self.history.append(answer)
        return answer

    def reanswer(self):
        """The last answered question answered again under the assumptions now in force (the
        chat calls it after an assumption changed), or None."""
        with self.session.reader.reading():
            return self.session.engine.reanswer(self.dialogue)

    def remember(self, lang: str):
        """Save the prices and settings changed in this conversation for later sessions (the
        chat panel's save action); an answer in `lang` says what was saved, or why not."""
        with self.session.reader.reading():
            return self.session.engine.remember(self.dialogue, lang)


def open_session(db_url: str | None = None, echo_warnings: bool = True, allow_foreign: bool = False) -> Session:
    rows = open_fast(db_url or paths.default_db_url())
    if rows is not None:  # an up-to-date KB of ours: read it without SQLAlchemy
        atexit.register(rows.close)
        return Session(handle=None, reader=KbReader(rows))
    from assistant.kb.store import open_kb

    handle = open_kb(db_url, allow_foreign=allow_foreign)
    if echo_warnings:
        for warning in handle.warnings:
            print(f"gpu-advisor: warning: {for_terminal(warning)}", file=sys.stderr)
    reader = KbReader(handle.engine, saves=handle.saves)
    if reader.persistent:  # another version may rebuild it: reads come from this version's KB (kb/rows.py)
        reader.db.guard(*handle.rebuilder())
    return Session(handle=handle, reader=reader, warnings=list(handle.warnings))
