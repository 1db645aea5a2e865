"""Usage: scripts/bench.py [--quick] [--llmfit PATH]

Measures, in one run, the speed and memory targets of gpu-advisor and prints one table:
- one-shot `gpu-advisor ask` against `python -c pass` in the same venv and, when it is installed
  (on PATH or --llmfit), the `llmfit info` CLI: interleaved rounds so that load on the machine hits
  all alike, min and median wall time, peak RSS of each child, the ratio of the medians; the
  questions rotate through a varied mix of the dialogue files' user turns;
- `gpu-advisor chat --json` over 2,000 of those lines (lines per second, peak RSS);
- in-process answers per second over 2,000 of them, p50 / p99 per intent, parse median;
- the TUI on a real pseudo-terminal: time until the question box is painted and until the first
  answer is on screen;
- a knowledge-base build from scratch in a new process (`gpu-advisor kb stats` on an empty home).
Run it with the project's venv on an otherwise idle machine: `.venv/bin/python scripts/bench.py`.
Where valgrind is installed it also counts the instructions of three `ask`s (EN verdict, ZH price and
verdict, EN comparison) and of `python -c pass` (callgrind): the figure to compare before/after on a shared,
busy machine. A llmfit that does not run (exit status not 0) is reported, not timed.
Beside wall time it reports CPU time (user + system) of the one-shot children and of the in-process
run, and the load average before and after: on a shared machine CPU time is the comparable figure.
The project's byte code is brought up to date first (as a returning user's Python has it).
Results are recorded by hand in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import pty
import re
import resource
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
EXE = str(Path(sys.executable).with_name("gpu-advisor"))


def dialogue_questions() -> list[str]:
    """Every user turn of tests/dialogues/*.dialogue, in file order (a realistic, varied mix)."""
    from assistant.testing.format import load

    out = []
    for path in sorted((ROOT / "tests" / "dialogues").glob("*.dialogue")):
        for dialogue in load(path).dialogues:
            out += [t.text for t in dialogue.turns if t.text.strip()]
    return out


def _timed(cmd: list[str], env: dict, stdin: bytes | None = None) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds (user + system), peak RSS in MB) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    if stdin is not None:
        child.stdin.write(stdin)
        child.stdin.close()
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def runnable(cmd: list[str], env: dict) -> str | None:
    """None when `cmd` exits 0; else why not (the first line of its error output): a CLI that fails at once
    (llmfit's binary wheels need a newer glibc than some machines have) must not be timed as if it answered."""
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return str(exc)
    if proc.returncode == 0:
        return None
    lines = (proc.stderr or proc.stdout).strip().splitlines()
    return f"exit {proc.returncode}: {lines[0][:160] if lines else ''}"


def one_shot(rounds: int, env: dict, questions: list[str], llmfit: str | None) -> dict:
    commands = {"python -c pass": [sys.executable, "-c", "pass"]}
    if llmfit:
        commands["llmfit info"] = [llmfit, "info", "llama-3.1-8b"]
    _timed([EXE, "ask", "specs of the 4090"], env)  # build the KB and the start-up cache
    wall: dict[str, list[float]] = {"ask": []}
    cpu: dict[str, list[float]] = {"ask": []}
    rss: dict[str, float] = {"ask": 0.0}
    for i in range(rounds):
        for name, cmd in [*commands.items(), ("ask", [EXE, "ask", questions[i % len(questions)]])]:
            seconds, cpu_s, mb = _timed(cmd, env)
            wall.setdefault(name, []).append(seconds)
            cpu.setdefault(name, []).append(cpu_s)
            rss[name] = max(rss.get(name, 0.0), mb)
    return {"wall": wall, "cpu": cpu, "rss": rss}


COUNTED = ["is a 3090 worth it for local llms", "二手3090现在什么价 值得入吗", "4090 vs 5090 for training"]


def instructions(cmd: list[str], env: dict) -> int | None:
    """Instructions one child executes (valgrind's callgrind; None without valgrind): unlike wall or CPU time,
    the same on a busy machine, so before/after comparisons hold while other programs run."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None
    proc = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        env=dict(env, PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    return int(found.group(1)) if found else None


def chat_json(lines: list[str], env: dict) -> tuple[float, float, float]:
    """(lines per wall second, lines per CPU second, peak RSS in MB)."""
    seconds, cpu_s, mb = _timed([EXE, "chat", "--json"], env, stdin=("\n".join(lines) + "\n").encode())
    return len(lines) / seconds, len(lines) / cpu_s, mb


_ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-B]|[=>])")


def _read_until(fd: int, pattern: bytes, seen: bytearray, deadline: float) -> bool:
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                return False
            if pattern in _ANSI.sub(b"", bytes(seen)):
                return True
    return False


def tui_on_pty(env: dict, timeout: float = 30.0, pause: float = 0.0) -> tuple[float | None, float | None]:
    """(seconds until the question box is painted, seconds until the first answer is on screen); with
    `pause` the question is sent that long after the paint (a user typing) and the second figure counts
    from the moment it was sent."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(
        [EXE], stdin=slave, stdout=slave, stderr=slave, env=dict(env, TERM="xterm-256color"), start_new_session=True
    )
    os.close(slave)
    seen = bytearray()
    painted = answered = None
    try:
        if _read_until(master, b"F1", seen, start + timeout):
            painted = time.perf_counter() - start
            if pause:  # keep reading the screen meanwhile, as a terminal does
                _read_until(master, b"\x00never printed", seen, time.perf_counter() + pause)
            sent = time.perf_counter() if pause else start
            os.write(master, b"specs of the 4090\r")
            if _read_until(master, b"1,010 GB/s", seen, start + timeout + pause):
                answered = time.perf_counter() - sent
    finally:
        child.kill()
        child.wait()
        os.close(master)
    return painted, answered


def kb_build_new_process(env: dict) -> float:
    home = tempfile.mkdtemp(prefix="gpu-advisor-bench-build-")
    seconds, _, _ = _timed([EXE, "kb", "stats"], dict(env, GPU_ADVISOR_HOME=home))
    shutil.rmtree(home, ignore_errors=True)
    return seconds


def in_process(total: int, mix: list[str]) -> dict:
    from assistant.session import open_session

    session = open_session("sqlite://", echo_warnings=False)
    conversation = session.conversation()
    for q in mix:  # one warm-up pass: steady state; the cold start is the one-shot row
        conversation.ask(q)
    per_intent: dict[str, list[float]] = {}
    questions = (mix * (total // len(mix) + 1))[:total]
    start, cpu_start = time.perf_counter(), time.process_time()
    for q in questions:
        t0 = time.perf_counter()
        answer = conversation.ask(q)
        per_intent.setdefault(answer.intent, []).append(time.perf_counter() - t0)
    elapsed, cpu_s = time.perf_counter() - start, time.process_time() - cpu_start
    from assistant.nlu import understand

    parse = []
    for q in questions[:500]:
        t0 = time.perf_counter()
        understand(q, session.index)
        parse.append(time.perf_counter() - t0)
    rates = {"rate": total / elapsed, "cpu_rate": total / cpu_s}
    return rates | {"per_intent": per_intent, "parse_median": statistics.median(parse)}


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(values: list[float]) -> str:
    return f"{min(values) * 1000:.0f} / {statistics.median(values) * 1000:.0f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--llmfit", help="path of the llmfit CLI (default: on PATH)")
    args = parser.parse_args()
    rounds, total = (5, 500) if args.quick else (20, 2000)
    load_before = os.getloadavg()[0]
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "assistant")], capture_output=True, check=False
    )
    env = dict(os.environ, GPU_ADVISOR_HOME=tempfile.mkdtemp(prefix="gpu-advisor-bench-"))
    env.pop("GPU_ADVISOR_DB", None)
    mix = dialogue_questions()
    llmfit = args.llmfit or shutil.which("llmfit")
    llmfit_problem = runnable([llmfit, "info", "llama-3.1-8b"], env) if llmfit else "not installed"
    shot = one_shot(rounds, env, mix, None if llmfit_problem else llmfit)
    for q in COUNTED:  # warm: what a question compiles for the first time is kept (as for a returning user)
        _timed([EXE, "ask", q], env)
    counted = {f"ask: {q}": instructions([EXE, "ask", q], env) for q in COUNTED}
    counted["python -c pass"] = instructions([sys.executable, "-c", "pass"], env)
    lines = (mix * (total // len(mix) + 1))[:total]
    chat_rate, chat_cpu_rate, chat_mb = chat_json(lines, env)
    painted, answered = tui_on_pty(env)
    _, after_typing = tui_on_pty(env, pause=2.0)
    build_s = kb_build_new_process(env)
    result = in_process(total, mix)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    wall, cpu, rss = shot["wall"], shot["cpu"], shot["rss"]
    floor = statistics.median(wall["python -c pass"])
    ask = statistics.median(wall["ask"])
    rows = [(f"one-shot ask, min / median of {rounds} (varied questions)", _ms(wall["ask"]), "")]
    rows += [(f"{name}, min / median", _ms(values), "") for name, values in wall.items() if name != "ask"]
    rows.append(("one-shot ratio to python -c pass (medians)", f"{ask / floor:.1f}x", "<= 4.5x"))
    rows += [(f"CPU (user + sys): {name}, min / median", _ms(values), "") for name, values in cpu.items()]
    cpu_ratio = statistics.median(cpu["ask"]) / statistics.median(cpu["python -c pass"])
    rows.append(("one-shot CPU ratio to python -c pass (medians)", f"{cpu_ratio:.1f}x", ""))
    if "llmfit info" in wall:
        rows.append(
            ("one-shot ratio to llmfit info (medians)", f"{ask / statistics.median(wall['llmfit info']):.2f}", "<= 1")
        )
    else:
        rows.append(("one-shot ratio to llmfit info", "not measured", "<= 1 (see below)"))
    floor_count = counted.pop("python -c pass")
    if floor_count:
        rows.append(("instructions (callgrind): python -c pass", f"{floor_count / 1e6:,.0f} M", ""))
        for name, count in counted.items():
            if count:
                rows.append((f"instructions: {name[:40]}", f"{count / 1e6:,.0f} M = {count / floor_count:.1f}x", ""))
    rows += [(f"peak RSS: {name}", f"{mb:.0f} MB", "<= 35 MB" if name == "ask" else "") for name, mb in rss.items()]
    rows += [
        (f"chat --json, {total} lines", f"{chat_rate:,.0f} lines/s", ">= 1,500"),
        ("chat --json, lines per CPU second", f"{chat_cpu_rate:,.0f}", ""),
        ("peak RSS: chat --json", f"{chat_mb:.0f} MB", ""),
        (f"in-process answers/s ({total} dialogue questions)", f"{result['rate']:,.0f}", ">= 2,500"),
        ("in-process answers per CPU second", f"{result['cpu_rate']:,.0f}", ""),
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
        ("TUI on a pty: question box painted", "n/a" if painted is None else f"{painted:.2f} s", "<= 0.4 s"),
        ("TUI on a pty: first answer on screen", "n/a" if answered is None else f"{answered:.2f} s", "<= 0.8 s"),
        (
            "TUI: answer shown, question sent 2 s after paint",
            "n/a" if after_typing is None else f"{after_typing:.2f} s",
            "",
        ),
        ("KB build from scratch, new process (kb stats)", f"{build_s:.2f} s", ""),
        ("peak RSS: in-process run", f"{peak_mb:.0f} MB", ""),
        ("load average (1 min) before / after", f"{load_before:.1f} / {os.getloadavg()[0]:.1f}", ""),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'result':>18}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>18}  {target}")
    if llmfit_problem:
        print(f"llmfit info not measured: {llmfit_problem}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
