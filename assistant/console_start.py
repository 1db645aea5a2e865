"""What the console entry point (`gpu-advisor`, `python -m assistant`) does to its own process.

Contract: only a process whose command line is gpu-advisor's own calls these (never a test or a program
calling `cli.main(argv)`), and none of them changes what any code computes; they change when and how
often Python does its own work:
- `prepare()`, before anything imports `dataclasses`: the compile cache (`compiled_code`) serves the
  dataclass methods and regular expressions, and `inspect` (with ast, dis, tokenize, linecache: about
  8 ms) is loaded when first used, not when `dataclasses` imports it: dataclasses uses it only to write
  a docstring for a class without one, and every class on the answer path has one
  (tests/test_one_shot_imports.py);
- `one_shot()`, for `ask`: the cyclic garbage collector is off. The process answers once and exits;
  its ~60 collections found ~450 objects in cycles and cost about a tenth of its CPU;
- `leave(code)`, after `ask` answered: exit handlers run (the compile cache is saved, the knowledge
  base closed) and the output is flushed as at any exit, then the process ends without the
  interpreter's teardown (a last garbage collection and freeing every object, ~3 % of an ask). When
  flushing fails (a closed pipe) it returns and the interpreter ends as usual, reporting it.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from importlib import import_module
from types import ModuleType


def prepare() -> None:
    load_when_used("inspect")  # before compiled_code imports dataclasses
    from assistant import compiled_code, paths

    compiled_code.install(paths.data_dir() / "cache" / "compiled-code.marshal")


def one_shot() -> None:
    gc.disable()


def leave(code: int) -> None:
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream: let the interpreter end and report it
        return
    os._exit(code)


def load_when_used(name: str) -> None:
    """Put a stand-in for module `name` in sys.modules: `import name` binds it at no cost, and the first
    attribute it lacks imports the real module (which then replaces it in sys.modules) and is read from
    there. Nothing when the module is already imported. (importlib's LazyLoader does not do: the
    `import` statement itself reads the module's `__spec__`, which loads it.)"""
    if name not in sys.modules:
        sys.modules[name] = _StandIn(name)


class _StandIn(ModuleType):
    """A module not imported yet (see `load_when_used`)."""

    def __getattr__(self, attr: str):
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        return getattr(import_module(name), attr)
