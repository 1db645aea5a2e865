"""Performance model: reference headlines, tensor-core rules, and safety over the whole KB."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.models import hardware as hw
from assistant.models import llm
from assistant.models.performance import WORKLOADS, multi_gpu_speedup, relative_performance

DATA = Path(__file__).parent / "data"


def test_reference_gpu_scores_one(kb):
    assert relative_performance(kb.gpu("GeForce RTX 3090"), "train16").score == pytest.approx(1.0, rel=0.02)


def test_a100_vs_v100_bandwidth_proxy_is_1_73(kb):
    # Dettmers: 1555/900 = 1.73 (V100 SXM2 bandwidth corrected to 900 GB/s by knowledge/overrides.csv)
    a, v = kb.gpu("A100 SXM4 40 GB"), kb.gpu("Tesla V100 SXM2 16 GB")
    assert hw.bandwidth_gb_s(a) / hw.bandwidth_gb_s(v) == pytest.approx(1.73, rel=0.05)


def _calibration_gpus(kb):
    """Every GPU of the training calibration table (copy in tests/models/data). The decode table has
    large-L2 GPUs, but decode streams weights far larger than any L2 and does not use the L2 cut."""
    fix = {"Tesla V100 32 GB (form factor not stated)": "Tesla V100 SXM2 32 GB"}
    lines = [
        ln for ln in (DATA / "lambda_fp16_train.tsv").read_text().splitlines() if ln.strip() and not ln.startswith("#")
    ]
    names = {fix.get(ln.split("\t")[1], ln.split("\t")[1]) for ln in lines[1:]}
    return [kb.gpu(n) for n in sorted(names)]


def _ratio(kb, a, b, workload="train16", **kw):
    return relative_performance(kb.gpu(a), workload, **kw).score / relative_performance(kb.gpu(b), workload, **kw).score


def test_a100_vs_v100_roofline_out_of_sample(kb):
    # Out of sample (docs/model.md §validation.oos): debiased practical speedups 1.43-1.70 [R], per GPU at
    # equal batch. Any roofline with the A100 ahead on both bandwidth and FLOPS stays above the 1.73
    # bandwidth ratio, so it overshoots all three; the L2 term identified on the RTX 4090 and H100 rows
    # credits the A100's near 20 MB of L2 and puts the ratio at 2.04 (1.96 without L2, 2.62 in 2025).
    r = _ratio(kb, "A100 SXM4 40 GB", "Tesla V100 SXM2 16 GB", batch_policy="none")
    assert 1.73 < r < 1.70 * 1.25


def test_default_batch_policy_penalizes_the_16gb_v100(kb):
    # The advisor's default ("capped" at 24 GB) charges the 16 GB V100 a smaller batch: +8.7 % on the
    # A100/V100 ratio; the 32 GB SXM2 variant (same 900 GB/s, 125 TFLOPS) is not penalized.
    a, v16, v32 = "A100 SXM4 40 GB", "Tesla V100 SXM2 16 GB", "Tesla V100 SXM2 32 GB"
    none = _ratio(kb, a, v16, batch_policy="none")
    assert _ratio(kb, a, v16) / none == pytest.approx(1 / 0.92, rel=0.01)
    assert _ratio(kb, a, v32) == pytest.approx(none, rel=0.01)


def test_l2_term_is_identified_by_the_ada_and_hopper_rows(kb, monkeypatch):
    # The L2 cut changes no row with <= 6 MB of L2; it is identified by the RTX 4090 (72 MB) and H100
    # (near half of 50 MB) rows: the 4090 trains at ~1.57x a 3090 (measured 1.61; 1.26x with no L2 term).
    from assistant.models import constants as C

    assert C.L2_MAX_TRAFFIC_CUT == pytest.approx(0.29)
    assert _ratio(kb, "GeForce RTX 4090", "GeForce RTX 3090") == pytest.approx(1.57, abs=0.03)
    small = [g for g in _calibration_gpus(kb) if (g.l2_cache_mb or 0) <= C.L2_BASE_MB]
    assert len(small) == 14 and all(hw.l2_traffic_factor(g) == 1.0 for g in small)
    assert hw.near_l2_mb(kb.gpu("H100 SXM5 80 GB")) == 25.0  # two partitions: the near half counts
    monkeypatch.setattr(C, "L2_MAX_TRAFFIC_CUT", 0.0)
    assert _ratio(kb, "GeForce RTX 4090", "GeForce RTX 3090") < 1.3


def test_fixed_step_cost_keeps_big_gpus_from_scaling_with_specs(kb, monkeypatch):
    # Without the per-step fixed cost the H100 SXM would train 5.7x a 3090 at the benchmark's batch
    # (measured 4.37); with it 4.67.
    from assistant.models import constants as C

    h100 = relative_performance(kb.gpu("H100 SXM5 80 GB"), "train16", batch_policy="benchmark").score
    assert h100 == pytest.approx(4.67, abs=0.1)
    monkeypatch.setattr(C, "STEP_FIXED_SHARE", dict(C.STEP_FIXED_SHARE, train16=0.0))
    assert relative_performance(kb.gpu("H100 SXM5 80 GB"), "train16", batch_policy="benchmark").score > 5.5


def test_rtx4090_is_a_third_of_h100_sxm_for_8bit_inference(kb):
    r = (
        relative_performance(kb.gpu("GeForce RTX 4090"), "infer8").score
        / relative_performance(kb.gpu("H100 SXM5 80 GB"), "infer8").score
    )
    assert r == pytest.approx(0.33, rel=0.15)


def test_geforce_half_rate_fp32_accumulate(kb):
    g = kb.gpu("GeForce RTX 3090")
    assert hw.tensor_tflops(g, "fp16_acc32").value == pytest.approx(
        hw.tensor_tflops(g, "fp16_acc16").value / 2, rel=0.01
    )
    w = kb.gpu("RTX A6000")
    assert hw.tensor_tflops(w, "fp16_acc32").value == pytest.approx(hw.tensor_tflops(w, "fp16_acc16").value, rel=0.01)


def test_8bit_gain_only_with_fp8(kb):
    ada = relative_performance(kb.gpu("GeForce RTX 4090"), "infer8")
    amp = relative_performance(kb.gpu("GeForce RTX 3090"), "infer8")
    assert (
        hw.inference8_tflops(kb.gpu("GeForce RTX 3090")).value
        == hw.matmul_tflops(kb.gpu("GeForce RTX 3090"), "fp16_acc32").value
    )
    assert (
        hw.inference8_tflops(kb.gpu("GeForce RTX 4090")).value
        > hw.matmul_tflops(kb.gpu("GeForce RTX 4090"), "fp16_acc32").value
    )
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
