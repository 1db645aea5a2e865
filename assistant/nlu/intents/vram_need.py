"""How much GPU memory a kind of work needs, no model or card named ("how much vram do i need for llms", "跑大模型需要
多大显存", "how much vram for qlora fine tuning"): the memory of common model sizes (respond/vram_ladder.py).

Contract: `read(r)` -> a FitQuery (asked "ladder") when the question asks a memory amount (lexicon vram_need_asks)
for LLM work with no model, size, GPU, memory, budget or money of its own; None otherwise.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading
from assistant.queries import FitQuery, Query

_LLM_WORK = ("llm_inference", "llm_finetune")


def read(r: Reading) -> Query | None:
    b = r.b
    if r.refs or r.model or b.has("PARAMS", "MEMORY", "MONEY", "BUDGET", "GPU", "UNKNOWN_MODEL", "USERS"):
        return None
    if r.workload not in _LLM_WORK or not r.said("vram_need_asks"):
        return None
    return FitQuery(text=r.text, model=None, workload=r.workload, mode=r.mode(), asked="ladder")
