"""Line breaks in Chinese text in the chat: between any two CJK characters, as Chinese text breaks,
never before closing punctuation or after opening punctuation, never inside a number.

Contract: `install()` makes the word splitter of Rich (`rich._wrap.re_word`, which Textual's text
wrapping uses through `rich._wrap.divide_line`) take each CJK character as a word of its own, with
the closing punctuation after it ("，", "）", "。") and the opening punctuation before it ("（");
any other run of non-space characters ("1.27）", "GB/s", "q4_k_m") stays one word, as before.
Every character is still in exactly one word (`words_cover(text)` checks it). Idempotent; done by
the chat app only (the one-shot path loads no UI library). Without it a Chinese sentence is a single
word up to the next space: when it does not fit the rest of a line it moves whole to the next one,
leaving a short line ("每 1" / "万元的相对速度" / "1.27）。它是……"). The pattern replaced is
checked (`tests/tui/test_cjk_wrap.py`), so an upgrade of Rich that changes it fails loudly.
"""

from __future__ import annotations

import re

import rich._wrap

ORIGINAL = r"\s*\S+\s*"
WIDE = "\u2e80-\u2fff\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
OPENING = "（［｛【〔〖「『《〈“‘"
CLOSING = "）］｝】〕〗」』》〉”’，。、；：！？…％"
CJK_WORDS = re.compile(rf"\s*(?:[{OPENING}]*[{WIDE}][{CLOSING}]*|(?:(?![{OPENING}]+[{WIDE}])[^\s{WIDE}])+)\s*")


def install() -> None:
    if rich._wrap.re_word.pattern == ORIGINAL:
        rich._wrap.re_word = CJK_WORDS


def words_cover(text: str) -> bool:
    """Whether the words of `text` (as `rich._wrap.words` splits it) hold every character once, in
    order, up to trailing white space (which the original splitter leaves out too)."""
    joined = "".join(word for _, _, word in rich._wrap.words(text))
    return joined == text[: len(joined)] and not text[len(joined) :].strip()
