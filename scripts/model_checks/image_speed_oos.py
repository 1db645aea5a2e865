"""Image-generation speed out of sample (never fitted: no calibration file measures it): public runs against
`models.image_speed` (docs/model.md §image.speed), in denoising steps per second."""

from __future__ import annotations

from assistant.models import image_speed
from model_checks.rows import Row

# (label, GPU, model key, resolution, measured steps/s, source)
IMAGE_SPEED_OUT_OF_SAMPLE = (
    (
        "A100 SXM, SDXL 1024 px, diffusers + SDPA",
        "A100 SXM4 80 GB",
        "sdxl-base",
        1024,
        8.43,
        "fal-ai/stable-diffusion-benchmarks (50 steps, end to end)",
    ),
    (
        "A100 SXM, SD 1.5 512 px, diffusers + SDPA",
        "A100 SXM4 80 GB",
        "sd-1.5",
        512,
        31.4,
        "fal-ai/stable-diffusion-benchmarks (50 steps, end to end)",
    ),
    (
        "RTX 4090, FLUX.1 dev 1024 px, ComfyUI",
        "GeForce RTX 4090",
        "flux.1-dev",
        1024,
        1 / 0.55,
        "gigagpu.com FLUX guide, 2025 (0.55 s/step, --highvram)",
    ),
    (
        "RTX 4090, SD 1.x 1024 px, AUTOMATIC1111 2022",
        "GeForce RTX 4090",
        "sd-1.5",
        1024,
        7.5,
        "AUTOMATIC1111/stable-diffusion-webui issue #2449, Nov 2022",
    ),
)


def image_speed_out_of_sample_rows(kb) -> list[Row]:
    """Model vs each public run (batch 1); set "image speed out of sample"."""
    out = []
    for label, gpu, key, px, measured, _source in IMAGE_SPEED_OUT_OF_SAMPLE:
        speed = image_speed.image_speed(kb.gpu(gpu), kb.model(key), resolution=px)
        out.append(Row("image speed out of sample", label, speed.steps_per_s if speed else 0.0, measured))
    return out
