"""How Ollama runs a card that is not NVIDIA's or Apple's, for a question that names Ollama ("arc a770 ok for ollama?",
"mi50 32g 拿来跑ollama靠谱吗").

Contract: `note(gpu, text, env)` -> (sentence, source id): the backend knowledge/ollama_backends.csv gives the card
(ROCm; the Vulkan backend only; taken off the ROCm path, Vulkan left) in the answer's language; ("", "") when the
question does not name Ollama or the card is NVIDIA's or Apple's (CUDA and Metal run as usual). `cover(answer,
text, env)` adds that sentence to an answer of any other intent about one such card.
"""

from __future__ import annotations

import re
from functools import cache

from assistant import i18n, paths
from assistant.respond.env import Env
from assistant.specs import GpuSpec

_OLLAMA = re.compile(r"ollama", re.IGNORECASE)


@cache
def _backends() -> tuple[tuple[str, re.Pattern, str, str], ...]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "ollama_backends.csv", ["vendor", "pattern", "backend", "source"])
    return tuple((r["vendor"], re.compile(r["pattern"]), r["backend"], r["source"]) for _, r in rows)


def note(gpu: GpuSpec, text: str, env: Env) -> tuple[str, str]:
    """The sentence on Ollama's backend for `gpu` and its source (see the module contract)."""
    if not _OLLAMA.search(text):
        return "", ""
    for vendor, pattern, backend, source in _backends():
        if gpu.vendor == vendor and pattern.search(gpu.name):
            return env.t(f"verdict.ollama_{backend}", gpu=gpu.short_name), source
    return "", ""


def cover(answer, text: str, env: Env):
    """Any answer about one card that is not NVIDIA's or Apple's, for a message naming Ollama ("B580能跑ollama吗": a
    fit; "a770用ollama每秒多少token": a speed; "B580跑ollama支持吗": the frameworks concept), says how Ollama drives
    the card: after the answer, or first when the answer is a concept page (the card's backend is what was asked).
    A verdict adds it itself (respond/verdict._with_ollama); an answer that already says it is left as it is."""
    if not answer.understood or not answer.headline or answer.intent == "verdict" or len(answer.gpus) != 1:
        return answer
    gpu = env.reader.gpu(answer.gpus[0])
    said, source = note(gpu, text, env) if gpu is not None else ("", "")
    if not said or said in answer.headline:
        return answer
    parts = [said, answer.headline] if answer.intent == "explain" else [answer.headline, said]
    answer.headline = i18n.gap(env.lang).join(parts)
    answer.sources = [*answer.sources, *env.cite(source)]
    return answer
