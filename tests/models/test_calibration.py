"""The models against the calibration measurements (data/, each file names its public source).

Targets: training throughput median |error| <= 8 % (max <= 30 %: the RTX A4000, see docs/model.md
§validation), decode tokens/s median <= 8 %, max <= 25 %; memory within 10 % of the vram_measured
rows the model covers.
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
    # 14 rows of the 2022 run + RTX 4090 and H100 SXM5 of the newer run
    assert n == 16 and med <= 0.08 and mx <= 0.30


def _scoreboard_errors(kb, vm, label):
    return [abs(r.error) for r in vm.scoreboard_rows(kb, DATA, vm.SCOREBOARD_LEFT_OUT) if r.set == label]


def test_decode_current_llamacpp(kb, vm, summary):
    # 2025-26 llama.cpp builds (community scoreboard, 23 GPUs); the P100 (no DP4A) is reported, not fitted
    assert summary["decode 2025-26"][2] == 23
    errs = _scoreboard_errors(kb, vm, "decode 2025-26")
    assert len(errs) == 22 and sorted(errs)[11] <= 0.08 and max(errs) <= 0.25


def test_prefill_current_llamacpp(kb, vm):
    errs = _scoreboard_errors(kb, vm, "prefill 2025-26")
    # worst: GB10 (+35 %, a power-shared SoC) and the A100 (+18 %)
    assert len(errs) == 22 and sorted(errs)[11] <= 0.08 and max(errs) <= 0.40


def test_llamacpp_constants_are_the_scoreboard_fit(kb, vm):
    from assistant.models import constants as C

    decode, err = vm.fit_llm(kb, DATA, "decode")
    assert decode["DECODE_BW_EFFICIENCY"] == pytest.approx(C.DECODE_BW_EFFICIENCY, rel=0.02)
    assert decode["DECODE_LAYER_US_GHZ"] == pytest.approx(C.DECODE_LAYER_US_GHZ, rel=0.02)
    assert err < 0.09
    prefill, err = vm.fit_llm(kb, DATA, "prefill")
    assert prefill["PREFILL_FLOP_PER_SM_CLK"] == pytest.approx(C.PREFILL_FLOP_PER_SM_CLK, rel=0.02)
    assert err < 0.10


def test_previous_llamacpp_build_is_reported(summary):
    # The May-2024 build (llamacpp_decode.tsv) is no longer the target; its decode rows stay within 12 %.
    med, mx, n = summary["decode 2024 build"]
    assert n == 17 and med <= 0.10 and mx <= 0.15


def test_memory(summary):
    med, mx, n = summary["memory"]
    # 11 %: the logits' bytes refit on the two Unsloth context rows with capacity and need in one unit (§mem.units)
    # moved the bloomz-7b1 LoRA row (250,880-token vocabulary) from +8.8 % to +10.0 %
    assert n == 10 and mx <= 0.11


def test_secondary_sets_recorded(summary):
    # Not targets; recorded in docs/model.md so a regression shows.
    assert summary["training fp32"][0] <= 0.08
    assert summary["prefill 2024 build"][0] <= 0.25


def test_training_constants_are_the_calibration_fit(kb, vm):
    # Compute share, async penalty, L2 cut and fixed per-step share are the least-squares fit on the
    # fp16 rows; the out-of-sample ratios take no part in it.
    from assistant.models import constants as C

    fitted, err = vm.fit_training(kb, DATA)
    assert fitted["share"] == pytest.approx(C.COMPUTE_SHARE["train16"], abs=0.011)
    assert fitted["async"] == pytest.approx(C.NO_ASYNC_COPY_PENALTY, abs=0.011)
    assert fitted["l2"] == pytest.approx(C.L2_MAX_TRAFFIC_CUT, abs=0.011)
    assert fitted["fixed"] == pytest.approx(C.STEP_FIXED_SHARE["train16"], abs=0.011)
    assert err < 0.09


def test_out_of_sample_is_reported_not_fitted(kb, vm, summary):
    rows = {o.label: o for o in vm.out_of_sample_rows(kb)}
    assert not any("A100/V100" in s for s in summary)  # never part of the calibration sets
    measured = [o for o in rows.values() if o.kind == "measured"]
    assert [o.stated for o in measured] == [1.43, 1.47, 1.70]
    # the roofline overshoots every debiased measurement (it cannot go below the 1.73 bandwidth ratio,
    # and the L2 term credits the A100's 40 MB): +43 % / +39 % on the CNNs, +20 % on the transformer
    assert all(0.15 < o.error < 0.45 for o in measured)
    assert rows["RTX 4090/H100 SXM 8-bit inference"].error == pytest.approx(-0.04, abs=0.05)
    # power-limited clocks (fitted on llama.cpp prefill): -50 W on a 2080 Ti costs 5.4 % (stated ~7 %)
    assert rows["RTX 2080 Ti at -50 W, 16-bit training"].model == pytest.approx(0.946, abs=0.01)
    assert rows["A100 80 GB/RTX A6000 (A100 faster, SD)"].model > 1


def test_train_image_memory_is_reported_per_row(kb, vm, summary):
    # Every measured row of vram_train_image.tsv is scored (the three Qwen 1 rows with the shapes of their
    # config.json, from the set-up file) unless it is the source's own estimate (two rows); numbers in
    # docs/model.md §validation.
    rows, skipped = vm.train_image_rows(kb, DATA)
    assert len(rows) + len(skipped) == 40 and len(skipped) == 2
    image, finetune = summary["memory image"], summary["memory finetune"]
    assert image[2] == 15 and finetune[2] == 23
    # regression guard on the 2026 v2 numbers (medians 15.8 % and 12.0 %), not a target
    assert image[0] <= 0.18 and finetune[0] <= 0.14
    within = sum(abs(r.error) <= 0.15 for r in rows)
    assert within >= 26  # of 38: paged states resident, quantize-after-load peaks, sharded-run buffers (§validation)
    assert len({r.case for r in rows}) == len(rows)  # labels are keys (fits, tests)


def test_paged_states_and_load_peaks_are_what_tools_report(kb, vm):
    rows = {r.case: r for r in vm.train_image_rows(kb, DATA)[0]}
    paged = next(r for label, r in rows.items() if "Llama 2 7B full b4" in label)
    assert abs(paged.error) < 0.10  # torchtune's paged AdamW on a 4090: the states fill the card
    litgpt = [r for label, r in rows.items() if "qlora" in label and "s512" in label]
    assert litgpt and all(abs(r.error) < 0.10 for r in litgpt)  # the 16-bit model before quantizing


def test_memory_constants_are_the_calibration_fit(kb, vm):
    # VAE decode elements per pixel (unquantized image rows) and the activation scale (fine-tuning rows
    # without checkpointing whose peak is a training step) are the least-squares fit.
    from assistant.models import constants as C

    vae, _ = vm.fit_memory(kb, DATA, "image")
    act, _ = vm.fit_memory(kb, DATA, "finetune")
    assert vae == pytest.approx(C.VAE_DECODE_ELEMENTS_PER_PIXEL, rel=0.02)
    assert act == pytest.approx(C.ACT_SCALE, rel=0.02)


@pytest.mark.long
def test_sharded_run_overhead_is_the_fit_and_predicts_each_row_left_out(kb, vm):
    # the per-GPU memory of ZeRO-3 / FSDP runs beyond their tensors, identified by the four Hugging Face rows read
    # from the whole device (docs/model.md §mem.train); each row left out is predicted by the other three
    from assistant.models import constants as C

    value, _ = vm.fit_memory(kb, DATA, "sharded")
    assert value == pytest.approx(C.SHARDED_RUN_OVERHEAD_GB_PER_B, rel=0.02)
    loo = vm.leave_one_out_sharded(kb, DATA)
    assert len(loo) == 4 and all(abs(r.error) < 0.08 for r in loo)


def test_sharding_buffers_only_on_sharded_multi_gpu_runs(kb):
    from assistant.models import train_memory

    m = kb.model("llama-2-70b")
    one = dict(train_memory.training_memory(m, "qlora", checkpointing=True).components)
    split = dict(train_memory.training_memory(m, "qlora", checkpointing=True, n_gpus=2, zero_stage=3).components)
    ddp = dict(train_memory.training_memory(m, "qlora", checkpointing=True, n_gpus=2, zero_stage=0).components)
    assert "sharding buffers" not in one and "sharding buffers" not in ddp and split["sharding buffers"] > 6


def test_fewest_cards_counts_the_sharding_buffers(kb):
    # the count offered from a one-card estimate is the count whose own estimate fits: sharded (ZeRO-3 named, each
    # card holds the buffers) or split by layers ((Q)LoRA's usual multi-card layout, no buffers)
    from assistant.models import memory, train_memory

    m = kb.model("llama-2-70b")
    for stage, buffers in ((3, True), (0, False)):
        one = train_memory.training_memory(m, "qlora", checkpointing=True, zero_stage=stage)
        n = memory.fit(one, 24.0).min_gpus

        def at(k: int, stage: int = stage):
            return train_memory.training_memory(m, "qlora", checkpointing=True, n_gpus=k, zero_stage=stage)

        assert n > 1 and memory.fit(at(n), 24.0, n).fits and not memory.fit(at(n - 1), 24.0, n - 1).fits
        assert ("sharding buffers" in dict(at(n).components)) is buffers
