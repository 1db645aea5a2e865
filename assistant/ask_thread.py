"""A message that asks several things, answered part by part through the engine.

Contract: `two_parts(engine, text, dialogue)` answers a message of two questions (nlu/clauses.two_questions) as one
Answer (answer.joined: both, the second in the light of the first), the first alone when the second adds nothing or
its answer is not of a kind that answers it (a ranking for "what psu": respond/ask_lines.answers_kind), or None when
the message is not two questions. `asker(engine, text, dialogue)` gives the function respond/ask_lines puts each
ask of the message to: the asks are asked one after another on a copy of the conversation as the message's answer
left it (its cards, model and settings; the hours of use said anywhere in the message), so the conversation itself
stays as the whole answer left it; an ask whose answer fails gives None.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from assistant.answer import Answer, joined
from assistant.dialogue import Dialogue


def _retitled(answer: Answer, text: str) -> Answer:
    answer.question = text
    return answer


def two_parts(engine, text: str, dialogue: Dialogue) -> Answer | None:
    from assistant.nlu.clauses import two_questions
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.usage_reader import usage_of_text
    from assistant.respond.ask_lines import answers_kind

    parts = two_questions(text, engine.index)
    if parts is None:
        return None
    from assistant.nlu.concept_facts import asked_fact

    if _one_job(engine, text):
        return None  # "how long to lora mistral 7b on 50k samples on one a100 and what would renting that cost"
    fact = asked_fact(text)
    if fact is not None and fact.claim and fact.single_card and fact.compares:
        return (
            None  # "tp和pp有啥区别 4张卡跑72b用哪个", "which gpus did cuda 13 drop? my p40?": one question, read whole
        )
    usage = usage_of_text(text, engine.index)  # the schedule said in one half counts for both
    first = engine._answer(parts[0], dialogue, whole=False, usage=usage)
    if not first.understood:
        return engine._answer(text, dialogue, whole=False)
    first = _covered(engine, dialogue, first, parts[0])  # "3090和4090功耗差多少 ...": its watts lead the first half
    if first.figures.get("memory_sizes") and lexicon(first.lang).words_in("which_models_asks", f" {parts[1].lower()} "):
        return _retitled(first, text)  # "what does 48gb unlock vs 32gb, which models": the sizes said what runs
    second = engine._answer(parts[1], dialogue, whole=False, usage=usage)
    if not second.understood or second.headline == first.headline:  # nothing more than the first said
        return _retitled(first, text)
    risky = lexicon(first.lang).words_in("risk_words", f" {parts[0].lower()} ")  # "靠谱吗" first: the catches lead
    if second.figures.get("deal") and second.gpus and second.gpus == first.gpus and not risky:
        # "intel arc b580 for llms?? 12gb for 250 seems like a steal": an offer for the card of the first half is
        # one question, weighed at the user's price throughout (no table at the street price beside it)
        return engine._answer(text, dialogue, whole=False)
    if not answers_kind(parts[1], second, second.lang, first):  # "..., and what psu should i get": not a ranking
        return _retitled(first, text)
    value_only = lexicon(first.lang).words_in("value_which_words", f" {parts[1].lower()} ")
    if first.intent == "rates" and first.figures.get("best_value") and second.intent == "compare" and value_only:
        return _retitled(first, text)  # "A100和H100租一小时多少钱？哪个性价比高": the rates weigh value per rent
    if second.intent == "recommend" and first.gpus and second.choice not in first.gpus and "calc" not in second.figures:
        return _retitled(first, text)  # "runpod 4090 or buying one, which would u pick": not a ranking of others
    return joined(text, parts, first, _with_saving(engine, dialogue, first, second, parts[1]))


def _one_job(engine, text: str) -> bool:
    """The whole message is one rented job ("how long ... and what would renting that cost"): its time and its rent
    are one answer (a RatesQuery of mode "job"), not a fit then an hourly rate."""
    from assistant.nlu import understand
    from assistant.queries import RatesQuery

    whole = understand(text, engine.index)
    return isinstance(whole, RatesQuery) and whole.mode == "job" and len({g.name for g in whole.gpus}) == 1


def _covered(engine, dialogue: Dialogue, first: Answer, words: str) -> Answer:
    """The first half with the figure its own words ask added as a whole answer would add it (respond/asked.cover)."""
    from assistant.respond import asked
    from assistant.respond.env import Env

    return asked.cover(first, words, Env(engine.reader, dialogue.assumptions, dialogue.context, lang=first.lang))


def _with_saving(engine, dialogue: Dialogue, first: Answer, second: Answer, words: str) -> Answer:
    """ "一年多少钱 换成4090 450w能省多少": the second part's bill, led by what switching saves (respond/cost_asked)."""
    from assistant import i18n
    from assistant.respond.cost_asked import saving_line
    from assistant.respond.env import Env

    env = Env(engine.reader, dialogue.assumptions, dialogue.context, lang=second.lang)
    line = saving_line(first, second, words, env)
    if line:
        second.headline = i18n.gap(second.lang).join([line, second.headline])
        second.figures["covers"] = sorted(set(second.figures.get("covers") or ()) | {"difference", "price"})
    return second


class _Asker:
    """The asks of one message, each answered on a copy of the conversation (see the module contract)."""

    def __init__(self, engine, text: str, dialogue: Dialogue):
        self.engine, self.text, self.dialogue = engine, text, dialogue
        self.scratch: list = []  # the copy of the conversation, the message's usage: made on the first ask
        self.named: list[str] | None = None

    def __call__(self, words: str) -> Answer | None:
        from assistant.nlu.usage_reader import usage_of_text
        from assistant.respond import asked
        from assistant.respond.env import Env

        engine, scratch = self.engine, self.scratch
        try:
            if not scratch:  # most messages need none
                copied = Dialogue(copy.deepcopy(self.dialogue.assumptions), engine.variant_of, engine.memory_of)
                copied.context = copy.deepcopy(self.dialogue.context)
                scratch.append(copied)
                scratch.append(usage_of_text(self.text, engine.index))
            scratch[0].context.pending = None
            sub = engine._answer(words, scratch[0], whole=False, usage=scratch[1])
            env = Env(engine.reader, scratch[0].assumptions, scratch[0].context, lang=sub.lang)
            return asked.cover(sub, words, env)  # the figure the ask names, as a whole answer would add it
        except Exception:  # noqa: BLE001 - an ask that fails to answer is said not answered, the rest stands
            return None

    def alone(self, words: str) -> Answer | None:
        """`words` answered as a question of their own, on a conversation with the settings and none of the thread's
        cards or model (the CPU alone asked beside a GPU: "... how long will that take vs cpu")."""
        from assistant.respond import asked
        from assistant.respond.env import Env

        engine = self.engine
        try:
            fresh = Dialogue(copy.deepcopy(self.dialogue.assumptions), engine.variant_of, engine.memory_of)
            sub = engine._answer(words, fresh, whole=False)
            return asked.cover(sub, words, Env(engine.reader, fresh.assumptions, fresh.context, lang=sub.lang))
        except Exception:  # noqa: BLE001 - an ask that fails to answer is said not answered, the rest stands
            return None

    def variant_of(self, words: str, first: str) -> str:
        """The first ask put of the model version the short ask `words` names ("Air版呢": nlu/model_variant_ask)."""
        from assistant.nlu.model_variant_ask import variant_question

        try:
            return variant_question(words, first, self.engine.index)
        except Exception:  # noqa: BLE001 - no version read: the ask is asked as it is
            return ""

    def unknown_model(self, words: str) -> str:
        """What the reader says of a model `words` name that is not in the list ("can the same card run bark tts":
        '"bark" is not in my model list ...'), "" when they name none."""
        from assistant.nlu import understand

        try:
            parsed = understand(words, self.engine.index)
        except Exception:  # noqa: BLE001 - nothing read: the ask is checked as it is
            return ""
        return getattr(parsed, "message", "") if getattr(parsed, "kind", "") == "unknown_model" else ""

    def gpus_of(self, words: str) -> list[str]:
        """The KB names of the cards `words` name (nlu/asks.gpus_named), [] when none is read."""
        from assistant.nlu.asks import gpus_named

        try:
            return gpus_named(words, self.engine.index)
        except Exception:  # noqa: BLE001 - no card read: the ask is checked as one figure
            return []

    def cards_named(self) -> list[str]:
        """The cards the message names, as typed ("二手矿卡3080怎么验 ...": "3080"), for an ask that names none when
        the answer is about none either (a concept page)."""
        if self.named is None:
            from assistant.nlu.asks import cards_named

            try:
                self.named = cards_named(self.text, self.engine.index)
            except Exception:  # noqa: BLE001 - no card read: the ask is asked as it is
                self.named = []
        return self.named


def asker(engine, text: str, dialogue: Dialogue) -> Callable[[str], Answer | None]:
    return _Asker(engine, text, dialogue)
