"""Read the knowledge base into frozen values (`assistant.specs`).

Contract: `KbReader(source)` (a SQLAlchemy engine, or an `assistant.kb.rows` runner such as the
sqlite3 one of the fast read path) answers lookups with plain frozen values, caching what it has
read for the life of the reader; nothing it returns holds a database session. It writes nothing:
the user's own data (price overrides, saved defaults) is read and written by `reader.user`
(`assistant.kb.user_data.UserData`, same connection). Queries are parameterized SQL over the tables of
`assistant.kb.tables`, so that answering a question never pays for building the table
definitions (they are needed only to build the database).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import TypeVar, cast

from assistant.kb import memory_configs, mig_slices
from assistant.kb.dbfile import KB_TABLES
from assistant.kb.rows import EngineRows, SqliteRows
from assistant.kb.user_data import UserData
from assistant.names import apple_chip
from assistant.specs import ArchRates, CloudRate, GpuSpec, ModelSpec, PriceQuote, SourceRef, TensorPeaks

T = TypeVar("T")


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
    """A concept of the knowledge base with its names in each language."""

    key: str
    title: str
    title_zh: str
    aliases: tuple[str, ...]
    text: str
    text_zh: str
    related: tuple[str, ...]
    source: str
    terms: tuple[str, ...] = ()  # evidence words of a question about it, weighed by nlu/concept_score.py


_ARCH_FIELDS = list(ArchRates.__dataclass_fields__)
_PEAK_FIELDS = list(TensorPeaks.__dataclass_fields__)
_GPU_FIELDS = [f for f in GpuSpec.__dataclass_fields__ if f not in ("arch", "peaks", "overridden")]
_GPU_SELECT = (
    "SELECT "
    + ", ".join(f"g.{c}" for c in [*_GPU_FIELDS, "arch_key", "overridden"])
    + ", p.gpu_id AS peak_gpu, "
    + ", ".join(f"p.{c} AS peak_{c}" for c in _PEAK_FIELDS)
    + " FROM gpu g LEFT JOIN tensorpeak p ON p.gpu_id = g.id"
)


def _as_date(value) -> date | None:
    if value is None or isinstance(value, date):
        return value
    return date.fromisoformat(str(value)[:10])


class KbReader:
    def __init__(self, source, saves: bool | None = None):
        self.db: SqliteRows | EngineRows = source if hasattr(source, "rows") else EngineRows(source)
        # user data written through this reader outlives the process (False: in memory, read-only, full disk)
        self.saves = self.db.persistent if saves is None else saves
        self._gpus: dict[str, GpuSpec] = {}
        self._all_gpus: list[GpuSpec] | None = None
        self._unified: list[GpuSpec] | None = None
        self._prices: dict[str, list[PriceQuote]] = {}
        self._prices_by_gpu: dict[str, dict[str, list[PriceQuote]]] = {}
        self._derived: dict[tuple, object] = {}
        self.user = UserData(self.db)  # the user's prices and saved defaults (the only writes)
        self._base = self  # the reader at the KB's own CNY rate (see `valued_at`)
        self._yuan_scale = 1.0  # USD of a yuan-recorded amount here / its USD at the KB rate
        self._valued: dict[float, KbReader] = {}

    def valued_at(self, cny_per_usd: float | None) -> KbReader:
        """This knowledge base with the amounts it recorded in yuan (prices of knowledge/prices_cn.csv, rates of
        knowledge/cloud_cn.csv) worth `cny_per_usd` yuan a dollar, the user's own rate, instead of the dated KB rate
        they were stored at: shown in yuan at that rate they read as recorded. The KB's own reader for None or
        the KB rate; one reader per rate, kept."""
        base = self._base
        kb_rate = base.exchange_rate("CNY")
        if not cny_per_usd or kb_rate is None or cny_per_usd == kb_rate[0]:
            return base
        if cny_per_usd not in base._valued:
            valued = copy.copy(base)
            valued.__dict__.pop("_cloud", None)  # read again, scaled
            valued._prices, valued._prices_by_gpu, valued._derived = {}, {}, {}
            valued._yuan_scale = kb_rate[0] / cny_per_usd
            base._valued[cny_per_usd] = valued
        return base._valued[cny_per_usd]

    def _in_yuan_rate(self, quote: PriceQuote) -> PriceQuote:
        if self._yuan_scale == 1.0 or quote.market != "CN":
            return quote
        return dataclasses.replace(quote, usd=quote.usd * self._yuan_scale)

    def derived(self, key: tuple, compute: Callable[[], T]) -> T:
        """A value computed from this knowledge base and what `key` names (all of its inputs), once per reader:
        the layers above keep their derived tables here (e.g. the price quotes one market may use)."""
        if key not in self._derived:
            self._derived[key] = compute()
        return cast(T, self._derived[key])

    def reading(self):
        """A context in which every read comes from one snapshot of this version's KB (`kb/rows.py`)."""
        return self.db.reading()

    @property
    def persistent(self) -> bool:
        """Whether user data written now outlives the process (not an in-memory database)."""
        return self.db.persistent

    def _rows(self, sql: str, **params) -> list:
        flat: dict[str, object] = {}
        for key, value in params.items():
            if isinstance(value, (list, tuple)):  # "x IN :names" -> "x IN (:names_0, :names_1, ...)"
                names = [f"{key}_{i}" for i in range(len(value))]
                sql = sql.replace(f":{key}", "(" + ", ".join(f":{n}" for n in names) + ")")
                flat.update(zip(names, value, strict=True))
            else:
                flat[key] = value
        return self.db.rows(sql, flat)

    @cached_property
    def name_entries(self) -> list[NameEntry]:
        aliases: dict[int, list[str]] = {}
        for row in self._rows("SELECT gpu_id, alias FROM gpualias"):
            aliases.setdefault(row["gpu_id"], []).append(row["alias"])
        rows = self._rows("SELECT id, name, vendor, is_mobile, memory_gb FROM gpu ORDER BY id")
        return [
            NameEntry(r["name"], r["vendor"], bool(r["is_mobile"]), r["memory_gb"], tuple(aliases.get(r["id"], ())))
            for r in rows
        ]

    @cached_property
    def _architectures(self) -> dict[str, ArchRates]:
        out = {}
        for r in self._rows("SELECT * FROM architecture"):
            values = {f: r[f] for f in _ARCH_FIELDS}
            for flag in ("sparsity_2_4", "async_copy", "tma"):
                values[flag] = bool(values[flag])
            out[r["key"]] = ArchRates(**values)
        return out

    def _spec(self, row) -> GpuSpec:
        values = {f: row[f] for f in _GPU_FIELDS}
        values["release_date"] = _as_date(values["release_date"])
        values["is_mobile"] = bool(values["is_mobile"])
        values["unified_memory"] = bool(values["unified_memory"])
        values["source"] = values["source"] or ""
        arch = self._architectures.get(row["arch_key"]) if row["arch_key"] else None
        peaks = TensorPeaks(**{f: row[f"peak_{f}"] for f in _PEAK_FIELDS}) if row["peak_gpu"] is not None else None
        overridden = tuple(x for x in (row["overridden"] or "").split(",") if x)
        return GpuSpec(**values, overridden=overridden, arch=arch, peaks=peaks)

    def _load(self, where: str = "", **params) -> list[GpuSpec]:
        specs = []
        for row in self._rows(_GPU_SELECT + (f" WHERE {where}" if where else "") + " ORDER BY g.id", **params):
            spec = self._spec(row)
            self._gpus[spec.name] = spec
            specs.append(spec)
        return specs

    def gpu(self, name: str) -> GpuSpec | None:
        if name not in self._gpus:
            self._load("g.name = :name", name=name)
        if name not in self._gpus and apple_chip(name):  # "Apple M4 Max 64 GB": a chip's configuration
            derived = memory_configs.configured(name, self.unified_gpus())
            if derived is not None:
                self._gpus[name] = derived
        if name not in self._gpus and (parts := mig_slices.split(name)):  # "A100 SXM4 80 GB MIG 1g.10gb"
            base = self.gpu(parts[0])
            derived = mig_slices.sliced(name, base) if base is not None else None
            if derived is not None:
                self._gpus[name] = derived
        return self._gpus.get(name)

    def known_gpu(self, name: str) -> GpuSpec:
        """The GPU of a name the question reader resolved (so the KB has it); KeyError otherwise."""
        found = self.gpu(name)
        if found is None:
            raise KeyError(f"no GPU named {name!r} in the knowledge base")
        return found

    def gpus(self, names: list[str]) -> list[GpuSpec]:
        missing = [n for n in names if n not in self._gpus]
        if missing:
            self._load("g.name IN :names", names=missing)
        return [g for g in (self._gpus.get(n) or self.gpu(n) for n in names) if g is not None]

    def unified_gpus(self) -> list[GpuSpec]:
        """The GPUs with unified memory (Apple chips, Jetsons, GH200), read once: what memory configurations
        are built from, without reading every GPU."""
        if self._unified is None:
            self._unified = self._load("g.unified_memory = :yes", yes=True)
        return list(self._unified)

    def all_gpus(self) -> list[GpuSpec]:
        """Every GPU, read once (the GPU table does not change while a reader is open)."""
        if self._all_gpus is None:
            self._all_gpus = self._load()
        return list(self._all_gpus)

    def prices(self, snapshot: str) -> list[PriceQuote]:
        if snapshot not in self._prices:
            rows = self._rows(
                "SELECT g.name AS gpu, p.snapshot, p.condition, p.usd, p.observed, p.source, p.note, p.market "
                "FROM price p JOIN gpu g ON g.id = p.gpu_id WHERE p.snapshot = :snapshot ORDER BY p.id",
                snapshot=snapshot,
            )
            self._prices[snapshot] = [self._in_yuan_rate(PriceQuote(**r)) for r in rows]
        return self._prices[snapshot]

    def prices_for(self, gpu: str, snapshot: str) -> list[PriceQuote]:
        """One GPU's quotes in a snapshot (grouped once per snapshot)."""
        key = f"{snapshot}\0by-gpu"
        if key not in self._prices_by_gpu:
            grouped: dict[str, list[PriceQuote]] = {}
            for quote in self.prices(snapshot):
                grouped.setdefault(quote.gpu, []).append(quote)
            self._prices_by_gpu[key] = grouped
        return self._prices_by_gpu[key].get(gpu, [])

    @cached_property
    def _snapshots(self) -> dict[str, tuple[str, str, int]]:
        rows = self._rows(
            "SELECT snapshot, MIN(observed) AS first, MAX(observed) AS last, COUNT(*) AS n FROM price GROUP BY snapshot"
        )
        return {r["snapshot"]: (r["first"], r["last"], r["n"]) for r in rows}

    def price_snapshots(self) -> dict[str, tuple[str, str, int]]:
        """snapshot -> (first observed, last observed, number of prices)."""
        return dict(self._snapshots)

    @cached_property
    def _cloud(self) -> list[CloudRate]:
        rows = self._rows(
            "SELECT c.provider, g.name AS gpu, c.gpus_per_instance, c.on_demand_usd_per_gpu_hour, "
            "c.spot_usd_per_gpu_hour, c.observed, c.source, c.note, c.currency FROM cloudoffer c "
            "JOIN gpu g ON g.id = c.gpu_id ORDER BY c.id"
        )
        rates = [CloudRate(**r) for r in rows]
        scale = self._yuan_scale
        if scale == 1.0:
            return rates
        return [
            dataclasses.replace(
                r,
                on_demand_usd_per_gpu_hour=r.on_demand_usd_per_gpu_hour * scale,
                spot_usd_per_gpu_hour=r.spot_usd_per_gpu_hour and r.spot_usd_per_gpu_hour * scale,
            )
            if r.currency == "CNY"
            else r
            for r in rates
        ]

    def cloud_rates(self, gpu: str | None = None) -> list[CloudRate]:
        return [r for r in self._cloud if gpu is None or r.gpu == gpu]

    @cached_property
    def models(self) -> list[ModelSpec]:
        out = []
        for r in self._rows("SELECT * FROM openmodel ORDER BY key"):
            values = {f: r[f] for f in ModelSpec.__dataclass_fields__ if f != "aliases"}
            out.append(ModelSpec(**values, aliases=tuple(json.loads(r["aliases"]))))
        return out

    def model(self, key: str) -> ModelSpec | None:
        return next((m for m in self.models if m.key == key), None)

    @cached_property
    def concepts(self) -> list[ConceptEntry]:
        return [
            ConceptEntry(
                r["key"],
                r["title"],
                r["title_zh"],
                tuple(json.loads(r["aliases"])),
                r["text"],
                r["text_zh"],
                tuple(json.loads(r["related"])),
                r["source"],
                tuple(json.loads(r["terms"] or "[]")),
            )
            for r in self._rows("SELECT * FROM concept ORDER BY key")
        ]

    @cached_property
    def sources(self) -> dict[str, SourceRef]:
        return {r["id"]: SourceRef(**r) for r in self._rows("SELECT id, title, url, date FROM source")}

    @cached_property
    def _exchange_rates(self) -> dict[str, tuple[float, str, str]]:
        rows = self._rows("SELECT currency, per_usd, observed, source FROM exchangerate")
        return {r["currency"]: (r["per_usd"], r["observed"], r["source"]) for r in rows}

    def exchange_rate(self, currency: str) -> tuple[float, str, str] | None:
        """(units per USD, observed, source id) from knowledge/exchange_rates.csv, or None."""
        return self._exchange_rates.get(currency.upper())

    @cached_property
    def _household_electricity(self) -> dict[str, tuple[float, str, str]]:
        rows = self._rows("SELECT currency, per_kwh, observed, source FROM householdelectricity")
        return {r["currency"]: (r["per_kwh"], r["observed"], r["source"]) for r in rows}

    def household_electricity(self, currency: str) -> tuple[float, str, str] | None:
        """(price per kWh in `currency`, observed, source id) from knowledge/electricity.csv, or None."""
        return self._household_electricity.get(currency.upper())

    def table_counts(self) -> dict[str, int]:
        return {name: self._rows(f"SELECT COUNT(*) AS n FROM {name}")[0]["n"] for name in KB_TABLES}

    def meta(self) -> dict[str, str]:
        return {r["key"]: r["value"] for r in self._rows("SELECT key, value FROM kbmeta")}
