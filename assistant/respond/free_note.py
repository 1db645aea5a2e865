"""The free notebooks beside a learner's pick: "what gpu for a student with $600 who wants to learn pytorch and do
kaggle stuff", "入门学深度学习 预算3000买什么卡". The card asked for is still picked first; a student, a beginner or
Kaggle work on a small budget gets one more sentence saying what Kaggle and Colab give for free (the facts and
sources of respond/verdict_free.py) and when a card of one's own pays off.

Contract: `with_free_note(query, answer, env)` -> the answer with that sentence after its headline when the question
says a learner word (lexicon learner_words) and a light kind of work (light_work_words, or none of heavy_work_words),
the budget (if any) is at most LEARNER_BUDGET_USD and the answer has a headline; the answer unchanged otherwise.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

LEARNER_BUDGET_USD = 1000.0  # [A] above this a learner is buying for heavier work, not learning on a first card
_SOURCES = ("free-kaggle-book-2022", "free-colab-faq")


def with_free_note(query, answer: Answer, env: Env, budget: float | None) -> Answer:
    low = f" {query.text.lower()} "
    lex = lexicon(env.lang)
    if not answer.headline or not lex.words_in("learner_words", low):
        return answer
    if lex.words_in("heavy_work_words", low) and not lex.words_in("light_work_words", low):
        return answer
    if budget is not None and budget > LEARNER_BUDGET_USD:
        return answer
    note = env.t("free.learner")
    if note in answer.headline:
        return answer
    answer.headline = answer.headline + i18n.gap(env.lang) + note
    answer.sources = [*answer.sources, *(s for s in env.cite(*_SOURCES) if s not in answer.sources)]
    return answer
