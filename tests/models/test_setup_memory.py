"""Memory from a stated set-up (docs/model.md §mem.train, §mem.image): every set-up value moves the estimate
the way its mechanism says."""

from __future__ import annotations

import pytest

from assistant.models import diffusion_memory, train_memory

# billions of parameters x bytes are decimal GB; the models count memory in GB of 2^30 bytes (§mem.units)
DECIMAL = 1e9 / 2**30


def _total(kb, method="lora", **kw):
    return train_memory.training_memory(kb.model("llama-2-7b"), method, **kw).total_gb


@pytest.mark.parametrize("method", ["lora", "qlora", "full"])
def test_batch_sequence_and_checkpointing_change_fine_tuning(kb, method):
    base = _total(kb, method, seq=1024, batch=1, checkpointing=True)
    assert _total(kb, method, seq=1024, batch=4, checkpointing=True) > base
    assert _total(kb, method, seq=4096, batch=1, checkpointing=True) > base
    assert _total(kb, method, seq=1024, batch=1, checkpointing=False) > base


def test_lora_rank_and_targets(kb):
    assert _total(kb, lora_rank=64) > _total(kb, lora_rank=8)
    no_ckpt = dict(seq=2048, batch=2, checkpointing=False)
    assert _total(kb, lora_targets="attention", **no_ckpt) < _total(kb, lora_targets="all", **no_ckpt)


def test_optimizers(kb):
    m = kb.model("llama-2-7b")
    p = m.params_b

    def states(**kw):
        return dict(train_memory.training_memory(m, "full", **kw).components)

    assert states()["optimizer states"] == pytest.approx(p * 12 * DECIMAL, rel=1e-6)  # fp32 master 4 + moments 8
    assert states(precision="bf16")["optimizer states"] == pytest.approx(p * 4 * DECIMAL, rel=1e-6)  # moments in bf16
    assert states(precision="bf16", optimizer="adamw8bit")["optimizer states"] == pytest.approx(
        p * 2 * DECIMAL, rel=1e-6
    )
    assert states(optimizer="paged_adamw")["optimizer states"] == 0.0
    assert states(optimizer_in_backward=True)["gradients"] == 0.0
    assert states(offload="optimizer")["optimizer states"] == 0.0
    fsdp = states(offload="params", n_gpus=8, zero_stage=3)
    assert fsdp["weights"] < p * 2 * DECIMAL / 8 and fsdp["gradients"] == 0.0


def test_offloads_and_loss(kb):
    seq = dict(seq=4096, batch=2, checkpointing=True)
    assert _total(kb, offload="activations", **seq) < _total(kb, **seq)
    assert _total(kb, loss="fused", **seq) < _total(kb, loss="chunked", **seq) < _total(kb, **seq)


def test_swiglu_activations_use_the_mlp_width(kb):
    # Llama 3 8B (I = 14,336) keeps more per token and layer than Llama 2 7B (I = 11,008) at the same width
    a = train_memory.layer_activation_bytes(kb.model("llama-3-8b"), 2048, True)
    b = train_memory.layer_activation_bytes(kb.model("llama-2-7b"), 2048, True)
    assert a > b


def test_diffusion_batch_resolution_and_offload(kb):
    sdxl = kb.model("sdxl-base")

    def total(**kw):
        return diffusion_memory.image_memory(sdxl, **kw).total_gb

    assert total(batch=4) > total(batch=1)
    assert total(resolution=1536) > total(resolution=1024) > total(resolution=512)
    assert total(batch=4, vae_slicing=True) < total(batch=4)
    assert total(offload="model") < total(offload="text_encoders") < total()
    assert total(offload="sequential") < total(offload="model")


def test_quantized_image_weights(kb):
    flux = kb.model("flux.1-dev")

    def weights(p):
        return dict(diffusion_memory.image_memory(flux, precision=p).components)["denoiser weights"]

    assert weights("bf16") == pytest.approx(24.0 * DECIMAL)
    assert weights("fp8") == pytest.approx(12.0 * DECIMAL)
    # GGUF-quantized image models by their bits per weight, not as bf16
    assert weights("q4_k_m") == pytest.approx(12.0 * 4.85 / 8 * DECIMAL)
    assert weights("nf4") < weights("q8_0") < weights("bf16")


def test_guidance_doubles_the_denoiser_latents(kb):
    flux = diffusion_memory.image_memory(kb.model("flux.1-dev"))
    sdxl = diffusion_memory.image_memory(kb.model("sdxl-base"))
    latents = {m.model: next(f.value for f in m.factors if f.name == "latents per step") for m in (flux, sdxl)}
    assert latents == {"flux.1-dev": 1, "sdxl-base": 2}


def test_image_training_grows_with_batch_and_without_checkpointing(kb):
    sdxl = kb.model("sdxl-base")

    def total(**kw):
        return diffusion_memory.image_training_memory(sdxl, **kw).total_gb

    assert total(batch=4) > total(batch=1)
    assert total(checkpointing=False) > total(checkpointing=True)
    assert total(cache_text=True) < total()
    assert total(method="full") > total()


def _encoders(kb, key, **kw):
    return dict(diffusion_memory.image_memory(kb.model(key), **kw).components)["text encoders"]


def test_t5_keeps_its_wo_projections_in_fp32_when_transformers_loads_it_that_way(kb):
    """bitsandbytes (and fp16 loading) keep T5-XXL's 1.007 B `wo` parameters unquantized in fp32: with NF4 at 4.5
    bits and the 16-bit embedding, FLUX.1's encoders come to (4.88 - 1.007 - 0.132) x 0.5625 + 1.007 x 4 + 0.132 x 2
    = 6.40 decimal GB, against 2.37 when `wo` is quantized like the rest (torchao, quanto)."""
    kept = _encoders(kb, "flux.1-dev", precision="nf4", t5_wo_fp32=True)
    quantized = _encoders(kb, "flux.1-dev", precision="nf4")
    assert kept == pytest.approx(((4.88 - 1.007 - 0.132) * 4.5 / 8 + 1.007 * 4 + 0.132 * 2) * DECIMAL, rel=1e-6)
    assert quantized == pytest.approx(((4.88 - 0.132) * 4.5 / 8 + 0.132 * 2) * DECIMAL, rel=1e-6)
    # a pipeline without T5 is not touched; an unquantized T5 keeps its embedding at the encoders' precision
    assert _encoders(kb, "sdxl-base", precision="nf4", t5_wo_fp32=True) == pytest.approx(0.817 * 4.5 / 8 * DECIMAL)
    assert _encoders(kb, "flux.1-dev", precision="bf16") == pytest.approx(4.88 * 2 * DECIMAL)
