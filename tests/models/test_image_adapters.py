"""Adapters loaded with an image model as it generates (docs/model.md §mem.image, §image.speed): a ControlNet adds its
16-bit weights and, each step, its share of the denoiser's work; a LoRA adds its weights and no work (merged)."""

from __future__ import annotations

import pytest

from assistant.models import constants as C
from assistant.models import diffusion_memory as dm
from assistant.models import image_speed
from assistant.models.memory import params_gb


def test_a_controlnet_adds_its_16_bit_weights(kb):
    sdxl = kb.model("sdxl-base")
    bare = dm.image_memory(sdxl, **dm.AS_USUALLY_RUN)
    with_two = dm.image_memory(sdxl, controlnets=2, **dm.AS_USUALLY_RUN)
    assert dict(with_two.components)["ControlNet weights"] == pytest.approx(
        2 * params_gb(C.CONTROLNET_PARAMS_B["sdxl-base"], 2)
    )
    assert with_two.total_gb - bare.total_gb == pytest.approx(dict(with_two.components)["ControlNet weights"])


def test_a_lora_adds_its_rank_32_weights(kb):
    sdxl = kb.model("sdxl-base")
    lora = dict(dm.image_memory(sdxl, loras=1, **dm.AS_USUALLY_RUN).components)["LoRA weights"]
    expected = params_gb(sdxl.params_b * C.IMAGE_LORA_PARAMS_PER_RANK * C.IMAGE_APPLIED_LORA_RANK, 2)
    assert lora == pytest.approx(expected)
    assert 0.05 < lora < 0.2  # a typical SDXL LoRA file: tens to a few hundred MB


def test_adapters_stay_with_the_denoiser_under_model_offload(kb):
    flux = kb.model("flux.1-dev")
    est = dm.image_memory(flux, precision="fp8", offload="model", controlnets=1)
    assert "ControlNet weights" in dict(est.components) and "denoiser weights" in dict(est.components)


def test_a_model_with_no_controlnet_size_adds_none(kb):
    sd3 = kb.model("sd3-medium")
    assert dm.adapters_gb(sd3, 1, 0)["ControlNet weights"] == 0.0
    assert dm.controlnet_share(sd3) == 0.0


def test_a_controlnet_slows_each_step_by_its_share(kb):
    gpu, sdxl = kb.gpu("GeForce RTX 4090"), kb.model("sdxl-base")
    bare = image_speed.image_speed(gpu, sdxl)
    netted = image_speed.image_speed(gpu, sdxl, controlnets=1)
    share = C.CONTROLNET_PARAMS_B["sdxl-base"] / sdxl.params_b
    assert netted.tflop_per_step == pytest.approx(bare.tflop_per_step * (1 + share))
    assert netted.seconds_per_image > bare.seconds_per_image
