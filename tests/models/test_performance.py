"""Performance model: reference headlines, tensor-core rules, and safety over the whole KB."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.models import hardware as hw
from assistant.models import llm
from assistant.models.performance import WORKLOADS, multi_gpu_speedup, relative_performance


def test_reference_gpu_scores_one(kb):
    assert relative_performance(kb.gpu("GeForce RTX 3090"), "train16").score == pytest.approx(1.0, rel=0.02)


def test_a100_vs_v100_bandwidth_proxy_is_1_73(kb):
    # Dettmers: 1555/900 = 1.73 (V100 SXM2 bandwidth corrected to 900 GB/s by knowledge/overrides.csv)
    a, v = kb.gpu("A100 SXM4 40 GB"), kb.gpu("Tesla V100 SXM2 16 GB")
    assert hw.bandwidth_gb_s(a) / hw.bandwidth_gb_s(v) == pytest.approx(1.73, rel=0.05)


def test_a100_vs_v100_full_roofline_is_above_the_bandwidth_proxy(kb):
    # Finding (docs/model.md §findings): the full roofline adds the A100's 2.5x tensor FLOPS, async
    # copy and 40 MB L2, so it predicts more than the 1.73x bandwidth proxy (and more than the
    # 1.43-1.70x practical benchmarks [R]). Asserted as is, so a change in either direction shows.
    r = relative_performance(kb.gpu("A100 SXM4 40 GB"), "train16").score / \
        relative_performance(kb.gpu("Tesla V100 SXM2 16 GB"), "train16").score
    assert 1.73 < r < 3.2


def test_rtx4090_is_a_third_of_h100_sxm_for_8bit_inference(kb):
    r = relative_performance(kb.gpu("GeForce RTX 4090"), "infer8").score / \
        relative_performance(kb.gpu("H100 SXM5 80 GB"), "infer8").score
    assert r == pytest.approx(0.33, rel=0.15)


def test_geforce_half_rate_fp32_accumulate(kb):
    g = kb.gpu("GeForce RTX 3090")
    assert hw.tensor_tflops(g, "fp16_acc32").value == pytest.approx(hw.tensor_tflops(g, "fp16_acc16").value / 2, rel=0.01)
    w = kb.gpu("RTX A6000")
    assert hw.tensor_tflops(w, "fp16_acc32").value == pytest.approx(hw.tensor_tflops(w, "fp16_acc16").value, rel=0.01)


def test_8bit_gain_only_with_fp8(kb):
    ada = relative_performance(kb.gpu("GeForce RTX 4090"), "infer8")
    amp = relative_performance(kb.gpu("GeForce RTX 3090"), "infer8")
    assert hw.inference8_tflops(kb.gpu("GeForce RTX 3090")).value == hw.matmul_tflops(kb.gpu("GeForce RTX 3090"), "fp16_acc32").value
    assert hw.inference8_tflops(kb.gpu("GeForce RTX 4090")).value > hw.matmul_tflops(kb.gpu("GeForce RTX 4090"), "fp16_acc32").value
    assert ada.compute_time < amp.compute_time


def test_no_tensor_cores_is_a_strong_penalty(kb):
    old = relative_performance(kb.gpu("GeForce GTX 1080 Ti"), "train16")
    assert old.factors[0].name.startswith("vector peak")
    # similar bandwidth (484 vs 616 GB/s), but vector FP32 instead of tensor cores
    assert old.score < 0.65 * relative_performance(kb.gpu("GeForce RTX 2080 Ti"), "train16").score


def test_sparsity_only_helps_where_supported(kb):
    a = kb.gpu("GeForce RTX 3090")
    assert relative_performance(a, "train16", sparsity=True).score > relative_performance(a, "train16").score
    v = kb.gpu("Tesla V100 SXM2 16 GB")
    assert relative_performance(v, "train16", sparsity=True).score == relative_performance(v, "train16").score


def test_multi_gpu_nvlink_scales_better_than_pcie():
    assert multi_gpu_speedup(1) == 1.0
    assert 3.0 < multi_gpu_speedup(4, "pcie") < multi_gpu_speedup(4, "nvlink") < 4.0


def test_every_kb_gpu_is_safe(kb):
    model = kb.model("llama-3-8b")
    for gpu in kb.all_gpus():
        for w in WORKLOADS:
            p = relative_performance(gpu, w)
            for v in (p.score, p.compute_time, p.memory_time, p.batch_factor):
                assert math.isfinite(v) and v >= 0, (gpu.name, w, p)
        for s in (llm.decode_speed(gpu, model, "q4_k_m"), llm.prefill_speed(gpu, model, "f16")):
            assert math.isfinite(s.tokens_per_s) and s.tokens_per_s >= 0, (gpu.name, s)


@settings(max_examples=60, deadline=None)
@given(bw=st.floats(50, 5000), extra=st.floats(0, 3000), idx=st.integers(0, 10_000))
def test_more_bandwidth_is_never_slower(kb, bw, extra, idx):
    gpus = kb.all_gpus()
    gpu = gpus[idx % len(gpus)]
    lo, hi = replace(gpu, memory_bandwidth_gb_s=bw), replace(gpu, memory_bandwidth_gb_s=bw + extra)
    for w in WORKLOADS:
        assert relative_performance(hi, w).score >= relative_performance(lo, w).score
    m = kb.model("llama-3-8b")
    assert llm.decode_speed(hi, m).tokens_per_s >= llm.decode_speed(lo, m).tokens_per_s
