"""`ask` with only words skips building the argument parser (and importing argparse): the namespace it makes
holds the parser's own attributes and values for the same words, and anything with an option goes through
the parser."""

from __future__ import annotations

import pytest

from assistant.cli import _plain_ask, build_parser

PLAIN = [
    ["ask", "specs", "of", "the", "4090"],
    ["ask", "is a 3090 worth it for local llms?"],
    ["ask", "二手3090现在什么价 值得入吗"],
    ["ask", "ask"],
    ["ask", "chat", "kb", "stats"],
    ["ask", ""],
]
NOT_PLAIN = [
    ["ask", "--json", "specs of the 4090"],
    ["ask", "specs of the 4090", "--markdown"],
    ["ask", "-5", "degrees"],
    ["ask", "--", "specs"],
    ["ask"],
    ["chat"],
    ["kb", "stats"],
    ["--db", "sqlite://", "ask", "specs"],
    [],
]


@pytest.mark.parametrize("argv", PLAIN, ids=lambda a: " ".join(a) or "empty")
def test_plain_words_give_the_parsers_namespace(argv):
    assert vars(_plain_ask(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", NOT_PLAIN, ids=lambda a: " ".join(a) or "nothing")
def test_options_and_other_commands_go_through_the_parser(argv):
    assert _plain_ask(argv) is None
