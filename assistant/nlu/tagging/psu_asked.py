"""A wattage asked about as a power supply by the shape of the question, read after tagging: "850w enough for a
5090?", "is 1000w ok for dual 3090", "do i need 1600w for 4x 4090", "will a 750 watt unit run a 4080 super",
"5090用850w够用吗", "双卡3090上1200w行不行". No PSU word is said, yet the amount is the supply: an adequacy word right
after it ("enough", "ok", "够用", "行不行") or a need / supply word right before or after it ("need", "unit", "需要").
Without this, the amount beside a card was read as that card's own draw (a 5090 "at 850 W", above its stock 575 W).

Contract: `asked_supplies(tags, text, lex)` returns the tags with each WATTS tag of a supply's size (_PSU_W) that
such a word joins and that no card-draw, power-limit, wall or idle word in its clause claims given
meanings["PSU"] = the joining word (the mark a PSU model's name gives, nlu/tagging/hardware.py), and
meanings["PSU_NEED"] = True when a need word comes before it ("do i need 1600w": is that much needed); an amount
joined by "+" to a part's code in a parts list ("z790+1000w", "12400f+650w") is a supply too; an amount
joined to such a supply by "or" ("1000w还是1200w") is marked the same.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

_PSU_W = (300.0, 3000.0)  # [A] the sizes power supplies are sold in; a smaller amount is a card's draw or limit
_AFTER = 14  # characters after the amount its adequacy word may start within
_BEFORE = 24  # characters before the amount its clause is read in
_CLAUSE = re.compile(r"[，。；！？;!?]|[,.](?:\s|$)")
_JOIN = re.compile(r"^[\s~≈]*(?:(?:be|is|gonna be|going to be|still|really|psu|电源|的)\s*)*")
_WORD_END = re.compile(r"[a-z0-9]")
# a part's code joined by "+" right before the amount ("z790+", "12400f+", "3090+"; not "300w+", a sum of draws)
_PART_PLUS = re.compile(r"[a-z]*\d[a-z\d-]*(?<!\d[w瓦])\s*[+＋]\s*$")
_CARD_WORDS = frozenset({"card", "cards", "gpu", "gpus", "卡", "显卡", "each", "a card", "per card", "每张"})


def _clause_before(text: str, start: int) -> str:
    window = text[max(0, start - _BEFORE) : start]
    cuts = [m.end() for m in _CLAUSE.finditer(window)]
    return window[cuts[-1] :] if cuts else window


def _starts_with(text: str, words: frozenset[str]) -> str | None:
    """The longest word of `words` `text` starts with (an ASCII word whole, not "okay" in "okayish" parts)."""
    for w in sorted(words, key=len, reverse=True):
        if text.startswith(w) and not (w.isascii() and _WORD_END.match(text[len(w) : len(w) + 1])):
            return w
    return None


def _ends_with(text: str, words: frozenset[str]) -> str | None:
    s = text.rstrip(" ~≈")
    for w in sorted(words, key=len, reverse=True):
        if s.endswith(w) and not (w.isascii() and _WORD_END.match(s[-len(w) - 1 : -len(w)] or " ")):
            return w
    return None


def _claimed(before: str, lex: Lexicon) -> bool:
    """A word of its clause says the amount is a card's draw or limit, a wall or idle reading ("draws 850w",
    "limited to 300w", "at the wall"), or it follows a card right away ("4090 at 450w": [lists] card_at_words)."""
    for name in ("card_draw_words", "power_limit_words", "wall_words", "idle_words"):
        for w in lex.listed(name):
            if w.isascii() and re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", before):
                return True
            if not w.isascii() and w in before:
                return True
    return _ends_with(before, lex.listed("card_at_words")) is not None


def _joining_word(tags: list[Tag], k: int, text: str, lex: Lexicon) -> str | None:
    tag = tags[k]
    after = text[tag.end : tag.end + _AFTER]
    joined = _JOIN.match(after)
    after = after[joined.end() :] if joined else after
    word = _starts_with(after, lex.listed("psu_asked_after"))
    if word is None:
        before = _clause_before(text, tag.start)
        word = _ends_with(before, lex.listed("psu_asked_before") | lex.listed("psu_need_before"))
    rest = text[tag.end :].lstrip(" 的")
    if word is None or _starts_with(rest, lex.listed("gap_more_after") | lex.listed("cheaper_words") | _CARD_WORDS):
        return None  # "need 100w more": a difference; "is a 450w card enough": a card's draw

    return word


def asked_supplies(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    low = text.lower()
    out = list(tags)
    for k, tag in enumerate(out):
        if tag.kind != "WATTS" or tag.meanings.get("PSU") or tag.meanings.get("FROM"):
            continue
        try:
            watts = tag.number()
        except ValueError:
            continue
        if not _PSU_W[0] <= watts <= _PSU_W[1] or _claimed(_clause_before(low, tag.start), lex):
            continue
        word = _joining_word(out, k, low, lex)
        if word is None and _PART_PLUS.search(_clause_before(low, tag.start)):
            word = "+"  # a parts list: "我的机器是z790+1000w，能插两张4090吗", "12400f+650w"
        if word is not None:
            need = _ends_with(_clause_before(low, tag.start), lex.listed("psu_need_before")) is not None
            marks = {"PSU": word, "PSU_NEED": True} if need else {"PSU": word}
            out[k] = Tag(tag.kind, tag.value, tag.text, tag.start, tag.end, {**tag.meanings, **marks})
    return _alternatives(out, low)


_OR = re.compile(r"^\s*(?:or|or a|or an|/|还是|或者|或是|或)\s*$")


def _alternatives(tags: list[Tag], low: str) -> list[Tag]:
    """ "电源要1000w还是1200w", "1000w or 1200w psu": an amount joined by "or" to a supply's is another supply."""
    out = list(tags)
    watts = [k for k, t in enumerate(out) if t.kind == "WATTS"]
    for a, b in zip(watts, watts[1:], strict=False):
        first, second = out[a], out[b]
        if not _OR.match(low[first.end : second.start]) or bool(first.meanings.get("PSU")) == bool(
            second.meanings.get("PSU")
        ):
            continue
        # "要1000w还是1200w" asks which of the two, not whether the first is needed: neither keeps PSU_NEED
        marks = {"PSU": first.meanings.get("PSU") or second.meanings.get("PSU")}
        for k, t in ((a, first), (b, second)):
            kept = {key: v for key, v in t.meanings.items() if key != "PSU_NEED"}
            out[k] = Tag(t.kind, t.value, t.text, t.start, t.end, {**kept, **marks})
    return out
