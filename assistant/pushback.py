"""Pushback on the last answer, answered head-on: "are you sure?", "你确定吗", "but i heard the 3090 is faster",
"不对吧 我看别人说3090比4090性价比高多了", "isnt the 3090 better value though".

Contract: `answer(engine, text, dialogue)` -> the Answer to a message that challenges the conversation's last answer,
or None when the message is no such challenge (then it is read as usual). A bare challenge (only words of the
lexicon list `pushback_bare`, with fillers) is the "why?" of the last answer, led by "yes, I stand by it"
(respond/pushback_lead.stand_by). A claim (a word of `pushback_leads` before it: "i heard", "别人说", "isnt the")
about a card named, of a kind the lists `claim_value` / `claim_slower` / `claim_faster` / `claim_better` name, is
the rest of the message read as a question in the thread (its comparison), led by the verdict on the claim
(respond/pushback_lead.claim_lead). A claim of another kind, or about no card, after a bare challenge ("are you
sure? i saw people run it on one 3090") is the bare challenge; a follow-up naming a card after it ("really? what
about the 4080") is that follow-up, answered as usual. Surprise at it (lexicon `surprise_bare`: "thats a big
gap??", "差这么多？", or a factor echoed back: "2x?") is its "why?", with no stand-by lead. A claim that some memory
is enough ("别人说24g显存就够了") is the thread's model on that memory (assistant/memory_claim.py). Nothing is
answered when there is no last answer or a question back is pending.
"""

from __future__ import annotations

import re

from assistant import i18n, memory_claim, speed_claim
from assistant.answer import Answer
from assistant.dialogue import Dialogue
from assistant.nlu.patterns import compiled, has_word, word_pattern
from assistant.query_talk import FollowUpQuery

_FILLERS = re.compile(
    r"[\s?？!！.。,，~～…]+|\b(?:lol|bro|man|dude|tho|though|then|ok|okay|hmm+|uh|um|like|wait|hold on)\b"
    r"|[吗嘛呢啊呀哦吧么]"
)
# "2x?", "2倍？" after a comparison: a factor of its answer echoed back (after a fit "2x?" asks for two cards)
_ECHOED = re.compile(r"\d+(?:\.\d+)?\s*(?:x|×|倍)")
_FACTS = ("spec", "explain")  # answers of facts: a challenge hears them again, stood by
CLAIMS = ("claim_value", "claim_slower", "claim_faster", "claim_better")  # the first found names the kind


def answer(engine, text: str, dialogue: Dialogue) -> Answer | None:
    from assistant.nlu.lexicon import lexicon

    context = dialogue.context
    if context.pending is not None or context.last_query is None:
        return None
    lang = i18n.language_of(text)
    if (speed := speed_claim.answer(engine, text, dialogue, lang)) is not None:
        return speed  # "that seems slow, ppl on reddit are saying 20 t/s": that speed against the estimate
    lex = lexicon(lang)
    low = text.lower().strip()
    surprised, rest = _opening(low, lex.listed("surprise_bare"))
    while surprised and (more := _opening(rest, lex.listed("surprise_bare")))[0]:
        rest = more[1]  # "wow that much faster?"
    echoed = _ECHOED.fullmatch(_FILLERS.sub(" ", low).strip()) and context.last_query.intent == "compare"
    if surprised and not _FILLERS.sub("", rest) or echoed:
        return _why(engine, text, dialogue)  # "thats a big gap??", "差这么多？", "wait, 2x?": the reasons of the last
    opened, after = _opening(low, lex.listed("pushback_bare"))
    if opened and not _FILLERS.sub("", after):
        return _stand_by(engine, text, dialogue, lang)  # "are you sure?", "你确定吗", "真的吗？"
    rest, led = _without(after, lex.listed("pushback_leads"))
    gb = memory_claim.claimed_gb(rest, lang) if opened or led else None
    if gb is not None:  # "不对吧，我看别人说24g显存就够了": the thread's model on that much memory
        claimed = _memory_claim(engine, text, rest, gb, dialogue, lang) or _card_claim(engine, text, gb, dialogue, lang)
        if claimed is not None:
            return claimed
    kind = next((k.removeprefix("claim_") for k in CLAIMS if led and has_word(rest, lex.listed(k))), None)
    if kind is not None and _names_card(engine, rest):
        return _claim(engine, text, rest, kind, dialogue, lang)
    if opened and not led and _follows_on(engine, after):  # "really? what about the 4080": the new ask, as usual
        return engine._answer(after.strip(" ,，?？!！"), dialogue, whole=False)
    return _stand_by(engine, text, dialogue, lang) if opened else None


def _why(engine, text: str, dialogue: Dialogue) -> Answer | None:
    """The "why?" of the last answer, for surprise at it (no challenge: nothing stood by)."""
    said = engine._answer(text, dialogue, whole=False, chosen=FollowUpQuery(text=text, ask="why", asked_figure="why"))
    return said if said.understood else None


def _stand_by(engine, text: str, dialogue: Dialogue, lang: str) -> Answer | None:
    from assistant.respond.env import Env
    from assistant.respond.pushback_lead import stand_by

    last = dialogue.context.last_query
    facts = last is not None and last.intent in _FACTS  # "3090 tdp" -> "真的吗": the figure again, no reasons to give
    said = engine._answer(text, dialogue, whole=False, chosen=last) if facts else _why(engine, text, dialogue)
    if said is None or not said.understood:
        return None
    return stand_by(said, Env(engine.reader, dialogue.assumptions, dialogue.context, lang=lang))


def _memory_claim(engine, text: str, rest: str, gb: float, dialogue: Dialogue, lang: str) -> Answer | None:
    from assistant.respond.env import Env

    fit = memory_claim.fit_of_claim(dialogue, rest, gb)
    if fit is None:
        return None
    said = engine._answer(rest, dialogue, whole=False, chosen=fit)
    if not said.understood:
        return None
    first = memory_claim.lead(said, gb, Env(engine.reader, dialogue.assumptions, dialogue.context, lang=lang))
    said.headline = i18n.gap(lang).join(p for p in (first, said.headline) if p)
    said.question = text
    return said


def _card_claim(engine, text: str, gb: float, dialogue: Dialogue, lang: str) -> Answer | None:
    """ "可是3090要五千多啊，我觉得22g够用了" with no model talked about: agreed, and what that card runs."""
    found = memory_claim.card_of_claim(dialogue, gb, engine.reader) if dialogue.context.setup.model is None else None
    if found is None:
        return None
    card, other = found
    said = engine._answer(text, dialogue, whole=False, chosen=memory_claim.what_runs(text, card))
    if not said.understood:
        return None
    short = engine.reader.known_gpu(card).short_name
    against = engine.reader.known_gpu(other).short_name if other else ""
    key = "pushback.memory_card" if against else "pushback.memory_card_alone"
    said.headline = i18n.gap(lang).join((i18n.t(lang, key, gb=f"{gb:g}", card=short, other=against), said.headline))
    said.question = text
    return said


def _claim(engine, text: str, rest: str, kind: str, dialogue: Dialogue, lang: str) -> Answer | None:
    from assistant.respond.env import Env
    from assistant.respond.pushback_lead import claim_lead

    against = _against(engine, rest, dialogue)  # "isnt the 3090 better value": against the card the thread picked
    said = engine._answer(rest, dialogue, whole=False, chosen=against)
    if not said.understood:
        return None
    lead = claim_lead(said, kind, Env(engine.reader, dialogue.assumptions, dialogue.context, lang=lang))
    if lead:
        said.headline = i18n.gap(lang).join((lead, said.headline))
    said.question = text
    return said


def _against(engine, rest: str, dialogue: Dialogue):
    """A claim that names one card and no second, read as a comparison with the card the thread favoured (its pick,
    else the last card talked about other than it); None when it names two, or no other card was talked about."""
    from assistant.nlu import understand
    from assistant.queries import CompareQuery, GpuRef

    query = understand(rest, engine.index)
    named = [r for r in getattr(query, "gpus", ()) or () if r.name]
    if isinstance(query, CompareQuery) and len(named) >= 2 or len(named) != 1:
        return None
    context = dialogue.context
    talked = [context.pick[0]] if context.pick else []
    talked += [context.compare_pick or "", context.focus or "", *reversed(context.gpus)]
    other = next((g for g in talked if g and g != named[0].name), None)
    if other is None:
        return None
    count = context.pick[1] if context.pick and context.pick[0] == other else context.counts.get(other, 1)
    return CompareQuery(text=rest, gpus=(named[0], GpuRef(mention=other, name=other, count=count)))


def _names_card(engine, rest: str) -> bool:
    from assistant.nlu import understand

    query = understand(rest, engine.index)
    return any(getattr(ref, "name", None) for ref in getattr(query, "gpus", ()) or ())


def _follows_on(engine, after: str) -> bool:
    """What follows a bare challenge is a follow-up of its own that names a card ("what about the 4080")."""
    from assistant.nlu import understand

    query = understand(after.strip(" ,，?？!！"), engine.index)
    return isinstance(query, FollowUpQuery) and any(getattr(r, "name", None) for r in query.gpus)


def _opening(low: str, bare: frozenset[str]) -> tuple[bool, str]:
    """Whether the message opens with a bare challenge (after fillers), and what follows it."""
    body = low
    while (start := _FILLERS.match(body)) and start.end():  # "hmm really?", "lol you sure"
        body = body[start.end() :]
    for phrase in sorted(bare, key=len, reverse=True):
        if body.startswith(phrase) and (not phrase.isascii() or not body[len(phrase) : len(phrase) + 1].isalnum()):
            return True, body[len(phrase) :]
    return False, low


def _without(text: str, leads: frozenset[str]) -> tuple[str, bool]:
    """The text without the words that introduce a claim, and whether there was one."""
    found = False
    for phrase in sorted(leads, key=len, reverse=True):
        text, n = compiled(word_pattern(phrase)).subn(" ", text)
        found = found or n > 0
    return re.sub(r"\s+", " ", text).strip(" ,，"), found
