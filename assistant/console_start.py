"""What the console entry point (`gpu-advisor`, `python -m assistant`) does to its own process first.

Contract: `prepare(one_shot)` is called once, before anything imports `dataclasses`, only by a process
whose command line is gpu-advisor's own (never by a test or a program calling `cli.main(argv)`):
- the compile cache (`compiled_code`) serves the dataclass methods and regular expressions;
- `inspect` (with ast, dis, tokenize, linecache: about 8 ms) is loaded when first used, not when
  `dataclasses` imports it: dataclasses uses it only to write a docstring for a class without one,
  and every class on the answer path has one (tests/test_one_shot_imports.py);
- `one_shot` (`ask`): the cyclic garbage collector is off. The process answers once and exits; its
  ~60 collections found ~450 objects in cycles and cost about a tenth of its CPU.
None of these changes what any code computes; they change when and how often Python does its own work.
"""

from __future__ import annotations

import gc
import sys
from importlib import import_module
from types import ModuleType


def prepare(one_shot: bool) -> None:
    if one_shot:
        gc.disable()
    load_when_used("inspect")  # before compiled_code imports dataclasses
    from assistant import compiled_code, paths

    compiled_code.install(paths.data_dir() / "cache" / "compiled-code.marshal")


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
