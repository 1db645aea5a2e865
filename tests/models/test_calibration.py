"""The models against the calibration measurements (copies of ../shared/calibration in data/).

Targets (issue 3): training throughput and decode tokens/s median |error| <= 8 %, max <= 25 %;
memory within 10 % of the vram_measured rows the model covers.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def vm():
    spec = importlib.util.spec_from_file_location("validate_model", ROOT / "scripts" / "validate_model.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("validate_model", mod)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def summary(kb, vm):
    return vm.summary(vm.all_rows(kb, DATA))


def test_training_fp16(summary):
    med, mx, n = summary["training fp16"]
    assert n == 14 and med <= 0.08 and mx <= 0.25


def test_decode(summary):
    med, mx, n = summary["decode"]
    assert n == 17 and med <= 0.08 and mx <= 0.25


def test_memory(summary):
    med, mx, n = summary["memory"]
    assert n == 10 and mx <= 0.10


def test_secondary_sets_recorded(summary):
    # Not targets; recorded in docs/model.md so a regression shows.
    assert summary["training fp32"][0] <= 0.08
    assert summary["prefill"][0] <= 0.15


def test_training_constants_are_the_calibration_fit(kb, vm):
    # COMPUTE_SHARE["train16"] and NO_ASYNC_COPY_PENALTY are the least-squares fit on the fp16 rows
    # (grid step 0.01); the out-of-sample ratios take no part in it.
    from assistant.models import constants as C

    share, penalty, err = vm.fit_training(kb, DATA)
    assert share == pytest.approx(C.COMPUTE_SHARE["train16"], abs=0.011)
    assert penalty == pytest.approx(C.NO_ASYNC_COPY_PENALTY, abs=0.011)
    assert err < 0.09


def test_out_of_sample_is_reported_not_fitted(kb, vm, summary):
    rows = {o.label: o for o in vm.out_of_sample_rows(kb)}
    assert not any("A100/V100" in s for s in summary)  # never part of the calibration sets
    measured = [o for o in rows.values() if o.kind == "measured"]
    assert [o.stated for o in measured] == [1.43, 1.47, 1.70]
    # the roofline overshoots every debiased measurement (it cannot go below the 1.73 bandwidth ratio):
    # +37 % / +34 % on the CNNs, +15 % on the transformer
    assert all(0.10 < o.error < 0.40 for o in measured)
    assert rows["RTX 4090/H100 SXM 8-bit inference"].error == pytest.approx(-0.12, abs=0.05)
    assert rows["A100 80 GB/RTX A6000 (A100 faster, SD)"].model > 1
