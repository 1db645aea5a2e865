"""How long the chat takes to be usable, for scripts/bench.py.

Usage: python -m assistant.tui.startup [--db URL] [--session]
    prints the seconds from launching a fresh Python process until the chat shows a focused
    input (with --session: until the knowledge base is open, too).

Contract: `measure_ready_seconds(db_url=None, wait_for_session=False)` launches the real app
headless in a subprocess (so interpreter start-up and imports count) and returns the wall-clock
seconds until the child reports that the question input has focus after the first frame.
"""

from __future__ import annotations

import argparse
import select
import subprocess
import sys
import time

READY = "gpu-advisor-ready"


def _probe(db_url: str | None, wait_for_session: bool) -> int:
    """Child side: run the app headless, report readiness on stdout, exit."""
    import asyncio

    from assistant.tui.app import create_app
    from assistant.tui.widgets.question_input import QuestionInput

    app = create_app(db_url=db_url)

    async def report_when_ready(pilot) -> None:
        deadline = time.perf_counter() + 30
        while not isinstance(app.focused, QuestionInput) and time.perf_counter() < deadline:
            await asyncio.sleep(0.002)  # focus lands a few event-loop turns after the first frame
        if wait_for_session:
            await asyncio.to_thread(app.session_opened.wait, 120)
        ok = isinstance(app.focused, QuestionInput)
        print(READY if ok else f"not ready: focus on {app.focused!r}", flush=True)
        app.exit()

    app.run(headless=True, size=(100, 30), auto_pilot=report_when_ready)
    return 0


def measure_ready_seconds(db_url: str | None = None, wait_for_session: bool = False, timeout: float = 60) -> float:
    cmd = [sys.executable, "-m", "assistant.tui.startup", "--probe"]
    if db_url:
        cmd += ["--db", db_url]
    if wait_for_session:
        cmd.append("--session")
    start = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        out = child.stdout
        assert out is not None  # stdout=PIPE
        ready, _, _ = select.select([out], [], [], timeout)  # a hung child must not hang the bench
        line = out.readline().strip() if ready else "no answer within the timeout"
        elapsed = time.perf_counter() - start
        try:
            _, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            raise
    if line != READY:
        raise RuntimeError(f"the chat did not become ready: {line or err.strip()[-500:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m assistant.tui.startup")
    parser.add_argument("--db", help="SQLAlchemy database URL")
    parser.add_argument("--session", action="store_true", help="also wait until the knowledge base is open")
    parser.add_argument("--probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:
        return _probe(args.db, args.session)
    print(f"{measure_ready_seconds(args.db, args.session):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
