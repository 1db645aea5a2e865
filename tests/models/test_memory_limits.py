"""What a memory answer says at the limit (docs/model.md §mem.kv, §mem.image): the longest context that fits
comes from the KV cache per token, and image pipelines are costed as ComfyUI / Forge run them by default."""

from __future__ import annotations

import pytest

from assistant.models import diffusion_memory, memory


def test_max_context_follows_the_kv_cache_of_gqa_heads(kb):
    m = kb.model("qwen2.5-32b")
    ctx = memory.max_context(m, "q4_k_m", 24.0)
    # a 24 GB card holds 24 x 2^30 bytes (§mem.units): 25.8e9 - 19.9e9 bytes of weights - buffers and context
    # = ~4.8e9 bytes / 262,144 bytes per token = ~18k tokens
    assert 17_000 <= ctx <= 19_500
    assert memory.fit(memory.inference_memory(m, "q4_k_m", context=ctx), 24.0).fits
    assert not memory.fit(memory.inference_memory(m, "q4_k_m", context=ctx + 1024), 24.0).fits


def test_max_context_grows_with_a_quantized_kv_cache_and_more_gpus(kb):
    m = kb.model("qwen2.5-32b")
    fp16 = memory.max_context(m, "q4_k_m", 24.0)
    assert memory.max_context(m, "q4_k_m", 24.0, kv_type="q8_0") > 1.8 * fp16
    assert memory.max_context(m, "q4_k_m", 24.0, 2) > fp16


def test_max_context_is_capped_by_the_model_and_zero_when_weights_do_not_fit(kb):
    m = kb.model("llama-3-70b")
    assert memory.max_context(m, "q4_k_m", 80.0) == m.context
    assert memory.max_context(m, "q4_k_m", 24.0) == 0


def test_sdxl_fits_an_8_gb_card_as_usually_run(kb):
    m = kb.model("sdxl-base")
    usual = diffusion_memory.image_memory(m, precision="fp16", **diffusion_memory.AS_USUALLY_RUN)
    plain = diffusion_memory.image_memory(m, precision="fp16")  # diffusers: everything on the GPU, fp32 decode
    assert usual.total_gb < 8.0 < plain.total_gb
    # the tiled decode is one 512-px tile of one image, whatever the batch
    parts = dict(usual.components)
    assert parts["activations"] < 1.0
    batch4 = diffusion_memory.image_memory(m, precision="fp16", batch=4, **diffusion_memory.AS_USUALLY_RUN)
    assert batch4.total_gb - usual.total_gb < 1.0


def test_flux_fp8_fits_a_16_gb_card_and_recommendations_assume_fp8(kb):
    m = kb.model("flux.1-dev")
    usual = diffusion_memory.image_memory(m, precision="fp8", **diffusion_memory.AS_USUALLY_RUN)
    assert 12.0 < usual.total_gb < 16.0
    assert diffusion_memory.usual_precision(m) == "fp8"
    assert diffusion_memory.usual_precision(kb.model("sdxl-base")) == "fp16"


@pytest.mark.parametrize("res", [512, 1024, 2048])
def test_tiling_never_costs_more_than_the_whole_decode(kb, res):
    m = kb.model("sdxl-base")
    tiled = diffusion_memory.image_memory(m, resolution=res, vae_tiling=True).total_gb
    assert tiled <= diffusion_memory.image_memory(m, resolution=res).total_gb


def test_the_h800_is_an_h100_on_one_card(kb):
    """Same GH100 configuration, same compute (only NVLink and FP64 cut): same speeds on one card."""
    from assistant.models import llm, performance

    h800, h100 = kb.gpu("H800 SXM5"), kb.gpu("H100 SXM5 80 GB")
    model = kb.model("llama-3-8b")
    assert llm.decode_speed(h800, model).tokens_per_s == pytest.approx(llm.decode_speed(h100, model).tokens_per_s)
    assert performance.relative_performance(h800).score == pytest.approx(performance.relative_performance(h100).score)


def test_decode_with_part_of_the_weights_in_system_ram(kb):
    from assistant.models import llm

    assert llm.offload_tokens_per_s(40.0, 20.0, 0.0) == pytest.approx(40.0)
    # half of 40 GB of weights in RAM at 60 GB/s: 0.5 / 40 + 20 x 2^30 / 60e9 s per token = ~2.7 tokens/s (memory GB
    # are 2^30 bytes, bandwidths decimal, §mem.units)
    assert llm.offload_tokens_per_s(40.0, 40.0, 20.0) == pytest.approx(1 / (0.5 / 40 + 20 * 2**30 / 60e9))
    assert llm.offload_tokens_per_s(40.0, 40.0, 1.0) < 40.0


def test_image_lora_with_cached_text_embeddings_and_an_fp8_base(kb):
    m = kb.model("flux.1-dev")
    fp16 = diffusion_memory.image_training_memory(m, "lora", cache_text=True).total_gb
    fp8 = diffusion_memory.image_training_memory(m, "lora", precision="fp8", cache_text=True).total_gb
    kept = diffusion_memory.image_training_memory(m, "lora", cache_text=False).total_gb
    assert fp8 < 24.0 < fp16 < 32.0 < kept


def test_deepseek_weights_are_released_in_fp8(kb):
    assert memory.released_precision(kb.model("deepseek-r1")) == "fp8"
    assert memory.released_precision(kb.model("llama-3-8b")) == "fp16"


def test_sliding_window_layers_keep_only_their_window(kb):
    m = kb.model("gemma-2-27b")
    assert m.sliding_window == 4096 and memory.local_layers(m) == m.layers - m.global_layers
    per_token = memory.kv_cache_bytes_per_token(m)
    # up to the window every layer grows; past it only the global layers do
    assert memory.kv_cache_bytes(m, 2048) == pytest.approx(per_token * 2048)
    grown = memory.kv_cache_bytes(m, 8192) - memory.kv_cache_bytes(m, 4096)
    assert grown == pytest.approx(per_token * 4096 * m.global_layers / m.layers)
    dense = kb.model("llama-3-8b")
    assert memory.kv_cache_bytes(dense, 8192) == pytest.approx(memory.kv_cache_bytes_per_token(dense) * 8192)


def test_max_context_counts_the_window(kb):
    m = kb.model("gemma-3-27b")
    ctx = memory.max_context(m, "q4_k_m", 24.0)
    assert memory.fit(memory.inference_memory(m, "q4_k_m", context=ctx), 24.0).fits
    assert not memory.fit(memory.inference_memory(m, "q4_k_m", context=ctx + 1024), 24.0).fits
    # without the window the same memory would hold far fewer tokens
    free_gb = 24.0 - memory.inference_memory(m, "q4_k_m", context=0).total_gb
    assert ctx > 3 * free_gb * 1e9 / memory.kv_cache_bytes_per_token(m)
