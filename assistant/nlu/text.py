"""Text normalization and tokenization shared by the question parser and the name index.

Contract: `tokenize(text)` lower-cases (NFKC), drops control characters, reads at most
`MAX_CHARS` characters, and splits into `Tok`s: numbers ("1,500" -> "1500", Indian "1,20,000" -> "120000", "0.30",
"-5" when the minus stands apart: "mi-300x" stays mi, 300, x), letter runs, dates ("2023-01"), single CJK characters
and the symbols $ % / ? € £ ¥ × < ~ & ₹ ₩ ฿ ₺ ₪ ₫ ₽ ₴ ₱ ("rs." before a number is "rs ").
Letters and digits are always split ("rtx4090ti" -> rtx, 4090, ti), which is also how
`key()` turns KB names and aliases into lookup keys, so both sides compare alike.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

MAX_CHARS = 1000

_TOKEN = re.compile(
    r"(?P<date>(?:19|20)\d\d-[01]?\d(?:-[0-3]?\d)?(?![\d]))"
    r"|(?P<num>(?:(?<![a-z0-9_.\-])-(?!\d+(?:\.\d+)?b(?![a-z])))?(?:\d{1,2}(?:,\d\d)+,\d{3}(?![\d])|\d{1,3}(?:,\d{3})+(?![\d])|\d+(?:\.\d+)?|\.\d+))"
    r"|(?P<word>[a-z]+)"
    r"|(?P<cjk>[\u3400-\u9fff\uf900-\ufaff])"
    r"|(?P<sym>[$%/?€£¥×<~&₹₩฿₺₪₫₽₴₱])"
)
# a Mac's screen size ("macbook pro 14寸", "16-inch mbp"): the laptop's size, never a number of its chip or a GPU
_SCREEN = re.compile(
    r"(?:(?<=book)|(?<=pro)|(?<=air)|(?<=mbp)|(?<=mba)|(?<=mac))"
    r"(\s*(?:1[3-7]|2[147])(?:\.\d)?\s*-?\s*(?:寸|英寸|inch(?:es)?\b|in\b|\"|'')|\s+1[3-6](?=\s+m\d))"
    r"|\b((?:1[3-7]|2[147])(?:\.\d)?\s*-?\s*(?:寸|英寸|inch(?:es)?\b|\")\s*)(?=macbook|mbp|mba|imac)"
)
_MAC = re.compile(r"macbook|\bmbp\b|\bmba\b|\bimac\b")
# a letter o typed for a zero inside a four-digit model number ("rtx4o90", "3o90ti", "3o6o"): the digit, same length
O_FOR_ZERO = re.compile(r"(?<![\d.o])\d(?=[\do]{3}(?![\d]))[\do]{3}")
_RS_DOT = re.compile(r"(?<![a-z])rs\.(?=\s*\d)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\ufeff]")


class Tok(NamedTuple):
    text: str
    kind: str  # date | num | word | cjk | sym
    start: int
    end: int
    glued: bool  # no space between this token and the previous one


def clean(text: object) -> tuple[str, bool]:
    """Normalized text and whether it was cut to MAX_CHARS."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    cut = len(text) > MAX_CHARS
    text = text[:MAX_CHARS]
    try:
        text = unicodedata.normalize("NFKC", text)
    except (ValueError, TypeError):  # lone surrogates and the like
        text = text.encode("utf-8", "replace").decode("utf-8", "replace")
    text = _CONTROL.sub(" ", text).lower()
    text = text.replace("’", "'").replace("×", "×").replace("萬", "万")  # "NT$2萬": the traditional 万
    if "rs." in text:
        text = _RS_DOT.sub("rs ", text)  # "rs.50000": rupees, not 0.5 (same length: positions stay)
    if "o" in text:
        text = O_FOR_ZERO.sub(zeros, text)
    if "mac" in text or "mb" in text:
        text = _SCREEN.sub(lambda m: " " * len(m.group(0)), text) if _MAC.search(text) else text  # positions stay
    return text, cut


def zeros(m: re.Match) -> str:
    """A four-character run of digits and o's with at least two digits: the o's are zeros ("4o90" -> 4090)."""
    run = m.group(0)
    return run.replace("o", "0") if "o" in run and sum(c.isdigit() for c in run) >= 2 else run


def tokenize(text: str) -> list[Tok]:
    out: list[Tok] = []
    prev_end = -1
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "word"
        value = m.group()
        if kind == "num":
            value = value.replace(",", "")
            if value.startswith("."):
                value = "0" + value
            elif value.startswith("-."):
                value = "-0" + value[1:]
        glued = m.start() == prev_end
        if (
            kind == "word"
            and glued
            and len(value) in (2, 3)
            and value[0] == "x"
            and out
            and out[-1].kind == "num"
            and text[m.end() : m.end() + 1].isdigit()
        ):
            # "8xh100", "2xa100": a count, then the name
            out.append(Tok("x", "word", m.start(), m.start() + 1, True))
            out.append(Tok(value[1:], "word", m.start() + 1, m.end(), True))
            prev_end = m.end()
            continue
        out.append(Tok(value, kind, m.start(), m.end(), glued))
        prev_end = m.end()
    return out


def words(text: str) -> list[str]:
    """Token texts of `text` (already lower-case or not): how lexicon phrases and names are keyed."""
    return list(_words(text))


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    # lexicon phrases are keyed again on every question: remember the few thousand there are
    return tuple(t.text for t in tokenize(clean(text)[0]))


def key(text: str) -> str:
    return " ".join(words(text))


def slash_words(toks: list[Tok]) -> list[Tok]:
    """ "w/" and "w/o" typed for "with" and "without" ("cheaper w/ a100s?", "2x 3090 w/o nvlink"): one word token
    over them; "300w / 350w" (a number before the w, or space around the slash) stays as it is. "run me" ending a
    question ("how much would that run me?") is "cost" ("will a 4090 run me llama 70b" keeps its run); "x" before a
    number of epochs ("100k samples x 2 epochs") is "for"."""
    out: list[Tok] = []
    k = 0
    while k < len(toks):
        t = toks[k]
        slash = k + 1 < len(toks) and toks[k + 1].text == "/" and toks[k + 1].glued
        if t.text.lower() == "w" and slash and not (t.glued and out and out[-1].kind == "num"):
            nxt = toks[k + 2] if k + 2 < len(toks) else None
            without = nxt is not None and nxt.text.lower() == "o" and nxt.glued
            last = nxt if without and nxt is not None else toks[k + 1]
            out.append(t._replace(text="without" if without else "with", end=last.end))
            k += 3 if without else 2
            continue
        after = toks[k + 2] if k + 2 < len(toks) else None
        if t.text.lower() == "x" and after is not None and toks[k + 1].kind == "num" and _EPOCHS.match(after.text):
            out.append(t._replace(text="for"))  # "100k samples x 2 epochs": for 2 epochs, no count of cards
            k += 1
            continue
        ends = after is None or after.kind == "sym"
        if t.text.lower() == "run" and k + 1 < len(toks) and toks[k + 1].text.lower() in _RUN_WHOM and ends:
            out.append(t._replace(text="cost", end=toks[k + 1].end))  # "what would that run me?": its cost
            k += 2
            continue
        out.append(t)
        k += 1
    return out


_EPOCHS = re.compile(r"epochs?$|passes$|轮", re.I)
_RUN_WHOM = frozenset({"me", "you", "us", "ya"})
