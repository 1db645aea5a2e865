"""The start-up cache: a stored value is read back under its key, a new key builds again, and a data folder
that cannot hold the cache costs only the build."""

from __future__ import annotations

import shutil

from assistant import startup_cache


def test_a_value_is_built_once_per_key(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(tmp_path))
    builds = []

    def build():
        builds.append(1)
        return {"rows": [1, 2, 3]}

    assert startup_cache.load_or_build("sample", "k1", build) == {"rows": [1, 2, 3]}
    assert startup_cache.load_or_build("sample", "k1", build) == {"rows": [1, 2, 3]}
    assert len(builds) == 1
    startup_cache.load_or_build("sample", "k2", build)
    assert len(builds) == 2


def test_a_data_folder_under_a_file_answers_without_the_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(blocker / "sub"))
    assert startup_cache.load_or_build("sample", "k", lambda: 42) == 42
    assert blocker.read_text() == "not a folder"


def test_a_nearly_full_disk_is_left_to_the_database(tmp_path, monkeypatch):
    """The last DISK_RESERVE_BYTES beside the user's database stay free: a cache file that would eat into them is
    not written (SQLite needs room for the database's -wal and -shm files; a full small disk once left the saved
    prices unreadable by a read-only open)."""
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(tmp_path))
    real = shutil.disk_usage  # startup_cache imports shutil when it writes
    tight = startup_cache.DISK_RESERVE_BYTES + 100

    def nearly_full(path):
        return real(path)._replace(free=tight)

    monkeypatch.setattr(shutil, "disk_usage", nearly_full)
    assert startup_cache.load_or_build("sample", "k", lambda: list(range(100))) == list(range(100))
    assert not (tmp_path / "cache" / "sample.pickle").exists()
    monkeypatch.setattr(shutil, "disk_usage", real)
    startup_cache.load_or_build("sample", "k", lambda: list(range(100)))
    assert (tmp_path / "cache" / "sample.pickle").exists()
