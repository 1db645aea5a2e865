"""Lexicon list searches (Lexicon.words_in, Lexicon.may_say) give the word-by-word answer whether or not the list's
words have been compiled into one search yet (after _COMPILE_AFTER uses in a process), for every list of both
languages, and the compiled searches stay out of the lexicon's own data (the start-up cache stores it as plain data)."""

from __future__ import annotations

from assistant.nlu import lexicon as lexicon_module
from assistant.nlu.lexicon import lexicon
from assistant.nlu.text import words

TEXTS = [
    "",
    "is a 3090 worth it for local llms",
    "二手3090现在什么价 值得入吗",
    "how long does it take to finetune llama 3 8b, and what psu do i need?",
    "电源850w够不够 显卡功耗450w 一周跑几个小时",
    "rent or buy a 4090 at 10 hours a week, electricity 0.30/kwh, remember this",
    "4090和3090哪个适合炼丹 性价比 值不值",
    "x" * 300,
]


def _plain_may_say(lex, name: str, spaced: str, text: str) -> bool:
    return any((key in spaced) if key is not None else (word in text) for word, key in lex.keyed(name))


def test_compiled_and_word_by_word_searches_agree_on_every_list():
    for lang in ("en", "zh"):
        lex = lexicon(lang)
        for name in lex.lists:
            for _ in range(lexicon_module._COMPILE_AFTER + 1):  # the first uses search word by word, then compiled
                for text in TEXTS:
                    spaced = " " + " ".join(words(text)) + " "
                    assert lex.words_in(name, text) == any(w in text for w in lex.listed(name)), (lang, name, text)
                    if not lex.may_say(name, spaced, text):
                        assert not _plain_may_say(lex, name, spaced, text), (lang, name, text)
        assert all(key in lexicon_module._SEARCHERS[id(lex)][1] for key in (("words_in", name), ("may_say", name)))
        assert "_searcher_memo" not in vars(lex) and not any(
            isinstance(v, dict) and any(hasattr(x, "pattern") for x in v.values()) for v in vars(lex).values()
        )
