"""An LALR(1) parser driver over a precomputed table: no parser library is imported to answer.

Contract:
- `table(lang)` returns the `Table` of grammar/<lang>.lark. Lark computes it (parser="lalr") the first
  time a grammar and code version are seen; `startup_cache` keeps it between processes, and a process reads
  it once, so later processes never import Lark.
- `parse(table, tokens, reduce)` runs the table over `tokens` ((terminal name, value) pairs) and returns
  the value of the start rule. A rule whose name starts with "_" (Lark's inlined rules, including the ones
  Lark generates for `*` and `?`) hands its children to its parent; every other rule's value is
  `reduce(rule name, children)`, bottom-up, which is what a Lark Transformer with a method per rule builds.
- A token the table does not expect raises `ParseError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from assistant import paths, startup_cache

END = "$END"
T = TypeVar("T")


class ParseError(Exception):
    """The token stream does not fit the grammar."""


@dataclass(frozen=True)
class Table:
    """Per state, what each symbol does: a shift (or goto) to a state (>= 0) or a reduce by rule ~n (< 0)."""

    actions: tuple[dict[str, int], ...]
    rules: tuple[tuple[str, int], ...]  # (rule name, number of symbols it reduces)
    start: int
    end: int


@cache
def table(lang: str) -> Table:
    return startup_cache.load_or_build(f"grammar-{lang}", startup_cache.code_version(), lambda: _compute(lang))


def _compute(lang: str) -> Table:
    """The LALR table Lark builds for the grammar (imported only here, once per grammar and code version)."""
    from assistant.nlu.lark_import import Lark, Lexer

    class PassLexer(Lexer):  # the tagger has lexed already; Lark needs a lexer class to build
        def __init__(self, lexer_conf):
            pass

        def lex(self, data):
            yield from data

    lark = Lark.open(str(paths.grammar_dir() / f"{lang}.lark"), parser="lalr", lexer=PassLexer)
    parse_table = lark.parser.parser.parser.parse_table
    rules: dict[Any, int] = {}  # Lark's Rule -> its index
    actions: list[dict[str, int]] = []
    for state in range(len(parse_table.states)):
        row = {}
        for symbol, (action, arg) in parse_table.states[state].items():
            # plain str and int: Lark's names are str subclasses whose unpickling would import Lark
            if action.name == "Shift":
                row[str(symbol)] = int(arg)
            else:
                row[str(symbol)] = ~rules.setdefault(arg, len(rules))
        actions.append(row)
    shapes = [("", 0)] * len(rules)
    for rule, n in rules.items():
        shapes[n] = (str(rule.origin.name), len(rule.expansion))
    start, end = int(parse_table.start_states["start"]), int(parse_table.end_states["start"])
    return Table(tuple(actions), tuple(shapes), start, end)


class _Inline(list):
    """The children of an inlined rule, on their way into the parent's."""


def parse(table: Table, tokens: Sequence[tuple[str, object]], reduce: Callable[[str, list], T]) -> T:
    states = [table.start]
    values: list = []
    for kind, value in tokens:
        while (act := _action(table, states[-1], kind)) < 0:
            _reduce(table, ~act, states, values, reduce)
        states.append(act)
        values.append(value)
    while True:
        act = _action(table, states[-1], END)
        if act >= 0:
            raise ParseError(END)
        _reduce(table, ~act, states, values, reduce)
        if states[-1] == table.end:
            return values[-1]


def _action(table: Table, state: int, kind: str) -> int:
    try:
        return table.actions[state][kind]
    except KeyError:
        raise ParseError(kind) from None


def _reduce(table: Table, rule: int, states: list[int], values: list, reduce: Callable[[str, list], Any]) -> None:
    name, size = table.rules[rule]
    children: list = []
    for child in values[len(values) - size :] if size else ():
        if isinstance(child, _Inline):
            children.extend(child)
        else:
            children.append(child)
    if size:
        del values[-size:], states[-size:]
    values.append(_Inline(children) if name.startswith("_") else reduce(name, children))
    states.append(table.actions[states[-1]][name])
