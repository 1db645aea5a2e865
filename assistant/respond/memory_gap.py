"""Whether the gap between two memory sizes matters, and why memory decides what an LLM runs at all.

Contract: `lead(text, sizes, env)` -> a sentence to lead the two-sizes answer (respond/memory_pair.py) when the
question asks how big the difference is or why memory matters (lexicon memory_gap_words: "12g和16g差别真这么大吗",
"为什么都说跑大模型看显存", "is 16gb really that much better than 12gb"), else "". The verdict is read from the
largest KB LLM each size holds at q4_k_m with a 4k context (respond/fit_sizing.largest_llm): a different model is a
real gap, the same model is not; each is given with its weights and KV cache (models/memory.inference_memory,
docs/model.md §mem), and the reason: weights plus KV cache must sit in GPU memory, what does not fit is offloaded to
system RAM and runs far slower.
"""

from __future__ import annotations

from assistant.models import memory
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm
from assistant.respond.use_case import said

_CONTEXT = 4096  # the context largest_llm sizes with


def _held(env: Env, size: float) -> tuple[str, str]:
    """(model name, "weights GB + KV GB") of the largest LLM `size` GB holds, or ("", "")."""
    name = largest_llm(env, size) or ""
    model = next((m for m in env.reader.models if m.name == name), None) if name else None
    if model is None:
        return "", ""
    parts = dict(memory.inference_memory(model, "q4_k_m", context=_CONTEXT).components)
    return name, env.t("memory_gap.parts", weights=f"{parts['weights']:.1f}", kv=f"{parts['KV cache']:.1f}")


def lead(text: str, sizes: list[float], env: Env) -> str:
    if not said("memory_gap_words", text, env) or len(sizes) != 2:
        return ""
    big, small = sizes
    (big_model, big_parts), (small_model, small_parts) = _held(env, big), _held(env, small)
    if not big_model or not small_model:
        return ""
    key = "memory_gap.same" if big_model == small_model else "memory_gap.big"
    return env.t(
        key,
        big=f"{big:g}",
        small=f"{small:g}",
        big_model=big_model,
        small_model=small_model,
        big_parts=big_parts,
        small_parts=small_parts,
    ) + env.t("memory_gap.why")
