"""Bring the saved prices and settings of an older gpu-advisor, whose tables lived in PostgreSQL's
`public` schema, into our own schema: once, and without writing to `public`.

Contract: `import_public(conn, schema)` runs in a transaction that holds the KB's advisory lock,
after our user tables exist in `schema`. When `public` holds an older gpu-advisor's tables (a
`kbmeta` with a `content_hash` row, beside `userpriceoverride` and/or `usersetting` with our
columns) and the comment of `schema` does not record an earlier import, their rows are copied
into `schema` (rows already saved there win), the import is recorded in that comment, and
`{table: (rows found, rows copied)}` is returned. Tables in `public` are only read, never changed, so
data that is not ours is never touched. Otherwise it returns None.
"""

from __future__ import annotations

from sqlalchemy import inspect, text

from assistant.kb.recovery import USER_TABLES

MARK = "gpu-advisor knowledge base; saved prices and settings of the public schema imported"


def _imported_before(conn, schema: str) -> bool:
    comment = conn.execute(
        text("SELECT obj_description(n.oid, 'pg_namespace') FROM pg_namespace n WHERE n.nspname = :s"), {"s": schema}
    ).scalar()
    return bool(comment and MARK in comment)


def _older_gpu_advisor(conn, tables: set[str]) -> bool:
    if "kbmeta" not in tables or not tables & set(USER_TABLES):
        return False
    columns = {c["name"] for c in inspect(conn).get_columns("kbmeta", schema="public")}
    if not {"key", "value"} <= columns:
        return False
    return conn.execute(text("SELECT 1 FROM public.kbmeta WHERE key = 'content_hash'")).first() is not None


def import_public(conn, schema: str) -> dict[str, tuple[int, int]] | None:
    tables = set(inspect(conn).get_table_names(schema="public"))
    if _imported_before(conn, schema) or not _older_gpu_advisor(conn, tables):
        return None
    counts = {}
    for table, columns in USER_TABLES.items():
        present = {c["name"] for c in inspect(conn).get_columns(table, schema="public")} if table in tables else set()
        if not set(columns) <= present:
            counts[table] = (0, 0)
            continue
        names = ", ".join(columns)
        found = conn.execute(text(f"SELECT count(*) FROM public.{table}")).scalar()
        copied = conn.execute(
            text(f"INSERT INTO {schema}.{table} ({names}) SELECT {names} FROM public.{table} ON CONFLICT DO NOTHING")
        ).rowcount
        counts[table] = (found, max(copied, 0))
    conn.execute(text(f"COMMENT ON SCHEMA {schema} IS '{MARK}'"))
    return counts
