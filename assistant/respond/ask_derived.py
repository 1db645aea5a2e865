"""The lines of a several-part message's asks that come from a fact or a model rather than from asking again: a known
fact the ask cues, fp8 against fp16 beside an image's time, a model not in the list, another version of the message's
model, whether an API is the only way, the difference of the two cards the answer is about (respond/ask_lines).

Contract: `line(n, item, asks, answer, env, ask, text, said)` returns (line, sources) for ask number `n` of the
message `text` (its asks `asks`), tried in this order: respond/ask_facts.fact_line; respond/image_precision.line;
for a later ask, a model not in the list (the asker's unknown_model: its first sentence) and another version of the
first ask's model (the asker's variant_of: the sentence of that version's answer naming it); respond/api_only.line;
a difference asked of the two cards an answer of another kind is about (respond/difference.lead, spec deltas only,
not a difference in money); what one memory size runs that another does not (respond/memory_pair through lexicon
ask_plain_models_pair); the power connector of the answer's card when cables are asked (lexicon ask_cables,
ask_plain_cables); a later ask cueing a fact answered by a computed lead, asked of the answer's card (a claiming
fact of knowledge/concept_facts.toml: "does cuda still support it"); whether a card is on sale
(respond/availability). ("", []) when none gives a line. Never raises
for an ask that fails.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer import Answer
from assistant.nlu.asks import Ask
from assistant.nlu.concept_facts import says
from assistant.respond import api_only, ask_facts, availability, image_precision
from assistant.respond.ask_figures import _sentences
from assistant.respond.env import Env

_NOT_ANSWERS = ("help", "unknown")
# a clause that points at a table of the answer it came from ("; the cards below ...", "；下面的卡 ..."): not shown
_POINTS_DOWN = re.compile(r"[;；][^;；]*(?:below|下面|以下)[^;；]*?([.。])$")


def line(
    n: int,
    item: Ask,
    asks: tuple[Ask, ...],
    answer: Answer,
    env: Env,
    ask: Callable[[str], Answer | None],
    text: str,
    said: str,
) -> tuple[str, list[str]]:
    """The ask's line from a fact or a model (see the module contract)."""
    fact, cited = ask_facts.fact_line(item.text, text, answer, env, ask)
    if fact:
        return fact, cited
    found = image_precision.line(item.text, answer, env)  # "is fp8 much faster than fp16" beside an image
    found = found or (_unknown_model(item, ask, said) if n > 1 else "")  # "and can the same card run bark tts"
    found = found or (_variant(item, asks[0], ask, said) if n > 1 else "")  # "GLM-4.5 ...，Air版呢"
    found = found or api_only.line(item.text, answer, env)  # "个人是不是只能用API"
    found = found or _difference(item, answer, env)  # "h100 pcie vs sxm whats the actual difference" beside rents
    found = found or (_two_sizes(item, env, ask, said) if item.kind == "models" else "")  # "22gb ... 12gb"
    found = found or _lead_fact(item, answer, env, ask, said)  # "..., does cuda still support it"
    found = found or _cables(item, answer, env, ask, said)  # "do they need special cooling/cables"
    names_of = getattr(ask, "gpus_of", None)
    if not found and names_of is not None:  # "is the intel arc pro b60 24gb actually something you can buy"
        found = availability.line(item.text, answer, env, names_of(item.text))
    return found, []


def _unknown_model(item: Ask, ask: Callable[[str], Answer | None], said: str) -> str:
    """A later ask about a model not in the list ("can the same card run bark tts" after a Whisper fit): the sentence
    saying so, not the answer's model taken for it; "" when the ask names no such model or the answer says it."""
    unknown = getattr(ask, "unknown_model", None)
    if unknown is None or item.kind not in ("fit", "memory", "speed", "time", "models", "other"):
        return ""
    sentences = _sentences(unknown(item.text))
    return sentences[0] if sentences and sentences[0][:40] not in said else ""


def _variant(item: Ask, first: Ask, ask: Callable[[str], Answer | None], said: str) -> str:
    """A short ask naming another version of the first ask's model ("Air版呢"): the first ask put of that version
    (nlu/model_variant_ask through the asker), its answer's first sentence; "" when it names none."""
    variant_of = getattr(ask, "variant_of", None)
    form = variant_of(item.text, first.text) if variant_of is not None else ""
    sub = ask(form) if form else None
    if sub is None or not sub.understood or sub.intent in _NOT_ANSWERS or not sub.headline:
        return ""
    sentences = _sentences(sub.headline)
    from assistant.nlu.model_variant_ask import variant_word

    word = variant_word(item.text).lower()  # the sentence that names the version ("GLM-4.5-Air 大约需要 ...")
    sentence = next((s for s in sentences if word and word in s.lower().replace(" ", "")), sentences[0])
    sentence = _POINTS_DOWN.sub(lambda m: m.group(1), sentence)  # "；下面的卡 ...": that answer's table is not shown
    return sentence if sentence not in said else ""


def _difference(item: Ask, answer: Answer, env: Env) -> str:
    """A difference asked of the two cards an answer of another kind is about ("h100 pcie vs sxm whats the actual
    difference for training and why is sxm so much more expensive to rent": a rent comparison): their spec deltas
    (respond/difference.lead, no price gap), "" when the answer is a comparison or a difference already."""
    from assistant.respond import difference

    if answer.intent in ("compare", "explain") or len(answer.gpus) != 2 or not difference.asked(item.text, env.lang):
        return ""
    if difference.price_asked(item.text, env.lang):
        return ""  # "租a100 40g和80g差多少钱": the money between them, which the rent answer gives
    specs = [env.reader.gpu(n) for n in answer.gpus]
    if any(s is None for s in specs) or answer.figures.get("difference_specs"):
        return ""
    said, _ = difference.lead([s for s in specs if s is not None], env, price=False)
    first = _sentences(said)[0] if said else ""
    return first if first and first not in answer.headline else ""


_GB = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:gb|g)(?![a-z])", re.IGNORECASE)


def _two_sizes(item: Ask, env: Env, ask: Callable[[str], Answer | None], said: str) -> str:
    """What one memory size runs that another does not, asked with both sizes ("what can i run on 22gb that i cant on
    my 3060 12gb"): the two-sizes answer (respond/memory_pair) through its plain form (lexicon ask_plain_models_pair),
    its first two sentences; "" when the ask does not name two sizes."""
    from assistant.nlu.lexicon import lexicon

    sizes = list(dict.fromkeys(int(g) for g in _GB.findall(item.text)))
    form = lexicon(env.lang).first_word("ask_plain_models_pair", "")
    if len(sizes) != 2 or not form:
        return ""
    sub = ask(form.format(a=max(sizes), b=min(sizes)))
    if sub is None or not sub.understood or not sub.headline or sub.intent in _NOT_ANSWERS:
        return ""
    from assistant import i18n

    found = i18n.gap(env.lang).join(_sentences(sub.headline)[:2])
    return found if found and found not in said else ""


def _cables(item: Ask, answer: Answer, env: Env, ask: Callable[[str], Answer | None], said: str) -> str:
    """Power cables asked of the card the answer is about ("do they need special cooling/cables" after 3 x P40): the
    connector sentence of the card's own answer (lexicon ask_plain_cables; respond/card_topic), with the airflow a
    passively cooled card needs when cooling is asked in the same words; "" otherwise."""
    from assistant import i18n
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.ask_cards import card_of

    lex = lexicon(env.lang)
    name = card_of(answer)
    spec = env.reader.gpu(name) if name else None
    form = lex.first_word("ask_plain_cables", "")
    if spec is None or not form or not says(item.text, lex.listed("ask_cables")):  # (whole words: not "deepseek")
        return ""
    sub = ask(form.format(gpu=spec.short_name))
    if sub is None or not sub.understood or not sub.headline:
        return ""
    plug = next((s for s in _sentences(sub.headline) if "EPS" in s or "pin" in s.lower()), "")
    if not plug or plug in said:
        return ""
    if spec.passively_cooled and says(item.text, lex.listed("ask_cooling")):
        plug = i18n.gap(env.lang).join([plug, env.t("verdict.passive_caveat", gpu=spec.short_name)])
    return plug


def _lead_fact(item: Ask, answer: Answer, env: Env, ask: Callable[[str], Answer | None], said: str) -> str:
    """A later ask cueing a fact that claims its question and is answered by a computed lead ("..., and does cuda still
    support it" after a P100's verdict: cuda-support), asked of the answer's card ("P100 PCIe 16 GB does cuda still
    support it"): the first sentence of that answer when it is the fact's or a verdict; "" otherwise (facts that only
    route a question already theirs, "is nvlink needed", keep the ask's own line)."""
    from assistant.nlu.concept_facts import facts
    from assistant.respond.ask_cards import card_of

    name = card_of(answer)
    spec = env.reader.gpu(name) if name else None
    if spec is None:
        return ""
    read = f"{item.text} {spec.name.lower()}"
    f = next((f for f in facts() if f.lead and f.claim and all(says(read, g) for g in f.cues)), None)
    if f is None or answer.figures.get("fact") == f.id:
        return ""
    sub = ask(f"{spec.short_name} {item.text}")
    if sub is None or not sub.headline or not (sub.figures.get("fact") == f.id or sub.intent == "verdict"):
        return ""
    sentences = _sentences(sub.headline)
    first, k = sentences[0], 1
    while first.count("(") > first.count(")") and k < len(sentences):  # "(e.g. V100 ...)": one sentence
        first, k = f"{first} {sentences[k]}", k + 1
    return first if first not in said else ""
