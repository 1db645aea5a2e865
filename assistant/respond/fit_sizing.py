"""What other answers take from the fit answer without its modules: the model a query sizes (`sized_model`: the
named model, or for "a 13b model" a KB model of the nearest size scaled to it), the memory model's setup line in
the answer's language (`setup_text`), and the largest KB LLM that runs (`largest_llm`, q4_k_m with a 4k context) or
fine-tunes (`largest_finetunable`) in a given memory. Kept apart from respond/fit.py so that the ~20 modules of the
fit answer are imported only by answers that build one (respond/fit.py re-exports these names).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.models import memory, train_memory
from assistant.respond.env import Env
from assistant.specs import ModelSpec

# the memory model's setup lines -> catalog key of their wording (the mode is named in the sentence)
_SETUPS = [
    (re.compile(r"inference (?P<prec>\S+), (?P<ctx>\d+) ctx, batch (?P<batch>\d+)"), "fit.setup_inference"),
    (
        re.compile(
            r"training (?P<method>\S+) \((?P<prec>\S+)\), seq (?P<seq>\d+) x batch (?P<batch>\d+), "
            r"(?:ZeRO-(?P<zero>\d+)|(?P<layers>split by layers)) on (?P<n>\d+) GPU\(s\)"
        ),
        "fit.setup_training",
    ),
    (re.compile(r"image generation (?P<prec>\S+), (?P<px>\d+)px, batch (?P<batch>\d+)"), "fit.setup_image"),
    (
        re.compile(r"image training (?P<method>\S+) \((?P<prec>\S+)\), (?P<px>\d+)px, batch (?P<batch>\d+)"),
        "fit.setup_image_training",
    ),
]


def setup_text(env: Env, setup: str, method_said: bool = False) -> str:
    """The memory model's setup line ("inference q4_k_m, 8192 ctx, batch 1") in the answer's language;
    `method_said`: the sentence already names the training method, so the line leaves it out."""
    for pattern, key in _SETUPS:
        m = pattern.fullmatch(setup)
        if m:
            values = m.groupdict()
            values["prec"] = env.term(values["prec"])  # "mixed": mixed precision, in the answer's language
            if "method" in values:  # "full", "lora", "qlora" in the answer's language
                values["method"] = env.term(values["method"])
            if key == "fit.setup_training" and method_said:
                key = "fit.setup_training_bare"
            if key in ("fit.setup_training", "fit.setup_training_bare"):
                n = int(values["n"])
                values["gpus"] = env.t("fit.setup_one_gpu") if n == 1 else env.t("fit.setup_gpus", n=n)
                split = (
                    env.t("fit.setup_layers") if values.pop("layers") else env.t("fit.setup_zero", stage=values["zero"])
                )
                values["zero"] = split if n > 1 else ""
            return env.t(key, **values)
    return re.sub(r"^(inference|training|image generation) ", "", setup)


MODERN_CONTEXT = 32_768  # tokens: the shortest trained context of a shape "a 30b model" is taken to have [A]


def generic_shape(params_b: float, env: Env) -> ModelSpec | None:
    """The KB model whose shape "a 30b model" takes: a modern dense decoder (GQA, no MoE, full attention on every
    layer, trained for at least MODERN_CONTEXT tokens), the nearest in size (docs/model.md §mem.generic)."""
    llms = [
        m
        for m in env.reader.models
        if m.kind == "llm"
        and m.attention == "gqa"
        and not m.experts
        and not m.sliding_window
        and m.global_layers is None
        and (m.context or 0) >= MODERN_CONTEXT
    ]
    return min(llms, key=lambda m: (abs(m.params_b - params_b), m.name), default=None)


def sized_model(query, env: Env) -> tuple[ModelSpec | None, str]:
    """The named model, or for "a 13b model" a KB model of the nearest size scaled to it."""
    if query.model:
        return env.reader.model(query.model.key), ""
    if getattr(query, "params_b", None) and getattr(query, "active_b", None):
        return _sized_experts(query.params_b, query.active_b, env)
    if getattr(query, "params_b", None):
        near = generic_shape(query.params_b, env)
        if near is None:
            return None, ""
        shaped = dataclasses.replace(
            near,
            key=f"{query.params_b:g}b",
            name=env.t("fit.sized_model", params=f"{query.params_b:g}"),
            params_b=query.params_b,
            active_params_b=query.params_b,
        )
        return shaped, env.t("fit.sized_note", params=f"{query.params_b:g}", near=near.name)
    return None, ""


def _sized_experts(total: float, active: float, env: Env) -> tuple[ModelSpec | None, str]:
    """ "qwen3-next-80b-a3b": a KB mixture of experts of the nearest active share scaled to the total and active
    parameters typed (its layers, heads and experts per token kept: §mem.experts, §llm.decode)."""
    moes = [m for m in env.reader.models if m.kind == "llm" and (m.experts or 0) > 1 and m.active_params_b]
    near = min(moes, key=lambda m: abs((m.active_params_b or 0) / m.params_b - active / total), default=None)
    if near is None:
        return None, ""
    shaped = dataclasses.replace(
        near,
        key=f"{total:g}b-a{active:g}b",
        name=env.t("fit.sized_moe", params=f"{total:g}", active=f"{active:g}"),
        params_b=total,
        active_params_b=active,
    )
    return shaped, env.t("fit.sized_moe_note", params=f"{total:g}", active=f"{active:g}", near=near.name)


def largest_llm(env: Env, memory_gb: float, experts: bool = False, quant: str = "q4_k_m") -> str | None:
    """The largest KB LLM that fits `memory_gb` at `quant` (q4_k_m: the 4-bit way people run them) with a 4k context,
    the newest of its size class (respond/model_pick, §mem.largest); `experts`: mixture-of-experts models count too
    (by their total parameters)."""
    from assistant.respond.model_pick import named_largest

    needs = _q4_needs(env) if quant == "q4_k_m" else _needs_at(env, quant)
    fits = [m for m, need in needs if need <= memory_gb and (experts or not m.experts)]
    best = named_largest(fits, env)
    return best.name if best else None


def smallest_too_big(env: Env, memory_gb: float) -> tuple[str, float] | None:
    """The dense KB LLM needing the least memory of those that do not fit `memory_gb` at q4_k_m with a 4k context,
    with its need in GB: what a card cannot run ("12 GB: Mistral Small 3 (24B) no longer fits"); None when all fit."""
    over = [(m, need) for m, need in _q4_needs(env) if need > memory_gb and not m.experts]
    if not over:
        return None
    model, need = min(over, key=lambda x: (x[1], x[0].name))
    return model.name, need


def _q4_needs(env: Env) -> tuple:
    """(model, GB at q4_k_m with a 4k context) of every KB LLM in the KB's order, computed once per reader: the
    need does not depend on the card (largest_llm asks it of every card a verdict or comparison weighs)."""

    def needs() -> tuple:
        return tuple(
            (m, memory.inference_memory(m, "q4_k_m", context=4096).total_gb)
            for m in env.reader.models
            if m.kind == "llm"
        )

    return env.reader.derived(("fit.q4_needs",), needs)


def _needs_at(env: Env, quant: str) -> tuple:
    """(model, GB at `quant` with a 4k context) of every KB LLM, computed once per reader and quant."""

    def needs() -> tuple:
        return tuple(
            (m, memory.inference_memory(m, quant, context=4096).total_gb) for m in env.reader.models if m.kind == "llm"
        )

    return env.reader.derived(("fit.needs", quant), needs)


def largest_finetunable(env: Env, memory_gb: float, method: str) -> str | None:
    """The largest dense KB LLM whose `method` fine-tune (lora | qlora) fits `memory_gb` on one card with the
    fit answer's default set-up: sequence 2,048, batch 1, gradient checkpointing (§mem.train)."""
    best = None
    for m, est in _finetune_estimates(env, method):
        if memory.fit(est, memory_gb, 1).fits and (best is None or m.params_b > best.params_b):
            best = m
    return best.name if best else None


def _finetune_estimates(env: Env, method: str) -> tuple:
    """(model, `method` fine-tune estimate with the fit answer's default set-up) of every dense sized KB LLM in
    the KB's order, computed once per reader and method (the estimate does not depend on the card)."""

    def estimates() -> tuple:
        return tuple(
            (m, train_memory.training_memory(m, method, seq=2048, checkpointing=True))
            for m in env.reader.models
            if m.kind == "llm" and not m.experts and m.params_b
        )

    return env.reader.derived(("fit.finetune_estimates", method), estimates)


def moe_basis(model: ModelSpec, env: Env) -> str:
    """ "gpt-oss-120b is a mixture-of-experts model: memory goes by all 117 B parameters ..., speed by the 5.13 B
    active" (three significant digits): for a mixture-of-experts model, "" for any other."""
    if (model.experts or 0) <= 1 or not model.active_params_b:
        return ""
    total, active = f"{model.params_b:.3g}", f"{model.active_params_b:.3g}"
    return env.t("explain.moe_total_active", model=model.name, total=total, active=active)
