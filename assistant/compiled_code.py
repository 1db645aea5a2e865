"""A compile cache for the code Python builds at import, kept between processes.

Contract: `install(path)` makes three stdlib compilers take their output from the file at `path`
when it holds the result for the same input, and compute it otherwise:
- `dataclasses`: the code of each method it generates (`__init__`, `__repr__`, `__eq__`,
  `__hash__`, `__setattr__` ...), keyed by the source text; run with the same globals and locals;
- `re`: the pattern program of each regular expression compiled from text (the `_sre` code, group
  count and names), keyed by the pattern and flags; the `Pattern` is made by `_sre.compile` as usual;
- `typing`: the code of each string annotation a `ForwardRef` compiles (the fields of NamedTuple and
  TypedDict classes), keyed by the text.
All three produce exactly what the uncached compilers produce (same code, same pattern program). At exit
the file is rewritten (a temporary file renamed into place) if anything new was compiled and its
folder exists. A file written by another Python, damaged or unreadable is ignored. Without it, a
one-shot `ask` spends about half of its CPU time compiling ~450 dataclass methods and ~80 regular
expressions. `install` is idempotent and does nothing on a Python other than CPython 3.11, whose
private hooks (`dataclasses._create_fn`, `re._compiler.compile`, `compile` as typing calls it) it wraps.
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import os
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

_STAMP = f"{sys.implementation.name}:{sys.version}"
_MAX_ENTRIES = 10_000  # entries kept; more (code edited many times) keeps only this process's


class _Cache:
    def __init__(self, path: Path):
        self.path = path
        self.entries: dict[object, bytes] = _read(path)  # key -> the marshalled result (loaded when used)
        self.used: set[object] = set()
        self.compiled = 0

    def get(self, key: object, make: Callable[[], object]):
        self.used.add(key)
        stored = self.entries.get(key)
        if stored is not None:
            with suppress(Exception):  # a damaged entry: compile it again
                return marshal.loads(stored)
        value = make()
        self.entries[key] = marshal.dumps(value)  # type: ignore[arg-type]
        self.compiled += 1
        return value

    def save(self) -> None:
        if not self.compiled or not self.path.parent.is_dir():
            return
        kept = self.entries if len(self.entries) <= _MAX_ENTRIES else {k: self.entries[k] for k in self.used}
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "wb") as fh:
                fh.write(marshal.dumps((_STAMP, kept)))
            os.replace(tmp, self.path)
        except OSError:  # a read-only or full disk: the next process compiles again
            with suppress(OSError):
                tmp.unlink()


def _read(path: Path) -> dict[object, bytes]:
    try:
        with open(path, "rb") as fh:
            stamp, entries = marshal.loads(fh.read())  # marshal.load(fh) reads in small pieces: 50x slower
    except Exception:  # absent, damaged, or written by another Python
        return {}
    return entries if stamp == _STAMP and isinstance(entries, dict) else {}


def _dataclass_methods(cache: _Cache) -> None:
    def create_fn(name, args, body, *, globals=None, locals=None, return_type=dataclasses.MISSING):
        # the same text as dataclasses._create_fn of CPython 3.11, compiled once per text; dont_inherit: no
        # `from __future__ import annotations` of this module (the annotations stay objects, as in dataclasses)
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
        exec(cache.get(("dataclass", txt), lambda: compile(txt, "<string>", "exec", dont_inherit=True)), globals, ns)
        return ns["__create_fn__"](**locals)

    dataclasses._create_fn = create_fn  # type: ignore[attr-defined]


def _regular_expressions(cache: _Cache) -> None:
    import _sre  # type: ignore[import-not-found]
    from re import _compiler, _parser  # type: ignore[attr-defined]

    original = _compiler.compile

    def program(pattern, flags):
        # what re._compiler.compile of CPython 3.11 passes to _sre.compile, for a pattern given as text
        p = _parser.parse(pattern, flags)
        code = _compiler._code(p, flags)
        indexgroup = [None] * p.state.groups
        for k, i in p.state.groupdict.items():
            indexgroup[i] = k
        return (
            flags | p.state.flags,
            [int(c) for c in code],
            p.state.groups - 1,
            dict(p.state.groupdict),
            tuple(indexgroup),
        )

    def compile_pattern(p, flags=0):
        flags = int(flags)
        if not isinstance(p, (str, bytes)) or flags & _compiler.SRE_FLAG_DEBUG:
            return original(p, flags)
        final_flags, code, groups, groupindex, indexgroup = cache.get(
            ("re", p, flags, _sre.MAGIC), lambda: program(p, flags)
        )
        return _sre.compile(p, final_flags, code, groups, groupindex, indexgroup)

    _compiler.compile = compile_pattern
    global _uncached_pattern
    _uncached_pattern = original


def _forward_references(cache: _Cache) -> None:
    import builtins
    import typing

    def compile_(source, filename, mode, *args, **kwargs):
        # typing.ForwardRef compiles each string annotation of a NamedTuple or TypedDict class (this project's
        # `from __future__ import annotations` makes them strings): compile(text, "<string>", "eval") in
        # typing, which has no __future__ imports (dont_inherit: none of this module's either)
        if args or kwargs or filename != "<string>" or mode != "eval" or not isinstance(source, str):
            return builtins.compile(source, filename, mode, *args, **kwargs)
        return cache.get(("eval", source), lambda: builtins.compile(source, filename, mode, dont_inherit=True))

    typing.compile = compile_  # type: ignore[attr-defined]  # a module global shadows the builtin in typing only


_installed: _Cache | None = None
_uncached_pattern: Callable | None = None  # re's own compiler (tests compare with it)


def install(path: Path) -> None:
    global _installed
    if _installed is not None or sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return
    if not hasattr(dataclasses, "_create_fn"):
        return
    cache = _installed = _Cache(path)
    _dataclass_methods(cache)
    _regular_expressions(cache)
    _forward_references(cache)
    atexit.register(cache.save)


def compiled_count() -> int:
    """How many results this process computed (not found in the cache); 0 when not installed."""
    return _installed.compiled if _installed is not None else 0
