"""Chinese line breaks in the chat (assistant.tui.cjk_wrap): Rich's word splitter is still the one
patched, every character stays in exactly one word, and a CJK character is a word of its own."""

from __future__ import annotations

import inspect
import random

import rich._wrap
from rich.console import Console
from rich.text import Text

from assistant.tui import cjk_wrap


def test_the_patched_splitter_is_what_rich_and_textual_wrap_with():
    assert rich._wrap.re_word.pattern in (cjk_wrap.ORIGINAL, cjk_wrap.CJK_WORDS.pattern)
    assert "re_word.match" in inspect.getsource(rich._wrap.words)
    assert "words(text)" in inspect.getsource(rich._wrap.divide_line)
    cjk_wrap.install()
    cjk_wrap.install()
    assert rich._wrap.re_word is cjk_wrap.CJK_WORDS


def test_every_character_is_in_exactly_one_word():
    cjk_wrap.install()
    rng = random.Random(18)
    alphabet = "ab1.,%（）。，、你好的 \t\u3000：¥-「」"
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert cjk_wrap.words_cover(text), repr(text)


def test_words_are_cjk_characters_with_their_punctuation_and_whole_latin_runs():
    cjk_wrap.install()
    words = [w.strip() for _, _, w in rich._wrap.words("每块 ¥1,700（5 年内的速度 1.27）。它（没有保修，见下）")]
    assert words == [
        "每",
        "块",
        "¥1,700（5",
        "年",
        "内",
        "的",
        "速",
        "度",
        "1.27）。",
        "它",
        "（没",
        "有",
        "保",
        "修，",
        "见",
        "下）",
    ]


def test_a_chinese_paragraph_fills_its_lines():
    cjk_wrap.install()
    console = Console(width=40, record=True)
    console.print(Text("按「当前」价格，按 5 年总成本算，RTX 3090 的 16 位训练性价比高出 24 %；速度约为 1.58 倍。"))
    lines = console.export_text().splitlines()
    assert all(len(line) >= 17 for line in lines[:-1]), lines  # 40 cells: ~20 CJK characters per line
