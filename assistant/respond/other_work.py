"""Every workload a one-question message names is answered: "is a 4090 overkill for sd 1.5 and some 7b chat",
"3060够不够入门跑sd和7b模型" size one of the two; the other gets a line of its own.

Contract: `complete(answer, text, env, ask)` runs after respond/lead_ask on a message the checklist reads as one ask.
The workloads the message names are read from its words (lexicon lists work_image_words, work_speech_words,
work_llm_words, and a model size "7b" / "14B" for a language model), in the order written; the workload the answer
sized is the kind of its model (figures["model_key"]: image, speech (encoder), llm). Each other workload named is put
to the engine as the plain fit question of its kind about the answer's card (list ask_plain_fit: "can the {gpu} run
{model}", with the user's own words for the workload), and the first sentence of that answer becomes one line
("Also, 7b: ..."); nothing is added when the answer names no card, sized no model, or the other answer gives nothing.
A comparison of two cards (or sets) decided on one workload gets the same comparison for each other workload named
(list ask_plain_compare: "{a} vs {b} for {model}", the sides as the answer counts them); decided on a workload with no
model named ("4070 ti super or 3090 for sd and local llms"), the kind is its workload's (figures["workload_key"]).
When another workload's comparison picks the other card, a last line says the uses split and what decides.
`figures["other_work"]` lists the workloads added.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

_SIZE = re.compile(r"(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*b(?![a-z0-9])", re.I)
_KINDS = (("image", "work_image_words"), ("speech", "work_speech_words"), ("llm", "work_llm_words"))
_MODEL_KIND = {"image": "image", "encoder": "speech", "llm": "llm"}
_KEY_KIND = {"image_gen": "image", "llm_chat": "llm"}  # a comparison decided on a workload with no model named
_SENTENCE_END = re.compile(r"(?<=[。！？!?])(?![）)」』])|(?<=\.)(?=\s)")


def _word(word: str, low: str) -> re.Match[str] | None:
    """Where `word` stands as a word of its own ("sd", not the "sd" of "ssd"; a Chinese word anywhere)."""
    return _word_pattern(word).search(low)


@lru_cache(maxsize=2048)
def _word_pattern(word: str) -> re.Pattern[str]:
    """The pattern of `_word`, compiled once per word (the words are lexicon entries)."""
    return re.compile(re.escape(word) if not word.isascii() else rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])")


def _named(text: str, lang: str) -> list[tuple[int, str, str]]:
    """(where, kind, the words) of each workload the text names, first mention of each kind."""
    low = f" {' '.join(text.lower().split())} "
    found: list[tuple[int, str, str]] = []
    for kind, name in _KINDS:
        hits = [(m.start(), w) for w in lexicon(lang).listed(name) if (m := _word(w, low))]
        if kind == "llm":
            hits += [(m.start(), m.group(0).strip()) for m in _SIZE.finditer(low)]
        if hits:
            at, words = min(hits)
            found.append((at, kind, words))
    return sorted(found)


def complete(answer: Answer, text: str, env: Env, ask: Callable[[str], Answer | None]) -> Answer:
    if answer.intent == "compare" and answer.understood and answer.headline:
        return _compared(answer, text, env, ask)
    if answer.intent not in ("fit", "verdict") or not answer.understood or not answer.headline:
        return answer
    works = _named(text, env.lang)
    sized = _sized(answer, env)
    name = answer.choice or (answer.gpus[0] if answer.gpus else None)
    spec = env.reader.gpu(name) if name else None
    if len(works) < 2 or not sized or spec is None or sized not in {k for _, k, _ in works}:
        return answer
    form = lexicon(env.lang).first_word("ask_plain_fit", "")
    if not form:
        return answer
    return _with_lines(answer, works, sized, env, lambda model: ask(form.format(gpu=spec.short_name, model=model, n=1)))


def _compared(answer: Answer, text: str, env: Env, ask: Callable[[str], Answer | None]) -> Answer:
    """A comparison decided on one workload ("rtx 5090 vs two used 3090s, for 70b inference + flux lora training": the
    FLUX LoRA): each other workload named is put as the same comparison for it (list ask_plain_compare, the sides as
    the answer counts them), its first sentence a line of its own."""
    from assistant.respond.ask_cards import count_of

    works = _named(text, env.lang)
    sized = _MODEL_KIND.get(str(answer.figures.get("model_kind") or ""), "")
    sized = sized or _KEY_KIND.get(str(answer.figures.get("workload_key") or ""), "")  # "for sd and local llms"
    specs = [g for g in (env.reader.gpu(n) for n in answer.gpus) if g is not None]
    form = lexicon(env.lang).first_word("ask_plain_compare", "")
    if len(works) < 2 or not sized or len(specs) != 2 or not form or sized not in {k for _, k, _ in works}:
        return answer
    sides = [f"{n} x {g.short_name}" if (n := count_of(answer, g.name)) > 1 else g.short_name for g in specs]
    picks: list[Answer] = []

    def compared(model: str) -> Answer | None:
        sub = ask(form.format(a=sides[0], b=sides[1], model=model))
        picks.extend([sub] if sub is not None and sub.choice else [])
        return sub

    answer = _with_lines(answer, works, sized, env, compared, ("compare",))
    other = next((p for p in picks if p.choice != answer.choice), None)
    if answer.choice and other and other.choice and answer.figures.get("other_work"):  # the uses pick different cards
        first, then = env.reader.gpu(answer.choice), env.reader.gpu(other.choice)
        kinds = {k: w for _, k, w in works}
        if first is not None and then is not None and kinds.get(sized):
            work = next(w for _, k, w in works if k != sized)
            split = env.t(
                "asks.other_work_split", a=first.short_name, work_a=kinds[sized], b=then.short_name, work_b=work
            )
            answer.headline += "\n" + split
    return answer


def _with_lines(answer: Answer, works, sized: str, env: Env, asked, intents=("fit", "verdict")) -> Answer:
    """`answer` with one line per other workload named: the first sentence of `asked(model words)`, the same question
    put for that workload."""
    lines, added = [], []
    for _, kind, words in works:
        if kind == sized:
            continue
        model_words = words if kind != "llm" or not _SIZE.fullmatch(words) else env.t("asks.sized_model", size=words)
        first = _first_sentence(asked(model_words), intents)
        if first:
            lines.append(env.t("asks.other_work", work=words, line=first))
            added.append(kind)
    if lines:
        answer.headline = answer.headline.rstrip() + "\n\n" + "\n".join(lines)
        answer.figures["other_work"] = added
    return answer


def _sized(answer: Answer, env: Env) -> str:
    """The kind of workload the answer sized: its model's kind (a Whisper model is speech), a bare size a language
    model ("7b"), "" when it sized none."""
    key = answer.figures.get("model_key")
    if not isinstance(key, str):
        return ""
    if _SIZE.fullmatch(key):
        return "llm"
    model = env.reader.model(key)
    if model is None:
        return ""
    return "speech" if "whisper" in key else _MODEL_KIND.get(model.kind or "", "")


def _first_sentence(sub: Answer | None, intents: tuple[str, ...] = ("fit", "verdict")) -> str:
    if sub is None or not sub.understood or not sub.headline or sub.intent not in intents:
        return ""
    para = sub.headline.split("\n", 1)[0]
    parts = [s.strip() for s in _SENTENCE_END.split(para) if s.strip()]
    return parts[0] if parts else ""
