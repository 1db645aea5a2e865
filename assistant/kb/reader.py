"""Read the knowledge base into frozen values (`assistant.specs`), and write user data.

Contract: `KbReader(engine)` answers lookups with plain frozen values, caching what it has
read for the life of the reader; nothing it returns holds a database session. User data
(price overrides, settings) is written through it in short transactions, so several
processes can write at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from sqlalchemy import delete, func, insert, select
from sqlalchemy.engine import Engine

from assistant.kb import tables as t
from assistant.specs import ArchRates, CloudRate, GpuSpec, ModelSpec, PriceQuote, SourceRef, TensorPeaks


@dataclass(frozen=True)
class NameEntry:
    """One GPU as the name resolver sees it."""

    name: str
    vendor: str
    is_mobile: bool
    memory_gb: float | None
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class ConceptEntry:
    key: str
    title: str
    title_zh: str
    aliases: tuple[str, ...]
    text: str
    text_zh: str
    related: tuple[str, ...]
    source: str


_ARCH_FIELDS = [f for f in ArchRates.__dataclass_fields__]
_PEAK_FIELDS = [f for f in TensorPeaks.__dataclass_fields__]
_GPU_FIELDS = [f for f in GpuSpec.__dataclass_fields__ if f not in ("arch", "peaks", "overridden")]


class KbReader:
    def __init__(self, engine: Engine):
        self.engine = engine
        self._gpus: dict[str, GpuSpec] = {}

    def _rows(self, stmt) -> list:
        with self.engine.connect() as conn:
            return list(conn.execute(stmt).mappings())

    @cached_property
    def name_entries(self) -> list[NameEntry]:
        aliases: dict[int, list[str]] = {}
        for row in self._rows(select(t.GpuAlias.gpu_id, t.GpuAlias.alias)):
            aliases.setdefault(row["gpu_id"], []).append(row["alias"])
        stmt = select(t.Gpu.id, t.Gpu.name, t.Gpu.vendor, t.Gpu.is_mobile, t.Gpu.memory_gb)
        return [NameEntry(r["name"], r["vendor"], r["is_mobile"], r["memory_gb"], tuple(aliases.get(r["id"], ())))
                for r in self._rows(stmt)]

    @cached_property
    def _architectures(self) -> dict[str, ArchRates]:
        return {r["key"]: ArchRates(**{f: r[f] for f in _ARCH_FIELDS}) for r in self._rows(select(t.Architecture))}

    def _spec(self, row, peak) -> GpuSpec:
        values = {f: row[f] for f in _GPU_FIELDS}
        arch = self._architectures.get(row["arch_key"]) if row["arch_key"] else None
        peaks = TensorPeaks(**{f: peak[f] for f in _PEAK_FIELDS}) if peak else None
        overridden = tuple(x for x in (row["overridden"] or "").split(",") if x)
        return GpuSpec(**values, overridden=overridden, arch=arch, peaks=peaks)

    def _load(self, where=None) -> list[GpuSpec]:
        gpu_cols = [*_GPU_FIELDS, "arch_key", "overridden"]
        peak = t.TensorPeak.__table__.c
        stmt = (select(*[t.Gpu.__table__.c[c] for c in gpu_cols], peak.gpu_id.label("peak_gpu"),
                       *[peak[c].label(f"peak_{c}") for c in _PEAK_FIELDS])
                .outerjoin(t.TensorPeak.__table__, peak.gpu_id == t.Gpu.id))
        if where is not None:
            stmt = stmt.where(where)
        specs = []
        for row in self._rows(stmt):
            peak_values = {c: row[f"peak_{c}"] for c in _PEAK_FIELDS} if row["peak_gpu"] is not None else None
            spec = self._spec(row, peak_values)
            self._gpus[spec.name] = spec
            specs.append(spec)
        return specs

    def gpu(self, name: str) -> GpuSpec | None:
        if name not in self._gpus:
            self._load(t.Gpu.name == name)
        return self._gpus.get(name)

    def gpus(self, names: list[str]) -> list[GpuSpec]:
        missing = [n for n in names if n not in self._gpus]
        if missing:
            self._load(t.Gpu.name.in_(missing))
        return [self._gpus[n] for n in names if n in self._gpus]

    def all_gpus(self) -> list[GpuSpec]:
        return self._load()

    def prices(self, snapshot: str) -> list[PriceQuote]:
        stmt = (select(t.Gpu.name.label("gpu"), t.Price.snapshot, t.Price.condition, t.Price.usd, t.Price.observed,
                       t.Price.source, t.Price.note)
                .join(t.Gpu, t.Gpu.id == t.Price.gpu_id).where(t.Price.snapshot == snapshot).order_by(t.Price.id))
        return [PriceQuote(**r) for r in self._rows(stmt)]

    def price_snapshots(self) -> dict[str, tuple[str, str, int]]:
        """snapshot -> (first observed, last observed, number of prices)."""
        stmt = select(t.Price.snapshot, func.min(t.Price.observed), func.max(t.Price.observed), func.count()).group_by(t.Price.snapshot)
        with self.engine.connect() as conn:
            return {r[0]: (r[1], r[2], r[3]) for r in conn.execute(stmt)}

    def cloud_rates(self, gpu: str | None = None) -> list[CloudRate]:
        stmt = (select(t.CloudOffer.provider, t.Gpu.name.label("gpu"), t.CloudOffer.gpus_per_instance,
                       t.CloudOffer.on_demand_usd_per_gpu_hour, t.CloudOffer.spot_usd_per_gpu_hour,
                       t.CloudOffer.observed, t.CloudOffer.source, t.CloudOffer.note)
                .join(t.Gpu, t.Gpu.id == t.CloudOffer.gpu_id).order_by(t.CloudOffer.id))
        if gpu:
            stmt = stmt.where(t.Gpu.name == gpu)
        return [CloudRate(**r) for r in self._rows(stmt)]

    @cached_property
    def models(self) -> list[ModelSpec]:
        out = []
        for r in self._rows(select(t.OpenModel)):
            values = {f: r[f] for f in ModelSpec.__dataclass_fields__ if f != "aliases"}
            out.append(ModelSpec(**values, aliases=tuple(json.loads(r["aliases"]))))
        return out

    def model(self, key: str) -> ModelSpec | None:
        return next((m for m in self.models if m.key == key), None)

    @cached_property
    def concepts(self) -> list[ConceptEntry]:
        out = []
        for r in self._rows(select(t.Concept)):
            out.append(ConceptEntry(r["key"], r["title"], r["title_zh"], tuple(json.loads(r["aliases"])), r["text"],
                                    r["text_zh"], tuple(json.loads(r["related"])), r["source"]))
        return out

    @cached_property
    def sources(self) -> dict[str, SourceRef]:
        return {r["id"]: SourceRef(**r) for r in self._rows(select(t.Source))}

    def table_counts(self) -> dict[str, int]:
        with self.engine.connect() as conn:
            return {m.__tablename__: conn.execute(select(func.count()).select_from(m)).scalar()
                    for m in [*t.KB_TABLES, *t.USER_TABLES]}

    def meta(self) -> dict[str, str]:
        return {r["key"]: r["value"] for r in self._rows(select(t.KbMeta))}

    # user data -------------------------------------------------------------------------------
    def price_overrides(self) -> dict[tuple[str, str], float]:
        return {(r["gpu_name"], r["condition"]): r["usd"] for r in self._rows(select(t.UserPriceOverride))}

    def set_price_override(self, gpu: str, usd: float, condition: str = "new") -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(t.UserPriceOverride).where(t.UserPriceOverride.gpu_name == gpu,
                                                          t.UserPriceOverride.condition == condition))
            conn.execute(insert(t.UserPriceOverride), {"gpu_name": gpu, "condition": condition, "usd": usd,
                                                       "set_at": datetime.now().isoformat(timespec="seconds")})

    def clear_price_override(self, gpu: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(t.UserPriceOverride).where(t.UserPriceOverride.gpu_name == gpu))

    def settings(self) -> dict[str, str]:
        return {r["key"]: r["value"] for r in self._rows(select(t.UserSetting))}

    def set_setting(self, key: str, value: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(t.UserSetting).where(t.UserSetting.key == key))
            conn.execute(insert(t.UserSetting), {"key": key, "value": value})
