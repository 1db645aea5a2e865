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


def test_compiled_and_word_by_word_searches_agree_on_every_list(monkeypatch):
    # no list compiled yet, whatever this test process ran before (the dialogues compile most of them): every text
    # below meets the word-by-word search first, then the compiled one; may_say keeps asking list by list (the
    # index that decides every list at once after _INDEX_AFTER questions has its own test, tests/nlu/test_list_index.py)
    monkeypatch.setattr(lexicon_module, "_SEARCHERS", {})
    monkeypatch.setattr(lexicon_module, "_LIST_INDEXES", {})
    monkeypatch.setattr(lexicon_module, "_INDEX_AFTER", 10**9)
    rounds = lexicon_module._COMPILE_AFTER // len(TEXTS) + 2  # the last round is searched compiled throughout
    for lang in ("en", "zh"):
        lex = lexicon(lang)
        for name in lex.lists:
            # the word-by-word answers, computed once per text (they do not change between rounds)
            spaced = [" " + " ".join(words(text)) + " " for text in TEXTS]
            contains = [any(w in text for w in lex.listed(name)) for text in TEXTS]
            plain = [_plain_may_say(lex, name, s, text) for s, text in zip(spaced, TEXTS, strict=True)]
            for _ in range(rounds):
                for text, s, has, says in zip(TEXTS, spaced, contains, plain, strict=True):
                    assert lex.words_in(name, text) == has, (lang, name, text)
                    if not lex.may_say(name, s, text):
                        assert not says, (lang, name, text)
        assert all(key in lexicon_module._SEARCHERS[id(lex)][1] for key in (("words_in", name), ("may_say", name)))
        assert all(
            not isinstance(lexicon_module._SEARCHERS[id(lex)][1][(kind, name)], int)
            for name in lex.lists
            for kind in ("words_in", "may_say")
        ), "some list was never searched compiled"
        assert "_searcher_memo" not in vars(lex) and not any(
            isinstance(v, dict) and any(hasattr(x, "pattern") for x in v.values()) for v in vars(lex).values()
        )
