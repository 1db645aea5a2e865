"""A throwaway PostgreSQL server for the tests: initdb in a temporary folder, a random port,
a Unix socket only, run by an unprivileged user when the tests run as root. Skipped, with the
reason, when no server binary is on PATH or it cannot start; stopped at the end of the session."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from itertools import count
from pathlib import Path

import pytest

PASSWORD = "s3cret-Pa55"
_numbers = count(1)


@dataclass
class PgServer:
    folder: Path
    port: int
    run_as: list[str]

    def url(self, database: str, password: str = PASSWORD) -> str:
        return f"postgresql+psycopg://advisor:{password}@/{database}?host={self.folder / 'sock'}&port={self.port}"

    def ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.run_as, "pg_ctl", "-D", str(self.folder / "data"), "-w", "-t", "120", *args],
            check=True,
            capture_output=True,
        )

    def start(self) -> None:
        options = f"-k {self.folder / 'sock'} -p {self.port} -c listen_addresses='' -c fsync=off -c max_connections=120"
        self.ctl("-o", options, "-l", str(self.folder / "log"), "start")

    def restart(self) -> None:
        self.ctl("-m", "fast", "stop")
        self.start()

    def create_database(self) -> str:
        import psycopg

        name = f"kb_{os.getpid()}_{next(_numbers)}"
        with psycopg.connect(self.url("postgres").replace("postgresql+psycopg", "postgresql"), autocommit=True) as c:
            c.execute(f"CREATE DATABASE {name}")
        return name


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _unprivileged() -> tuple[list[str], int | None]:
    if os.geteuid() != 0:
        return [], None
    for user in ("postgres", "nobody"):
        try:
            uid = pwd.getpwnam(user).pw_uid
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"], uid
    pytest.skip("PostgreSQL refuses to run as root and no unprivileged user exists")


@pytest.fixture(scope="session")
def pg_server():
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install -e '.[test]')")
    if not (shutil.which("initdb") and shutil.which("pg_ctl")):
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) on PATH: PostgreSQL tests skipped")
    run_as, uid = _unprivileged()
    folder = Path(tempfile.mkdtemp(prefix="gpa-pg-"))
    (folder / "sock").mkdir()
    if uid is not None:
        folder.chmod(0o755)
        for path in (folder, folder / "sock"):
            os.chown(path, uid, -1)
    init = subprocess.run(
        [*run_as, "initdb", "-D", str(folder / "data"), "-A", "trust", "-U", "advisor", "-E", "UTF8", "--no-sync"],
        capture_output=True,
        text=True,
    )
    if init.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"initdb failed, PostgreSQL tests skipped: {init.stderr.strip()[-300:]}")
    server = PgServer(folder, _free_port(), run_as)
    try:
        server.start()
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"the PostgreSQL server did not start, tests skipped: {exc.stderr!r}"[:400])
    try:
        yield server
    finally:
        subprocess.run([*run_as, "pg_ctl", "-D", str(folder / "data"), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server) -> str:
    """A fresh, empty database on the throwaway server."""
    return pg_server.url(pg_server.create_database())


@pytest.fixture(autouse=True)
def _own_data_folder(user_home):
    """Child processes keep their start-up caches in a copy of a returning user's folder, never in
    the real user's data folder."""
    return user_home
