"""One training job's time (docs/model.md §cost.run): FLOPs at the MFU of the 16-bit peak, n cards at their
data-parallel efficiency."""

from __future__ import annotations

import pytest

from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from assistant.models.training_job import job_run


def test_one_card_is_flops_over_the_mfu_of_its_peak(kb):
    gpu = kb.gpu("GeForce RTX 4090")
    run = job_run(gpu, 1, 7.0, 20e9)
    flops = 6 * 7e9 * 20e9
    assert run.flops == pytest.approx(flops)
    assert run.hours == pytest.approx(flops / (hw.training_tflops(gpu, "fp16").value * 1e12 * C.DEFAULT_MFU) / 3600)


def test_n_cards_give_their_data_parallel_efficiency_not_n_times_one(kb):
    gpu = kb.gpu("GeForce RTX 4090")  # no peer-to-peer: gradients go through host memory
    one, eight = job_run(gpu, 1, 7.0, 20e9), job_run(gpu, 8, 7.0, 20e9)
    assert eight.hours == pytest.approx(one.hours / training_scaling([gpu] * 8).speedup)
    assert one.hours / 8 < eight.hours < one.hours / 5


def test_lora_counts_fewer_flops_per_parameter_and_token(kb):
    gpu = kb.gpu("A100 SXM4 80 GB")
    assert job_run(gpu, 1, 8.0, 1e8, 4.0).hours == pytest.approx(job_run(gpu, 1, 8.0, 1e8).hours * 4 / 6)
