"""The compile cache of dataclass methods, regular expressions and typing's string annotations: a one-shot
answer is the same with the cache absent, present or damaged; a warm cache compiles nothing; every cached
method or annotation is the code a fresh compile gives and every cached pattern equals re's own (Pattern
equality compares the program); classes built from cached code behave as compiled ones (init, defaults,
repr, eq, hash, frozen). Only the console entry point installs the cache: a test calling `cli.main(argv)`
in-process leaves its process's compilers alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import HANG_S

SCRIPT = """
import contextlib, io, json, sys
from assistant import cli, compiled_code, console_start
console_start.leave = lambda code: None  # stay after the answer to look at the classes and the cache
out = {}
printed = io.StringIO()
sys.argv = ["gpu-advisor", "ask", "--json", "is a 3090 worth it for local llms"]
with contextlib.redirect_stdout(printed):
    out["code"] = cli.main()  # as the console script calls it: the command line is the process's own
out["printed"] = printed.getvalue()

import dataclasses
@dataclasses.dataclass(frozen=True)
class Probe:
    '''A probe.'''
    a: int
    b: str = "x"
    c: tuple = dataclasses.field(default_factory=tuple)
p = Probe(1)
try:
    p.a = 2
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
out["probe"] = [repr(p), p == Probe(1, "x", ()), p != Probe(2), hash(p) == hash(Probe(1)), frozen]
out["compiled"] = compiled_code.compiled_count()

import marshal, re
cached = {"dataclass": 0, "re": 0, "eval": 0}
mismatched = []
for key, stored in compiled_code._installed.entries.items():
    value = marshal.loads(stored)
    if key[0] == "dataclass":
        same = value == compile(key[1], "<string>", "exec", dont_inherit=True)  # as dataclasses compiles it
    elif key[0] == "eval":
        same = value == compile(key[1], "<string>", "eval", dont_inherit=True)  # as typing.ForwardRef compiles it
    else:
        re.purge()
        same = re.compile(key[1], key[2]) == compiled_code._uncached_pattern(key[1], key[2])
    cached[key[0]] += 1
    if not same:
        mismatched.append(repr(key)[:200])
out["cached"], out["mismatched"] = cached, mismatched
print(json.dumps(out))
"""


def _ask(home) -> dict:
    env = dict(os.environ, GPU_ADVISOR_HOME=str(home))
    env.pop("GPU_ADVISOR_DB", None)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=HANG_S, cwd=home
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_answers_and_classes_are_the_same_with_and_without_the_cache(user_home):
    cache = user_home / "cache" / "compiled-code.marshal"
    cache.unlink(missing_ok=True)
    cold = _ask(user_home)
    assert cold["compiled"] > 100, "without the cache every generated method is compiled"
    assert cache.is_file(), "the compiled methods are kept for the next process"
    warm = _ask(user_home)
    assert warm["compiled"] == 0, "a warm cache compiles nothing"
    assert warm["printed"] == cold["printed"] and warm["code"] == cold["code"] == 0
    assert json.loads(warm["printed"])["answer"]
    assert warm["probe"] == cold["probe"] == ["Probe(a=1, b='x', c=())", True, True, True, True]
    assert warm["cached"]["dataclass"] > 100 and warm["cached"]["re"] > 30 and warm["cached"]["eval"] > 3
    assert warm["mismatched"] == [], "a cached method or pattern program differs from a fresh compile"


def test_a_damaged_cache_is_compiled_again(user_home):
    cache = user_home / "cache" / "compiled-code.marshal"
    reference = _ask(user_home)
    cache.write_bytes(b"\x00not marshal data" * 100)
    damaged = _ask(user_home)
    assert damaged["compiled"] > 100
    assert damaged["printed"] == reference["printed"] and damaged["probe"] == reference["probe"]
    assert _ask(user_home)["compiled"] == 0, "the damaged file was replaced"


IN_PROCESS = """
import contextlib, dataclasses, io, json, re
from assistant import cli, compiled_code
create_fn, compile_pattern = dataclasses._create_fn, re._compiler.compile
with contextlib.redirect_stdout(io.StringIO()) as printed:
    code = cli.main(["ask", "specs of the 4090"])
print(json.dumps({
    "code": code,
    "answered": bool(printed.getvalue().strip()),
    "installed": compiled_code._installed is not None,
    "hooks kept": dataclasses._create_fn is create_fn and re._compiler.compile is compile_pattern,
}))
"""


def test_main_called_in_process_leaves_the_compilers_alone(user_home):
    cache = user_home / "cache" / "compiled-code.marshal"
    cache.unlink(missing_ok=True)
    env = dict(os.environ, GPU_ADVISOR_HOME=str(user_home))
    env.pop("GPU_ADVISOR_DB", None)
    proc = subprocess.run(
        [sys.executable, "-c", IN_PROCESS], capture_output=True, text=True, env=env, timeout=HANG_S, cwd=user_home
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report == {"code": 0, "answered": True, "installed": False, "hooks kept": True}
    assert not cache.exists(), "an in-process call wrote the compile cache into the data folder"
    console = subprocess.run(
        [sys.executable, "-m", "assistant", "ask", "specs of the 4090"],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_S,
        cwd=user_home,
    )
    assert console.returncode == 0, console.stderr[-3000:]
    assert cache.is_file(), "the console entry point keeps the compiled code for the next process"
