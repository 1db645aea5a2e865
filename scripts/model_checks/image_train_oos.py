"""Image LoRA training time out of sample (never fitted: no calibration file measures an image training step): the
published kohya_ss seconds per SDXL LoRA step (respond/image_train_time.PUBLISHED_SDXL_LORA, source
kohya-sdxl-lora-speed-2023) against the floor of respond/image_train_time.py (docs/model.md §image.train: the
denoiser's forward time x 3 for LoRA with gradient checkpointing), in seconds per step."""

from __future__ import annotations

from assistant.respond.image_train_time import PUBLISHED_SDXL_LORA, step_seconds
from model_checks.rows import Row


def image_train_out_of_sample_rows(kb) -> list[Row]:
    """SDXL LoRA at 1,024 px, batch 1, on each card of the published runs."""
    out = []
    model = kb.model("sdxl-base")
    for gpu_name, seconds in PUBLISHED_SDXL_LORA:
        gpu = kb.known_gpu(gpu_name)
        step = step_seconds(gpu, model, "lora", 1024, 1, checkpointing=True) if gpu and model else None
        if step:
            out.append(Row("image train out of sample", f"SDXL LoRA 1024 b1 kohya, {gpu.short_name}", step, seconds))
    return out
