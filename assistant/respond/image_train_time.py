"""How long an image-model fine-tune takes on the user's GPU ("how long to train an sdxl lora on a 3060"): steps,
not tokens.

Contract: `image_job_time(query, env, model, gpu, n)` -> (sentence, steps, figures), empty ("", [], {}) when the
model has no speed model (§image.speed). One training step is one denoiser forward and backward pass on a batch
at the training resolution: the forward time of one pass from the image speed model (its compute-bound step time
divided by the guidance passes) times FLOPs per parameter and token over the forward's 2 (LoRA / QLoRA 4, full 6,
§cost.run) plus one more forward with gradient checkpointing (the assumed set-up); DEFAULT_TRAIN_STEPS steps
unless said (or images x epochs / batch when both are said) [A: kohya / ai-toolkit LoRA recipes run about
1,500-3,000 steps]. figures: job_hours, train_steps, seconds_per_step.
"""

from __future__ import annotations

import math

from assistant.models import image_speed
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.wording import counted, duration
from assistant.specs import ModelSpec

DEFAULT_TRAIN_STEPS = 2000
# Bytes moved per parameter by one optimizer step of a mixed-precision full fine-tune [D]: AdamW reads the fp32
# weight (4), the 16-bit gradient (2) and two fp32 moments (8) and writes the weight, its 16-bit copy and the moments
# (4 + 2 + 8) = 28; bitsandbytes' 8-bit AdamW keeps the moments in one byte each = 16.
OPTIMIZER_BYTES = {"adamw": 28, "adamw8bit": 16}
# Published seconds per SDXL LoRA step (1024 px, batch 1, kohya_ss; source kohya-sdxl-lora-speed-2023), out of sample:
# the floor against what a trainer takes (scripts/model_checks/image_train_oos.py, docs/model.md §image.train).
PUBLISHED_SDXL_LORA = (("GeForce RTX 3060 12 GB", 2.4), ("GeForce RTX 3090 Ti", 1.23))
UNET_MODELS = ("sdxl-base", "sd-1.5")  # the Stable Diffusion UNets the SDXL runs' overhead is applied to [A]


def step_seconds(
    gpu, model: ModelSpec, mode: str, resolution: int | None, batch: int, checkpointing: bool = True
) -> float | None:
    """Seconds per training step on one card (the floor of the module contract); None without a speed model."""
    parts = _step_parts(gpu, model, mode, resolution, batch, checkpointing)
    return parts[0] * parts[1] if parts else None


def _step_parts(gpu, model: ModelSpec, mode: str, resolution: int | None, batch: int, checkpointing: bool):
    """(forward seconds, factor, the speed estimate) of one training step on one card, or None."""
    speed = image_speed.image_speed(gpu, model, resolution=resolution, batch=batch or 1)
    if speed is None or speed.steps_per_s <= 0:
        return None
    forward_s = 1.0 / speed.steps_per_s / speed.passes
    per_token = 4.0 if mode in ("lora", "qlora") else 6.0
    factor = per_token / 2.0 + (1.0 if checkpointing else 0.0)
    return forward_s, factor, speed


def optimizer_seconds(gpu, model: ModelSpec, mode: str, setup: tuple[str, ...] = ()) -> float:
    """The optimizer's step of a full fine-tune (DreamBooth): every denoiser parameter's weights, gradient and Adam
    moments read and written once, at the card's memory bandwidth [D: OPTIMIZER_BYTES]; 0 for LoRA (a few MB)."""
    bandwidth = float(gpu.memory_bandwidth_gb_s or 0)
    if mode in ("lora", "qlora") or bandwidth <= 0 or not model.params_b:
        return 0.0
    per_param = OPTIMIZER_BYTES["adamw8bit" if "adamw8bit" in setup else "adamw"]
    return model.params_b * 1e9 * per_param / (bandwidth * 1e9)


def image_job_time(query: FitQuery, env: Env, model: ModelSpec, gpu, n: int) -> tuple[str, list[str], dict]:
    checkpointing = "checkpointing_off" not in query.setup
    parts = _step_parts(gpu, model, query.mode, query.resolution, query.batch or 1, checkpointing)
    if parts is None:
        return "", [], {}
    forward_s, factor, speed = parts
    optimizer_s = optimizer_seconds(gpu, model, query.mode, query.setup)
    step_s = (forward_s * factor + optimizer_s) / max(n, 1)
    from_epochs = steps_from_epochs(query)
    steps = getattr(query, "train_steps", None) or from_epochs or DEFAULT_TRAIN_STEPS
    hours = steps * step_s / 3600.0
    stated = bool(getattr(query, "train_steps", None) or from_epochs)
    overhead = _overhead(env)
    # the set-up the public runs measured, or a UNet fine-tune of the same family (SD 1.x: the same blocks at 512 px;
    # DreamBooth = a full fine-tune): the floor times what those runs took over it leads (session 14; checked out of
    # sample against public SD 1.5 DreamBooth runs, docs/model.md §image.train)
    unet = model.key in UNET_MODELS
    sdxl = unet and (query.resolution or model.native_resolution or 1024) == (model.native_resolution or 1024)
    sdxl = sdxl and (query.batch or 1) == 1 and query.mode in ("lora", "qlora", "full_finetune")
    figures: dict = {"job_hours": round(hours, 2), "train_steps": steps, "seconds_per_step": round(step_s, 3)}
    if overhead and sdxl:  # the set-up the public runs measured: the floor times what they took over it leads
        lo, hi = overhead[0], overhead[1]
        head = env.t(
            "fit.image_job_time_real" + ("_stated" if stated else ""),
            span=_span(env, hours * lo, hours * hi),
            floor=duration(env, hours),
            lo=f"{lo:.1f}",
            hi=f"{hi:.1f}",
            steps=f"{steps:,}",
            what=counted(env, gpu, n),
        )
        figures["job_hours_expected"] = [round(hours * lo, 2), round(hours * hi, 2)]
    else:
        key = "fit.image_job_time_stated" if stated else "fit.image_job_time"
        head = env.t(key, time=duration(env, hours), steps=f"{steps:,}", what=counted(env, gpu, n))
    step = env.t(
        "fit.image_job_step_full" if optimizer_s else "fit.image_job_step",
        fwd=f"{forward_s:.2f}",
        factor=f"{factor:g}",
        step=f"{step_s:.2f}" if optimizer_s else f"{step_s:.1f}",
        px=speed.resolution,
        batch=speed.batch,
        steps=f"{steps:,}",
        params=f"{model.params_b:.2f}",
        bytes=OPTIMIZER_BYTES["adamw8bit" if "adamw8bit" in query.setup else "adamw"],
        adam=env.t("fit.image_job_adam8" if "adamw8bit" in query.setup else "fit.image_job_adam"),
        bw=f"{gpu.memory_bandwidth_gb_s or 0:,.0f}",
        opt=f"{optimizer_s:.3f}",
    )
    steps_said = [step]
    if overhead and (sdxl or model.kind == "image"):  # what a trainer took in public runs, against this floor
        (a, a_s, a_f), (b, b_s, b_f) = overhead[2]
        steps_said.append(
            env.t(
                "fit.image_job_published",
                a=a,
                a_s=f"{a_s:g}",
                a_f=f"{a_f:.2f}",
                b=b,
                b_s=f"{b_s:g}",
                b_f=f"{b_f:.2f}",
                lo=f"{overhead[0]:.1f}",
                hi=f"{overhead[1]:.1f}",
            )
            + ("" if sdxl else env.t("fit.image_job_other", model=model.name))
        )
    if from_epochs and not getattr(query, "train_steps", None):  # "20 epochs on 30 images": the steps that makes
        steps_said.insert(
            0,
            env.t(
                "fit.image_job_epochs",
                n=f"{query.samples:,.0f}",
                epochs=f"{query.epochs:g}",
                batch=query.batch or 1,
                steps=f"{steps:,}",
            ),
        )
    elif query.samples:  # "a lora on 20 images": the data set sets how often each image is seen, not the time
        passes = steps * speed.batch / query.samples
        steps_said.append(
            env.t("fit.image_job_samples", n=f"{query.samples:,.0f}", steps=f"{steps:,}", passes=f"{passes:,.0f}")
        )
    return head, steps_said, figures


def steps_from_epochs(query: FitQuery) -> int | None:
    """ "a 20 epoch lora on 30 images": images x epochs / batch optimizer steps (no per-image repeats said), None
    unless both the images and the epochs are said."""
    samples, epochs = getattr(query, "samples", None), getattr(query, "epochs", None)
    if not samples or not epochs:
        return None
    return max(1, math.ceil(samples * epochs / max(query.batch or 1, 1)))


def _overhead(env: Env) -> tuple[float, float, list[tuple[str, float, float]]] | None:
    """(lowest, highest ratio, [(card, published s/step, floor s/step)]) of the public kohya_ss SDXL LoRA runs
    (1,024 px, batch 1) against this floor on the same cards; None when a card or SDXL is missing from the KB."""
    sdxl = env.reader.model("sdxl-base")
    if sdxl is None:
        return None
    runs = []
    for name, seconds in PUBLISHED_SDXL_LORA:
        gpu = env.reader.gpu(name)
        floor = step_seconds(gpu, sdxl, "lora", 1024, 1) if gpu is not None else None
        if gpu is None or not floor:
            return None
        runs.append((gpu.short_name, seconds, floor))
    ratios = [s / f for _, s, f in runs]
    return min(ratios), max(ratios), runs


def _span(env: Env, low_h: float, high_h: float) -> str:
    """ "36-55 minutes" (one unit) or "50 minutes-1.2 hours"."""
    a, b = duration(env, low_h), duration(env, high_h)
    num_a, _, unit_a = a.partition(" ")
    _num_b, _, unit_b = b.partition(" ")
    return f"{num_a}-{b}" if unit_a and unit_a == unit_b else f"{a}-{b}"
