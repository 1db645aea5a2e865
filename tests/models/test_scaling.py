"""Multi-GPU scaling (§perf.multigpu): links, data-parallel training, split LLM decode."""

from __future__ import annotations

import pytest

from assistant.models import scaling


def test_links_follow_the_hardware(kb):
    assert scaling.link(kb.gpu("GeForce RTX 3090"), 2) == "nvlink"
    assert scaling.link(kb.gpu("GeForce RTX 3090"), 4) == "pcie_host"  # bridges pair cards; no P2P between pairs
    assert scaling.link(kb.gpu("GeForce RTX 4090"), 2) == "pcie_host"  # GeForce 40: no peer-to-peer
    assert scaling.link(kb.gpu("GeForce RTX 5090"), 2) == "pcie_host"
    assert scaling.link(kb.gpu("H100 SXM5 80 GB"), 8) == "nvswitch"
    assert scaling.link(kb.gpu("L40S"), 2) == "pcie"


def test_data_parallel_overhead_grows_without_nvlink_or_p2p(kb):
    nv = scaling.training_scaling([kb.gpu("GeForce RTX 3090")] * 2)
    host = scaling.training_scaling([kb.gpu("GeForce RTX 4090")] * 2)
    assert nv.speedup == pytest.approx(2 / 1.02)
    assert host.speedup == pytest.approx(2 / 1.12)
    assert scaling.training_scaling([kb.gpu("H100 SXM5 80 GB")] * 8).speedup == pytest.approx(8 / 1.06)


def test_mixed_group_runs_at_its_slowest_card(kb):
    mixed = scaling.training_scaling([kb.gpu("GeForce RTX 4090"), kb.gpu("GeForce RTX 3090")])
    assert mixed.slowest == "GeForce RTX 3090"
    assert mixed.speedup < 2 * 1 / 1.58  # two cards at the 3090's pace, relative to one 4090


def test_layer_split_adds_memory_not_speed_tensor_split_adds_speed(kb):
    g, m = kb.gpu("GeForce RTX 3090"), kb.model("llama-3-8b")
    layer = scaling.llm_scaling([g] * 2, m, "q4_k_m", split="layer")
    tensor = scaling.llm_scaling([g] * 2, m, "q4_k_m", split="tensor")
    assert layer.speedup == pytest.approx(1.0, abs=0.02)
    assert tensor.speedup > 1.3
    batched = scaling.llm_scaling([g] * 2, m, "q4_k_m", split="tensor", batch=16)
    assert batched.tokens_per_s > 8 * tensor.tokens_per_s
