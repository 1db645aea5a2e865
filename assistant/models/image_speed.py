"""Image-generation speed: seconds per image and denoising steps per second (§image.speed).

Contract: `image_speed(gpu, model, resolution=None, steps=None, batch=1, controlnets=0)` returns a frozen
`ImageSpeed` (steps/s, seconds per image, images per minute, the FLOPs and the rate used) for a model in
`constants.DENOISER_MACS`, else None; each ControlNet adds its share of the denoiser's work per step. No calibration
row measures image generation, so this is an estimate: the denoiser's multiply-accumulates
per forward (counted from its architecture, scaled to the size asked: linear and convolution work with the pixels,
self-attention with their square) x 2 FLOPs x guidance passes, at the lower of the rate llama.cpp's cuBLAS prompt
kernels reach (§llm.prefill: 0.45 x the FP16-accumulate tensor peak [CAL]) and IMAGE_ACC32_EFFICIENCY x the
FP32-accumulate peak PyTorch's products run at, x the power-limited clock factor, and on a GPU that is not NVIDIA's
(ROCm, oneAPI: the two efficiencies above describe CUDA libraries only) at most the reference RTX 3090's rate x the
GPU's 16-bit batched-inference roofline score (§image.speed, "other vendors"); plus the host time of the step's
kernel launches (DENOISER_KERNELS x IMAGE_KERNEL_HOST_US) and one VAE decode. Not counted: text encoding, sampler
arithmetic. Never raises; 0 steps/s for a GPU without a tensor or FP16 rate.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models import llm
from assistant.models import performance as perf
from assistant.models.diffusion_memory import controlnet_share, uses_guidance
from assistant.models.memory import transfer_seconds
from assistant.specs import GpuSpec, ModelSpec


@dataclass(frozen=True)
class ImageSpeed:
    """Images per unit of time of one image model and resolution on one GPU."""

    model: str
    resolution: int
    steps: int
    passes: int  # denoiser passes per step (2 with classifier-free guidance)
    batch: int
    tflop_per_step: float  # all passes, the whole batch
    tflops: float  # rate used
    host_s: float  # per step: the host time of the kernel launches
    steps_per_s: float
    seconds_per_image: float  # steps + VAE decode, per image of the batch
    images_per_minute: float


def has_speed_model(model: ModelSpec) -> bool:
    return model.key in C.DENOISER_MACS


def effective_tflops(gpu: GpuSpec) -> float:
    """The rate a denoiser's 16-bit products reach: min(0.45 x FP16-accumulate peak (§llm.prefill, cuBLAS path),
    IMAGE_ACC32_EFFICIENCY x FP32-accumulate peak (PyTorch accumulates in FP32)) x the power-limited clock factor."""
    acc16 = max(llm._compute_tflops(gpu).value, 0.0) * C.PREFILL_EFFICIENCY
    acc32 = max(hw.matmul_tflops(gpu, "fp16_acc32").value, 0.0) * C.IMAGE_ACC32_EFFICIENCY
    rate = min(acc16, acc32) if acc32 > 0 else acc16
    rate *= hw.power_clock_factor(gpu)
    ceiling = score_ceiling_tflops(gpu)
    return min(rate, ceiling) if ceiling > 0 else rate


def reference_tflops() -> float:
    """The rate of the reference RTX 3090 by the rule above: a GeForce card, so FP32 accumulate at half its
    FP16-accumulate peak (2 x REF_TENSOR_TFLOPS); the lower ceiling decides."""
    return min(C.PREFILL_EFFICIENCY * 2 * C.REF_TENSOR_TFLOPS, C.IMAGE_ACC32_EFFICIENCY * C.REF_TENSOR_TFLOPS)


def score_ceiling_tflops(gpu: GpuSpec) -> float:
    """For a GPU that is not NVIDIA's, the reference rate x its 16-bit batched-inference score (§perf, the roofline
    the training calibration fits): the tensor-peak efficiencies were measured on cuBLAS, and a matrix unit's peak
    on ROCm or oneAPI says little about the convolution and attention kernels a denoiser runs there. 0 (no ceiling)
    for NVIDIA GPUs, Apple GPUs (no roofline score) and unrated GPUs."""
    vendor = (gpu.vendor or "").lower()
    if not vendor or vendor.startswith("nvidia") or hw.is_apple(gpu):
        return 0.0
    return reference_tflops() * perf.relative_performance(gpu, "infer16").per_gpu_score


def image_speed(
    gpu: GpuSpec,
    model: ModelSpec,
    resolution: int | None = None,
    steps: int | None = None,
    batch: int = 1,
    controlnets: int = 0,
) -> ImageSpeed | None:
    """`controlnets`: ControlNets run beside the denoiser each step, each adding its share of the work
    (diffusion_memory.controlnet_share)."""
    if model.key not in C.DENOISER_MACS:
        return None
    linear, attention, native = C.DENOISER_MACS[model.key]
    px = int(resolution or model.native_resolution or native)
    steps = int(steps or C.DEFAULT_IMAGE_STEPS.get(model.key, 20))
    passes = 2 if uses_guidance(model) else 1
    batch = max(int(batch or 1), 1)
    scale = (px / native) ** 2
    gmac = (linear * scale + attention * scale**2) * (1 + max(int(controlnets or 0), 0) * controlnet_share(model))
    tflop_step = 2 * gmac * passes * batch / 1e3
    vae_tflop = 2 * C.VAE_DECODE_GMAC_512 * (px / 512) ** 2 / 1e3
    rate = effective_tflops(gpu)
    host_s = C.DENOISER_KERNELS.get(model.key, 0) * C.IMAGE_KERNEL_HOST_US * 1e-6
    if rate <= 0:
        return ImageSpeed(model.key, px, steps, passes, batch, tflop_step, 0.0, host_s, 0.0, 0.0, 0.0)
    step_s = tflop_step / rate + host_s
    per_image = (steps * step_s) / batch + vae_tflop / rate
    return ImageSpeed(
        model.key, px, steps, passes, batch, tflop_step, rate, host_s, 1 / step_s, per_image, 60 / per_image
    )


def streamed_seconds_per_image(gpu: GpuSpec, speed: ImageSpeed, streamed_gb: float) -> float:
    """Seconds per image when `streamed_gb` of the denoiser's weights do not fit and are copied from system RAM
    every step (ComfyUI's low-VRAM mode, diffusers' sequential offload): the estimate plus steps x streamed GB over
    the PCIe copy rate (`hardware.pcie_gb_s`); 0 when the bus is unknown."""
    rate = hw.pcie_gb_s(gpu)
    if rate <= 0 or speed.steps_per_s <= 0:
        return 0.0
    return speed.seconds_per_image + speed.steps * transfer_seconds(max(streamed_gb, 0.0), rate) / speed.batch
