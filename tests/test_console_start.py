"""What the console entry point does to its own process (assistant/console_start.py) changes no answer: a
one-shot `ask` run as the console runs it (no GC, `inspect` loaded only when used, SHA-256 without OpenSSL,
an exit without the interpreter's teardown) prints the same answer with the same exit code as `cli.main(argv)`
in a plain process, runs the exit handlers, and imports neither hashlib nor inspect; other commands keep the
garbage collector; the stand-in module behaves as the module; `assistant.sha256` gives hashlib's digests."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from assistant.sha256 import sha256
from tests.conftest import HANG_S

QUESTIONS = ["is a 3090 worth it for local llms", "二手3090现在什么价 值得入吗", "4090 vs 5090 for training"]

CONSOLE = """
import atexit, gc, json, sys
from assistant import cli

def report():  # an exit handler: the console's ask ends without the interpreter's teardown, after these run
    loaded = {name for name, module in sys.modules.items() if type(module).__name__ != "_StandIn"}
    print(json.dumps({
        "gc": gc.isenabled(),
        "loaded": sorted({"hashlib", "inspect", "ast", "dis", "tokenize"} & loaded),
    }), file=sys.stderr)

atexit.register(report)
sys.argv = ["gpu-advisor", *json.loads(sys.argv[1])]
sys.exit(cli.main())
"""

IN_PROCESS = """
import json, sys
from assistant import cli
sys.exit(cli.main(json.loads(sys.argv[1])))
"""


def _run(script: str, argv: list[str], home) -> subprocess.CompletedProcess:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    return subprocess.run(
        [sys.executable, "-c", script, json.dumps(argv)],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_S,
        cwd=home,
    )


def _report(proc: subprocess.CompletedProcess) -> dict:
    return json.loads(proc.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_console_ask_answers_as_an_in_process_call_without_hashlib_or_inspect(user_home, question):
    console = _run(CONSOLE, ["ask", question], user_home)
    plain = _run(IN_PROCESS, ["ask", question], user_home)
    assert console.stdout.strip() and console.stdout == plain.stdout
    assert console.returncode == plain.returncode == 0
    report = _report(console)
    assert report["gc"] is False, "a one-shot answer runs without the cyclic garbage collector"
    assert report["loaded"] == [], "the one-shot path imported OpenSSL's hashlib or inspect and its parsers"


@pytest.mark.parametrize("argv", [["ask", "blorp"], ["ask", "--json", "specs of the 4090"]])
def test_the_exit_without_teardown_keeps_exit_code_output_and_exit_handlers(user_home, argv):
    cache = user_home / "cache" / "compiled-code.marshal"
    cache.unlink(missing_ok=True)
    console = _run(CONSOLE, argv, user_home)
    plain = _run(IN_PROCESS, argv, user_home)
    assert console.stdout.strip() and console.stdout == plain.stdout
    assert console.returncode == plain.returncode == (3 if argv[-1] == "blorp" else 0)
    assert "gc" in _report(console), "the exit handlers ran"
    assert cache.is_file(), "the compile cache was saved by its exit handler"


def test_other_console_commands_keep_the_garbage_collector(user_home):
    proc = _run(CONSOLE, ["kb", "stats"], user_home)
    assert proc.returncode == 0 and "gpu" in proc.stdout
    assert _report(proc)["gc"] is True


def test_the_stand_in_module_imports_the_module_at_first_use():
    script = (
        "import sys\n"
        "from assistant.console_start import load_when_used\n"
        "assert 'colorsys' not in sys.modules\n"
        "load_when_used('colorsys')\n"
        "import colorsys\n"
        "before = type(sys.modules['colorsys']).__name__\n"
        "value = colorsys.rgb_to_hsv(0.2, 0.4, 0.4)\n"
        "from colorsys import hls_to_rgb\n"
        "real = sys.modules['colorsys']\n"
        "print(before, type(real).__name__, value == real.rgb_to_hsv(0.2, 0.4, 0.4), hls_to_rgb is real.hls_to_rgb)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["_StandIn", "module", "True", "True"]


@pytest.mark.parametrize("data", [b"", b"abc", "二手3090".encode(), bytes(range(256)) * 4099])
def test_sha256_gives_hashlibs_digest(data):
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    pieces = sha256()
    for start in range(0, len(data), 1000):
        pieces.update(data[start : start + 1000])
    assert pieces.hexdigest() == hashlib.sha256(data).hexdigest()
