"""LLM speed: the 2024 llama.cpp rows, the 2025-26 scoreboard rows, the pattern-search fit of the decode and
prefill constants and the held-out view (--held-out)."""

from __future__ import annotations

from pathlib import Path

from assistant.models import constants as C
from assistant.models import llm
from model_checks.rows import Row, constants, read_tsv, rms_log_error

# llama.cpp columns: (model key, quant, mode)
DECODE_COLS = {
    "decode_8b_q4km": ("llama-3-8b", "q4_k_m", "decode"),
    "decode_8b_f16": ("llama-3-8b", "f16", "decode"),
    "decode_70b_q4km": ("llama-3-70b", "q4_k_m", "decode"),
    "prefill_8b_q4km": ("llama-3-8b", "q4_k_m", "prefill"),
    "prefill_8b_f16": ("llama-3-8b", "f16", "prefill"),
    "prefill_70b_q4km": ("llama-3-70b", "q4_k_m", "prefill"),
}


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
