"""The start-up cache: a stored value is read back under its key, a new key builds again, and a data folder
that cannot hold the cache costs only the build."""

from __future__ import annotations

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
