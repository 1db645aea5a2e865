"""The first sentence answers the figure a one-question message asks: "does the 5060 ti beat a used 3080 for sdxl"
opens with the seconds per image of each, not with the memory both have to spare.

Contract: `first(answer, text, env)` runs where the engine completes an answer of a message that asks one thing
(respond/ask_lines.complete, when the checklist of asks is empty). The kind of figure the message asks is read from
its words (nlu/asks.kind_of, said as a word of its own: lists ask_<kind>, both languages). For a speed or a time
(LEADABLE; a speed as a figure: tokens/s, seconds per image, "1.24x as fast", 倍), when no other form of question is
asked (why, the least that runs it, a share of a bill: lexicon form_why, form_minimum, form_share; whether it runs at
all, fit_at_all_words), the headline's
first sentence does not give it but gives a neighbouring figure (NEIGHBOURS: memory, a fit, money, watts ...), and
a later sentence of the first paragraph gives it standing on its own (it does not lean on the sentence before: "It
...", "这 ..."; in a comparison it names every side or gives their ratio, the ratio first when "how much" is asked),
that sentence moves first; nothing else changes. An answer that opens with what it assumed or could not do (no
neighbouring figure in its first sentence) keeps its order, and so do concepts, clarifications and messages the
checklist answers ask by ask. `figures["lead_asked"]` names the kind moved first.
"""

from __future__ import annotations

import re

from assistant.answer import Answer
from assistant.nlu.asks import asked_as_word, kind_of, sole_ask
from assistant.nlu.lexicon import lexicon
from assistant.respond.ask_figures import gives
from assistant.respond.asked import FIGURE_PARTS
from assistant.respond.env import Env

LEADABLE = ("speed", "time")
# a message that asks why, the least that runs something, or a share of a bill asks that, whatever speed it names
# ("why a used 3090 over a newer and faster 4070 ti super", "minimum setup at a usable speed")
_OTHER_FORMS = ("form_why", "form_minimum", "form_share")
NEIGHBOURS = ("memory", "fit", "price", "power", "speed", "time", "electricity", "payback", "rent_buy")
_SKIP = ("explain", "help", "unknown", "set")
_SENTENCE_END = re.compile(r"(?<=[。！？!?])(?![）)」』])|(?<=[。！？!?][）)」』])|(?<=\.)(?=\s)")
_LEANS_BACK = re.compile(
    r"^(?:It|Its|This|That|These|Those|They|Both|But|So|Then|Under|Otherwise|它|这|那|两者|但|所以|否则)\b"
    r"|^(?:它|这|那|但|否则)"
)
_CJK_END = re.compile(r"[。！？]$")
# a speed given as a figure ("about 55 tokens/s", "6.3 s on the RTX 3090 per image", "1.24x as fast", "约 1.5 倍"), not
# a word of speed in a sentence about memory ("offloading weights ..., which is much slower")
_SPEED_FIGURE = re.compile(
    r"\d[\d.,]*\s*(?:tokens?/s|token/秒|it/s|s per image|秒/张|x as fast|倍)|\d[\d.]*\s*s on the"
    r"|每张图约|约 ?[\d.]+ ?秒|\d[\d.,]*\s*(?:tokens?|token) ?(?:a|per) second"
    r"|\d[\d.,]*x the (?:tokens?/s|training speed)"
)


_RATIO = re.compile(r"x as fast|倍|\d ?%")  # "how much faster": the ratio, before the seconds of each
_HOW_MUCH = re.compile(r"how much|percent|%|多少|几成|百分|倍")


def _of_each(answer: Answer, sentence: str, env: Env) -> bool:
    """A comparison's lead names every side it compares, or their ratio ("About 13.3 s on the RTX 4070 Mobile" is no
    answer to "how much slower is the mac")."""
    names = [g.short_name for g in (env.reader.gpu(n) for n in answer.gpus) if g is not None]
    return len(names) < 2 or bool(_RATIO.search(sentence)) or all(n in sentence for n in names)


def _gives(kind: str, sentence: str) -> bool:
    return bool(_SPEED_FIGURE.search(sentence)) if kind == "speed" else gives(kind, sentence)


def first(answer: Answer, text: str, env: Env) -> Answer:
    if answer.intent in _SKIP or not answer.understood or not answer.headline:
        return answer
    sole = sole_ask(text)  # the asking piece alone: "1600w psu" or "电费0.6" said beside it state, they ask nothing
    kind = kind_of(sole.text if sole else text, env.lang)
    low = f" {' '.join(text.lower().split())} "
    if kind not in LEADABLE or not asked_as_word(kind, sole.text if sole else low, env.lang):
        return answer
    if any(lexicon(env.lang).words_in(name, low) for name in _OTHER_FORMS):
        return answer
    if lexicon(env.lang).words_in("fit_at_all_words", low):
        return answer  # "any way to run it, even if its slow": whether it runs leads, its speed right after
    if set(answer.figures.get("asked") or ()) & set(FIGURE_PARTS):
        return answer  # "whats the fp16 tensor perf of an h200 vs h100": the tensor figure asked leads (asked.cover)
    para, sep, rest = answer.headline.partition("\n")
    sentences = [s.strip() for s in _SENTENCE_END.split(para) if s.strip()]
    if len(sentences) < 2 or _gives(kind, sentences[0]):
        return answer
    if not any(gives(other, sentences[0]) for other in NEIGHBOURS if other != kind):
        return answer  # it opens with what it assumed or cannot do: that stays first
    found = [
        k
        for k, s in enumerate(sentences)
        if k and _gives(kind, s) and not _LEANS_BACK.search(s) and _of_each(answer, s, env)
    ]
    ratio = [k for k in found if _RATIO.search(sentences[k])]
    k = ratio[0] if ratio and _HOW_MUCH.search(low) else (found[0] if found else None)
    if k is None:
        return answer
    gap = "" if _CJK_END.search(sentences[0]) else " "
    answer.headline = gap.join([sentences[k], *sentences[:k], *sentences[k + 1 :]]) + sep + rest
    answer.figures["lead_asked"] = kind
    return answer
