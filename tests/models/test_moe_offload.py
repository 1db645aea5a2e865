"""MoE expert offload (docs/model.md §llm.moe_offload): experts derived from total and active counts, gpt-oss's
MXFP4 release layout, and the split llama.cpp's --n-cpu-moe makes between GPU memory and system RAM."""

from __future__ import annotations

import pytest

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models import memory, moe_offload


def test_expert_parameters_follow_from_total_and_active_counts(kb):
    # gpt-oss model card: 114.71 B MLP parameters; Qwen3 30B-A3B: 48 x 128 x 3 x 2048 x 768 = 28.99 B
    assert memory.expert_params_b(kb.model("gpt-oss-120b")) == pytest.approx(114.71, rel=0.01)
    assert memory.expert_params_b(kb.model("qwen3-30b-a3b")) == pytest.approx(48 * 128 * 3 * 2048 * 768 / 1e9, rel=0.01)
    assert memory.expert_params_b(kb.model("llama-3-8b")) == 0.0


def test_gpt_oss_is_costed_in_its_released_mxfp4_layout(kb):
    m = kb.model("gpt-oss-120b")
    assert memory.released_precision(m) == "mxfp4"
    # the released checkpoint is 60.8 GiB (memory GB, §mem.units): experts in MXFP4 (4.25 bits), the rest in bf16
    assert memory.weights_gb(m, "mxfp4") == pytest.approx(60.8, rel=0.03)
    # one token reads the shared weights and 4 of 128 experts
    assert memory.active_weights_gb(m, "mxfp4") < 0.1 * memory.weights_gb(m, "mxfp4")


def test_experts_in_ram_on_a_24_gb_card(kb):
    gpu, m = kb.gpu("GeForce RTX 4090"), kb.model("gpt-oss-120b")
    plan = moe_offload.expert_offload(gpu, m, "mxfp4")
    assert plan is not None
    assert plan.gpu_gb <= gpu.memory_gb
    assert 0 < plan.layers_in_ram < plan.layers
    assert plan.ram_needed_gb == pytest.approx(plan.experts_in_ram_gb + 8.0)
    # the step: all-on-GPU time, with the selected experts of the RAM layers read at RAM speed instead, plus the
    # hand-over of each RAM layer's hidden state to the CPU and back
    read = plan.experts_in_ram_gb * 4 / 128 * 2**30 / 1e9  # in decimal GB: bandwidths are decimal GB/s
    bw = hw.effective_bandwidth(gpu).value
    handover = plan.layers_in_ram * C.MOE_OFFLOAD_LAYER_US * 1e-6
    expected = 1 / (1 / plan.all_on_gpu_tokens_per_s - read / bw + read / 60.0 + handover)
    assert plan.tokens_per_s == pytest.approx(expected, rel=1e-6)
    assert plan.tokens_per_s < plan.all_on_gpu_tokens_per_s


def test_more_layers_in_ram_and_slower_ram_are_slower(kb):
    gpu, m = kb.gpu("GeForce RTX 3090"), kb.model("gpt-oss-120b")
    fewer = moe_offload.expert_offload(gpu, m, "mxfp4", layers_in_ram=26)
    all_ram = moe_offload.expert_offload(gpu, m, "mxfp4", layers_in_ram=36)
    slow = moe_offload.expert_offload(gpu, m, "mxfp4", layers_in_ram=26, ram_gb_s=30.0)
    assert all_ram.tokens_per_s < fewer.tokens_per_s
    assert slow.tokens_per_s < fewer.tokens_per_s
    assert all_ram.gpu_gb < fewer.gpu_gb


def test_no_plan_for_dense_models_models_that_fit_or_shared_parts_too_big(kb):
    assert moe_offload.expert_offload(kb.gpu("GeForce RTX 3090"), kb.model("llama-3-70b"), "q4_k_m") is None
    assert moe_offload.expert_offload(kb.gpu("GeForce RTX 3090"), kb.model("gpt-oss-20b"), "mxfp4") is None
    assert moe_offload.expert_offload(kb.gpu("GeForce GTX 1050"), kb.model("deepseek-r1"), "q4_k_m") is None
