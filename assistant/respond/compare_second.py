"""A comparison that asks two speed ratios in one question ("how much faster is the 4090 than the 3090 for
training and for inference", "4090比3090训练和推理分别快多少"): the headline answers the workload the parser kept,
this adds the other one's ratio from the same table (docs/model.md §perf.roofline: the two kinds of inference).

Contract: `second_ratio(query, by_key, names, chat_tps, key, env)` -> a sentence, or "" when the question names
one workload only, compares other than two GPUs, or lacks a figure.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.nlu.text import words
from assistant.queries import CompareQuery
from assistant.respond.env import Env

_TRAIN = {"training", "llm_finetune"}
_INFER = {"inference", "llm_inference"}
# words that name the model, not running it: "fine tuning llms", "training a chatbot" ask one workload
_MODEL_NOUNS = frozenset(
    {
        "llm",
        "llms",
        "chatbot",
        "chatbots",
        "language model",
        "language models",
        "大 模 型",
        "大 语 言 模 型",
        "语 言 模 型",
    }
)


def workloads_named(text: str, lang: str) -> list[str]:
    """The workloads the question names, in order: at each token the longest lexicon phrase that is a workload
    ("inference" inside "inference speed", a phrase of its own). A model noun names no workload ("fine tuning
    llms"), nor does an LLM phrase right before a training one ("local llm fine-tuning")."""
    lex, toks, found, i = lexicon(lang), words(text.lower()), [], 0
    while i < len(toks):
        hit = _workload_at(lex, toks, i)
        if hit and " ".join(toks[i : i + hit[0]]) not in _MODEL_NOUNS:
            found.append((hit[1], i, i + hit[0]))
        i += hit[0] if hit else 1
    train_starts = {start for w, start, _ in found if w in _TRAIN}
    return list(dict.fromkeys(w for w, _, end in found if not (w == "llm_inference" and end in train_starts)))


def _workload_at(lex, toks: list[str], i: int) -> tuple[int, str] | None:
    longest = None
    while (found := lex.match(toks, i, longest)) is not None:
        if "WORKLOAD" in found[1]:
            return found[0], str(found[1]["WORKLOAD"])
        if found[0] == 1:
            return None
        longest = found[0] - 1
    return None


def second_ratio(query: CompareQuery, by_key: dict, names: list[str], chat_tps: dict, key: str, env: Env) -> str:
    if len(names) != 2:
        return ""
    named = set(workloads_named(query.text, env.lang))
    if not (named & _TRAIN and named & _INFER):
        return ""
    if key in ("train16", "train32"):
        return _inference_text(by_key, names, chat_tps, env)
    if key in ("infer16", "infer8", "llm_chat"):
        return _training_text(by_key, names, env)
    return ""


def _ratio(rows: dict, names: list[str]) -> tuple[str, str, float] | None:
    a, b = rows.get(names[0]), rows.get(names[1])
    if a is None or b is None or not a.perf.score or not b.perf.score:
        return None
    r = safe_div(a.perf.score, b.perf.score)
    return (a.label, b.label, r) if r >= 1 else (b.label, a.label, safe_div(1, r))


def _inference_text(by_key: dict, names: list[str], chat_tps: dict, env: Env) -> str:
    batched = _ratio(by_key.get("infer16", {}), names)
    if batched is None:
        return ""
    fast, slow, ratio = batched
    text = env.t("compare.second_inference", faster=fast, slower=slow, ratio=f"{ratio:.2f}")
    tps = [float(chat_tps.get(n) or 0.0) for n in names]
    if not all(tps):
        return text + i18n.end(env.lang)
    hi, lo = (0, 1) if tps[0] >= tps[1] else (1, 0)
    return text + env.t(
        "compare.second_chat",
        faster=by_key["infer16"][names[hi]].label,
        ratio=f"{tps[hi] / tps[lo]:.2f}",
        a=f"{tps[hi]:,.0f}",
        b=f"{tps[lo]:,.0f}",
    )


def _training_text(by_key: dict, names: list[str], env: Env) -> str:
    trained = _ratio(by_key.get("train16", {}), names)
    if trained is None:
        return ""
    fast, slow, ratio = trained
    return env.t("compare.second_training", faster=fast, slower=slow, ratio=f"{ratio:.2f}")
