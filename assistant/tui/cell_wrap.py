"""Where the text of a table cell may break: between words and around CJK characters, never
inside a number, a date or a word.

Contract: `pieces(text)` splits `text` into unbreakable pieces, each with whether a space came
before it. A run of characters without spaces that are not wide (CJK) characters is one piece
("¥7,500", "2026-08-13", "GB/s"); each wide character is a piece of its own; closing punctuation
("，", "）", "。") stays with the piece before it and opening punctuation ("（", "「") with the
piece after it, so no line starts with a comma or ends with an opening bracket.
`longest_piece(text)` is the width in cells of the widest piece (what a column needs so that
nothing in it is cut). `wrap(text, width)` returns the text as lines of at most `width` cells,
broken only between pieces; a piece wider than `width` is cut only when it is alone on its line.
Chinese cells such as "¥7,500（二手，2026-08-13）" have no spaces: left to Rich, they were folded
anywhere ("…二手，20" / "26-08-13）").
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len

OPENING = set("（［｛【〔〖〘〚「『《〈“‘")
CLOSING = set("）］｝】〕〗〙〛」』》〉”’，。、；：！？…·％")


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _atoms(text: str) -> list[tuple[str, bool]]:
    """Runs of narrow characters and single wide characters, each with 'a space came before'."""
    atoms: list[tuple[str, bool]] = []
    run, spaced = "", False
    for char in text:
        if char.isspace():
            if run:
                atoms.append((run, spaced))
                run = ""
            spaced = True
        elif _is_wide(char):
            if run:
                atoms.append((run, spaced))
                run, spaced = "", False
            atoms.append((char, spaced))
            spaced = False
        else:
            run += char
    if run:
        atoms.append((run, spaced))
    return atoms


def pieces(text: str) -> list[tuple[str, bool]]:
    """The unbreakable pieces of `text`, each with whether a space came before it."""
    merged: list[tuple[str, bool]] = []
    hold = ""  # opening punctuation waiting for the piece after it
    hold_spaced = False
    for atom, spaced in _atoms(text):
        if merged and not spaced and not hold and atom[0] in CLOSING:
            previous, previous_spaced = merged[-1]
            merged[-1] = (previous + atom, previous_spaced)
        elif atom[-1] in OPENING:
            if hold and spaced:
                merged.append((hold, hold_spaced))
                hold = ""
            hold, hold_spaced = (hold + atom, hold_spaced) if hold else (atom, spaced)
        elif hold:
            merged.append((hold + (" " if spaced else "") + atom, hold_spaced))
            hold = ""
        else:
            merged.append((atom, spaced))
    if hold:
        merged.append((hold, hold_spaced))
    return merged


def longest_piece(text: str) -> int:
    return max((cell_len(piece) for piece, _ in pieces(text)), default=0)


def _cut(piece: str, width: int) -> list[str]:
    """A piece wider than the column, cut into lines of `width` cells (the last resort)."""
    lines, line = [], ""
    for char in piece:
        if line and cell_len(line + char) > width:
            lines.append(line)
            line = ""
        line += char
    return [*lines, line] if line else lines


def wrap(text: str, width: int) -> list[str]:
    """`text` as lines of at most `width` cells, broken only between pieces."""
    lines: list[str] = []
    line = ""
    for piece, spaced in pieces(text):
        joined = line + (" " if spaced and line else "") + piece
        if not line or cell_len(joined) <= width:
            line = joined
        else:
            lines.append(line)
            line = piece
        if cell_len(line) > width:
            *full, line = _cut(line, max(width, 1))
            lines.extend(full)
    if line or not lines:
        lines.append(line)
    return lines
