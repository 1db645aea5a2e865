"""Whether image LoRAs can be trained in a memory size when the question names image work but no model ("can i
train stable diffusion lora on 8gb", "can a 3060 train sd loras", "3060能炼sd的lora吗", "is 12gb enough for sd lora
training"): each image model people start with (SD 1.5, SDXL, FLUX.1 dev), the lightest of the trainers' usual
set-ups that fits (a 16-bit base, an 8-bit base, then the published low-VRAM recipe: Adafactor and block swap), with
its memory (docs/model.md §mem.image). Without this such questions were a training ranking or the 24 GB
transformer rule.

Contract: `respond(query, env)` -> an Answer (intent of the query) or None when the question is not of this kind:
a recommendation, verdict or fit that names image work and training but no model, with a memory size or a card.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models.diffusion_memory import image_training_memory, low_vram_lora
from assistant.respond.capability import IMAGE_MODELS, MARGIN_GB
from assistant.respond.env import Env
from assistant.respond.use_case import said

_TRAINS = re.compile(r"lora|dreambooth|fine[- ]?tun|\btrain|训练|炼|微调")
_KOHYA = "kohya-ss sd-scripts, FLUX.1 LoRA training guide (block swap, Adafactor)"
_USUAL: dict = {"method": "lora", "cache_text": True}  # kohya / ai-toolkit cache the text encoders' outputs (setup.py)


def respond(query, env: Env) -> Answer | None:
    if query.intent not in ("recommend", "verdict", "fit", "spec") or getattr(query, "model", None) is not None:
        return None
    if getattr(query, "params_b", None) or not said("work_image_words", query.text, env):
        return None
    if getattr(query, "mode", None) not in ("lora", "qlora") and not _TRAINS.search(query.text.lower()):
        return None  # "should i make do for learning stable diffusion": generating images, no training said
    memory_gb, gpu = _memory(query, env)
    if not memory_gb:
        return None
    found = [f for f in (_model_fit(env, key, memory_gb) for key in IMAGE_MODELS) if f is not None]
    if not found:
        return None
    fitting = [text for text, ok in found if ok]
    missing = [text for text, ok in found if not ok]
    where = (
        env.t("image_lora.on_card", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
        if gpu
        else env.t("image_lora.memory", gb=f"{memory_gb:g}")
    )
    key = "all" if not missing else "some" if fitting else "none"
    head = env.t(f"image_lora.head_{key}", where=where, items=i18n.listing(env.lang).join(fitting))
    if missing:
        head = i18n.gap(env.lang).join([head, *missing])
    return Answer(
        question=query.text,
        intent=query.intent,
        headline=head,
        gpus=[gpu.name] if gpu is not None else [],
        workload="training",
        choice=gpu.name if gpu is not None and fitting else None,
        steps=[env.t("image_lora.step")],
        figures={"memory_gb": memory_gb, "fits": bool(fitting), "image_lora": [t for t, _ in found]},
        sources=[
            "kohya-ss sd-scripts, FLUX.1 LoRA training guide (block swap, Adafactor)",
            "method: docs/model.md §mem.image",
        ],
        lang=env.lang,
    )


def _memory(query, env: Env):
    """The memory asked about: a size said ("on 8gb"), else the named card's (times its count)."""
    said_gb = getattr(query, "memory_gb", None) or getattr(query, "min_memory_gb", None)
    if said_gb and (query.intent != "recommend" or not getattr(query, "budget_usd", None)):
        return float(said_gb), None  # "on 8gb" (a recommendation with a budget asks for a card, not this)
    ref = next((g for g in getattr(query, "gpus", ()) if g.name), None)
    gpu = env.reader.gpu(ref.name) if ref is not None else None
    if gpu is None or not gpu.memory_gb:
        return None, None
    return float(gpu.memory_gb), gpu  # one card: an image LoRA trains on one GPU in these trainers


def _model_fit(env: Env, key: str, memory_gb: float) -> tuple[str, bool] | None:
    model = next((m for m in env.reader.models if m.key == key), None)
    if model is None:
        return None
    for precision in ("fp16", "fp8"):
        gb = image_training_memory(model, precision=precision, **_USUAL).total_gb
        if gb + MARGIN_GB <= memory_gb:
            how = env.t(f"image_lora.base_{precision}")
            return env.t("image_lora.fits", model=model.name, how=how, gb=f"{gb:.1f}"), True
    found = low_vram_lora(model, memory_gb, precision="fp8", **_USUAL)
    if found is not None:
        change, est = found
        swapped = change.get("blocks_swapped", 0)
        units = C.IMAGE_SWAP_UNITS.get(model.key, (0, 0))[0]
        how = env.t("image_lora.swap", n=swapped, units=units) if swapped else env.t("image_lora.adafactor")
        return env.t("image_lora.fits", model=model.name, how=how, gb=f"{est.total_gb:.1f}"), True
    gb = image_training_memory(model, precision="fp8", **_USUAL).total_gb
    return env.t("image_lora.not", model=model.name, gb=f"{gb:.1f}"), False
