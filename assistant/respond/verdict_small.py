"""A card below a work's usual floor that still does the small version of it: a yes with that condition, not a no.

Contract: `small_yes(env, gpu, n, workload, text)` gives (condition, head) for a verdict that would otherwise be a
plain "no": an LLM card under the 24 GB floor that holds some LLM at 4-bit ("is the jetson orin nano super any good
for a local llm": 8 GB hold up to about a 9B model), an LLM fine-tune that fits as QLoRA, and a card without tensor
cores asked to train a small model (lexicon [lists] small_train_words: "yolo11n", "mnist", "resnet on cifar",
"小模型") or asked whether it is still usable (usable_asks: "is a 1080 ti still usable for deep learning"): it
trains at its FP32 vector rate, which a small model and a small dataset tolerate; a small transformer named
(small_transformer_words: "vit-base", "bert-base") is usable for learning and fine-tunes, slow at scale. None when
even the small version does not fit, or the question is not one of these.
"""

from __future__ import annotations

from assistant.models import hardware
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_finetunable, largest_llm, smallest_too_big
from assistant.respond.wording import counted
from assistant.specs import GpuSpec


def small_yes(env: Env, gpu: GpuSpec, n: int, workload: str, text: str) -> tuple[str, str] | None:
    what, mem = counted(env, gpu, n), (gpu.memory_gb or 0) * n
    use = env.t(f"verdict.use_{workload}")
    if workload == "llm_inference" and hardware.has_tensor_cores(gpu):
        model = largest_llm(env, (gpu.memory_gb or 0))
        if model:
            condition = env.t("verdict.cond_llm", model=model)
            over = smallest_too_big(env, mem)
            if over is not None:  # "5070 12g跑大模型够不够用": what it can run, and what it cannot
                condition += env.t("verdict.cond_llm_not", model=over[0], need=f"{over[1]:.1f}")
            return condition, env.t("verdict.head_limited", what=what, use=use, mem=f"{mem:g}", condition=condition)
    if workload == "llm_finetune" and hardware.has_tensor_cores(gpu):
        qlora = largest_finetunable(env, gpu.memory_gb or 0, "qlora")
        if qlora:
            condition = env.t("verdict.cond_llm_train_qlora", qlora=qlora, lora="")
            return condition, env.t("verdict.head_limited", what=what, use=use, mem=f"{mem:g}", condition=condition)
    lex, low = lexicon(env.lang), f" {text.lower()} "
    # "still usable", "a dealbreaker?": whether it still does the work at all, a yes within limits (usable_asks)
    if not hardware.has_tensor_cores(gpu) and (
        lex.words_in("small_train_words", low) or lex.words_in("usable_asks", low)
    ):
        condition = env.t("verdict.cond_small_train")
        tflops = (gpu.fp32_gflops or 0) / 1000
        # "training vit-base", "bert-base": a small transformer, usable for learning and fine-tunes, slow at scale
        key = "head_small_transformer" if lex.words_in("small_transformer_words", low) else ""
        key = key or "head_small_train"
        return condition, env.t(f"verdict.{key}", what=what, mem=f"{mem:g}", tflops=f"{tflops:.1f}")
    return None


SIBLING_GAP = 0.6  # a version of the same chip with more memory, at most this much dearer, is named [A]
SIBLING_BANDWIDTH = 0.9  # ... and with at least this share of the card's memory bandwidth (not a cut-down board) [A]


def bigger_sibling(env: Env, gpu: GpuSpec) -> str:
    """ "is the rtx 5060 ti 8gb a trap for ai": the version of the same chip with more memory when it costs at most
    SIBLING_GAP more ("for about $50 more (13 %), the RTX 5060 Ti 16 GB has 16 GB"); "" when there is none or
    either price is missing."""
    from assistant.respond.pricing import purchase_price
    from assistant.respond.variants import is_modified

    mine = purchase_price(gpu.name, env)
    if mine is None or not gpu.chip or not mine.usd:
        return ""
    priced = sorted({q.gpu for q in env.reader.prices(env.assumptions.snapshot)} - {gpu.name})
    found = []
    for other in env.reader.gpus(priced):
        if other.chip != gpu.chip or (other.memory_gb or 0) <= (gpu.memory_gb or 0) or other.vendor != gpu.vendor:
            continue
        if other.passively_cooled != gpu.passively_cooled or "mobile" in other.name.lower() or is_modified(other.name):
            continue  # a modified (魔改) card is not a version NVIDIA sells
        if (other.memory_bandwidth_gb_s or 0) < (gpu.memory_bandwidth_gb_s or 0) * SIBLING_BANDWIDTH:
            continue  # "RTX PRO 4000 Blackwell SFF" for a 5070 Ti: the same chip cut to 70 W and half the bandwidth
        price = purchase_price(other.name, env)
        if price is not None and price.usd <= mine.usd * (1 + SIBLING_GAP):
            found.append((price.usd, other))
    if not found:
        return ""
    usd, other = min(found, key=lambda f: f[0])
    return env.t(
        "verdict.bigger_sibling",
        gap=env.money(max(usd - mine.usd, 0)),
        pct=f"{max(usd / mine.usd - 1, 0) * 100:.0f}",
        other=other.short_name,
        mem=f"{other.memory_gb:g}",
        mine=f"{gpu.memory_gb or 0:g}",
    )
