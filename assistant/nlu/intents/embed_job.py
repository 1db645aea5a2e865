"""Embedding jobs: "how long to embed 5 million short docs with bge-large on a 4090", "做rag 要把20万篇文档做embedding
一张4060ti要跑多久": the embeddings concept with the job's numbers (respond/embed_time.py answers the time first).

Contract: `read(r)` claims a question with an embedding word (lexicon [lists] embed_words) and either a count of
documents (a number before a word of [lists] embed_doc_words, with k / m / million / 万 / 亿) or a time or a rate
asked ([lists] embed_rate_words); the
tokens per document when the question says them (a number before a word of [lists] embed_token_words, e.g. "~500
tokens each", "每篇1000字"). Not when money, a budget or a rent is asked, nor with two different GPUs compared. The
query is ExplainQuery(concept "embeddings", embed=(documents, tokens each)), the GPUs named kept (any memory size of a
card will do: the job is compute-bound). An embedding model named ([lists] embed_model_words) with one GPU or a memory
word and no count or time ("can a 3060 handle bge-m3", "bge-m3要多少显存") is whether it runs: asked "embed_fit".
"""

from __future__ import annotations

import re

from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery

CONCEPT = "embeddings"
_MEMORY = re.compile(r"vram|memory|\bgb\b|显存|内存|\d+\s*gb?(?![a-z])", re.I)  # "how much vram does bge-m3 need"
_SCALE = {"k": 1e3, "thousand": 1e3, "千": 1e3, "m": 1e6, "million": 1e6, "万": 1e4, "亿": 1e8, "mn": 1e6}


@needs(unless=("MONEY", "BUDGET", "RENT"))
def read(r: Reading) -> Query | None:
    text = f" {r.text.lower()} "
    named = r.lex.words_in("embed_model_words", text)
    if not (r.lex.words_in("embed_words", text) or named) or r.b.has("MONEY", "BUDGET", "RENT"):
        return None
    text_words = r.lex.listed("embed_model_words")  # "m3" of "bge-m3" is the model's name, not an Apple M3
    cards = [g for g in r.explicit if not any(g.mention.lower() in w and w in text for w in text_words)]
    if len({g.name or g.mention for g in cards}) > 1:
        return None
    docs = _amount(r, text, "embed_doc_words")
    each = _amount(r, text, "embed_token_words")
    if docs is None and not (r.b.has("SPEED", "HOURS") or r.said("duration_words") or r.said("embed_rate_words")):
        if not named or not (cards or _MEMORY.search(text)):
            return None
        return ExplainQuery(
            text=r.text,
            concept=CONCEPT,
            mention=r.text.strip(" ?!."),
            gpus=tuple(cards),
            embed=(None, each),
            asked="embed_fit",
        )
    return ExplainQuery(
        text=r.text, concept=CONCEPT, mention=r.text.strip(" ?!."), gpus=tuple(cards), embed=(docs, each)
    )


def _amount(r: Reading, text: str, words: str) -> float | None:
    """The number said right before a word of list `words` ("5 million short docs", "20万篇", "~500 tokens"), scaled."""
    listed = "|".join(re.escape(w) for w in sorted(r.lex.listed(words), key=lambda w: (-len(w), w)))
    if not listed:
        return None
    scales = "|".join(re.escape(s) for s in sorted(_SCALE, key=lambda s: (-len(s), s)))
    number = r"(?<![\d.,a-z])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
    pattern = rf"{number}\s*({scales})?\s*(?:(?:short|long|small|big)\s+)?(?:{listed})"
    names = [(t.start, t.end) for t in r.b.kinds.get("GPU", [])]  # "3090" of "on a 3090, docs per hour" is a card
    for found in re.finditer(pattern, text.replace("~", " ")):
        at = found.start(1) - 1  # `text` has a space in front of the question
        if any(a <= at < z for a, z in names):
            continue
        return float(found.group(1).replace(",", "")) * _SCALE.get(found.group(2) or "", 1.0)
    return None
