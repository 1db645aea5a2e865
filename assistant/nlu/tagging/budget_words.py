"""A word that can open a budget ("只有", lexicon list budget_weak) followed by a count of things, not an amount:
"主板只有一个pcie x16", "只有一张卡", "我只有两条内存". Without this, "只有一个" was a budget of ¥1 and the question a
ranking of cards.

Contract: `counted_not_budget(tags, text, lex)` returns the tags without each BUDGET tag whose word is in list
budget_weak and that is followed right away by a numeral and a measure word for things (个, 条, 根, 张, 台, 槽, 块卡:
not 块 alone, which is yuan).
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

_COUNTED = re.compile(r"^\s*(?:[一二两三四五六七八九十几]|\d+)\s*(?:个|条|根|张|台|槽|块卡|块显卡|路)")


def counted_not_budget(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    weak = lex.listed("budget_weak")
    if not weak:
        return tags
    low = text.lower()
    return [t for t in tags if not (t.kind == "BUDGET" and t.text in weak and _COUNTED.match(low[t.end :]))]
