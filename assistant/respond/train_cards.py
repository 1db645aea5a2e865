"""How many cards a full fine-tune takes when no card is named ("全参微调llama3 8b需要几张卡", "how many gpus to
full finetune llama 3 8b"): the fewest cards of three memory sizes people buy or rent (24, 48 and 80 GB) that hold it,
sharded with ZeRO-3 / FSDP beyond one card (respond/job_plan.cards_needed, docs/model.md §mem.train).

Contract: `lead(query, model, env)` -> the sentence, or "" when the question asks no count, the mode is not a full
fine-tune (LoRA and QLoRA split by layers, counted by the fit itself), or no card of the three is in the knowledge
base.
"""

from __future__ import annotations

from assistant import i18n
from assistant.respond.env import Env
from assistant.respond.use_case import said

CARDS = ("GeForce RTX 4090", "RTX A6000", "A100 SXM4 80 GB")  # 24, 48 and 80 GB cards, one of each size


def lead(query, model, env: Env) -> str:
    mode = getattr(query, "mode", None)
    if mode != "full_finetune" or not said("ask_count", query.text, env):
        return ""
    from assistant.respond.job_plan import cards_needed

    items, need = [], 0.0
    for name in CARDS:
        gpu = env.reader.gpu(name)
        if gpu is None:
            continue
        n, need = cards_needed(model, mode, gpu)
        if n:
            items.append(env.t("train_cards.item", n=n, gpu=gpu.short_name, gb=f"{gpu.memory_gb:g}"))
    if not items:
        return ""
    method = env.t(f"train_cards.method_{mode}")
    return env.t(
        "train_cards.head",
        model=model.name,
        method=method,
        need=f"{need:.0f}",
        items=i18n.listing(env.lang).join(items),
    )
