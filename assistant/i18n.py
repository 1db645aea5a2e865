"""Answers in the language of the question: every user-visible string lives in a catalog,
assistant/locale/<lang>.toml, one file per language (en.toml, zh.toml; adding a language is
adding a file with the same keys).

Contract: `t(lang, key, **values)` formats the template `key` (a dotted path: "spec.memory" is
`memory` in the `[spec]` table) of `lang`'s catalog with `str.format`; values a template does
not use are ignored, a missing value or an unknown key raises KeyError. A language without a
catalog gets English. `words(lang, key)` gives a list entry (examples, sets of words).
`term(lang, text)` translates a technical term that comes from the models (a memory component,
what dominates, a flowchart question or answer, a workload title), keyed by its English text in
the `[term]` table; text the catalog does not know is returned unchanged.

The `[locale]` table of each catalog says how the language is written: the joining punctuation
(`sep`, `comma`, `listing`, `end`, `gap`, `colon`), quotes, whether sentences are capitalised,
whether Han and Latin text get a space between them, and the currency a question in that
language means when it names none (`currency`). Code asks these functions instead of testing
which language it has (tests/respond/test_i18n.py proves no module branches on the language).

Each catalog is read once per process, on first use: from the start-up cache when the catalog
files have not changed since it was stored, else with tomllib. GPU names, numbers and units
are never translated.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from assistant import startup_cache

LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT = "en"
LANGS = tuple(sorted(p.stem for p in LOCALE_DIR.glob("*.toml")))


_HAN = re.compile("[\u3400-\u9fff\uf900-\ufaff]")


def language_of(text: str) -> str:
    """ "zh" when the text has Chinese characters (mixed Chinese-English included), else "en": the one
    rule for which language a question is answered in."""
    return "zh" if _HAN.search(text) else "en"


# the most words a reply may have and still be too short to say which language the conversation goes on in
SHORT_REPLY_WORDS = 2


def short(text: str) -> bool:
    """A reply of a word or two with no Chinese and no number ("why", "tok/s?", "cheaper?"): it says nothing of the
    language the answer should be in, so the conversation's stays ("h100 price" names a card: a question of its own)."""
    if _HAN.search(text) or re.search(r"\d", text):
        return False
    return 0 < len(re.findall(r"[a-z]+", text.lower())) <= SHORT_REPLY_WORDS


def _flatten(table: dict, prefix: str = "") -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


@cache
def catalog(lang: str = DEFAULT) -> dict[str, object]:
    """Flat key -> template (str) or word list of one language; unknown languages get English."""
    if lang not in LANGS:
        lang = DEFAULT
    return startup_cache.load_or_build(f"catalog-{lang}", startup_cache.code_version(), lambda: _read(lang))


def _read(lang: str) -> dict[str, object]:
    import tomllib  # only when the cache is stale

    with open(LOCALE_DIR / f"{lang}.toml", "rb") as f:
        return _flatten(tomllib.load(f))


def _style(lang: str, name: str):
    return catalog(lang)[f"locale.{name}"]


_CJK_THEN_LATIN = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff])([A-Za-z0-9$¥])")
_LATIN_THEN_CJK = re.compile(r"([A-Za-z0-9%])([\u3400-\u4dbf\u4e00-\u9fff])")


def spaced(text: str) -> str:
    """Chinese typesetting: a space between Chinese characters and Latin letters or digits."""
    return _LATIN_THEN_CJK.sub(r"\1 \2", _CJK_THEN_LATIN.sub(r"\1 \2", text))


def typeset(lang: str, text: str) -> str:
    """`text` spaced as the language wants it (a space between Han and Latin script, or as is)."""
    return spaced(text) if _style(lang, "space_between_scripts") else text


def t(lang: str, key: str, **values) -> str:
    template = catalog(lang)[key]
    if not isinstance(template, str):
        raise KeyError(f"{key} is a word list, not a message")
    return typeset(lang, template.format(**values))


def words(lang: str, key: str) -> list:
    """A list entry of the catalog (example questions, the topics of the help table)."""
    value = catalog(lang)[key]
    if not isinstance(value, list):
        raise KeyError(f"{key} is a message, not a word list")
    return value


def has(lang: str, key: str) -> bool:
    return key in catalog(lang)


_AN_LETTERS = "AEFHILMNORSX"  # letters whose English names start with a vowel sound: "an RTX", "an H100"


def article(name: str) -> str:
    """English indefinite article for a product name: "an RTX 4090", "an A100", "a GeForce"."""
    if not name:
        return "a"
    number = re.match(r"\d+", name)
    if number:  # "an 8 GB GPU", "an 11 GB GPU", "an 80 GB card", "a 24 GB GPU": said as the number sounds
        digits = number.group(0)
        return "an" if digits[0] == "8" or digits in ("11", "18") else "a"
    spelled = len(name) > 1 and (name[1].isupper() or name[1].isdigit())
    if spelled:
        return "an" if name[0] in _AN_LETTERS else "a"
    return "an" if name[0].lower() in "aeio" else "a"


def term(lang: str, text: str | None) -> str:
    if text is None:
        return ""
    found = catalog(lang).get(f"term.{text}")
    return found if isinstance(found, str) else text


def sep(lang: str) -> str:
    """Between clauses of one sentence."""
    return _style(lang, "sep")


def comma(lang: str) -> str:
    return _style(lang, "comma")


def listing(lang: str) -> str:
    """Between items of an enumeration."""
    return _style(lang, "listing")


def end(lang: str) -> str:
    return _style(lang, "end")


def gap(lang: str) -> str:
    """Between two sentences: a space in English, nothing in Chinese."""
    return _style(lang, "gap")


def colon(lang: str) -> str:
    """After a label: "Why: ..." / "原因：..."."""
    return _style(lang, "colon")


def quote(lang: str, text: str) -> str:
    return f"{_style(lang, 'quote_open')}{text}{_style(lang, 'quote_close')}"


def cap(lang: str, text: str) -> str:
    """Sentences start with a capital in languages that have them; a first word that is a model's own lower-case name
    with a digit in it ("gpt-oss-20b", "bge-m3") keeps its spelling."""
    if not text or not _style(lang, "capitalize"):
        return text
    first = text.split(" ", 1)[0]
    if first[:1].islower() and any(c.isdigit() for c in first) and "-" in first:
        return text
    return text[:1].upper() + text[1:]


def uncap(lang: str, text: str) -> str:
    """A sentence that goes on after a colon: its first word in lower case ("The RTX 4090 ..." -> "the RTX 4090 ..."),
    in languages that capitalize sentences; a word in capitals ("RTX") stays."""
    if not text or not _style(lang, "capitalize") or not text[1:2].islower():
        return text
    return text[:1].lower() + text[1:]


def join_names(lang: str, names: list[str]) -> str:
    """ "A and B", "A, B and C" / "A、B、C"."""
    if len(names) <= 1:
        return "".join(names)
    return listing(lang).join(names[:-1]) + _style(lang, "and") + names[-1]


def either(lang: str, items: list[str]) -> str:
    """ "A, B or C" / "A、B 还是 C"."""
    if len(items) <= 1:
        return "".join(items)
    return listing(lang).join(items[:-1]) + _style(lang, "or") + items[-1]


def currency(lang: str) -> str:
    """The currency an amount in a question in this language means when it names none."""
    return _style(lang, "currency")


def dollar_marked(lang: str, typed: str) -> bool:
    """The amount as typed carries a dollar mark of this language ("$1600", "1600 bucks", "180刀")."""
    low = typed.lower()
    return any(mark in low for mark in _style(lang, "dollar_marks"))
