"""Building, rebuilding and recovering the database keeps user data."""

from __future__ import annotations

import os
import shutil

import pytest

from assistant import paths
from assistant.kb.reader import KbReader
from assistant.kb.store import build_kb, make_engine, open_kb


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GPU_ADVISOR_DB", raising=False)
    return tmp_path / "home"


def test_first_use_builds_then_reuses(home):
    first = open_kb()
    assert first.built and (home / "kb.sqlite").exists()
    first.engine.dispose()
    second = open_kb()
    assert not second.built
    assert KbReader(second.engine).gpu("GeForce RTX 4090").memory_gb == 24


def test_rebuild_keeps_user_data():
    engine = make_engine("sqlite://")
    build_kb(engine)
    from assistant.kb.tables import METADATA

    METADATA.create_all(engine)
    reader = KbReader(engine)
    reader.user.set_price_override("GeForce RTX 4080", 999.0)
    reader.user.set_setting("electricity_usd_per_kwh", "0.30")
    build_kb(engine)
    fresh = KbReader(engine)
    assert fresh.user.price_overrides() == {("GeForce RTX 4080", "new"): 999.0}
    assert fresh.user.settings() == {"electricity_usd_per_kwh": "0.30"}


def test_changed_knowledge_triggers_a_rebuild(home, tmp_path, monkeypatch):
    folder = tmp_path / "knowledge"
    shutil.copytree(paths.knowledge_dir(), folder)
    monkeypatch.setattr(paths, "knowledge_dir", lambda: folder)
    handle = open_kb()
    KbReader(handle.engine).user.set_price_override("GeForce RTX 3090", 700.0, "used")
    handle.engine.dispose()
    with (folder / "sources" / "extra.csv").open("w", encoding="utf-8") as f:
        f.write("id,title,url,date\nextra-test,Extra,https://example.org,2024-01\n")
    again = open_kb()
    assert again.built
    reader = KbReader(again.engine)
    assert "extra-test" in reader.sources
    assert reader.user.price_overrides() == {("GeForce RTX 3090", "used"): 700.0}


def test_corrupt_file_is_rebuilt_and_reported(home):
    handle = open_kb()
    KbReader(handle.engine).user.set_price_override("GeForce RTX 4090", 1500.0)
    handle.engine.dispose()
    db = home / "kb.sqlite"
    data = bytearray(db.read_bytes())
    data[0:4096] = b"\x00garbage" * 512
    db.write_bytes(bytes(data))
    recovered = open_kb()
    assert recovered.built
    assert len(recovered.warnings) == 1 and "damaged" in recovered.warnings[0]
    assert any(p.name.startswith("kb.sqlite.corrupt-") for p in home.iterdir())
    assert KbReader(recovered.engine).gpu("GeForce RTX 4090") is not None


def test_truncated_file_reports_the_user_data_it_lost(home):
    """Cut to 5,000 bytes, the file no longer holds the user tables: the loss is reported by
    table, never passed over (a file that keeps them is tested in tests/reliability/)."""
    handle = open_kb()
    KbReader(handle.engine).user.set_price_override("GeForce RTX 4090", 1500.0)
    handle.engine.dispose()
    db = home / "kb.sqlite"
    db.write_bytes(db.read_bytes()[:5000])
    recovered = open_kb()
    [warning] = recovered.warnings
    assert KbReader(recovered.engine).user.price_overrides() == {}
    assert "damaged" in warning and "could not read" in warning and "userpriceoverride" in warning


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write to read-only folders")
def test_read_only_folder_falls_back_to_memory(home):
    home.mkdir(parents=True)
    home.chmod(0o500)
    try:
        handle = open_kb()
        assert handle.url == "sqlite://" and "in-memory" in handle.warnings[0]
    finally:
        home.chmod(0o700)


def test_unwritable_location_falls_back_to_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(blocker / "sub"))
    handle = open_kb()
    assert handle.url == "sqlite://" and "in-memory" in handle.warnings[0]
    assert KbReader(handle.engine).gpu("GeForce RTX 4090") is not None
