"""Concept questions: "what is a tensor core", "nvlink?", "is nvlink worth it for two 3090s?".

`advice` claims a should-I question about a practice the reference advises on (the concepts in
the `advice_concepts` list); `read` claims "what is X" and short concept-only questions, and
asks back when X is not a known concept (or says the question is outside the domain).
"""

from __future__ import annotations

from assistant.nlu import messages as msg
from assistant.nlu.reading import Reading
from assistant.queries import Clarification, ExplainQuery, Query


def advice(r: Reading) -> Query | None:
    b = r.b
    concept = advice_concept(r)
    if (
        concept
        and len(r.explicit) <= 2
        and not b.has("RECOMMEND", "RENT", "VS", "FIT", "MODEL", "PARAMS", "MONEY", "BUDGET")
    ):
        return ExplainQuery(text=r.text, concept=concept, mention=r.text.strip(" ?!."))
    return None


def read(r: Reading) -> Query | Clarification | None:
    b, text = r.b, r.text
    if r.explicit or b.has(
        "RECOMMEND", "RENT", "VS", "WHY", "FASTER", "MODEL", "PARAMS", "BUDGET", "MONEY", "KWH", "HOURS"
    ):
        return None
    short = len(b.tags) + len(b.unknown) <= 3 and not b.has(
        "PERCENT", "NUMBER", "MONEY", "YEARS", "MONTHS", "MEMORY", "CONTEXT", "COUNT", "DATE", "PRONOUN"
    )
    if not (b.has("EXPLAIN") or short):
        return None
    c = concept(r)
    if c and (b.has("EXPLAIN") or not b.has("SET", "FOLLOW", "AND", "NO", "PRICES")):
        ex = b.kinds.get("EXPLAIN")
        mention = text[ex[0].end :].strip(" ?!.") if ex else text.strip(" ?!.")
        return ExplainQuery(text=text, concept=c, mention=mention)
    if b.has("EXPLAIN") and not b.has(
        "GPU_WORD", "COST", "FIT", "SET", "ELECTRICITY", "UTILIZATION", "FOLLOW", "AND", "NO"
    ):
        if not domain_words(r):  # "what's the weather in Paris tomorrow?": not a concept question
            return msg.unparsed(text, b.unknown, b.tags, lang=b.lang)
        return msg.unknown_concept(text, b.unknown, r.index, lang=b.lang)
    return None


def advice_concept(r: Reading) -> str | None:
    """ "is nvlink worth it", "should i power limit my 4090", "do I need pcie 4.0" -> that concept."""
    toks = r.b.toks
    if not r.lex.listed("advice").intersection(toks):
        return None
    for n in (3, 2, 1):
        for i in range(len(toks) - n + 1):
            hit = r.index.concepts.get(" ".join(toks[i : i + n]))
            if hit in r.lex.listed("advice_concepts"):
                return hit
    return None


def _longest_concept(r: Reading, words: list[str], longest: int) -> str | None:
    for n in range(min(len(words), longest), 0, -1):
        for i in range(0, len(words) - n + 1):
            hit = r.index.concepts.get(" ".join(words[i : i + n]))
            if hit:
                return hit
    return None


def concept(r: Reading) -> str | None:
    """The concept the question names: after "what is" first, then before it ("张量核心是什么"),
    then by fuzzy match of a short rest."""
    b = r.b
    tt = b.toks
    ex = b.kinds.get("EXPLAIN")
    start = 0
    if ex:
        start = next((k for k, t in enumerate(b.toks_pos) if t >= ex[0].end), len(tt))
    stop = r.lex.listed("concept_stop")
    rest = [w for w in tt[start:] if w not in stop]
    hit = _longest_concept(r, rest, len(rest))
    if hit:
        return hit
    if ex and start > 0:  # "张量核心是什么", "nvlink 是干嘛的": the concept comes first
        head = tt[: next((k for k, t in enumerate(b.toks_pos) if t >= ex[0].start), len(tt))]
        hit = _longest_concept(r, head, 8)
        if hit:
            return hit
    if rest and all(len(w) == 1 and "\u3400" <= w <= "\u9fff" for w in rest):
        return None  # no fuzzy matching of Chinese characters
    return r.index.concept(rest) if rest and len(rest) <= 5 else None


def domain_words(r: Reading) -> bool:
    """Does the question name anything of this domain beyond "what is"? ("what is a frobnicator" is
    concept-like: one unknown term; "what's the weather in Paris tomorrow" is not.)"""
    b = r.b
    if any(t.kind not in ("EXPLAIN", "QUESTION", "FILLER", "PER", "OF", "ON", "AND", "FOLLOW") for t in b.tags):
        return True
    words = [w for w in b.unknown if w.isascii()]
    vocab = r.index.concept_words
    if vocab is None:
        vocab = r.index.concept_words = {w for k in r.index.concepts for w in k.split() if len(w) >= 3}
    if any(w in vocab for w in b.unknown):
        return True
    return len(b.unknown) == 1 and (len(words) == 1 and len(words[0]) >= 3 or not words)
