"""Image- and video-generation speed out of sample (never fitted: no calibration file measures either): public runs
against `models.image_speed` (docs/model.md §image.speed), in denoising steps per second, and `models.video_speed`
(§video.speed), in seconds per clip."""

from __future__ import annotations

from assistant.models import image_speed, video_speed
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
    # Not NVIDIA (§image.speed, other vendors): the score ceiling, not the tensor peak, decides these
    (
        "RX 9070 XT, SDXL 1024 px, SD.Next ROCm 6.4",
        "Radeon RX 9070 XT",
        "sdxl-base",
        1024,
        1.91,
        "knowledge/sources/models.csv image-speed-rocm-9070xt-sdnext (bf16, 20 steps)",
    ),
    (
        "RX 9070 XT, SDXL 512 px, SD.Next ROCm 6.4",
        "Radeon RX 9070 XT",
        "sdxl-base",
        512,
        7.79,
        "knowledge/sources/models.csv image-speed-rocm-9070xt-sdnext (bf16, 20 steps)",
    ),
    (
        "RX 6900 XT, SDXL 1024 px, ComfyUI ROCm 6.3",
        "Radeon RX 6900 XT",
        "sdxl-base",
        1024,
        1.62,
        "knowledge/sources/models.csv image-speed-comfyui-7332-rdna (20 steps)",
    ),
)


def image_speed_out_of_sample_rows(kb) -> list[Row]:
    """Model vs each public run (batch 1); set "image speed out of sample"."""
    out = []
    for label, gpu, key, px, measured, _source in IMAGE_SPEED_OUT_OF_SAMPLE:
        speed = image_speed.image_speed(kb.gpu(gpu), kb.model(key), resolution=px)
        out.append(Row("image speed out of sample", label, speed.steps_per_s if speed else 0.0, measured))
    return out


# (label, GPU, video model key, size, measured seconds per clip, source)
VIDEO_SPEED_OUT_OF_SAMPLE = (
    (
        "RTX 4090, Wan2.1 1.3B 480p 81 frames",
        "GeForce RTX 4090",
        "wan2.1-t2v-1.3b",
        "480p",
        240.0,
        "Wan-Video/Wan2.1 README: 'about 4 minutes' (--offload_model True --t5_cpu)",
    ),
    (
        "H100, HunyuanVideo 720p 129 frames 50 steps",
        "H100 SXM5 80 GB",
        "hunyuanvideo",
        "720p",
        1904.08,
        "xdit-project/xDiT docs, HunyuanVideo performance report, 1 GPU (official HunyuanVideo code)",
    ),
    (
        "L20, HunyuanVideo 720p 129 frames 50 steps",
        "L20",
        "hunyuanvideo",
        "720p",
        6043.88,
        "xdit-project/xDiT docs, HunyuanVideo performance report, 1 GPU (diffusers, flash-attn 2.7.2)",
    ),
)


def video_speed_out_of_sample_rows(kb) -> list[Row]:
    """Model vs each public run, seconds per clip; set "video speed out of sample"."""
    out = []
    for label, gpu, key, size, measured, _source in VIDEO_SPEED_OUT_OF_SAMPLE:
        clip = video_speed.clip_time(kb.gpu(gpu), key, size)
        out.append(Row("video speed out of sample", label, clip.seconds if clip else 0.0, measured))
    return out
