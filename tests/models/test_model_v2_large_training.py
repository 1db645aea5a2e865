"""Training speed of billion-parameter models between GPU types (docs/model.md §cost.training, large models): the
calibrated roofline without its per-step fixed cost (performance.large_model_training). Set G en_19 ('b200 vs h200
for pretraining a 7b from scratch, how much faster is b200 really') said 1.33x, the benchmark-mix score where the
fixed per-step share dominates both parts. The MLPerf and Lambda figures below are out of sample: never fitted."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from assistant.models import constants as C
from assistant.models import performance as perf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from model_checks.transformer_oos import (  # noqa: E402
    large_model_out_of_sample_rows,
    transformer_out_of_sample_rows,
)


def _median(rows) -> float:
    return statistics.median(abs(r.error) for r in rows)


def test_the_large_model_rule_drops_only_the_fixed_share(kb):
    gpu = kb.gpu("GeForce RTX 4090")
    large = perf.large_model_training(gpu)
    assert large.per_gpu_score > perf.relative_performance(gpu, "train16").per_gpu_score
    assert C.STEP_FIXED_SHARE["train16"] > 0 and C.LARGE_MODEL_TRAINING_PARAMS_B >= 1.0


def test_b200_over_h200_is_no_longer_the_benchmark_mix_ratio(kb):
    b200, h200 = kb.gpu("B200"), kb.gpu("H200 SXM 141 GB")
    ratio = perf.large_model_training(b200).score / perf.large_model_training(h200).score
    assert 1.6 <= ratio <= 2.1


def test_mlperf_ratios_follow_the_large_model_rule_better_than_the_score(kb):
    large = large_model_out_of_sample_rows(kb, "large")
    assert len(large) >= 2
    assert max(abs(r.error) for r in large) <= 0.25
    assert _median(large) < _median(large_model_out_of_sample_rows(kb, "score"))


def test_lambda_bert_large_the_largest_network_follows_the_large_model_rule(kb):
    def bert(kind):
        return [r for r in transformer_out_of_sample_rows(kb, kind) if r.case.endswith("BERT-large")]

    assert len(bert("large")) >= 9
    assert _median(bert("large")) < _median(bert("score"))
