"""A short ask that names another version of the model the message asked about: "GLM-4.5本地部署最低要什么配置，
Air版呢" asks the same of GLM-4.5 Air; "..., and the air version?" likewise.

Contract: `variant_word(ask)` is the version word of such an ask ("Air"), "" for any other.
`variant_question(ask, first, index)` returns `first` (the message's first ask) with its model mention replaced
by that model's name and the variant word the short `ask` names ("Air版呢", "what about the air version", "and the
distill?"), when the name so made reads as another model of the list (nlu.understand: a model key other than the
first's, whose name holds the variant word; a size, "8b", is the model of the same line at that size:
model_sibling.sibling); "" otherwise (a long ask, no model in `first`, no such model). Pure.
"""

from __future__ import annotations

import re

_ZH = re.compile(r"^(?:那|那么)?\s*(?P<v>[A-Za-z0-9][A-Za-z0-9.\-]{0,12})\s*(?:版本|版|的)?\s*呢\s*[?？]?$")
_SIZE = re.compile(r"^(\d+(?:\.\d+)?)b$", re.IGNORECASE)
_EN = re.compile(
    r"^(?:(?:and|what about|how about|and what about)\s+)?(?:the\s+)?(?P<v>[a-z0-9][a-z0-9.\-]{1,12})"
    r"(?:\s+(?:version|variant|one|model))?\s*\??$",
    re.IGNORECASE,
)


def _models(text: str, index) -> list:
    from assistant import i18n
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.tagger import tag
    from assistant.nlu.text import clean, tokenize

    cleaned, _ = clean(text)
    lex = lexicon(i18n.language_of(cleaned))
    tags, _ = tag(lex.respell(tokenize(cleaned), index.name_words), cleaned, index, lex)
    return [t for t in tags if t.kind == "MODEL" and bool(getattr(t.value, "key", None))]


def variant_word(ask: str) -> str:
    """The version word a short ask names ("Air版呢" -> "Air"), "" when it is not such an ask."""
    m = _ZH.match(ask.strip()) or _EN.match(ask.strip())
    return m.group("v") if m else ""


def variant_question(ask: str, first: str, index) -> str:
    """The first ask put of the model's version the short ask names (see the module contract)."""
    word = variant_word(ask)
    if not word:
        return ""
    found = _models(first, index)
    if len(found) != 1:
        return ""
    key = found[0].value.key
    info = index.model_info.get(key)
    if info is None:
        return ""
    size = _SIZE.match(word)
    if size:  # "那8b呢": the model of the line at that size (model_sibling, as a thread reads "the 8b one")
        from assistant.model_sibling import sibling

        found_key = sibling(index, key, float(size.group(1)))
        other_info = index.model_info.get(found_key) if found_key else None
        if other_info is None:
            return ""
    else:
        other = _models(f"{info[2]} {word}", index)
        if len(other) != 1 or other[0].value.key == key:
            return ""
        other_info = index.model_info.get(other[0].value.key)
        if other_info is None or word.lower() not in other_info[2].lower():
            return ""
    typed = re.compile(re.escape(found[0].text).replace(r"\ ", r"[\s\-]*"), re.IGNORECASE)
    if not typed.search(first):
        return ""
    return typed.sub(other_info[2], first, count=1)
