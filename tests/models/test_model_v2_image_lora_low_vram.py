"""Image LoRA on small cards (docs/model.md §mem.image): block swapping and the low-VRAM recipe, checked out of
sample against kohya sd-scripts' FLUX.1 guide (docs/flux_train_network.md, "Recommended Settings by GPU Memory",
all with --fp8_base): 12 GB --blocks_to_swap 16 + 8-bit AdamW, 10 GB 22, 8 GB 28. None of these set-ups is a
calibration row; the model must put each under its card."""

from __future__ import annotations

import pytest

from assistant.models import diffusion_memory as D

BASE = dict(method="lora", precision="fp8", batch=1, resolution=1024, checkpointing=True, lora_rank=16, cache_text=True)


@pytest.fixture(scope="module")
def flux(kb):
    return kb.model("flux.1-dev")


@pytest.mark.parametrize("card_gb, swapped", [(12, 16), (10, 22), (8, 28)])
def test_kohya_settings_fit_their_card(flux, card_gb, swapped):
    est = D.image_training_memory(flux, **BASE, optimizer="adamw8bit", blocks_swapped=swapped)
    assert est.total_gb <= card_gb
    assert est.total_gb >= card_gb - 1.5  # and the swap is not far more than that card needs


def test_swapping_shrinks_only_the_frozen_weights(flux):
    whole = dict(D.image_training_memory(flux, **BASE).components)
    half = dict(D.image_training_memory(flux, **BASE, blocks_swapped=19).components)
    assert half["frozen weights"] == pytest.approx(whole["frozen weights"] / 2)
    assert half["activations"] == whole["activations"]
    assert D.image_training_memory(flux, **BASE, blocks_swapped=99).total_gb == pytest.approx(
        D.image_training_memory(flux, **BASE, blocks_swapped=35).total_gb
    )


def test_low_vram_recipe_is_the_least_change(flux):
    change, est = D.low_vram_lora(flux, 16, **BASE)
    assert change["optimizer"] == "adafactor" and change.get("blocks_swapped", 0) <= 3
    change12, _ = D.low_vram_lora(flux, 12, **BASE)
    assert change12["blocks_swapped"] > change.get("blocks_swapped", 0)
    assert D.low_vram_lora(flux, 4, **BASE) is None  # nothing fits 4 GB
    assert D.low_vram_lora(flux, 16, **(BASE | {"precision": "fp16"})) is None  # the recipes start from an 8-bit base
