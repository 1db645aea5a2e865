"""One rule decides a question's language (i18n.language_of): the parser and the guard that answers a question
the parser failed on use the same one, so a question in CJK Extension A or compatibility ideographs is Chinese
in both places."""

from __future__ import annotations

import pytest

from assistant import i18n, nlu
from assistant.nlu import parse as parse_module


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("\u3400\u3401 4090", "zh"),
        ("4090 \uf900\uf901", "zh"),
        ("4090和3090", "zh"),
        ("specs of the 4090", "en"),
        ("", "en"),
    ],
)
def test_the_guard_answers_in_the_language_the_parser_would_use(monkeypatch, text, lang):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(parse_module, "parse", broken)
    result = nlu.understand(text, index=None)  # type: ignore[arg-type]  # the broken parser never reads it
    assert result.extras["error"] == "RuntimeError: boom"
    assert result.extras["lang"] == i18n.language_of(text) == lang
