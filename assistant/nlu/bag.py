"""The grammar's items for one question, gathered for the intent readers.

Contract: `Ref` (a GPU or pronoun mention, with the count and condition written before it) and
`Struct` (an order-bearing piece the grammar read: versus | why | faster | rent_buy | price |
count_of) are what `assistant.nlu.parse` produces from the Lark tree; `Bag` holds a question's
tags, items and unplaced words, indexed by tag kind (`kinds`) and by lexicon meaning
(`meanings`), with small lookups the readers share. Nothing here decides an intent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.nlu.tagger import Tag


@dataclass
class Ref:
    """A GPU tag read with its count and condition."""

    tag: Tag
    count: int | None = None
    condition: str | None = None


@dataclass
class Struct:
    """A structure the question has (versus, why, rent or buy ...) and the tags inside it."""

    kind: str  # versus | why | faster | rent_buy | price | count_of
    refs: list = field(default_factory=list)
    parts: list = field(default_factory=list)  # the terminal kinds inside


@dataclass
class Bag:
    """A question's tags, structures and unknown words, as the intent readers see them."""

    text: str
    tags: list[Tag]
    items: list
    unknown: list[str]
    toks: list[str]
    toks_pos: list[int] = field(default_factory=list)  # character offset of each token in the cleaned text
    lang: str = "en"
    refs: list[Ref] = field(default_factory=list)
    structs: list[Struct] = field(default_factory=list)
    kinds: dict[str, list[Tag]] = field(default_factory=dict)
    meanings: dict[str, list] = field(default_factory=dict)

    def __post_init__(self):
        for it in self.items:
            if isinstance(it, Struct):
                self.structs.append(it)
                self.refs.extend(it.refs)
            elif isinstance(it, Ref):
                self.refs.append(it)
        for t in self.tags:
            self.kinds.setdefault(t.kind, []).append(t)
            for k, v in t.meanings.items():
                self.meanings.setdefault(k, []).append(v)
            if t.kind not in t.meanings:
                self.meanings.setdefault(t.kind, []).append(t.value)

    def has(self, *kinds: str) -> bool:
        return any(k in self.kinds for k in kinds)

    def means(self, *sections: str) -> bool:
        return any(s in self.meanings for s in sections)

    def first(self, kind: str):
        got = self.kinds.get(kind)
        return got[0].value if got else None

    def meaning(self, section: str):
        got = self.meanings.get(section)
        return got[0] if got else None

    def struct(self, kind: str) -> Struct | None:
        return next((s for s in self.structs if s.kind == kind), None)
