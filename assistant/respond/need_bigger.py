"""Whether the bigger card is needed: "lora微调7b有必要上80g吗", "do i really need the 80gb a100 for a 13b qlora",
"非得上4090吗".

Contract: `lead(answer, query, env)` puts the verdict first in a comparison that sized a model on both cards
(`figures.model_fits`, and the memory sized: `figures.model_need_gb` for inference, `model_memory_gb` for training,
of respond/compare_model.py) when the question asks whether the
one with more memory is necessary (lexicon [lists] need_bigger_words): "没必要" when the smaller card holds the
model as asked (its estimate said; an image model's comparison sizes no total, so none is said; when the pick
is the bigger card, it is said to be for speed only and the pick's own sentence is dropped), "有必要" when only
the bigger one does; the answer unchanged otherwise
(no such words, no sizing, equal memory, or neither holds it).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env


def lead(answer: Answer, query, env: Env) -> Answer:
    fits = answer.figures.get("model_fits") or {}
    need = answer.figures.get("model_need_gb") or answer.figures.get("model_memory_gb") or {}
    if len(fits) != 2 or not lexicon(env.lang).words_in("need_bigger_words", f" {query.text.lower()} "):
        return answer
    cards = [env.reader.known_gpu(name) for name in fits]
    small, big = sorted(cards, key=lambda g: g.memory_gb or 0)
    if (small.memory_gb or 0) >= (big.memory_gb or 0) or not fits[big.name]:
        return answer
    key = "need_bigger.no" if fits[small.name] else "need_bigger.yes"
    pick = answer.figures.get("pick") or {}
    if fits[small.name] and pick.get("gpu") == big.name:
        key = "need_bigger.no_speed"  # the pick after it is the bigger card for its speed: said as only that
        said = pick.get("said") or ""  # "Get the RTX 3090: its 24 GB runs what ... cannot": contradicts "no need"
        answer.headline = answer.headline.replace(said, "", 1).strip() if said else answer.headline
    sized = need.get(small.name)
    text = env.t(
        key if sized else f"{key}_unsized",  # an image model: no total sized, none said (never "about 0.0 GB")
        big=big.short_name,
        small=small.short_name,
        gb=f"{sized or 0:.1f}",
        small_gb=f"{small.memory_gb or 0:g}",
    )
    answer.headline = i18n.gap(env.lang).join([text, answer.headline])
    answer.figures["need_bigger"] = not fits[small.name]
    return answer
