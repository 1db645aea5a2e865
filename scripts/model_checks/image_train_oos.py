"""Image LoRA training time out of sample (never fitted: no calibration file measures an image training step): the
published kohya_ss seconds per SDXL LoRA step (respond/image_train_time.PUBLISHED_SDXL_LORA, source
kohya-sdxl-lora-speed-2023) against the floor of respond/image_train_time.py (docs/model.md §image.train: the
denoiser's forward time x 3 for LoRA with gradient checkpointing), in seconds per step."""

from __future__ import annotations

from assistant.respond.image_train_time import PUBLISHED_SDXL_LORA, optimizer_seconds, step_seconds
from model_checks.rows import Row

# Public SD 1.5 DreamBooth (full fine-tune) speeds at 640 px, batch 1 (TheLastBen/fast-stable-diffusion issue 2330,
# 2023-07; source dreambooth-speed-thelastben-2023): RTX A5000 1.67 it/s UNet only (2.45 it/s after an update, text
# encoder trained too), T4 0.85 it/s. Seconds per step; never fitted (session 14).
PUBLISHED_SD15_DREAMBOOTH = (("RTX A5000", 1 / 1.67), ("RTX A5000", 1 / 2.45), ("Tesla T4", 1 / 0.85))


def image_train_out_of_sample_rows(kb) -> list[Row]:
    """SDXL LoRA at 1,024 px, batch 1, on each card of the published runs."""
    out = []
    model = kb.model("sdxl-base")
    for gpu_name, seconds in PUBLISHED_SDXL_LORA:
        gpu = kb.known_gpu(gpu_name)
        step = step_seconds(gpu, model, "lora", 1024, 1, checkpointing=True) if gpu and model else None
        if step:
            out.append(Row("image train out of sample", f"SDXL LoRA 1024 b1 kohya, {gpu.short_name}", step, seconds))
    sd15 = kb.model("sd-1.5")
    for gpu_name, seconds in PUBLISHED_SD15_DREAMBOOTH:
        gpu = kb.known_gpu(gpu_name)
        if gpu is None or sd15 is None:
            continue
        step = step_seconds(gpu, sd15, "full_finetune", 640, 1, checkpointing=True)
        if step:  # the floor with the optimizer's step, as the DreamBooth answer counts it
            step += optimizer_seconds(gpu, sd15, "full_finetune")
            out.append(Row("image train out of sample", f"SD 1.5 DreamBooth 640 b1, {gpu.short_name}", step, seconds))
    return out
