"""A known fact a part of a message asks, said beside an answer about something else: "mi50 32gb for $150 vs radeon
vii 16gb for $200 for llama.cpp, does rocm even still support either of them" gets the comparison AND whether ROCm
still supports gfx906; "arc b580 ..., can it run llms with ollama/ipex-llm and how fast vs a 3060" says how
Arc runs them.

Contract: `fact_line(words, text, answer, env, ask)` returns (line, sources) for an ask `words` of message `text`:
the asked fact of knowledge/concept_facts.toml with sentences of its own (en / zh) whose cues the ask says, read with
the KB names of the cards the message names (nlu/asks.gpus_named through the asker: "is rocm on these dead" after
"mi60s") and of the cards the answer is about ("is rocm still supported on it" in a thread on an MI50), when the
answer is not already that fact's (figures["fact"]), does not say it and does not already name every tool the ask
names (list ask_tools: "B580跑ollama支持吗" answered with how Ollama drives the B580): its first sentence and its
sources; ("", []) otherwise. (A fact answered by a computed lead is left to the ask's own line: it is worked for the
message's cards there, "is nvlink needed" after a fit on two cards.) `beside(answer, text, env, ask)` does the same
for a message of one ask (the whole text) whose answer is not a concept page, adding the fact's sentence as a
paragraph after the headline. Never raises for a fact without text or an ask that fails (nothing is added).
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.answer import Answer
from assistant.nlu.concept_facts import Fact, facts, says
from assistant.respond.ask_figures import _sentences
from assistant.respond.env import Env


def _names(text: str, ask: Callable, answer: Answer | None = None) -> str:
    """The KB names of the cards the message names and the answer is about ("is rocm still supported on it" after an
    MI50: the answer's own card), lower case."""
    names_of = getattr(ask, "gpus_of", None)
    named = list(names_of(text) if names_of else ()) + list(answer.gpus if answer is not None else ())
    return " ".join(n.lower() for n in dict.fromkeys(named))


def _fact(words: str, names: str) -> Fact | None:
    """The first fact with sentences of its own whose every cue group the ask says, its message's card names read
    with it, none of its `unless` words said."""
    read = f"{words} {names}"
    for f in facts():
        if (f.en or f.zh) and all(says(read, group) for group in f.cues) and not (f.unless and says(words, f.unless)):
            return f
    return None


def _own(f: Fact, env: Env) -> tuple[str, list[str]]:
    text = getattr(f, env.lang, "") or ""
    sentences = _sentences(text)
    return (sentences[0], env.cite(*f.source.split(";"))) if sentences else ("", [])


def fact_line(words: str, text: str, answer: Answer, env: Env, ask: Callable) -> tuple[str, list[str]]:
    """The asked fact's sentence for an ask of a several-part message (see the module contract)."""
    f = _fact(words, _names(text, ask, answer))
    if f is None or answer.figures.get("fact") == f.id or _tools_said(words, answer.headline, env):
        return "", []
    line, sources = _own(f, env)
    if not line or line[:60] in answer.headline:
        return "", []
    return line, sources


_STACKS = ("rocm", "cuda", "oneapi")  # a vendor's stack named in passing ("is rocm on these dead") is no tool's answer


def _tools_said(words: str, said: str, env: Env) -> bool:
    """Does the answer already name every tool the ask names (list ask_tools: "B580跑ollama支持吗" answered with how
    Ollama drives the B580)? A fact on them all would say less than that answer, for that card."""
    from assistant.nlu.lexicon import lexicon

    named = [w for w in lexicon(env.lang).listed("ask_tools") if w not in _STACKS and says(words, (w,))]
    return bool(named) and all(says(said, (w,)) for w in named)


def beside(answer: Answer, text: str, env: Env, ask: Callable) -> Answer:
    """A one-ask message whose answer leaves out the fact it asks: that fact's sentence after the headline."""
    if not answer.understood or answer.intent in ("explain", "help", "unknown") or not answer.headline:
        return answer
    f = _fact(text, _names(text, ask, answer))
    if f is None or answer.figures.get("fact") == f.id or _tools_said(text, answer.headline, env):
        return answer
    line, sources = _own(f, env)
    if not line or line[:60] in answer.headline:
        return answer
    para, sep, rest = answer.headline.partition("\n\n")
    answer.headline = para.rstrip() + "\n\n" + line + (sep + rest if sep else "")
    answer.sources += [s for s in sources if s not in answer.sources]
    answer.figures["fact_beside"] = f.id
    return answer
