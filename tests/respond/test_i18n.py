"""The message catalogs (assistant/locale/*.toml): every language has the same keys and the
placeholders the code passes, every template formats, Chinese is Chinese, and no module branches on the
language."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from assistant import i18n

ASSISTANT = Path(i18n.__file__).parent


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_catalogs_are_found_and_english_is_one_of_them():
    assert "en" in i18n.LANGS and "zh" in i18n.LANGS
    assert len(i18n.catalog("en")) > 300


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGS if lang != i18n.DEFAULT])
def test_every_language_has_the_english_keys_kinds_and_placeholders(lang):
    en, other = i18n.catalog("en"), i18n.catalog(lang)
    assert sorted(en.keys() - other.keys()) == [], f"{lang} lacks these keys"
    assert sorted(other.keys() - en.keys()) == [], f"{lang} has keys English lacks"
    for key, value in en.items():
        assert type(other[key]) is type(value), key
        if isinstance(value, str) and not key.startswith("locale."):
            # a translation may leave a value out ("Running it costs" -> "电费"), never ask for another
            assert _fields(other[key]) <= _fields(value), f"{key}: placeholders the code does not pass"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_message_is_written_and_formats_with_its_values(lang):
    for key, template in i18n.catalog(lang).items():
        if key.startswith("locale.") or not isinstance(template, str):
            continue
        assert template.strip() or key in ("spec.memory_word", "nlu.join_words"), f"{lang} {key} is empty"
        text = i18n.t(lang, key, **{name: "X" for name in _fields(template)})
        assert "{" not in text and "}" not in text, (key, text)


def test_chinese_templates_are_chinese_where_english_has_words():
    en, zh = i18n.catalog("en"), i18n.catalog("zh")
    untranslated = [
        k
        for k, v in en.items()
        if isinstance(v, str)
        and not k.startswith(("locale.", "term."))
        and any(c.isalpha() and c.isascii() for c in re.sub(r"\{\w*\}", " ", v))
        and en[k] == zh[k]
        and not any("\u4e00" <= ch <= "\u9fff" for ch in zh[k])
    ]
    # names and symbols that Chinese writes the same way: GPU, ZeRO, TMA, "{n} x ", "{gpu} ({reason})"
    allowed = {
        "rec.col_gpu",
        "fit.title_one",
        "fit.where_many",
        "rent.count_many",
        "set.kwh",
        "rec.excluded_item",
        "spec.feature_tma",
        "nlu.tag.MEMORY",
        "calc.gb",  # units in a worked bill: "200 GB", "650 W"
        "calc.watts",
        "calc.draw_each",  # "3 x 800 W": cards or machines times their draw
    }
    assert set(untranslated) <= allowed, sorted(set(untranslated) - allowed)


def test_language_selection_and_fallback():
    assert i18n.t("en", "spec.memory") == "Memory"
    assert i18n.t("zh", "spec.memory") == "显存"
    assert i18n.t("fr", "spec.memory") == "Memory"


def test_unknown_key_and_missing_value_raise():
    with pytest.raises(KeyError):
        i18n.t("zh", "no.such.key")
    with pytest.raises(KeyError):
        i18n.t("zh", "spec.head_memory")
    with pytest.raises(KeyError):
        i18n.t("zh", "nlu.examples")  # a word list, not a message


def test_chinese_gets_spaces_between_han_and_latin_but_english_is_untouched():
    assert i18n.t("zh", "rent.hours_week", hours="10") == "每周 10 小时"
    assert i18n.spaced("相对16 位训练") == "相对 16 位训练"
    assert i18n.t("en", "rent.hours_week", hours="10") == "10 hours a week"


def test_the_locale_table_says_how_each_language_joins_text():
    assert i18n.join_names("en", ["A", "B", "C"]) == "A, B and C"
    assert i18n.join_names("zh", ["A", "B", "C"]) == "A、B、C"
    assert i18n.either("en", ["A", "B"]) == "A or B"
    assert i18n.either("zh", ["A", "B"]) == "A 还是 B"
    assert i18n.quote("zh", "帮助") == "“帮助”"
    assert i18n.cap("en", "yes") == "Yes" and i18n.cap("zh", "yes") == "yes"
    assert i18n.currency("zh") == "CNY" and i18n.currency("en") == "USD"


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
    missing = {s for s in found if not i18n.has("zh", f"term.{s}") and not s.startswith(("RTX", "H100", "80%"))}
    assert not missing, missing


# `lang == "zh"`, `"en" != lang`, `if env.lang in ("zh", ...)`, and language tables in code (EXAMPLES_ZH)
_BRANCH = re.compile(
    r"""lang\w*\s*(==|!=)\s*["']|["'][a-z]{2}["']\s*(==|!=)\s*[\w.]*lang\b|lang\w*\s+(not\s+)?in\s+[(\[{]\s*["']"""
    r"""|\b[A-Z][A-Z_]*_(ZH|EN)\b"""
)
# Word lists of replies to a clarification and a Chinese-only cost heuristic still test the
# language; they move to grammar/lexicon.zh.toml [lists] (reading words are lexicon data).
_READERS_IN_TRANSITION = {"nlu/picking.py", "nlu/intents/cost.py"}


def test_no_module_branches_on_the_language():
    offenders = []
    for path in sorted(ASSISTANT.rglob("*.py")):
        rel = path.relative_to(ASSISTANT).as_posix()
        if rel == "i18n.py" or rel in _READERS_IN_TRANSITION:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _BRANCH.search(line.split("#")[0]):
                offenders.append(f"{rel}:{n}: {line.strip()}")
    assert offenders == []


def test_the_branch_detector_catches_the_usual_shapes():
    for line in ('if lang == "zh":', "x = a if env.lang != 'en' else b", 'if "zh" == self.lang:', "EXAMPLES_ZH = ("):
        assert _BRANCH.search(line), line
    assert not _BRANCH.search("lang = i18n.DEFAULT")


def test_the_catalogs_are_package_data():
    pyproject = (ASSISTANT.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"locale/*.toml"' in pyproject
