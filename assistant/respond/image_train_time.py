"""How long an image-model fine-tune takes on the user's GPU ("how long to train an sdxl lora on a 3060"): steps,
not tokens.

Contract: `image_job_time(query, env, model, gpu, n)` -> (sentence, steps, figures), empty ("", [], {}) when the
model has no speed model (§image.speed). One training step is one denoiser forward and backward pass on a batch
at the training resolution: the forward time of one pass from the image speed model (its compute-bound step time
divided by the guidance passes) times FLOPs per parameter and token over the forward's 2 (LoRA / QLoRA 4, full 6,
§cost.run) plus one more forward with gradient checkpointing (the assumed set-up); DEFAULT_TRAIN_STEPS steps
unless said [A: kohya / ai-toolkit LoRA recipes run about 1,500-3,000 steps]. figures: job_hours, train_steps,
seconds_per_step.
"""

from __future__ import annotations

from assistant.models import image_speed
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.wording import counted, duration
from assistant.specs import ModelSpec

DEFAULT_TRAIN_STEPS = 2000
# Published seconds per SDXL LoRA step (1024 px, batch 1, kohya_ss; source kohya-sdxl-lora-speed-2023), out of sample:
# the floor against what a trainer takes (scripts/model_checks/image_train_oos.py, docs/model.md §image.train).
PUBLISHED_SDXL_LORA = (("GeForce RTX 3060 12 GB", 2.4), ("GeForce RTX 3090 Ti", 1.23))


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


def image_job_time(query: FitQuery, env: Env, model: ModelSpec, gpu, n: int) -> tuple[str, list[str], dict]:
    checkpointing = "checkpointing_off" not in query.setup
    parts = _step_parts(gpu, model, query.mode, query.resolution, query.batch or 1, checkpointing)
    if parts is None:
        return "", [], {}
    forward_s, factor, speed = parts
    step_s = forward_s * factor / max(n, 1)
    steps = getattr(query, "train_steps", None) or DEFAULT_TRAIN_STEPS
    hours = steps * step_s / 3600.0
    key = "fit.image_job_time_stated" if getattr(query, "train_steps", None) else "fit.image_job_time"
    head = env.t(key, time=duration(env, hours), steps=f"{steps:,}", what=counted(env, gpu, n))
    step = env.t(
        "fit.image_job_step",
        fwd=f"{forward_s:.2f}",
        factor=f"{factor:g}",
        step=f"{step_s:.1f}",
        px=speed.resolution,
        batch=speed.batch,
        steps=f"{steps:,}",
    )
    steps_said = [step]
    published = _published(env, model, query, steps, step_s)
    if published:  # SDXL: what a trainer took in a public run, against this floor
        steps_said.append(published)
    if query.samples:  # "a lora on 20 images": the data set sets how often each image is seen, not the time
        passes = steps * speed.batch / query.samples
        steps_said.append(
            env.t("fit.image_job_samples", n=f"{query.samples:,.0f}", steps=f"{steps:,}", passes=f"{passes:,.0f}")
        )
    return head, steps_said, {"job_hours": round(hours, 2), "train_steps": steps, "seconds_per_step": round(step_s, 2)}


def _published(env: Env, model: ModelSpec, query: FitQuery, steps: int, step_s: float) -> str:
    """SDXL LoRA at 1,024 px, batch 1: the public kohya_ss seconds per step against this floor on the same cards, and
    the job's time at that ratio (the slower of the two runs' ratios); "" for other models or set-ups."""
    if model.key != "sdxl-base" or query.mode not in ("lora", "qlora") or (query.resolution or 1024) != 1024:
        return ""
    if (query.batch or 1) != 1:
        return ""
    ratios = []
    for name, seconds in PUBLISHED_SDXL_LORA:
        gpu = env.reader.known_gpu(name)
        floor = step_seconds(gpu, model, "lora", 1024, 1) if gpu is not None else None
        if floor:
            ratios.append((gpu.short_name, seconds, floor))
    if len(ratios) != len(PUBLISHED_SDXL_LORA):
        return ""
    (a, a_s, a_f), (b, b_s, b_f) = ratios
    slow = max(a_s / a_f, b_s / b_f)
    return env.t(
        "fit.image_job_published",
        a=a,
        a_s=f"{a_s:g}",
        a_f=f"{a_f:.2f}",
        b=b,
        b_s=f"{b_s:g}",
        b_f=f"{b_f:.2f}",
        lo=f"{min(a_s / a_f, b_s / b_f):.1f}",
        hi=f"{slow:.1f}",
        steps=f"{steps:,}",
        time=duration(env, steps * step_s * slow / 3600.0),
    )
