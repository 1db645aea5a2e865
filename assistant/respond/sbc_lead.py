"""A model size asked of a single-board computer's NPU: "orange pi 5 with the npu for running a 3b llm for home
assistant, viable or should i just get a used gpu" is answered viable or not first, by the speeds measured on an
RK3588 NPU (knowledge/concepts.toml sbc-npu: Qwen3 0.6B 15.6, Gemma 3 1B 13.5, Qwen3 4B 3.1 tokens/s, RKLLM 1.2.1,
8-bit weights), then the same model on a used RTX 3060 12 GB by the decode model (docs/model.md §llm.decode).

Contract: `lead(query, env)` -> a Lead when the sbc-npu question names an RK3588 board (Orange Pi 5, ROCK 5, RK3588)
and an LLM size ("a 3b llm", "7b"): up to
SMALL_B a yes, up to SLOW_B a yes but slow (the measured 4B speed), above it a no; with a KB model of that size
(within 15 %) its q4_k_m speed on the RTX 3060 12 GB beside it. None without a size.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import llm
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import Lead
from assistant.respond.env import Env

SMALL_B = 1.5  # measured at 13-16 tokens/s up to 1B: chats fine [R: concept-rk3588-rkllm-bench]
SLOW_B = 4.5  # the 4B model measured at 3.1 tokens/s: usable for short replies, slow for chat
MEASURED_4B = 3.1
USED_CARD = "GeForce RTX 3060 12 GB"  # the usual used step up the concept names (a 12 GB GPU)
_RK3588 = re.compile(r"orange\s?pi\s?5|rk3588|rock\s?5|radxa|香橙派\s?5", re.I)
_SIZE = re.compile(r"(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*b(?![a-z0-9])", re.I)


def lead(query: ExplainQuery, env: Env) -> Lead | None:
    found = _SIZE.search(query.text or "")
    if found is None or not _RK3588.search(query.text or ""):
        return None  # the measured speeds are the RK3588 NPU's: a Raspberry Pi or another board has none
    size = float(found.group(1))
    key = "sbc.small" if size <= SMALL_B else "sbc.slow" if size <= SLOW_B else "sbc.too_slow"
    text = env.t(key, size=f"{size:g}", tps=f"{MEASURED_4B:g}")
    card = env.reader.gpu(USED_CARD)
    model = _of_size(env, size)
    if card is not None and model is not None:
        tps = llm.decode_speed(card, model, "q4_k_m", context=1024, batch=1).tokens_per_s
        if tps > 0:
            text += i18n.gap(env.lang) + env.t("sbc.gpu", model=model.name, gpu=card.short_name, tps=f"{tps:.0f}")
    return Lead(text, {"sbc_size_b": size}, env.cite("concept-rk3588-rkllm-bench"))


def _of_size(env: Env, size: float):
    """The KB language model of the size said (within 15 %), a common chat family first (Llama 3, Qwen3, Gemma 3,
    Qwen2.5), then the nearest; None when none is that close."""
    near = [m for m in env.reader.models if m.kind == "llm" and m.params_b and abs(m.params_b - size) <= 0.15 * size]
    return min(near, key=lambda m: (not _common(m.key), abs(m.params_b - size))) if near else None


def _common(key: str) -> bool:
    return key.startswith(_COMMON) and "coder" not in key


_COMMON = ("llama-3", "qwen3-", "gemma-3", "qwen2.5-")
