"""The LALR driver (assistant/nlu/lalr.py) reads token streams exactly as Lark's own LALR parser does.

Random streams over the grammar's terminals are parsed by both and give the same tree (rules starting with
"_" inlined, as Lark's tree builder does); a stream either rejects is rejected by both.
"""

from __future__ import annotations

import random

import pytest

from assistant import paths
from assistant.nlu import lalr
from assistant.nlu.lark_import import Lark, Lexer, Token, UnexpectedInput

TERMINALS = (
    "GPU PRONOUN COUNT NUMBER CONDITION OF VS OR AND WHY OVER THAN FASTER QUESTION RECOMMEND "
    "BUY COMPARE FIT VALUE RENT COSTS MONEY KW"
).split()


class _PassLexer(Lexer):
    def __init__(self, lexer_conf):
        pass

    def lex(self, data):
        yield from data


def _lark_tree(node):
    if isinstance(node, Token):
        return int(node.value)
    return (node.data, [_lark_tree(c) for c in node.children])


def _streams(n: int, seed: int = 7):
    rng = random.Random(seed)
    structural = TERMINALS[:-1]
    for _ in range(n):
        size = rng.randint(0, 9)
        yield [rng.choice(structural if rng.random() < 0.8 else TERMINALS) for _ in range(size)]


@pytest.fixture(scope="module")
def lark_parser():
    return Lark.open(str(paths.grammar_dir() / "en.lark"), parser="lalr", lexer=_PassLexer)


def test_random_streams_read_as_lark_reads_them(lark_parser):
    table = lalr.table("en")
    agreed = accepted = 0
    for kinds in _streams(1500):
        try:
            expected = _lark_tree(lark_parser.parse([Token(k, str(i)) for i, k in enumerate(kinds)]))
        except UnexpectedInput:
            expected = "rejected"
        try:
            got = lalr.parse(table, [(k, i) for i, k in enumerate(kinds)], lambda rule, children: (rule, children))
        except lalr.ParseError:
            got = "rejected"
        assert got == expected, kinds
        agreed += 1
        accepted += got != "rejected"
    assert agreed == 1500 and accepted > 0


def test_why_x_over_y_is_one_structure_with_both_gpus():
    # "why 4070 ti over 4080?": WHY GPU OVER GPU QUESTION
    stream = [("WHY", 0), ("GPU", 1), ("OVER", 2), ("GPU", 3), ("QUESTION", 4)]
    tree = lalr.parse(lalr.table("en"), stream, lambda rule, children: (rule, children))
    assert tree == ("start", [("why", [0, ("gpu_ref", [1]), 2, ("gpu_ref", [3])]), 4])


def test_a_token_the_table_does_not_expect_is_an_error():
    # the question grammar reads every stream (its last rule takes any token), so a two-state table:
    # state 0 shifts A to state 1, which expects nothing more
    table = lalr.Table(actions=({"A": 1}, {}), rules=(), start=0, end=1)
    with pytest.raises(lalr.ParseError):
        lalr.parse(table, [("A", 0), ("B", 1)], lambda rule, children: (rule, children))
