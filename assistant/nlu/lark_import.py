"""Import Lark without the third-party `regex` module.

Contract: this module re-exports the Lark names that building the grammar table (`nlu/lalr.py`, once per
grammar and code version) and the tests use, imported exactly as
`from lark import ...` would, except that Lark does not load `regex`. Lark imports `regex` whenever it is
installed, only to measure grammar patterns that use Unicode categories; our grammar has none,
and loading `regex` costs more than the rest of the one-shot answer. When `regex` is already
imported (the dialogue runner uses it), nothing is hidden. Other code can still import `regex`
afterwards.
"""

from __future__ import annotations

import sys

_hide = "regex" not in sys.modules
if _hide:
    sys.modules["regex"] = None  # type: ignore[assignment]  # makes `import regex` fail inside Lark
try:
    from lark import Lark, Token, Transformer
    from lark.exceptions import UnexpectedInput
    from lark.lexer import Lexer
finally:
    if _hide:
        del sys.modules["regex"]

__all__ = ["Lark", "Lexer", "Token", "Transformer", "UnexpectedInput"]
