"""Whether an API is the only way for one person, asked beside what a model needs: "跑kimi k2要多少显存，个人是不是只能
用API", "how much vram for deepseek v3, is the api the only option for a normal person".

Contract: `line(words, answer, env)` returns the sentence for an ask `words` that asks whether an API is the only
way (lexicon list api_only_words, with an API word: list ask_api or "api") when `answer` sized a model no named card
holds and lists the cheapest sets of cards that do (figures cheapest_sets): not the only way, the cheapest set and its
machine price, and beyond that budget an API or the slower system-RAM route the answer's own reasons give (a reason
naming llama.cpp's --n-cpu-moe, quoted as it is); "" otherwise. Pure.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.concept_facts import says
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env


def line(words: str, answer: Answer, env: Env) -> str:
    """The API-only ask answered from the answer's own cheapest sets (see the module contract)."""
    lex = lexicon(env.lang)
    if not (says(words, lex.listed("api_only_words")) and says(words, (*lex.listed("ask_api"), "api", "apis"))):
        return ""
    sets = answer.figures.get("cheapest_sets")
    first = sets[0] if isinstance(sets, list) and sets and isinstance(sets[0], dict) else None
    spec = env.reader.gpu(first.get("gpu", "")) if first else None
    if first is None or spec is None or not first.get("machine_usd"):
        return ""
    offload = next((s for s in answer.steps if "--n-cpu-moe" in s), "")
    key = "asks.api_only_offload" if offload else "asks.api_only"
    return env.t(
        key,
        set=f"{first.get('gpu_count', 1)} x {spec.short_name}",
        price=env.money(float(first["machine_usd"])),
        offload=offload,
    )
