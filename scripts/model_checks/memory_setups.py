"""Memory: the vram_measured.tsv rows and the set-ups of vram_train_image.tsv (diffusion inference, LLM
fine-tuning) against the memory models, the one fitted constant of each set, and the out-of-sample memory rows."""

from __future__ import annotations

import math
from pathlib import Path

from assistant.models import constants as C
from assistant.models import memory, train_memory
from model_checks.rows import Row, constants, read_tsv, rms_log_error


def in_memory_gb(decimal_gb: float) -> float:
    """A measurement stated in decimal GB (1e9 bytes, as the calibration files record them) in the memory GB the
    models return (2^30 bytes, §mem.units)."""
    return decimal_gb * C.DECIMAL_GB


def memory_rows(kb, folder: Path) -> list[Row]:
    """The vram_measured.tsv rows the model covers, each with the set-up it assumes; measured GB converted to the
    models' unit (the two context rows measure tokens)."""
    m = kb.model
    mb = in_memory_gb(1e6 / 1e9)
    cases = [
        (
            "CUDA context only",
            lambda: train_memory.training_memory(m("bert-base-cased"), "full").components[-1][1],
            1343 * mb,
        ),
        ("bert-large weights fp32 + context", lambda: _weights_and_context(m("bert-large-uncased"), "fp32"), 2631 * mb),
        (
            "bert-large training fp32 b4 s512",
            lambda: (
                train_memory.training_memory(
                    m("bert-large-uncased"), "full", seq=512, batch=4, precision="fp32", flash_attention=False
                ).total_gb
            ),
            14949 * mb,
        ),
        (
            "bert-base-cased weights fp32",
            lambda: memory.inference_memory(m("bert-base-cased"), "fp32").components[0][1],
            413.68 * mb,
        ),
        (
            "T0_3B full fine-tuning (fp32, b8 s64)",
            lambda: (
                train_memory.training_memory(
                    m("t0-3b"), "full", seq=64, batch=8, precision="fp32", flash_attention=False
                ).total_gb
            ),
            in_memory_gb(47.14),
        ),
        ("T0_3B LoRA r8 (fp32 base, b8 s64)", lambda: _lora(m("t0-3b")), in_memory_gb(14.4)),
        ("mt0-xxl LoRA r8 (fp32 base, b8 s64)", lambda: _lora(m("mt0-xxl")), in_memory_gb(56.0)),
        ("bloomz-7b1 LoRA r8 (fp32 base, b8 s64)", lambda: _lora(m("bloomz-7b1")), in_memory_gb(32.0)),
        ("Llama 3.1 8B QLoRA r32, tokens in 24 GB", lambda: _qlora_context(m("llama-3.1-8b"), 24.0), 5789),
        ("Llama 3.1 8B QLoRA r32, tokens in 48 GB", lambda: _qlora_context(m("llama-3.1-8b"), 48.0), 15502),
    ]
    return [Row("memory", name, fn(), measured) for name, fn, measured in cases]


def _weights_and_context(model, quant):
    est = memory.inference_memory(model, quant, framework="pytorch")
    return dict(est.components)["weights"] + dict(est.components)["CUDA context"]


def _lora(model):
    # peft README set-up: ought/raft twitter_complaints examples, batch 8, max length 64, r=8, fp32
    return train_memory.training_memory(
        model,
        "lora",
        seq=64,
        batch=8,
        precision="fp32",
        checkpointing=False,
        flash_attention=False,
        lora_rank=8,
        lora_targets="attention",
    ).total_gb


def _qlora_context(model, gb):
    """Longest sequence (batch 1, checkpointing, flash attention) whose estimate fits in `gb`."""
    lo, hi = 1, 200_000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        est = train_memory.training_memory(model, "qlora", seq=mid, batch=1, checkpointing=True, lora_rank=32)
        lo, hi = (mid, hi) if est.total_gb <= gb else (lo, mid - 1)
    return float(lo)


# --- Memory from a stated set-up: vram_train_image.tsv (diffusion inference, LLM fine-tuning) ----------
SETUP_FILE = "vram_train_image_setups.toml"


def train_image_setups(folder: Path) -> list[tuple[dict, dict]]:
    """(tsv row, its set-up) in file order; the set-up repeats measured_gb so that a drift fails loudly."""
    import tomllib

    rows = read_tsv(folder / "vram_train_image.tsv")
    setups = tomllib.loads((folder / SETUP_FILE).read_text(encoding="utf-8"))["row"]
    if len(rows) != len(setups):
        raise SystemExit(f"{SETUP_FILE}: {len(setups)} set-ups for {len(rows)} rows")
    for r, s in zip(rows, setups, strict=True):
        if abs(float(r["measured_gb"]) - s["measured_gb"]) > 1e-6:
            raise SystemExit(f"{SETUP_FILE}: {s['model']} {s['measured_gb']} does not match row {r['measured_gb']}")
    return list(zip(rows, setups, strict=True))


def validation_shapes(folder: Path) -> dict:
    """`[shape.KEY]` tables of the set-up file: the published shapes of models a row names that the KB lacks."""
    import tomllib

    return tomllib.loads((folder / SETUP_FILE).read_text(encoding="utf-8")).get("shape", {})


def shape_model(key: str, shape: dict):
    """A ModelSpec of an LLM from its published shape (validation only)."""
    from assistant.specs import ModelSpec

    fields = {k: shape[k] for k in ("layers", "hidden", "attention_heads", "kv_heads", "head_dim", "vocab")}
    return ModelSpec(
        key=key, name=shape["name"], family=shape["name"], kind="llm", aliases=(), params_b=shape["params_b"],
        active_params_b=shape["params_b"], context=None, attention="mha", intermediate=shape["intermediate"],
        experts=0, experts_per_token=0, kv_lora_rank=None, qk_rope_head_dim=None, text_encoder_params_b=None,
        vae_params_b=None, native_resolution=None, source="vram_train_image_setups.toml [shape]", **fields,
    )  # fmt: skip


def setup_estimate(kb, s: dict, shapes: dict | None = None):
    """The memory model's estimate for one transcribed set-up, or None when neither the KB nor the set-up file's
    shapes hold the model."""
    from assistant.models import diffusion_memory

    model = kb.model(s["model"])
    if model is None and s["model"] in (shapes or {}):
        model = shape_model(s["model"], shapes[s["model"]])
    if model is None:
        return None
    if model.kind == "image":
        return diffusion_memory.image_memory(
            model,
            batch=s.get("batch", 1),
            precision=s.get("precision", "fp16"),
            resolution=s.get("resolution"),
            encoder_precision=s.get("encoder_precision"),
            offload=s.get("offload", "none"),
            t5_wo_fp32=s.get("t5_wo_fp32", False),
        )
    return train_memory.training_memory(
        model,
        s["method"],
        seq=s.get("seq", 2048),
        batch=s.get("batch", 1),
        checkpointing=s.get("checkpointing", False),
        n_gpus=s.get("n_gpus", 1),
        zero_stage=s.get("zero_stage", 0),
        precision=s.get("precision", "mixed"),
        lora_rank=s.get("rank", C.LORA_DEFAULT_RANK),
        base_bits=s.get("base_bits"),
        lora_targets=s.get("targets", "all"),
        optimizer=s.get("optimizer", "adamw"),
        optimizer_in_backward=s.get("optimizer_in_backward", False),
        offload=s.get("offload", "none"),
        loss=s.get("loss", "plain"),
    )


def _label(r: dict, s: dict) -> str:
    what = s.get("method") or f"{s.get('precision', 'fp16')} b{s.get('batch', 1)}"
    if r["kind"] == "finetune":
        what = f"{s['method']} b{s.get('batch', 1)} s{s.get('seq', '?')}"
    extra = " ".join(
        x
        for x in (s.get("offload", ""), s.get("backend", ""), s.get("precision", "") if r["kind"] == "image" else "")
        if x and x != "none"
    )
    stat = " ".join(x for x in (s.get("stat", ""), s.get("unit", "")) if x)
    return f"{r['model']} {what} {extra} {stat}".replace("  ", " ").strip()


def _identifies(est, setup: dict) -> bool:
    """A row identifies its set's fitted constant when the term it scales is at least IDENTIFY_SHARE of
    the estimate: the VAE decode peak for images; for fine-tuning the per-block activations, i.e. rows
    without checkpointing (with it, the saved block inputs are exact) whose peak is a training step."""
    big = dict(est.components).get("activations", 0.0) >= IDENTIFY_SHARE * est.total_gb
    if "method" not in setup:  # quantized pipelines' allocator statistics keep load-time 16-bit blocks
        unquantized = {setup.get("precision", "fp16"), setup.get("encoder_precision", "fp16")} <= UNQUANTIZED
        return big and unquantized
    return big and not setup.get("checkpointing") and setup.get("peak") != "load"


OUTSIDE_ALLOCATOR = ("CUDA context", train_memory.SHARDING_BUFFERS)
IDENTIFY_SHARE = 0.15
UNQUANTIZED = {"fp32", "fp16", "bf16"}


def train_image_rows(kb, folder: Path, fitting: bool = False) -> tuple[list[Row], list[str]]:
    """Model vs each measured row of vram_train_image.tsv (sets "memory image" and "memory finetune");
    the sources' own estimates and rows whose model the KB lacks are listed, not scored. Rows measured
    with PyTorch's allocator statistics are compared without the CUDA context."""
    out, skipped = [], []
    shapes = validation_shapes(folder)
    for r, s in train_image_setups(folder):
        if s.get("estimate") or r["measured_or_estimated"] == "estimated":
            skipped.append(
                f"{r['model']} {r['method']} {r['measured_gb']} GB: the source's estimate, not a measurement"
            )
            continue
        est = setup_estimate(kb, s, shapes)
        if est is None:
            skipped.append(f"{r['model']} ({s['model']}) {r['measured_gb']} GB: model not in the knowledge base")
            continue
        if fitting and not _identifies(est, s):
            continue
        total = est.total_gb
        if s.get("optimizer", "").startswith("paged_") and s.get("gpu_gb"):
            # paged states stay resident while the card has room: the peak seen fills it at most (§mem.train)
            resident = setup_estimate(kb, s | {"optimizer": s["optimizer"].removeprefix("paged_")})
            total = min(resident.total_gb, float(s["gpu_gb"])) if resident is not None else total
        if s.get("loader") == "16bit_then_quantize":  # the 16-bit model sits on the GPU before it is quantized
            total = max(total, train_memory.quantize_load_peak_gb(kb.model(s["model"])))
        if s.get("peak") == "after_load":  # memory held after loading: no generation, no activation peak
            total -= dict(est.components).get("activations", 0.0)
        if s.get("stat") == "torch":  # PyTorch's allocator statistics: no CUDA context, no NCCL buffers or reserve
            total -= sum(dict(est.components).get(k, 0.0) for k in OUTSIDE_ALLOCATOR)
        label = _label(r, s) + {"load": " (load peak)", "after_load": " (after load)"}.get(s.get("peak", ""), "")
        measured = float(r["measured_gb"]) if s.get("unit") == "GiB" else in_memory_gb(float(r["measured_gb"]))
        out.append(Row(f"memory {r['kind']}", label, total, measured))
    return out, skipped


# Measured rows of the same public sources that are not in the calibration file: never fitted, only
# reported (label, set-up as in vram_train_image_setups.toml, measured GB, source). The memory column of
# the SD3 blog does not name its statistic, so the estimate keeps the CUDA context ("device").
MEMORY_OUT_OF_SAMPLE = (
    (
        "SD3 Medium fp16, batch 1, all on the GPU",
        {
            "model": "sd3-medium",
            "precision": "fp16",
            "batch": 1,
            "resolution": 1024,
            "stat": "device",
            "t5_wo_fp32": True,
        },
        18.765,
        "huggingface/blog sd3.md, Summary of Memory Optimizations (A100 80GB, PyTorch 2.3)",
    ),
    (
        "SD3 Medium fp16, batch 1, model CPU offload",
        {
            "model": "sd3-medium",
            "precision": "fp16",
            "batch": 1,
            "resolution": 1024,
            "offload": "model",
            "stat": "device",
            "t5_wo_fp32": True,
        },
        12.0645,
        "huggingface/blog sd3.md, Summary of Memory Optimizations (A100 80GB, PyTorch 2.3)",
    ),
)


def memory_out_of_sample_rows(kb) -> list[Row]:
    out = []
    for label, s, measured, _source in MEMORY_OUT_OF_SAMPLE:
        est = setup_estimate(kb, s)
        total = est.total_gb - (dict(est.components)["CUDA context"] if s.get("stat") == "torch" else 0.0)
        out.append(Row("memory out of sample", label, total, in_memory_gb(measured)))
    return out


MEMORY_FIT = {
    "image": ("VAE_DECODE_ELEMENTS_PER_PIXEL", 50.0, 3000.0),
    "finetune": ("ACT_SCALE", 0.3, 3.0),
    "sharded": ("SHARDED_RUN_OVERHEAD_GB_PER_B", 0.005, 0.5),
}


def sharded_device_cases(kb, folder: Path) -> set[str]:
    """Rows of sharded multi-GPU runs (ZeRO-3 / FSDP) read from the whole device: the rows that identify
    SHARDED_RUN_OVERHEAD_GB_PER_B (the allocator statistics do not see it)."""
    labels = {_label(r, s) for r, s in train_image_setups(folder) if _sharded_device(s)}
    return {x.case for x in train_image_rows(kb, folder)[0] if x.case in labels}


def _sharded_device(s: dict) -> bool:
    on_device = s.get("stat") == "device" and not s.get("estimate")
    return on_device and train_memory.sharded_run(s.get("n_gpus", 1), s.get("zero_stage", 0), s.get("offload", ""))


def identifying_cases(kb, folder: Path, kind: str) -> set[str]:
    if kind == "sharded":
        return sharded_device_cases(kb, folder)
    return {x.case for x in train_image_rows(kb, folder, fitting=True)[0] if x.set == f"memory {kind}"}


def leave_one_out_sharded(kb, folder: Path) -> list[Row]:
    """Each sharded device row predicted with SHARDED_RUN_OVERHEAD_GB_PER_B fitted on the others."""
    attr, lo, hi = MEMORY_FIT["sharded"]
    cases = sorted(sharded_device_cases(kb, folder))
    out = []
    for held in cases:
        value = _golden(lambda v, rest=frozenset(set(cases) - {held}): _rms(kb, folder, attr, v, rest), lo, hi)
        with constants(**{attr: value}):
            out += [x for x in train_image_rows(kb, folder)[0] if x.case == held]
    return out


def _rms(kb, folder: Path, attr: str, v: float, cases) -> float:
    with constants(**{attr: v}):
        return rms_log_error([x for x in train_image_rows(kb, folder)[0] if x.case in cases])


def _golden(err, lo: float, hi: float) -> float:
    a, b = lo, hi
    for _ in range(40):  # golden-section search in log space
        m1, m2 = a * (b / a) ** 0.382, a * (b / a) ** 0.618
        if err(m1) < err(m2):
            b = m2
        else:
            a = m1
    return math.sqrt(a * b)


def fit_memory(kb, folder: Path, kind: str) -> tuple[float, float]:
    """The one constant of each memory set (VAE decode elements per pixel for images, the activation
    scale for fine-tuning, the per-GPU overhead of sharded runs) by least squares on log errors over the
    measured rows that identify it (`_identifies`, `sharded_device_cases`): (value, rms over those rows)."""
    attr, lo, hi = MEMORY_FIT[kind]
    chosen = identifying_cases(kb, folder, kind)  # chosen once, at the current constants

    def err(v):
        return _rms(kb, folder, attr, v, chosen)

    best_v, best = getattr(C, attr), err(getattr(C, attr))
    v = _golden(err, lo, hi)
    return (v, err(v)) if err(v) < best else (best_v, best)
