"""Text that is safe to show on a terminal or in JSON, whatever the database or a file holds.

Contract: `for_terminal(text)` returns `text` with every control character (C0 except newline
and tab, DEL, C1), every bidirectional-formatting character and the Unicode line/paragraph
separators replaced by a visible escape (`\\x1b`, `\\u202e`), so stored text can neither run
terminal escape sequences nor reorder what is shown. `for_json_line(json_text)` escapes the same
characters (newline and tab included) as JSON `\\uXXXX` escapes, keeping the JSON equal in value.
`cleaned(value)` applies `for_terminal` to every string inside a dataclass, list, tuple or dict
(an `Answer` before a widget shows it), returning a copy.
"""

from __future__ import annotations

import dataclasses
import re

_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_SEPARATORS = "\u2028\u2029"
_UNSAFE = [chr(c) for c in range(0x20) if chr(c) not in "\n\t"] + ["\x7f"] + [chr(c) for c in range(0x80, 0xA0)]


def _visible(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_TERMINAL = {ord(ch): _visible(ch) for ch in [*_UNSAFE, *_BIDI, *_SEPARATORS]}
_JSON = {ord(ch): f"\\u{ord(ch):04x}" for ch in [*_UNSAFE, *_BIDI, *_SEPARATORS]}
# one scan in C finds whether anything needs escaping (almost never): str.translate looks up every character
_ANY_UNSAFE = re.compile("[" + re.escape("".join([*_UNSAFE, *_BIDI, *_SEPARATORS])) + "]")


def for_terminal(text: object) -> str:
    text = str(text)
    return text.translate(_TERMINAL) if _ANY_UNSAFE.search(text) else text


def for_json_line(json_text: str) -> str:
    """`json_text` is the output of json.dumps: raw control characters can only be inside strings."""
    return json_text.translate(_JSON) if _ANY_UNSAFE.search(json_text) else json_text


def cleaned(value):
    """`value` with `for_terminal` applied to every string inside; the same object when nothing changed."""
    if isinstance(value, str):
        shown = for_terminal(value)
        return value if shown == value else shown
    if isinstance(value, (list, tuple)):
        items = [cleaned(v) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else type(value)(items)
    if isinstance(value, dict):
        pairs = [(cleaned(k), cleaned(v)) for k, v in value.items()]
        same = all(a is k and b is v for (a, b), (k, v) in zip(pairs, value.items(), strict=True))
        return value if same else dict(pairs)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value) if f.init]
        changes = {name: cleaned(getattr(value, name)) for name in fields}
        changes = {name: new for name, new in changes.items() if new is not getattr(value, name)}
        return dataclasses.replace(value, **changes) if changes else value
    return value
