"""Usage: .venv/bin/python scripts/validate_model.py [--dir CALIBRATION_DIR] [--quiet] [--fit]

Prints the performance and memory models against every calibration measurement
(lambda_fp16_train.tsv, llamacpp_decode.tsv, vram_measured.tsv): model value, measured value,
error per row, and the median and maximum absolute error per set. Then, separately, the
OUT-OF-SAMPLE checks: measured ratios stated by Dettmers' posts and secondary summaries, which are
never fitted and never enter `all_rows`/`summary`. --fit re-runs the least-squares fit of the two
training constants (compute share, no-async-copy penalty) on the fp16 training rows only.
CALIBRATION_DIR defaults to tests/models/data (the calibration files with their public sources).
Exit code 0 always; the targets are checked by tests/models/test_calibration.py.
The checks live in scripts/model_checks/, one module per family; this script prints them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from model_checks.decode_oos import (  # noqa: E402
    decode_out_of_sample_rows,
    moe_offload_out_of_sample_rows,
    prefill_out_of_sample_rows,
)
from model_checks.dettmers import D2023_HEADLINES, dettmers_rankings, print_dettmers  # noqa: E402,F401
from model_checks.image_speed_oos import image_speed_out_of_sample_rows, video_speed_out_of_sample_rows  # noqa: E402
from model_checks.image_train_oos import image_train_out_of_sample_rows  # noqa: E402
from model_checks.llama import SCOREBOARD_LEFT_OUT, fit_llm, llama_rows, llm_held_out, scoreboard_rows  # noqa: E402,F401
from model_checks.memory_setups import (  # noqa: E402,F401
    MEMORY_FIT,
    fit_memory,
    identifying_cases,
    leave_one_out_sharded,
    memory_out_of_sample_rows,
    memory_rows,
    train_image_rows,
)
from model_checks.out_of_sample import NOT_COVERED, out_of_sample_rows  # noqa: E402,F401
from model_checks.rows import Row, constants, default_dir, summary  # noqa: E402,F401
from model_checks.speech_oos import speech_out_of_sample_rows  # noqa: E402
from model_checks.training import (  # noqa: E402,F401
    ADOPTED_FIT,
    _param_values,
    fit_training,
    leave_one_out,
    sensitivity,
    training_rows,
)
from model_checks.transformer_oos import (  # noqa: E402
    large_model_out_of_sample_rows,
    transformer_out_of_sample_rows,
)
from model_checks.vision_oos import vision_time_out_of_sample_rows  # noqa: E402


def _fmt(values: dict) -> str:
    return ", ".join(f"{k} {v:.3f}" for k, v in values.items())


def all_rows(kb, folder: Path) -> list[Row]:
    return (
        training_rows(kb, folder)
        + scoreboard_rows(kb, folder)
        + llama_rows(kb, folder)
        + memory_rows(kb, folder)
        + train_image_rows(kb, folder)[0]
    )


def _print_oos(rows, kind: str, digits: int) -> None:
    for r in rows:
        m, x = f"{r.model:.{digits}f}", f"{r.measured:.{digits}f}"
        print(f"{r.case[:42]:<42} {kind:<19} {m:>6} {x:>7} {r.error:>+7.1%}  public run")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=default_dir())
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--fit", action="store_true", help="re-fit the training constants; leave-one-out errors")
    ap.add_argument("--sensitivity", action="store_true", help="model variants: calibration fit vs out-of-sample")
    ap.add_argument("--dettmers", action="store_true", help="value rankings with Dettmers' 2023 method and this model")
    ap.add_argument(
        "--held-out", action="store_true", help="llama.cpp scoreboard: each GPU predicted by a fit without it"
    )
    args = ap.parse_args(argv)
    from assistant.kb.reader import KbReader
    from assistant.kb.store import build_kb, make_engine

    engine = make_engine("sqlite://")
    build_kb(engine)
    rows = all_rows(KbReader(engine), args.dir)
    if not args.quiet:
        print(f"{'set':<18} {'case':<56} {'model':>10} {'measured':>10} {'error':>8}")
        for r in rows:
            print(f"{r.set:<18} {r.case[:56]:<56} {r.model:>10.3f} {r.measured:>10.3f} {r.error:>+8.1%}")
    print(f"\n{'set':<18} {'rows':>5} {'median |error|':>15} {'max |error|':>12}")
    for s, (med, mx, n) in summary(rows).items():
        print(f"{s:<18} {n:>5} {med:>15.1%} {mx:>12.1%}")
    kb = KbReader(engine)
    for line in train_image_rows(kb, args.dir)[1]:
        print(f"not scored: {line}")
    for kind in MEMORY_FIT if args.fit else ():
        value, err = fit_memory(kb, args.dir, kind)
        n = len(identifying_cases(kb, args.dir, kind))
        print(f"fit (memory {kind}, {n} identifying rows): {MEMORY_FIT[kind][0]} {value:.3f}, rms log {err:.4f}")
    for r in leave_one_out_sharded(kb, args.dir) if args.fit else ():
        print(f"  sharded overhead, this row left out of the fit: {r.case[:52]:<52} {r.error:>+7.1%}")
    print("\nOUT OF SAMPLE (not fitted; per GPU, no batch factor)")
    print(f"{'check':<42} {'kind':<19} {'model':>6} {'stated':>7} {'error':>7}  source")
    oos = out_of_sample_rows(kb)
    for o in oos:
        stated = f"{o.stated:.2f}" if o.stated else "-"
        err = f"{o.error:+.1%}" if o.error is not None else ("ok" if o.model > 1 else "WRONG")
        print(f"{o.label:<42} {o.kind:<19} {o.model:>6.2f} {stated:>7} {err:>7}  {o.source}")
    for r in memory_out_of_sample_rows(kb):
        print(f"{r.case:<42} {'measured (memory)':<19} {r.model:>6.2f} {r.measured:>7.2f} {r.error:>+7.1%}  SD3 blog")
    for r in decode_out_of_sample_rows(kb):
        print(f"{r.case:<42} {'measured (decode)':<19} {r.model:>6.1f} {r.measured:>7.1f} {r.error:>+7.1%}  public run")
    _print_oos(prefill_out_of_sample_rows(kb), "measured (prefill)", 0)
    _print_oos(image_speed_out_of_sample_rows(kb), "measured (it/s)", 2)
    _print_oos(video_speed_out_of_sample_rows(kb), "measured (s/clip)", 0)
    _print_oos(moe_offload_out_of_sample_rows(kb), "measured (MoE RAM)", 1)
    _print_oos(vision_time_out_of_sample_rows(kb), "measured (hours)", 1)
    _print_oos(image_train_out_of_sample_rows(kb), "measured (s/step)", 2)
    _print_oos(speech_out_of_sample_rows(kb), "measured (x realtime)", 1)
    _print_oos(transformer_out_of_sample_rows(kb, "score"), "measured (x RTX 3090, score)", 2)
    _print_oos(transformer_out_of_sample_rows(kb, "peak"), "measured (x RTX 3090, tensor peak)", 2)
    _print_oos(transformer_out_of_sample_rows(kb, "large"), "measured (x RTX 3090, large-model)", 2)
    for kind in ("large", "score", "peak"):
        _print_oos(large_model_out_of_sample_rows(kb, kind), f"MLPerf ratio ({kind})", 2)
    meas = [abs(o.error) for o in oos if o.kind == "measured"]
    print(f"measured A100/V100 ratios: median |error| {statistics.median(meas):.1%}, max {max(meas):.1%}")
    for line in NOT_COVERED:
        print(f"not covered: {line}")
    if args.fit:
        fitted, err = fit_training(kb, args.dir)
        now = dict(zip(ADOPTED_FIT, _param_values(ADOPTED_FIT), strict=False))
        print(f"\nfit (fp16 training rows): {_fmt(fitted)}, rms log error {err:.4f} (constants: {_fmt(now)})")
        print("leave-one-out (each fp16 row predicted by a fit without it):")
        loo = leave_one_out(kb, args.dir)
        for r in loo:
            print(f"  {r.case[:40]:<40} {r.model:>7.3f} {r.measured:>7.3f} {r.error:>+8.1%}")
        errs = [abs(r.error) for r in loo]
        print(f"  LOO median |error| {statistics.median(errs):.1%}, max {max(errs):.1%}")
    if args.held_out:
        print("\nllama.cpp 2025-26, each GPU held out of the fit (P100 left out of every fit: no DP4A):")
        rows = llm_held_out(kb, args.dir)
        for r in rows:
            print(f"  {r.set:<26} {r.case[:30]:<30} {r.model:>9.1f} {r.measured:>9.1f} {r.error:>+8.1%}")
        for s_, (med, mx, n) in summary([r for r in rows if r.case not in SCOREBOARD_LEFT_OUT]).items():
            print(f"  {s_:<26} {n:>3} GPUs (P100 aside): median |error| {med:.1%}, max {mx:.1%}")
    if args.dettmers:
        print_dettmers(kb)
    if args.sensitivity:
        print(
            f"\n{'variant':<46} {'fitted':<44} {'median':>6} {'max':>6} {'rmslog':>6} {'LOOmed':>6} {'LOOmax':>6}"
            f" {'A100/V100':>9} {'4090/3090':>9}"
        )
        for v in sensitivity(kb, args.dir):
            print(
                f"{v[0]:<46} {_fmt(v[1]):<44} {v[2]:>6.1%} {v[3]:>6.1%} {v[4]:>6.3f} {v[5]:>6.1%} {v[6]:>6.1%}"
                f" {v[7]:>9.2f} {v[8]:>9.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
