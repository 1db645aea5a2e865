"""Ranked lists of N GPUs: "top 5 gpus for llm inference", "best 3 cards under $1000 for training",
"give me the top 10 gpus for training", "跑大模型显卡天梯前五", "推荐3款1万以内的炼丹卡".

`read` claims a question that names no GPU and asks for N of them: a "top N" tag, a number between
a list word and a GPU noun ("best 3 budget gpus", "the 3 cheapest gpus"), or in Chinese 前N / N款.
It is the recommendation the question states (recommend.read), with `top_n` set and the number no
longer a GPU count; a list that asks for speed ("top 5 fastest gpus", "ai性能前五") is ranked by speed
(`sort="speed"`), any other by value.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents import recommend
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query

_ZH_DIGITS = "0-9一二两三四五六七八九十"
_ZH_TOP = re.compile(rf"(?:前|top\s*)([{_ZH_DIGITS}]+)(?:名|款|张|个|种)?|([{_ZH_DIGITS}]+)\s*(?:款|种)")
_ZH_VALUE = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _zh_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if text.startswith("十") and len(text) == 2:
        return 10 + _ZH_VALUE.get(text[1], 0)
    return _ZH_VALUE.get(text) if len(text) == 1 else None


def top_n(r: Reading) -> int | None:
    """How many GPUs the list asks for (2..50), or None when no list is asked."""
    b = r.b
    if b.has("TOP"):
        return int(b.first("TOP"))
    tags = b.tags
    for k, t in enumerate(tags[:-1]):
        if t.kind != "NUMBER" or not t.number().is_integer() or not 2 <= t.number() <= 50:
            continue
        before = tags[k - 1].text.lower() if k else ""
        between = tags[k + 1 : k + 3]
        noun = next((x for x in between if x.kind == "GPU_WORD"), None)
        ranked = before in r.lex.listed("top_words") or any(x.kind in ("SORT", "RECOMMEND") for x in between)
        if noun is not None and ranked and noun.text.lower().endswith("s"):
            return int(t.number())
    m = _ZH_TOP.search(r.text.lower())  # 前五, 推荐3款 (Chinese words: no English question matches)
    if m:
        n = _zh_number(m.group(1) or m.group(2))
        return n if n and 2 <= n <= 50 else None
    return None


@needs(unless=("RENT",))
def read(r: Reading) -> Query | None:
    if r.refs or r.b.has("RENT"):
        return None
    n = top_n(r)
    if n is None:
        return None
    found = recommend.read(r) or recommend.RecommendQuery(text=r.text)
    count = found.gpu_count if found.gpu_count != n else 1
    sort = "speed" if found.sort is None and (r.said("speed_rank_words") or "speed" in r.fields()) else found.sort
    return dataclasses.replace(found, top_n=n, gpu_count=count, sort=sort)  # "ai性能前五": by speed
