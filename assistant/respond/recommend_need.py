"""What a recommendation must satisfy and why a card is left out: the memory the workload needs (the
model named, sized as a fit answer sizes it, or the reference's floor for the workload), the single-user
chat basis when an LLM is run for oneself (§llm.decode), and exclusion reasons in the answer's language
and currency."""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import diffusion_memory, memory, train_memory
from assistant.queries import RecommendQuery
from assistant.respond import use_case
from assistant.respond.env import Env
from assistant.respond.fit_sizing import setup_text, sized_model
from assistant.respond.pricing import (
    CHAT_MODEL,
    chat_tokens_per_s,
    speech,
)

_FLOOR_GB = {
    "image_generation": (12.0, "rec.floor_image"),
    "llm_finetune": (24.0, "rec.floor_finetune"),
    "llm_inference": (24.0, "rec.floor_llm"),
}
_REASONS = [
    (re.compile(r"vendor (?P<vendor>.+) not in (?P<allowed>.+)"), "rec.why_vendor"),  # allowed: as the user typed it
    (re.compile(r"memory (?P<memory>[\d.]+) GB x (?P<n>\d+) < (?P<need>[\d.]+) GB needed"), "rec.why_memory"),
    (re.compile(r"price \$(?P<price>[\d,.]+) over budget \$(?P<budget>[\d,.]+)"), "rec.why_budget"),
    (re.compile(r"power (?P<power>[\d.]+) W over (?P<limit>[\d.]+) W"), "rec.why_power"),
]


def exclusion_reason(reason: str, env: Env, budget: float | None = None) -> str:
    """An exclusion reason of models.recommend in the answer's language and currency."""
    for pattern, key in _REASONS:
        m = pattern.fullmatch(reason)
        if m:
            values = m.groupdict()
            if key == "rec.why_budget":
                values = {k: env.money(float(v.replace(",", ""))) for k, v in values.items()}
                values["budget"] = env.money(budget) if budget else values["budget"]
            return env.t(key, **values)
    return env.term(reason)


def memory_need(query: RecommendQuery, env: Env) -> tuple[float | None, str]:
    """The memory the card must have and why. Several models of different kinds named ("whisper + some sdxl"):
    each sized by its own rule, the largest decides, all said."""
    parts: list[RecommendQuery] = []
    if query.also_models and not query.min_memory_gb:
        parts = [dataclasses.replace(query, model=m) for m in (query.model, *query.also_models)]
    elif (llm_size := _llm_beside_image(query, env)) is not None:  # "lora training sdxl and running 30b llms"
        llm = dataclasses.replace(query, model=None, params_b=llm_size, workload="llm_inference", mode=None)
        parts = [dataclasses.replace(query, params_b=None), llm]
    sized = [(gb, why) for gb, why in (_one_need(q, env) for q in parts) if gb is not None]
    if len(sized) > 1:  # the card holds each: the largest decides, all said
        most = max(gb for gb, _ in sized)
        return most, env.t("rec.models_need", needs=i18n.sep(env.lang).join(why for _, why in sized))
    return _one_need(query, env)


def _llm_beside_image(query: RecommendQuery, env: Env) -> float | None:
    """An LLM size said beside an image model ("sdxl lora and 30b llms"): the size (not the image model's own), or
    None."""
    size = getattr(query, "params_b", None)
    model = env.reader.model(query.model.key) if query.model and query.model.key else None
    if not size or model is None or model.kind != "image" or query.min_memory_gb:
        return None
    return None if abs(size / max(model.params_b or size, 0.1) - 1) < 0.2 else float(size)


def _one_need(query: RecommendQuery, env: Env) -> tuple[float | None, str]:
    if query.min_memory_gb:
        return query.min_memory_gb, env.t("rec.asked_memory", gb=f"{query.min_memory_gb:g}")
    model = sized_model(query, env)[0] if (query.model or getattr(query, "params_b", None)) else None
    if model is not None:
        n, scratch = max(query.gpu_count, 1), False
        if model.kind == "image" and query.workload in ("training", "llm_finetune"):
            # "which one for sdxl lora training": the LoRA (or full fine-tune) as a fit answer sizes it (§mem.image)
            method = "full" if query.mode in ("full", "full_finetune") else "lora"
            prec = query.precision or diffusion_memory.usual_precision(model)  # Flux: an fp8 base, as trainers run it
            est = diffusion_memory.image_training_memory(model, method, precision=prec, cache_text=True)
        elif model.kind == "image":
            # the set-up and precision a fit answer assumes (§mem.image): one rule for both
            prec = query.precision or diffusion_memory.usual_precision(model)
            est = diffusion_memory.image_memory(model, precision=prec, **diffusion_memory.AS_USUALLY_RUN)
        elif query.workload == "llm_finetune" or (query.workload == "training" and model.kind == "llm"):
            # the method named ("lora finetune llama 3.1 8b", "full finetune"), else QLoRA, as the fit answer sizes
            # "train a 13b model" (never the 4-bit inference memory under a 16-bit training ranking); a model trained
            # from scratch ("pretrain a 1b model", "train a 7b llm from scratch") trains every weight
            scratch = from_scratch(query, env)
            method = "full" if scratch else finetune_method(query)
            seq = query.context_tokens or min(2048, model.context or 2048)  # Whisper: its 448-token decoder
            batch = max(int(query.batch or 1), 1)  # "at batch 16": the batch said
            est = train_memory.training_memory(model, method, checkpointing=True, n_gpus=n, seq=seq, batch=batch)
        else:  # Whisper runs at fp16 (faster-whisper), LLMs at 4-bit
            prec = query.precision or ("fp16" if speech(model) else memory.local_precision(model))
            users = max(int(dict(query.targets).get("users", 1)), 1)  # "serve it to 20 users": each keeps a KV cache
            est = memory.inference_memory(model, prec, n_gpus=n, context=query.context_tokens, batch=users)
        how = setup_text(env, est.setup.replace("training full ", "training scratch ", 1) if scratch else est.setup)
        fused = _fused_need(est, query)
        if fused is not None:  # "best gpu for qlora llama 3 8b": what the common tools' fused loss needs, said
            return round(est.total_gb * n, 1), env.t(
                "rec.model_needs_fused",
                model=model.name,
                gb=f"{est.total_gb * n:.1f}",
                how=how,
                fused=f"{fused * n:.1f}",
            )
        return round(est.total_gb * n, 1), env.t(
            "rec.model_needs", model=model.name, gb=f"{est.total_gb * n:.1f}", how=how
        )
    typical = use_case.image_floor(query, env)  # "想买张卡跑comfyui": the typical current image model's need
    if typical is not None:
        return typical
    if getattr(query, "model_family", None) == "transformer":
        floor, key = _FLOOR_GB["llm_finetune"]
        return floor, env.t(key)
    if learning(query, env):  # "a student with $300, for learning ml + small llms": no 24 GB transformer floor
        return None, env.t("rec.floor_learner")
    return workload_floor(query.workload, env)


def _fused_need(est, query: RecommendQuery) -> float | None:
    """LoRA / QLoRA of an LLM whose plain cross-entropy logits are a large share of the need (fit_steps.
    FUSED_LOSS_SHARE): the need per GPU with a fused loss (Unsloth's default, Liger, Cut Cross-Entropy), else None."""
    from assistant.respond.fit_steps import FUSED_LOSS_SHARE

    logits = dict(est.components).get("logits", 0.0)
    if finetune_method(query) not in ("lora", "qlora") or logits < FUSED_LOSS_SHARE * est.total_gb:
        return None
    return est.total_gb - logits


def learning(query: RecommendQuery, env: Env) -> bool:
    """A learner's light work, no model or size named ("im a student with $300, best option for learning ml + running
    small llms"): a learner word (lexicon learner_words) with a light one (light_work_words) and none of
    learner_heavy_words ("fine-tune", "70b", "flux"). The reference's floors are for real-size transformer work; a
    learner's course models and small LLMs run on a normal desktop card."""
    from assistant.nlu.lexicon import lexicon

    lex, low = lexicon(env.lang), f" {(query.text or '').lower()} "
    if query.model or getattr(query, "params_b", None) or query.min_memory_gb:
        return False
    light = lex.words_in("learner_words", low) and lex.words_in("light_work_words", low)
    return bool(light) and not lex.words_in("learner_heavy_words", low)


def workload_floor(workload: str | None, env: Env) -> tuple[float | None, str]:
    """The reference's memory floor for a kind of work (GB, its reason), or (None, "")."""
    if workload not in _FLOOR_GB:
        return None, ""
    floor, key = _FLOOR_GB[workload]
    return floor, env.t(key)


def from_scratch(query: RecommendQuery, env: Env) -> bool:
    """ "train a 7b llm from scratch", "从零预训练": a word of [lists] pretrain_words, every weight trained."""
    from assistant.nlu.lexicon import lexicon

    return query.pretrain or lexicon(env.lang).words_in("pretrain_words", query.text.lower())


def finetune_method(query: RecommendQuery) -> str:
    """The fine-tuning method a recommendation sizes: the one named, or the one the last fit answered with (a
    follow-up carries it as the precision label, "LoRA (fp16 base)"), else QLoRA, the lightest."""
    if query.mode in ("lora", "qlora"):
        return query.mode
    label = (query.precision or "").lower()
    if query.mode in ("full", "full_finetune") or label.startswith(("full", "全参数")):  # said, or carried
        return "full"  # "on what gpu?" after 'full finetune llama 3.1 8b': the full fine-tune's memory
    return "qlora" if label.startswith("qlora") else "lora" if label.startswith("lora") else "qlora"


def need_from_floor(query: RecommendQuery) -> bool:
    """The memory need is the reference's floor for the workload, not a model or a size the user named."""
    named = query.min_memory_gb or query.model or getattr(query, "params_b", None)
    # smaller models still run; "transformer experiments" on a student's budget: smaller transformers still train
    return not named and (
        query.workload in ("llm_inference", "image_generation") or query.model_family == "transformer"
    )


def chat_basis(query: RecommendQuery, env: Env):
    """(model, quant, RTX 3090 tokens/s) when the question is about running or chatting with a named
    LLM: such rankings use single-user tokens/s, not batched throughput (§llm.decode)."""
    if query.workload != "llm_inference":
        return None
    if not (query.model or getattr(query, "params_b", None)):  # "top 5 gpus for local llm": a common local model
        model, ref = env.reader.model(CHAT_MODEL[0]), env.reader.gpu(C.REF_NAME)
        if model is None or ref is None:
            return None
        return model, CHAT_MODEL[1], chat_tokens_per_s(model, CHAT_MODEL[1], ref)
    model = sized_model(query, env)[0]
    ref = env.reader.gpu(C.REF_NAME)
    if model is None or model.kind != "llm" or ref is None or speech(model):
        return None
    quant = query.precision if query.precision in C.BITS_PER_WEIGHT else memory.local_precision(model)
    return model, quant, chat_tokens_per_s(model, quant, ref)
