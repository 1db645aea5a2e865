""" "why?" / "为什么" after a comparison for a model ("mac mini m4 pro 64gb or a 3090 pc for 32b models" -> "why?"):
what decided it for that model, not the answer again.

Contract: `model_pick_why(answer, env)` -> the reason sentence (without the "Why:" label) for a comparison that
named an LLM, from its figures: when one side holds the model and the other does not, the memory each has against
what the model needs; when both hold it and the pick runs it faster, the memory bandwidth of each (one user's
text generation reads the whole model per token, docs/model.md §llm) and the speeds; "" otherwise.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.respond.env import Env


def model_pick_why(answer: Answer, env: Env) -> str:
    f = answer.figures
    fits, need, room = f.get("model_fits") or {}, f.get("model_need_gb") or {}, f.get("model_room_gb") or {}
    pick = (f.get("pick") or {}).get("gpu") or f.get("model_choice") or answer.choice
    other = next((g for g in fits if g != pick), None)
    if len(fits) != 2 or not pick or pick not in fits or other is None or pick not in need or other not in need:
        return ""
    said = {
        "model": f.get("model_name") or "",
        "prec": f.get("model_precision") or "",
        "pick": _short(env, pick, answer),
        "other": _short(env, other, answer),
        "need": f"{need[pick]:,.1f}",
        "room": f"{room.get(pick, 0):g}",
        "other_room": f"{room.get(other, 0):g}",
    }
    if fits[pick] and not fits[other]:
        return env.t("why_model.memory", **said)
    tps = f.get("model_tokens_per_second") or {}
    if not (fits[pick] and fits[other] and tps.get(pick) and tps.get(other)) or tps[pick] <= tps[other]:
        return ""
    bw = {g: getattr(env.reader.known_gpu(g), "memory_bandwidth_gb_s", None) for g in (pick, other)}
    if not bw[pick] or not bw[other]:
        return ""
    said |= {"bw": f"{bw[pick]:,.0f}", "other_bw": f"{bw[other]:,.0f}", "tps": f"{tps[pick]:,.0f}"}
    return env.t("why_model.bandwidth", **said, other_tps=f"{tps[other]:,.0f}")


def _short(env: Env, name: str, answer: Answer) -> str:
    n = int((answer.figures.get("counts") or {}).get(name, 1))
    short = env.reader.known_gpu(name).short_name
    return f"{n} x {short}" if n > 1 else short
