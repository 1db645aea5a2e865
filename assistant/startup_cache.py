"""Derived start-up data (the name index, the processed lexicons, the knowledge files as read for a
KB build) kept between processes.

Contract: `load_or_build(name, key, build)` returns the object stored under `name` in
`paths.data_dir()/cache/` when the file's key equals `key`; otherwise it calls `build()`, stores
the result (marshal when it is plain data or an object of a plain class holding only such data, else
pickle; written to a temporary file and renamed into place, so a reader never sees a half-written file)
and returns it. An unreadable, stale or damaged cache file is rebuilt; a cache that cannot be written
costs only the build, and so does a disk with less than DISK_RESERVE_BYTES free after the write (the last space
beside the user's database stays the database's). The file lives beside the user's own database and
is trusted as much as it is. `code_version()` fingerprints the code and grammar that build the
objects (path, size and modification time of every file under assistant/ and grammar/), so an
edited or upgraded program never reads an old cache; callers add the knowledge base's content
hash to the key. `parsed_file(path, parse)` keeps a parsed curated file the same way, keyed by the
file's path, size and modification time.
"""

from __future__ import annotations

import gc
import importlib
import marshal
import os
import time
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

from assistant import paths
from assistant.sha256 import sha256

T = TypeVar("T")
_PACKAGE = Path(__file__).resolve().parent


@cache
def code_version() -> str:
    digest = sha256()
    for folder in (_PACKAGE, paths.grammar_dir()):
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".toml", ".lark")):
                    st = os.stat(os.path.join(root, name))
                    digest.update(f"{root}/{name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return digest.hexdigest()


def load_or_build(name: str, key: str, build: Callable[[], T]) -> T:
    path = paths.data_dir() / "cache" / f"{name}.pickle"
    collecting = gc.isenabled()
    gc.disable()  # unpickling allocates many objects that all live on: collections would find nothing
    try:
        with open(path, "rb") as fh:
            stored_key, value = _decode(fh.read())
        if stored_key == key:
            return cast(T, value)
    except Exception:  # absent, damaged, or written by another version: rebuild it
        pass
    finally:
        if collecting:
            gc.enable()
    value = build()
    _store(path, key, value)
    return value


_MARSHALLED = b"M"  # a pickle starts with its protocol opcode (0x80), never with this
_PLAIN = (dict, list, tuple, set, frozenset, str, bytes, int, float, bool, type(None))


def _encode(key: str, value: Any) -> bytes:
    """Marshal when the value is plain data (only objects of exactly the types in _PLAIN: marshal would turn a
    bytearray into bytes, and it refuses enums and named tuples) or an object of a plain class (no
    __reduce_ex__, __getstate__ or __setstate__ of its own) whose __dict__ holds only such data, as the name
    index and the lexicons; pickle otherwise. marshal loads such data 2-3x faster than pickle (a lexicon:
    2.6 -> 1.0 ms)."""
    if _plain(value):
        return _MARSHALLED + marshal.dumps((key, None, value))
    cls = type(value)
    if (
        cls.__reduce_ex__ is object.__reduce_ex__
        and cls.__getstate__ is object.__getstate__  # type: ignore[attr-defined]
        and not hasattr(cls, "__setstate__")
        and isinstance(getattr(value, "__dict__", None), dict)
        and _plain(vars(value))
    ):
        return _MARSHALLED + marshal.dumps((key, (cls.__module__, cls.__qualname__), vars(value)))
    import pickle  # only for a value marshal cannot hold (a KB build's knowledge): a returning answer never writes

    return pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)


def _plain(value: object) -> bool:
    seen: set[int] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if type(item) not in _PLAIN:
            return False
        if isinstance(item, (dict, list, tuple, set, frozenset)) and id(item) not in seen:
            seen.add(id(item))
            todo.extend(item.keys() if isinstance(item, dict) else ())
            todo.extend(item.values() if isinstance(item, dict) else item)
    return True


def _decode(raw: bytes) -> tuple[Any, Any]:
    """(key, value) as `_encode` stored them: an object is made as pickle makes one of a plain class (its
    class's __new__, then its __dict__ filled without __init__ or __setattr__)."""
    if raw[:1] != _MARSHALLED:
        import pickle  # the caches an answer reads are marshalled; pickle (~16 M instructions to import) is not

        return pickle.loads(raw)
    key, made_of, data = marshal.loads(raw[1:])
    if made_of is None:
        return key, data
    module, qualname = made_of
    cls: Any = importlib.import_module(module)
    for part in qualname.split("."):
        cls = getattr(cls, part)
    value = cls.__new__(cls)
    value.__dict__.update(data)
    return key, value


# Free space a cache file never takes: the user's database beside it needs room for its write-ahead log and
# shared-memory file (SQLite's -shm alone is 32 KB; a rebuild's log is larger) [A]
DISK_RESERVE_BYTES = 4 * 1024 * 1024


def _store(path: Path, key: str, value: object) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = _encode(key, value)
        import shutil  # only when a cache is written: shutil imports bz2 and lzma (~8 M instructions)

        if shutil.disk_usage(path.parent).free - len(data) < DISK_RESERVE_BYTES:
            return  # a nearly full disk: the last space stays the database's, the cache is only derived data
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:  # a read-only or full disk, or a data folder under a file: answer without the cache
        with suppress(OSError):
            tmp.unlink()


def parsed_file(path: Path, parse: Callable[[Path], T]) -> T:
    """`parse(path)` for a curated file read at answer time (a TOML table: tomllib is slow and ~2 ms to
    import), kept under `file-<name>` and keyed by the file's absolute path, size and modification time, so
    an edited file is parsed again. A file modified in the last `RACY_NS` is parsed and not kept: file times
    advance in coarse steps, so a second edit of the same size within one step would keep the time (git's
    "racy" rule). `parse` must depend on the file's bytes only; when the file cannot be read it runs and
    raises as it would."""
    try:
        st = os.stat(path)
    except OSError:
        return parse(path)
    if is_racy(st.st_mtime_ns):
        return parse(path)
    key = f"{os.path.abspath(path)}:{st.st_size}:{st.st_mtime_ns}"
    return load_or_build(f"file-{Path(path).name}", key, lambda: parse(path))


RACY_NS = 2_000_000_000


def is_racy(mtime_ns: int) -> bool:
    """A file modified this recently may change again without its modification time changing."""
    return time.time_ns() - mtime_ns < RACY_NS
