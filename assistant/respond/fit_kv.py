"""The KV cache asked beside a fit: "how much vram does the kv cache take for 128k context on llama 3.1 70b? planning
to run it on 2x a6000" is answered first with the cache's size, then whether it all fits on the cards.

Contract: `lead(answer, query, env)` puts the KV cache size of the model asked at the context asked (16-bit and 8-bit,
respond/concept_leads_memory.kv_size, docs/model.md §mem.kv) before the fit answer's headline, when the question names
the KV cache (lexicon [lists] kv_cache_words) with a word asking its size ([lists] kv_size_asks) and the fit is for
one named LLM; the answer is returned unchanged otherwise.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.query_talk import ExplainQuery
from assistant.respond.env import Env

_CONCEPT = "kv-cache"


def asked(text: str, lang: str) -> bool:
    lex, low = lexicon(lang), f" {text.lower()} "
    named = any(w in low for w in ("kv cache", "kv-cache", "kvcache", "kv缓存", "kv 缓存"))
    return named and bool(lex.words_in("kv_size_asks", low))


def lead(answer: Answer, query: FitQuery, env: Env) -> Answer:
    if query.model is None or not answer.headline or not asked(query.text, env.lang):
        return answer
    from assistant.respond.concept_leads_memory import kv_size

    concept = ExplainQuery(
        text=query.text,
        concept=_CONCEPT,
        model=query.model,
        context_tokens=query.context_tokens,
        asked="kv_size",
    )
    found = kv_size(concept, env)
    if found is None or found.figures.get("model") != query.model.key:
        return answer  # not the model asked (an example model): the fit answer stands alone
    answer.headline = found.text + i18n.gap(env.lang) + answer.headline
    answer.figures.update({k: v for k, v in found.figures.items() if k != "model"})

    answer.sources = [*answer.sources, *(s for s in found.sources if s not in answer.sources)]
    return answer
