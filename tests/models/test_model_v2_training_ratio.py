"""Training speed between GPU types (docs/model.md §cost.training): comparisons use the measured 16-bit training score,
checked out of sample against Lambda's per-network transformer rows (scripts/model_checks/transformer_oos.py), where
the tensor-peak ratio is far off. Regression guard, not a fit: the rows are never used to set a constant."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from model_checks.transformer_oos import transformer_out_of_sample_rows  # noqa: E402


def _median_error(rows) -> float:
    return statistics.median(abs(r.error) for r in rows)


def test_the_score_follows_lambda_transformer_runs_and_the_peaks_do_not(kb):
    score = transformer_out_of_sample_rows(kb, "score")
    peak = transformer_out_of_sample_rows(kb, "peak")
    assert len(score) == len(peak) >= 27
    assert _median_error(score) <= 0.20
    assert _median_error(peak) >= 2 * _median_error(score)
