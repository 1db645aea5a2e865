"""LLM decode/prefill model: shape of the answers (calibration lives in test_calibration)."""

from __future__ import annotations

import pytest

from assistant.models import llm


def test_decode_is_memory_bound_and_quantization_helps(kb):
    g, m = kb.gpu("GeForce RTX 3090"), kb.model("llama-3-8b")
    q4, f16 = llm.decode_speed(g, m, "q4_k_m"), llm.decode_speed(g, m, "f16")
    assert q4.tokens_per_s > 2 * f16.tokens_per_s
    assert f16.dominant == "weights and KV cache from memory"


def test_batched_decode_raises_total_not_per_sequence(kb):
    g, m = kb.gpu("A100 PCIe 80 GB"), kb.model("llama-3-8b")
    one, many = llm.decode_speed(g, m, "f16", batch=1), llm.decode_speed(g, m, "f16", batch=32)
    assert many.tokens_per_s > 5 * one.tokens_per_s
    assert many.per_sequence < one.per_sequence


def test_longer_context_is_slower(kb):
    g, m = kb.gpu("GeForce RTX 4090"), kb.model("llama-3-8b")
    assert llm.decode_speed(g, m, context=32000).tokens_per_s < llm.decode_speed(g, m, context=1000).tokens_per_s


def test_tensor_split_beats_layer_split_on_two_gpus(kb):
    g, m = kb.gpu("GeForce RTX 3090"), kb.model("llama-3-70b")
    layer = llm.decode_speed(g, m, n_gpus=2, split="layer")
    tensor = llm.decode_speed(g, m, n_gpus=2, split="tensor", interconnect="nvlink")
    assert tensor.tokens_per_s > layer.tokens_per_s


def test_prefill_is_compute_bound_and_fast(kb):
    s = llm.prefill_speed(kb.gpu("GeForce RTX 4090"), kb.model("llama-3-8b"), "f16")
    assert s.dominant == "compute" and s.tokens_per_s > 1000


def test_moe_layers_add_the_kernels_of_each_extra_expert(kb):
    """§llm.decode: an MoE layer adds (k - 1) x MOE_EXPERT_FFN_SHARE x the fixed per-layer time; dense models none."""
    from assistant.models import constants as C

    moe, dense = kb.model("qwen3-30b-a3b"), kb.model("llama-3-8b")
    assert llm.moe_layer_extra_us_ghz(dense) == 0
    assert llm.moe_layer_extra_us_ghz(moe) == pytest.approx(7 * C.MOE_EXPERT_FFN_SHARE * C.DECODE_LAYER_US_GHZ)
    gpu = kb.gpu("GeForce RTX 4090")
    speed = llm.decode_speed(gpu, moe, "q4_k_m", context=128)
    parts = dict(speed.times_ms)
    extra_ms = moe.layers * llm.moe_layer_extra_us_ghz(moe) / gpu.boost_clock_mhz  # us*GHz / MHz = ms
    assert parts["per-layer kernel overhead"] > extra_ms > 0
    # out of sample (docs/model.md §validation): 196 tokens/s published on an RTX 4090; 1.3-1.5x high without the term
    assert 150 < speed.tokens_per_s < 225


def test_apple_gpu_cores_and_clock_cap_the_bandwidth_and_give_a_prefill_rate(kb):
    """§llm.decode / §llm.prefill on Apple silicon: the bytes-in-flight cap with the GPU's cores and clock, the
    FP16 rate for prompt processing; training stays unrated (MPS is not what the roofline describes)."""
    from assistant.models import hardware as hw
    from assistant.models import performance

    m4 = kb.gpu("Apple M4 Max 128 GB")
    assert hw.is_apple(m4) and not hw.is_apple(kb.gpu("GeForce RTX 4090"))
    cap = hw.effective_bandwidth_value(546, 40, 1.678)
    assert hw.effective_bandwidth(m4).value == pytest.approx(cap)
    assert cap < 0.855 * 546
    model = kb.model("llama-3-8b")
    assert llm.prefill_speed(m4, model, "q4_k_m").tokens_per_s > 0
    assert performance.relative_performance(m4).score == 0.0


def test_a_macs_gpu_gets_part_of_the_unified_memory(kb):
    """§mem.apple: macOS lets the GPU wire three quarters of the unified memory above 32 GB, two thirds up to it;
    a discrete card keeps its own memory. The M2 Ultra's cores and clock (Apple's 27.2 TFLOPS) give it a prefill."""
    import dataclasses

    from assistant.models import hardware as hw

    mac = kb.gpu("Apple M4 Max 128 GB")
    assert hw.gpu_memory_limit_gb(mac) == pytest.approx(96.0)
    assert hw.gpu_memory_limit_gb(dataclasses.replace(mac, memory_gb=24)) == pytest.approx(16.0)
    assert hw.gpu_memory_limit_gb(dataclasses.replace(mac, memory_gb=36)) == pytest.approx(27.0)
    assert hw.gpu_memory_limit_gb(kb.gpu("GeForce RTX 4090")) == pytest.approx(24.0)
    m2 = kb.gpu("Apple M2 Ultra 192 GB")
    assert m2.sms == 76 and m2.boost_clock_mhz == 1398
    assert llm.prefill_speed(m2, kb.model("llama-2-7b"), "q4_0").tokens_per_s > 0


def test_a_layer_split_over_different_cards_runs_between_their_own_speeds(kb):
    """§llm.mixed: each token passes through every card's layers in turn."""
    fast, slow, m = kb.gpu("GeForce RTX 4090"), kb.gpu("GeForce RTX 3060 12 GB"), kb.model("llama-3-8b")
    alone = {g.name: llm.decode_speed(g, m, "q4_k_m").tokens_per_s for g in (fast, slow)}
    even = llm.layer_split_tokens_per_s([(fast, 0.5), (slow, 0.5)], m, "q4_k_m")
    mostly_fast = llm.layer_split_tokens_per_s([(fast, 0.8), (slow, 0.2)], m, "q4_k_m")
    assert alone[slow.name] < even < mostly_fast < alone[fast.name]
    # the time per token is the share-weighted sum of the cards' times (and one hop between them)
    weighted = 1 / (0.5 / alone[fast.name] + 0.5 / alone[slow.name])
    assert even == pytest.approx(weighted, rel=0.05) and even < weighted
