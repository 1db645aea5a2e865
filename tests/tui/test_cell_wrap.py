"""Where a table cell breaks (assistant.tui.cell_wrap): between words and CJK characters, never
inside a number or a date; punctuation stays with the character it belongs to."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from assistant.tui.cell_wrap import longest_piece, pieces, wrap


@pytest.mark.parametrize(
    "text,width,lines",
    [
        ("¥7,500（二手，2026-08-13）", 16, ["¥7,500（二手，", "2026-08-13）"]),
        ("$1,530 (new, 2026-07)", 16, ["$1,530 (new,", "2026-07)"]),
        ("512（第 4 代）", 14, ["512（第 4 代）"]),
        ("速度（3090 = 1）", 6, ["速度", "（3090", "= 1）"]),
        ("GeForce RTX 4070 Ti SUPER", 12, ["GeForce RTX", "4070 Ti", "SUPER"]),
        ("", 5, [""]),
    ],
    ids=["zh-price-with-date", "en-price-with-date", "fits", "zh-header", "en-label", "empty"],
)
def test_wrap_breaks_between_pieces(text, width, lines):
    assert wrap(text, width) == lines


def test_a_piece_wider_than_the_column_is_cut_only_alone_on_its_line():
    assert wrap("see " + "x" * 25, 10) == ["see", "x" * 10, "x" * 10, "x" * 5]


def test_every_line_fits_and_nothing_is_lost():
    for text in ["¥20,180（新/二手均价，2026-08-13）", "单人聊天，Llama 3 8B q4_k_m（token/秒）", "每 1 万元（5 年）"]:
        for width in range(4, 30):
            got = wrap(text, width)
            assert all(cell_len(line) <= width for line in got), (text, width, got)
            assert "".join(got).replace(" ", "") == text.replace(" ", "")


def test_pieces_keep_numbers_and_dates_whole():
    assert [p for p, _ in pieces("¥7,500（二手，2026-08-13）")] == ["¥7,500", "（二", "手，", "2026-08-13）"]
    assert longest_piece("¥7,500（二手，2026-08-13）") == 12
