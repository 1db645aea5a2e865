"""The one-shot path of a returning user (built kb.sqlite, warm start-up caches, output to a pipe) imports
none of the heavy libraries: the KB is read with the standard library's sqlite3, Lark only builds the
grammar table kept in the cache, and the UI libraries are for the chat; nor pickle (the start-up caches it reads are
marshalled). Every dataclass it imports has a docstring
(else `dataclasses` writes one with `inspect.signature` in every process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import HANG_S

HEAVY = ["lark", "pydantic", "rich", "sqlalchemy", "sqlmodel", "textual"]
# lark (and regex, which it loads) builds the grammar table once, when the start-up cache is written
HEAVY += ["regex"]
# the start-up caches an answer reads are marshalled: pickle (~16 M instructions to import, ~2 % of a one-shot ask's
# ~700 M, callgrind) is for a KB build's knowledge only. (shutil, with bz2 and lzma, is imported only when a cache is
# written, which these questions do: the Chinese ones are the first of their language in this data folder.)
HEAVY += ["pickle"]
QUESTIONS = [
    "is a 3090 worth it for local llms",
    "best gpu under $1500 for training",
    "can a 4090 run llama 3 70b at q4?",
    "rent or buy an h100 for a month of fine tuning",
    "二手3090现在什么价 值得入吗",
    "4090和5090哪个好",
    "why 4070 ti over 4080?",
]

SCRIPT = """
import contextlib, io, json, sys
from assistant.cli import main
heavy = set(json.loads(sys.argv[1]))
results = []
for question in json.loads(sys.argv[2]):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = main(["ask", question])
    results.append([code, bool(out.getvalue().strip())])
loaded = sorted({m.split(".")[0] for m in sys.modules} & heavy)
import dataclasses
undocumented = sorted(  # dataclasses writes a missing docstring from inspect.signature, at import
    f"{cls.__module__}.{cls.__qualname__}"
    for name, module in list(sys.modules.items()) if name.startswith("assistant.")
    for cls in vars(module).values()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name
    and (cls.__doc__ or "").startswith(cls.__name__ + "(")
)
print(json.dumps({"results": results, "loaded": loaded, "undocumented": undocumented}))
"""


def test_the_one_shot_path_imports_no_heavy_library(user_home):
    env = dict(os.environ, GPU_ADVISOR_HOME=str(user_home))
    env.pop("GPU_ADVISOR_DB", None)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(HEAVY), json.dumps(QUESTIONS)],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_S,
        cwd=user_home,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["results"] == [[0, True]] * len(QUESTIONS), report["results"]
    assert report["loaded"] == []
    assert report["undocumented"] == [], "a dataclass without a docstring costs an inspect.signature at import"
