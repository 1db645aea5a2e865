"""The engine: question text + dialogue state -> Answer.

Contract: `Engine(reader, index).answer(text, dialogue)` parses the text (assistant.nlu),
finishes a pending clarification or completes follow-ups from the dialogue, dispatches the
query to its intent's responder (assistant.respond.*) and records the context. It returns an
`Answer` for every input; an unexpected failure becomes an Answer with `error` set, so one bad
question never ends a conversation.
"""

from __future__ import annotations

import importlib

from assistant.answer import Answer
from assistant.clarify import fill, pick_candidate
from assistant.dialogue import Dialogue
from assistant.kb.reader import KbReader
from assistant.queries import Clarification, Query, UnknownQuery
from assistant.respond.common import Env

_RESPONDERS = {
    "spec": "spec", "compare": "compare", "recommend": "recommend", "fit": "fit", "cost": "cost",
    "rent_or_buy": "rent", "explain": "explain", "set": "settings", "help": "help",
}


def _language(text: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"


class Engine:
    def __init__(self, reader: KbReader, index):
        self.reader = reader
        self.index = index
        self._mobile = {e.name: e.is_mobile for e in reader.name_entries}

    def answer(self, text: str, dialogue: Dialogue) -> Answer:
        try:
            return self._answer(text, dialogue)
        except Exception as exc:  # noqa: BLE001 - one failing question must not end the conversation
            return Answer(question=text, intent="unknown", headline="",
                          clarification=f"Sorry, I failed to answer that ({type(exc).__name__}). Please rephrase it.",
                          notes=[f"internal error: {type(exc).__name__}: {exc}"], figures={"error": type(exc).__name__})

    def _answer(self, text: str, dialogue: Dialogue) -> Answer:
        from assistant.nlu import understand

        lang = _language(text)
        env = Env(self.reader, dialogue.assumptions, dialogue.context, lang=lang)
        parsed = self._from_pending(text, dialogue) or understand(text, self.index)
        if isinstance(parsed, Clarification):
            return self._clarify(parsed, text, dialogue, env)
        query = dialogue.complete(parsed)
        if isinstance(query, Clarification):
            return self._clarify(query, text, dialogue, env)
        if isinstance(query, UnknownQuery) or query.intent not in _RESPONDERS:
            return self._not_understood(query, env)
        responder = importlib.import_module(f"assistant.respond.{_RESPONDERS[query.intent]}")
        answer = responder.respond(query, env)
        if answer.clarification:
            dialogue.context.pending = None
            return answer
        answer.lang = lang
        if not answer.assumptions and answer.intent not in ("help", "explain", "spec"):
            answer.assumptions = dialogue.assumptions.as_dict()
        dialogue.remember(query, answer.gpus, answer.choice, answer.workload, answer.precision)
        return answer

    def _from_pending(self, text: str, dialogue: Dialogue) -> Query | None:
        pending = dialogue.context.pending
        if pending is None or pending.pending is None or not pending.candidates:
            return None
        choice = pick_candidate(text, pending.candidates, self._mobile)
        if choice is None:
            dialogue.context.pending = None
            return None
        dialogue.context.pending = None
        return fill(pending.pending, pending.slot, choice)

    def _clarify(self, clar: Clarification, text: str, dialogue: Dialogue, env: Env) -> Answer:
        dialogue.context.pending = clar if clar.pending is not None and clar.candidates else None
        return Answer(question=text, intent=clar.intent if clar.intent != "followup" else "unknown", headline="",
                      clarification=clar.message, figures={"candidates": list(clar.candidates)} if clar.candidates else {},
                      lang=env.lang)

    def _not_understood(self, query: Query, env: Env) -> Answer:
        understood = getattr(query, "understood", ())
        got = f" I recognised: {'; '.join(understood)}." if understood else ""
        message = (f"I did not understand that question.{got} Try, for example: \"why 4070 Ti over 4080?\", "
                   "\"will llama 3 70b fit on two 3090s?\", \"best GPU under $1500 for training\", or \"help\".")
        return Answer(question=query.text, intent="unknown", headline="", clarification=message, lang=env.lang)
