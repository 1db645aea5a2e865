"""How Ollama runs a card that is not NVIDIA's or Apple's, for a question that names Ollama ("arc a770 ok for ollama?",
"mi50 32g 拿来跑ollama靠谱吗").

Contract: `note(gpu, text, env)` -> (sentence, source id): the backend knowledge/ollama_backends.csv gives the card
(ROCm; the Vulkan backend only; taken off the ROCm path, Vulkan left) in the answer's language; ("", "") when the
question does not name Ollama or the card is NVIDIA's or Apple's (CUDA and Metal run as usual).
"""

from __future__ import annotations

import re
from functools import cache

from assistant import paths
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
