"""The translation layer: every message has both languages and formats with its values."""

from __future__ import annotations

import string

import pytest

from assistant import i18n


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_has_english_and_chinese():
    for key, (en, zh) in i18n.catalog().items():
        assert en.strip() or key == "spec.memory_word", key
        assert isinstance(zh, str), key
        if en.strip() and key != "spec.memory_word":
            assert zh.strip(), f"{key}: no Chinese"


def test_chinese_templates_are_chinese_where_english_has_words():
    untranslated = [
        k
        for k, (en, zh) in i18n.catalog().items()
        if any(c.isalpha() and c.isascii() for c in en.replace("{", " ").split("}")[-1])
        and en == zh
        and not any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    ]
    allowed = {
        "rec.col_gpu",
        "fit.title_one",
        "fit.where_many",
        "rent.count_many",
        "set.kwh",
        "rec.excluded_item",
        "spec.feature_tma",
    }  # TMA is the name in Chinese too
    assert set(untranslated) <= allowed, sorted(set(untranslated) - allowed)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_template_formats_with_its_values(lang):
    for key, pair in i18n.catalog().items():
        values = {name: "X" for template in pair for name in _fields(template)}
        text = i18n.t(lang, key, **values)
        assert "{" not in text and "}" not in text, (key, text)


def test_language_selection_and_fallback():
    assert i18n.t("en", "spec.memory") == "Memory"
    assert i18n.t("zh", "spec.memory") == "显存"
    assert i18n.t("fr", "spec.memory") == "Memory"


def test_unknown_key_and_missing_value_raise():
    with pytest.raises(KeyError):
        i18n.t("zh", "no.such.key")
    with pytest.raises(KeyError):
        i18n.t("zh", "spec.head_memory")


def test_chinese_gets_spaces_between_han_and_latin_but_english_is_untouched():
    assert i18n.t("zh", "rent.hours_week", hours="10") == "每周 10 小时"
    assert i18n.spaced("相对16 位训练") == "相对 16 位训练"
    assert i18n.t("en", "rent.hours_week", hours="10") == "10 hours a week"


def test_terms_translate_model_words_and_pass_unknown_text_through():
    assert i18n.term("zh", "KV cache") == "KV 缓存"
    assert i18n.term("zh", "16-bit training") == "16 位训练"
    assert i18n.term("zh", "something new") == "something new"
    assert i18n.term("en", "KV cache") == "KV cache"


def test_flowchart_questions_and_answers_are_translated():
    import json

    from assistant.paths import knowledge_dir

    chart = json.loads((knowledge_dir() / "flowchart.json").read_text())
    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            found.update(v for k, v in node.items() if k in ("ask", "answer"))
            for v in node.values():
                walk(v)

    walk(chart)
    missing = {s for s in found if s not in i18n.TERMS and not s.startswith(("RTX", "H100", "80%"))}
    assert not missing, missing
