"""Whether an old card is still usable, answered when a speed or fit answer leaves the verdict out.

Contract: `lead(answer, text, env)` runs after a responder (respond/asked.cover). When the message asks whether a card
is still usable (lexicon still_usable_words: "1080ti还能战吗，跑7B模型速度如何", "p40还能用吗 跑14b", "is a 1080 ti
still usable for 7b models") and the answer is a fit or speed answer about that one card, a verdict leads: usable for
the model asked when it fits (the fit and speed below are the responder's), else not for that model; then the card's
limits (no tensor cores: its 16-bit training speed against an RTX 3090; no BF16 tensor path; CUDA no longer targeting
its architecture, respond/vendor_practice.cuda_ended). How many years a card lasts (years_left_words) is another
ask and is left alone; an answer whose headline already gives a verdict on the card is left as it is.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import hardware
from assistant.nlu.lexicon import lexicon
from assistant.respond import vendor_practice
from assistant.respond.env import Env
from assistant.respond.pricing import perf_workload

_ANSWERS = ("fit",)  # the answers that give a model's fit and speed without a verdict on the card
_VERDICT_FIRST = re.compile(r"(?:够|能|不能|不够|可以|Yes|No)[，：,: ]")  # a fit headline that opens with its verdict


def _asked(text: str, lang: str) -> bool:
    lex, low = lexicon(lang), text.lower()
    return bool(lex.words_in("still_usable_words", low)) and not lex.words_in("years_left_words", low)


def limits(gpu, env: Env) -> tuple[list[str], list[str]]:
    """The card's limits for current deep-learning work, with their sources."""
    from assistant.respond.verdict_value import Speeds

    found: list[str] = []
    nvidia = (gpu.vendor or "") == "NVIDIA"
    if nvidia and not hardware.has_tensor_cores(gpu):
        speed = Speeds(env, perf_workload("training", None), None).row(gpu, 1).perf.score
        found.append(env.t("usable.no_tensor", gpu=gpu.short_name, speed=f"{speed:.2f}"))
    step, _, sources = vendor_practice.cuda_ended(gpu, env)  # its wording says no BF16 / FlashAttention 2 itself
    if step:
        found.append(step)
    elif nvidia and hardware.has_tensor_cores(gpu) and hardware.tensor_tflops(gpu, "bf16").value <= 0:
        found.append(env.t("usable.no_bf16", gpu=gpu.short_name))
    return found, sources


def lead(answer: Answer, text: str, env: Env) -> Answer:
    """Lead a fit or speed answer with the still-usable verdict and the card's limits when the message asks it."""
    if not answer.understood or not answer.headline or answer.intent not in _ANSWERS or len(answer.gpus) != 1:
        return answer
    if not _asked(text, env.lang) or "fits" not in answer.figures:
        return answer
    gpu = env.reader.gpu(answer.gpus[0])
    if gpu is None:
        return answer
    found, sources = limits(gpu, env)
    fits = bool(answer.figures.get("fits"))
    if not found and (not fits or _VERDICT_FIRST.match(answer.headline)):
        return answer  # "3090还能战吗 跑70b", "3080 10g还能战吗 跑7b够不够": the fit's yes or no is the verdict
    key = "usable.no" if not fits else "usable.yes" if found else "usable.yes_plain"
    said = env.t(key, gpu=gpu.short_name, model=str(answer.figures.get("model_name") or ""))
    if found:
        said += env.t("usable.but") + env.t("usable.join").join(x.rstrip("。.") for x in found)
    said += env.t("usable.end")
    answer.headline = i18n.gap(env.lang).join((said, answer.headline))
    answer.sources = [*answer.sources, *(s for s in sources if s not in answer.sources)]
    answer.figures["covers"] = sorted({*answer.figures.get("covers", ()), "still_usable"})
    return answer
