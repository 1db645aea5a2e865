"""A compile cache for the methods `dataclasses` generates, kept between processes.

Contract: `install(path)` makes `dataclasses` take the code of each method it generates
(`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__` ...) from the file at
`path` when that file holds the code compiled from the same source text, and compile it otherwise;
at exit the file is rewritten (to a temporary file renamed into place) if anything new was compiled
and its folder exists. The methods behave exactly as without the cache: the code object is the one
`compile` returns for the same text, run with the same globals and locals. A file written by
another Python, damaged or unreadable is ignored (compiled afresh). Without it, creating the ~80
frozen dataclasses of one answer compiles about 450 small functions, about half of a one-shot
`ask`'s CPU time. `install` is idempotent and does nothing on a Python whose `dataclasses` lacks
the private hook it wraps (`_create_fn`, as in CPython 3.11).
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import os
import sys
from contextlib import suppress
from pathlib import Path

_STAMP = f"{sys.implementation.cache_tag}:{sys.version}"
_MAX_ENTRIES = 5_000  # source texts kept; more (code edited many times) keeps only this process's


class _Cache:
    def __init__(self, path: Path):
        self.path = path
        self.code: dict[str, bytes] = _read(path)  # source text -> its marshalled code (loaded when used)
        self.used: set[str] = set()
        self.compiled = 0

    def code_of(self, text: str):
        self.used.add(text)
        stored = self.code.get(text)
        if stored is not None:
            with suppress(Exception):  # a damaged entry: compile it again
                return marshal.loads(stored)
        code = compile(text, "<string>", "exec")
        self.code[text] = marshal.dumps(code)
        self.compiled += 1
        return code

    def save(self) -> None:
        if not self.compiled or not self.path.parent.is_dir():
            return
        kept = self.code if len(self.code) <= _MAX_ENTRIES else {t: self.code[t] for t in self.used}
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "wb") as fh:
                fh.write(marshal.dumps((_STAMP, kept)))
            os.replace(tmp, self.path)
        except OSError:  # a read-only or full disk: the next process compiles again
            with suppress(OSError):
                tmp.unlink()


def _read(path: Path) -> dict[str, bytes]:
    try:
        with open(path, "rb") as fh:
            stamp, code = marshal.loads(fh.read())  # marshal.load(fh) reads in small pieces: 50x slower
    except Exception:  # absent, damaged, or written by another Python
        return {}
    return code if stamp == _STAMP and isinstance(code, dict) else {}


_installed: _Cache | None = None


def install(path: Path) -> None:
    global _installed
    original = getattr(dataclasses, "_create_fn", None)
    if _installed is not None or original is None or sys.version_info[:2] != (3, 11):
        return
    cache = _installed = _Cache(path)

    def create_fn(name, args, body, *, globals=None, locals=None, return_type=dataclasses.MISSING):
        # the same text as dataclasses._create_fn of CPython 3.11, compiled once per text
        if locals is None:
            locals = {}
        return_annotation = ""
        if return_type is not dataclasses.MISSING:
            locals["_return_type"] = return_type
            return_annotation = "->_return_type"
        args = ",".join(args)
        body = "\n".join(f"  {b}" for b in body)
        txt = f" def {name}({args}){return_annotation}:\n{body}"
        local_vars = ", ".join(locals.keys())
        txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
        ns: dict[str, object] = {}
        exec(cache.code_of(txt), globals, ns)
        return ns["__create_fn__"](**locals)

    dataclasses._create_fn = create_fn  # type: ignore[attr-defined]
    atexit.register(cache.save)


def compiled_count() -> int:
    """How many methods this process compiled (not found in the cache); 0 when not installed."""
    return _installed.compiled if _installed is not None else 0
