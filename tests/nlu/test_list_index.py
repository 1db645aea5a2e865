"""`list_index.ListIndex` decides every lexicon list exactly as the list-by-list search does (`Lexicon.may_say`:
an ASCII word's token key is a substring of the spaced tokens, another word a substring of the text), on the NLU
corpus questions and on odd text (empty, spaces, symbols, mixed scripts, a word at the very end)."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.nlu.corpus import FILES, load
from assistant.nlu.lexicon import lexicon
from assistant.nlu.list_index import ListIndex
from assistant.nlu.text import words

_CORPUS = Path(__file__).parent
_ODD = ["", " ", "  ", "a", "4090", "显卡", "nvlink?", "x" * 300, "a卡和n卡", "  double  spaces ", "🤖🔥", "\t\n"]


def _reference(lex, spaced: str, text: str) -> frozenset[str]:
    return frozenset(
        name
        for name, keyed in lex.list_keys.items()
        if any((key in spaced) if key is not None else (word in text) for word, key in keyed)
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_list_is_decided_as_the_search_decides_it(lang):
    lex = lexicon(lang)
    index = ListIndex(lex.list_keys)
    questions = [case.q for f in FILES[lang] for case in load(_CORPUS / f).cases][::3] + _ODD
    checked = 0
    for question in questions:
        text = question.lower()
        spaced = " " + " ".join(words(text)) + " "
        found = index.said(spaced, text)
        if found is None:  # not words joined by single spaces: the caller searches list by list
            assert "  " in spaced or not spaced.strip(), spaced
            continue
        assert found == _reference(lex, spaced, text), question
        checked += 1
    assert checked > 100
    # a key that is not a run of words (two spaces) is still searched as text
    odd = ListIndex({"odd": (("a  b", " a  b "),), "zh": (("卡", None),)})
    assert odd.said(" x a  b y ", "x a  b y") is None  # the question itself is not a run of words
    assert odd.said(" a b ", "卡") == frozenset({"zh"})
