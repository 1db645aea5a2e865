"""A Multi-Instance GPU (MIG) slice as a GPU of its own: "A100 SXM4 80 GB MIG 1g.10gb" (assistant/mig_profiles.py
names slices and knows which GPUs split how).

Contract: `sliced(name, base)` -> the GpuSpec of slice `name` of `base`: n GB of memory, the bandwidth and L2 cache of
the memory slices that make n GB, g / compute slices of every compute figure (SMs, tensor cores, FLOPS, the vendor
peaks), the whole card's power; marked `overridden` "mig_slice"; None when the profile cannot exist on `base` (more
compute slices than it has, or more memory, or less than half a memory slice). docs/model.md §mig.
"""

from __future__ import annotations

import dataclasses

from assistant.mig_profiles import shares, split
from assistant.specs import GpuSpec, TensorPeaks

MARK = "mig_slice"


def _scaled(value, share: float):
    if value is None:
        return None
    return type(value)(round(value * share)) if isinstance(value, int) else value * share


def sliced(name: str, base: GpuSpec) -> GpuSpec | None:
    parts, found = split(name), shares(base.name)
    if parts is None or found is None or not base.memory_gb:
        return None
    _, g, gb = parts
    compute_slices, memory_slices = found
    per_slice = base.memory_gb / memory_slices
    if g > compute_slices or gb > base.memory_gb + 1 or gb < per_slice * 0.5:
        return None
    compute, memory = g / compute_slices, min(1.0, round(gb / per_slice) / memory_slices)
    peaks = base.peaks
    if peaks is not None:
        rates: dict[str, float] = {
            f.name: v * compute
            for f in dataclasses.fields(TensorPeaks)
            if isinstance(v := getattr(peaks, f.name), float)
        }
        peaks = dataclasses.replace(peaks, **rates)  # type: ignore[arg-type]
    fields = ("sms", "shading_units", "tensor_cores", "fp16_gflops", "fp32_gflops", "fp64_gflops")
    return dataclasses.replace(
        base,
        name=name,
        memory_gb=gb,
        memory_bandwidth_gb_s=_scaled(base.memory_bandwidth_gb_s, memory),
        l2_cache_mb=_scaled(base.l2_cache_mb, memory),
        peaks=peaks,
        overridden=(*base.overridden, MARK),
        **{f: _scaled(getattr(base, f), compute) for f in fields},
    )
