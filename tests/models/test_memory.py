"""Memory model: weights by precision, KV cache by attention type, training set-ups, fit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.models import diffusion_memory, memory, train_memory


def test_weights_by_precision(kb):
    m = kb.model("llama-3-8b")
    gb = {q: dict(memory.inference_memory(m, q).components)["weights"] for q in ("fp16", "q8_0", "q4_k_m")}
    assert gb["fp16"] == pytest.approx(8.03e9 * 2 / 2**30, rel=0.01)  # memory GB are 2^30 bytes (§mem.units)
    assert gb["q4_k_m"] == pytest.approx(4.58, rel=0.03)  # llama-bench file size, 4.58 GiB
    assert gb["fp16"] > gb["q8_0"] > gb["q4_k_m"]


def test_kv_cache_gqa_and_mla(kb):
    llama = kb.model("llama-3-8b")  # GQA: 8 KV heads x 128 x 32 layers x 2 x 2 bytes
    assert memory.kv_cache_bytes_per_token(llama) == 2 * 32 * 8 * 128 * 2
    mha = replace(llama, kv_heads=llama.attention_heads)
    assert memory.kv_cache_bytes_per_token(mha) == 4 * memory.kv_cache_bytes_per_token(llama)
    ds = kb.model("deepseek-v3")  # MLA: (kv_lora_rank + rope dim) per layer
    assert memory.kv_cache_bytes_per_token(ds) == ds.layers * (ds.kv_lora_rank + ds.qk_rope_head_dim) * 2


def test_llama70b_on_two_3090s(kb):
    m = kb.model("llama-3-70b")
    q4 = memory.inference_memory(m, "q4_k_m", context=8192, n_gpus=2)
    assert memory.fit(q4, 24).fits
    assert not memory.fit(memory.inference_memory(m, "q8_0", context=8192, n_gpus=2), 24).fits


def test_training_methods_order(kb):
    m = kb.model("llama-3-8b")
    full = train_memory.training_memory(m, "full", seq=2048, checkpointing=True).total_gb
    lora = train_memory.training_memory(m, "lora", seq=2048, checkpointing=True).total_gb
    qlora = train_memory.training_memory(m, "qlora", seq=2048, checkpointing=True).total_gb
    assert full > 8.03e9 * 16 / 2**30 and full > lora > qlora
    zero3 = train_memory.training_memory(m, "full", seq=2048, checkpointing=True, n_gpus=8, zero_stage=3).total_gb
    assert zero3 < full / 4
    no_ckpt = train_memory.training_memory(m, "full", seq=2048, checkpointing=False).total_gb
    assert no_ckpt > full


def test_image_models(kb):
    sdxl = diffusion_memory.image_memory(kb.model("sdxl-base"))
    flux = diffusion_memory.image_memory(kb.model("flux.1-dev"))
    assert 6 < sdxl.total_gb < flux.total_gb


@settings(max_examples=60, deadline=None)
@given(
    p=st.floats(0.1, 500),
    extra=st.floats(0, 500),
    q=st.sampled_from(["fp16", "q8_0", "q4_k_m", "nf4"]),
    method=st.sampled_from(["full", "lora", "qlora"]),
)
def test_more_params_never_need_less_memory(kb, p, extra, q, method):
    base = kb.model("llama-3-8b")
    small, big = replace(base, params_b=p), replace(base, params_b=p + extra)
    assert memory.inference_memory(big, q).total_gb >= memory.inference_memory(small, q).total_gb
    assert train_memory.training_memory(big, method).total_gb >= train_memory.training_memory(small, method).total_gb


def test_fit_headroom_and_min_gpus(kb):
    est = memory.inference_memory(kb.model("llama-3-70b"), "fp16", context=4096)
    f = memory.fit(est, 80)
    assert not f.fits and f.headroom_gb < 0 and f.min_gpus == 2
