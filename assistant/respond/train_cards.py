"""How many cards a full fine-tune takes when no card is named ("全参微调llama3 8b需要几张卡", "how many gpus to
full finetune llama 3 8b"): the fewest cards of three memory sizes people buy or rent (24, 48 and 80 GB) that hold it,
sharded with ZeRO-3 / FSDP beyond one card (respond/job_plan.cards_needed, docs/model.md §mem.train).

Contract: `lead(query, model, env)` -> the sentence, or "" when the question asks no count, the mode is not a full
fine-tune (LoRA and QLoRA split by layers, counted by the fit itself), or no card of the three is in the knowledge
base. `times(query, model, env)` -> when the question asks how long a fine-tune (full, LoRA or QLoRA) of an LLM takes
and names no card ("全量微调llama 8b需要几张卡 多久"): the time of the job on the fewest cards of each of the three
sizes, as the timed answers on a named card compute it (respond/fit_speed.job_values: docs/model.md §cost.run, 100 M
tokens assumed and said unless the question names its data); "" otherwise.
"""

from __future__ import annotations

from assistant import i18n
from assistant.nlu.lexicon import lexicon
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


def times(query, model, env: Env) -> str:
    mode = getattr(query, "mode", None)
    if mode not in ("full_finetune", "lora", "qlora") or model.kind != "llm" or not said("ask_time", query.text, env):
        return ""
    items, data = _timed(query, model, env, mode)
    if not items:
        return ""
    method = env.t(f"train_cards.method_{mode}")
    text = env.t("train_cards.times", method=method, items=i18n.listing(env.lang).join(items), data=data)
    if mode == "full_finetune" and not lexicon(env.lang).words_in("full_finetune_words", query.text.lower()):
        # "how long to finetune a 7b model": no method said, so LoRA on one card too, what most fine-tunes run
        lora, _ = _timed(query, model, env, "lora")
        if lora:
            text += i18n.gap(env.lang) + env.t("train_cards.times_lora", items=i18n.listing(env.lang).join(lora))
    return text


def _timed(query, model, env: Env, mode: str) -> tuple[list[str], str]:
    """(the job's time on the fewest cards of each size for `mode`, the data it assumes), from fit_speed.job_values."""
    import dataclasses

    from assistant.respond.fit_speed import job_values
    from assistant.respond.job_plan import cards_needed

    items, data, asked = [], "", dataclasses.replace(query, mode=mode)
    for name in CARDS:
        gpu = env.reader.gpu(name)
        n = cards_needed(model, mode, gpu)[0] if gpu is not None else None
        values = job_values(asked, env, model, gpu, n)[0] if n else None
        if values is not None:
            items.append(env.t("train_cards.time_item", time=values["time"], what=values["what"]))
            data = values["data"]
    return items, data
