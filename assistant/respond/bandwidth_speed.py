"""What a card's memory bandwidth means for LLM speed, when a question doubts it ("strix halo 128gb worth it for llms or
is the bandwidth too low", "is 273 GB/s enough for llms on the dgx spark"): the bandwidth figure alone answers
nothing, so the speeds it implies for a dense model and a mixture-of-experts model follow it.

Contract: `implied(gpu, text, env)` -> one sentence, or "" when the question says no doubt about the bandwidth
([lists] bandwidth_doubt) or no reference model fits the card: the single-user decode speed (batch 1, q4_k_m, the
project's model, docs/model.md §llm.decode) of REF_DENSE and of REF_MOE on `gpu`, each when it fits the memory the
GPU may use at a 4k context, and the reading: a speed under USABLE_TPS is slow.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import hardware, llm, memory
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

REF_DENSE = "llama-3.3-70b"  # a dense 70B: what "too low for llms" is usually about [A]
REF_MOE = "qwen3-30b-a3b"  # a mixture-of-experts model reading only its active experts per token [A]
REF_SMALL = "llama-3.1-8b"  # the small dense model every card runs [A]
USABLE_TPS = 10.0  # [A] below this many tokens/s for one user, chatting feels slow (under reading pace)


def implied(gpu, text: str, env: Env) -> str:
    if not lexicon(env.lang).words_in("bandwidth_doubt", f" {text.lower()} "):
        return ""
    usable = hardware.gpu_memory_limit_gb(gpu)
    said = []
    for key in (REF_DENSE, REF_MOE, REF_SMALL):
        model = env.reader.model(key)
        if model is None or memory.inference_memory(model, "q4_k_m", context=4096).total_gb > usable:
            continue
        tps = llm.decode_speed(gpu, model, "q4_k_m").tokens_per_s
        word = env.t("bandwidth_speed.slow" if tps < USABLE_TPS else "bandwidth_speed.fine")
        said.append(env.t("bandwidth_speed.item", model=model.name, tps=f"{tps:.0f}", word=word))
    if not said:
        return ""
    return env.t("bandwidth_speed.line", gb=f"{gpu.memory_bandwidth_gb_s:,.0f}", items=i18n.sep(env.lang).join(said))
