"""Image-generation speed (docs/model.md §image.speed): denoiser multiply-accumulates counted from the architecture
configs, scaled to the size asked, at the calibrated large-matmul rate, plus the VAE decode."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.models import constants as C
from assistant.models import image_speed

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "denoiser_flops.py"


def _counter():
    spec = importlib.util.spec_from_file_location("denoiser_flops", _SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_unet_counter_reproduces_the_published_sd1_count():
    counter = _counter()
    linear, _ = counter.unet_macs(counter.SD15, 64)
    assert linear / 1e9 == pytest.approx(338.7, rel=0.002)  # thop, BK-SDM authors


def test_the_constants_are_the_counters_output():
    counter = _counter()
    counted = {
        "sd-1.5": counter.unet_macs(counter.SD15, 64),
        "sdxl-base": counter.unet_macs(counter.SDXL, 128),
        "flux.1-dev": counter.mmdit_macs(counter.FLUX1, 4096),
        "sd3-medium": counter.mmdit_macs(counter.SD3_MEDIUM, 4096),
    }
    for key, (linear, attention) in counted.items():
        assert C.DENOISER_MACS[key][0] == pytest.approx(linear / 1e9, abs=0.1)
        assert C.DENOISER_MACS[key][1] == pytest.approx(attention / 1e9, abs=0.1)


def test_seconds_per_image_are_steps_over_rate_plus_the_vae_decode(kb):
    gpu, model = kb.gpu("GeForce RTX 3090"), kb.model("sdxl-base")
    s = image_speed.image_speed(gpu, model)
    assert s.passes == 2 and s.steps == 20 and s.resolution == 1024
    vae_s = 2 * C.VAE_DECODE_GMAC_512 * 4 / 1e3 / s.tflops
    assert s.seconds_per_image == pytest.approx(s.steps / s.steps_per_s + vae_s)
    assert s.images_per_minute == pytest.approx(60 / s.seconds_per_image)
    assert s.tflops == pytest.approx(image_speed.effective_tflops(gpu))


def test_size_steps_and_guidance_change_the_estimate(kb):
    gpu = kb.gpu("GeForce RTX 4090")
    flux, sdxl = kb.model("flux.1-dev"), kb.model("sdxl-base")
    native = image_speed.image_speed(gpu, flux)
    half = image_speed.image_speed(gpu, flux, resolution=512)
    assert half.steps_per_s > 4 * native.steps_per_s  # attention falls with the square of the pixels
    assert image_speed.image_speed(gpu, flux).passes == 1  # guidance-distilled
    fewer = image_speed.image_speed(gpu, sdxl, steps=10)
    assert fewer.seconds_per_image < image_speed.image_speed(gpu, sdxl).seconds_per_image
    # a faster GPU is faster
    assert image_speed.image_speed(kb.gpu("GeForce RTX 3060 12 GB"), sdxl).steps_per_s < native.steps_per_s * 10


def test_the_kernel_counts_are_the_counters_output():
    counter = _counter()
    counted = {
        "sd-1.5": counter.unet_kernels(counter.SD15),
        "sdxl-base": counter.unet_kernels(counter.SDXL),
        "flux.1-dev": counter.mmdit_kernels(counter.FLUX1),
        "sd3-medium": counter.mmdit_kernels(counter.SD3_MEDIUM),
    }
    for key, n in counted.items():
        assert C.DENOISER_KERNELS[key] == n


def test_each_step_pays_its_kernel_launches_once_whatever_the_guidance_or_batch(kb):
    gpu, sd = kb.gpu("GeForce RTX 4090"), kb.model("sd-1.5")
    one, four = image_speed.image_speed(gpu, sd), image_speed.image_speed(gpu, sd, batch=4)
    host = C.DENOISER_KERNELS["sd-1.5"] * C.IMAGE_KERNEL_HOST_US * 1e-6
    assert one.host_s == four.host_s == pytest.approx(host)
    assert 1 / one.steps_per_s == pytest.approx(one.tflop_per_step / one.tflops + host)
    # small images are launch-bound: the host time is a large share of an SD 1.5 step at 512 px
    assert host > 0.3 / one.steps_per_s


def test_pytorch_products_run_at_the_fp32_accumulate_rate_on_geforce(kb):
    """GeForce runs FP16 x FP16 with FP32 accumulation at half its FP16-accumulate tensor rate; the A100 does not."""
    from assistant.models import hardware as hw

    g, a = kb.gpu("GeForce RTX 4090"), kb.gpu("A100 SXM4 80 GB")
    acc32 = hw.matmul_tflops(g, "fp16_acc32").value * C.IMAGE_ACC32_EFFICIENCY * hw.power_clock_factor(g)
    assert image_speed.effective_tflops(g) == pytest.approx(acc32)
    assert image_speed.effective_tflops(a) == pytest.approx(312.0 * C.PREFILL_EFFICIENCY * hw.power_clock_factor(a))


def test_models_without_a_count_are_not_estimated(kb):
    assert image_speed.image_speed(kb.gpu("GeForce RTX 3090"), kb.model("llama-3-8b")) is None


def test_streamed_weights_add_their_copy_time_per_step(kb):
    """§image.speed: weights that do not fit are copied over PCIe every step (ComfyUI low-VRAM mode)."""
    from assistant.models import hardware as hw

    gpu, model = kb.gpu("GeForce RTX 3060 12 GB"), kb.model("flux.1-dev")
    speed = image_speed.image_speed(gpu, model)
    assert hw.pcie_gb_s(gpu) == pytest.approx(1.969 * 16 * 0.8)
    streamed = image_speed.streamed_seconds_per_image(gpu, speed, 2.0)
    # 2 memory GB = 2 x 2^30 bytes over a bus rated in decimal GB/s (§mem.units)
    assert streamed == pytest.approx(speed.seconds_per_image + speed.steps * 2.0 * 2**30 / 1e9 / hw.pcie_gb_s(gpu))
    assert image_speed.streamed_seconds_per_image(kb.gpu("Apple M3 Ultra 512 GB"), speed, 2.0) == 0.0
