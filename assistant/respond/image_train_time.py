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


def image_job_time(query: FitQuery, env: Env, model: ModelSpec, gpu, n: int) -> tuple[str, list[str], dict]:
    speed = image_speed.image_speed(gpu, model, resolution=query.resolution, batch=query.batch or 1)
    if speed is None or speed.steps_per_s <= 0:
        return "", [], {}
    forward_s = 1.0 / speed.steps_per_s / speed.passes
    per_token = 4.0 if query.mode in ("lora", "qlora") else 6.0
    checkpointing = "checkpointing_off" not in query.setup
    factor = per_token / 2.0 + (1.0 if checkpointing else 0.0)
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
    if query.samples:  # "a lora on 20 images": the data set sets how often each image is seen, not the time
        passes = steps * speed.batch / query.samples
        steps_said.append(
            env.t("fit.image_job_samples", n=f"{query.samples:,.0f}", steps=f"{steps:,}", passes=f"{passes:,.0f}")
        )
    return head, steps_said, {"job_hours": round(hours, 2), "train_steps": steps, "seconds_per_step": round(step_s, 2)}
