"""An amount beside a total word (lexicon [lists] budget_total_words) is money for all the machines, unless a counted
noun follows the total word ("2000 total steps") or it is a card's model number alone."""

from __future__ import annotations

import pytest

from assistant.nlu import NameIndex
from assistant.nlu.lexicon import lexicon
from assistant.nlu.tagger import tag
from assistant.nlu.text import clean, tokenize


@pytest.fixture(scope="module")
def index(kb) -> NameIndex:
    return NameIndex.from_reader(kb)


def _kinds(text: str, lang: str, index) -> dict[str, str]:
    cleaned, _ = clean(text)
    lex = lexicon(lang)
    tags, _ = tag(lex.respell(tokenize(cleaned), index.name_words), cleaned, index, lex)
    return {t.text: t.kind for t in tags}


@pytest.mark.parametrize(
    ("text", "lang", "amount", "kind"),
    [
        ("工作室配 4 台电脑，每台一张卡，一共 4 万", "zh", "4 万", "MONEY"),
        ("2 servers, 16000 total, what gpus", "en", "16000", "MONEY"),
        ("lora with 2000 total steps on a 3090 how long", "en", "2000", "NUMBER"),
        ("一共两张4090", "zh", "两张", "COUNT"),
    ],
)
def test_an_amount_beside_a_total_word(index, text, lang, amount, kind):
    assert _kinds(text, lang, index).get(amount) == kind
