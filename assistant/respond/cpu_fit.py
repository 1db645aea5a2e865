"""Running a language model on the CPU alone ("can i run llama 3 8b on cpu only, 32gb ram, no gpu",
"纯cpu能跑qwen2.5 7b吗 内存32g").

Contract: `cpu_only(query, env)` says whether a fit question that names no GPU asks about the CPU alone
(lexicon list `cpu_only_words`, or only the machine's system RAM said: "64g内存能跑70b吗").
`cpu_answer(query, env, model, estimates, igpu)` answers it (and an integrated GPU's question: it has no memory of
its own) from the same memory estimates as a GPU fit, minus the CUDA context:
each precision's RAM need against the system RAM stated
(`system_ram_gb`, or the memory amount the question gave, else the assumed desktop's) less what the OS
keeps, and the generation speed of llama.cpp's CPU path, which reads the weights a token touches from
system RAM at the partial-offload rate (docs/model.md §llm.offload: t_token = GB read per token / 60 GB/s;
an MoE model reads its active share). Prompt processing on a CPU is far slower than on a GPU and is not
modelled; the answer says so. figures: fits, cpu_only, system_ram_gb, ram_assumed, rows {precision,
ram_gb, fits, tokens_per_second}, tokens_per_second (the row picked).
"""

from __future__ import annotations

from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.specs import ModelSpec

_NOT_IN_RAM = ("CUDA context",)
DDR4_GB_S = 41.0  # dual-channel DDR4-3200: 2 x 8 bytes x 3.2 GT/s = 51.2 GB/s peak, ~80 % reached [A, as §llm.offload]


def cpu_only(query: FitQuery, env: Env) -> bool:
    if any(r.name for r in query.gpus):
        return False
    if query.system_ram_gb and not query.memory_gb and not query.gpus:
        return True  # "64g内存能跑70b吗": only the machine's RAM is said, no GPU
    return lexicon(env.lang).words_in("cpu_only_words", query.text.lower())


def _per_token_gb(model: ModelSpec, weights_gb: float) -> float:
    """GB of weights read per generated token: all of them for a dense model, the active share for an MoE."""
    if model.active_params_b and model.params_b:
        return weights_gb * min(model.active_params_b / model.params_b, 1.0)
    return weights_gb


def _tps(x: float) -> str:
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


RAM_REACHED = 0.8  # share of the peak llama.cpp's CPU matrix-vector path reaches (§llm.offload: 60 of 76.8 GB/s) [A]


def ram_bandwidth(query: FitQuery) -> float | None:
    """GB/s the CPU reads system RAM at, from the speed the question states: channels (2 when unsaid) x 8 bytes x
    MT/s, of which RAM_REACHED is reached (docs/model.md §llm.offload); None when no speed is stated."""
    if not query.ram_mts:
        return None
    return ram_peak(query.ram_channels or 2, query.ram_mts) * RAM_REACHED


def ram_peak(channels: int, mts: float) -> float:
    """The peak GB/s of `channels` 64-bit memory channels at `mts` MT/s (8 bytes a transfer, §llm.offload)."""
    return channels * 8 * mts / 1000


def cpu_answer(query: FitQuery, env: Env, model: ModelSpec, estimates, igpu: str | None = None) -> Answer:
    """`igpu`: the integrated GPU named ("radeon 780m", "arc 140v"), which has no memory of its own: the model runs
    from system RAM at the RAM's bandwidth, as on the CPU, and the answer says so."""
    stated = query.system_ram_gb or query.memory_gb
    ram = float(stated or C.DEFAULT_SYSTEM_RAM_GB)
    usable = ram - C.SYSTEM_RAM_RESERVE_GB
    ddr4 = "ddr4" in query.text.lower()  # "with ddr4": dual-channel DDR4-3200 peaks at 51.2 GB/s, ~80 % reached
    bandwidth = DDR4_GB_S if ddr4 else C.SYSTEM_RAM_GB_S
    own_bw = ram_bandwidth(query)  # "ddr5-6000 dual channel": the speed the user has, not the one assumed
    if own_bw is not None:
        bandwidth = own_bw
    rows, table_rows = [], []
    for prec, est in estimates:
        parts = dict(est.components)
        need = sum(v for k, v in parts.items() if k not in _NOT_IN_RAM) * est.n_gpus
        weights = parts.get("weights", need) * est.n_gpus
        tps = 1.0 / max(memory.transfer_seconds(_per_token_gb(model, weights), bandwidth), 1e-9)
        fits = need <= usable
        rows.append({"precision": prec, "ram_gb": round(need, 1), "fits": fits, "tokens_per_second": round(tps, 1)})
        table_rows.append([prec, f"{need:.1f} GB", env.t("fit.yes" if fits else "fit.no"), _tps(tps) if fits else "—"])
    ok = [r for r in rows if r["fits"]]
    pick = next((r for r in ok if r["precision"] == "q4_k_m"), ok[0] if ok else None)
    have = env.t("fit.cpu_ram_stated" if stated else "fit.cpu_ram_assumed", ram=f"{ram:g}")
    if pick is not None:
        head = env.t(
            "fit.igpu_yes" if igpu else "fit.cpu_yes",
            gpu=igpu or "",
            model=model.name,
            prec=pick["precision"],
            need=f"{pick['ram_gb']:.1f}",
            have=have,
            tps=_tps(pick["tokens_per_second"]),
        )
    else:
        smallest = rows[-1]
        head = env.t(
            "fit.igpu_no" if igpu else "fit.cpu_no",
            gpu=igpu or "",
            model=model.name,
            prec=smallest["precision"],
            need=f"{smallest['ram_gb']:.1f}",
            have=have,
        )
    table = Table(
        headers=[
            env.t("fit.col_precision"),
            env.t("fit.cpu_col_ram"),
            env.t("fit.cpu_col_fits", ram=f"{ram:g}"),
            env.t("fit.cpu_col_tps"),
        ],
        rows=table_rows,
    )
    speed_step = env.t(
        "fit.cpu_ddr4_step" if ddr4 else "fit.cpu_speed_step",
        bw=f"{bandwidth:g}",
        reserve=f"{C.SYSTEM_RAM_RESERVE_GB:g}",
    )
    if own_bw is not None:
        channels = query.ram_channels or 2
        speed_step = env.t(
            "fit.cpu_stated_ram_step",
            mts=f"{query.ram_mts:.0f}",
            channels=channels,
            channels_said="" if query.ram_channels else env.t("fit.channels_assumed"),  # "(dual channel assumed)"
            peak=f"{channels * 8 * (query.ram_mts or 0) / 1000:.1f}",
            bw=f"{bandwidth:.0f}",
            reserve=f"{C.SYSTEM_RAM_RESERVE_GB:g}",
        )
    steps = [
        speed_step,
        env.t("fit.cpu_prompt_step"),
    ]
    if model.experts:
        steps.append(env.t("fit.cpu_moe_step", active=f"{model.active_params_b or 0:g}", total=f"{model.params_b:g}"))
    figures = {
        "fits": pick is not None,
        "cpu_only": not igpu,
        "integrated_gpu": igpu,
        "system_ram_gb": ram,
        "ram_assumed": not stated,
        "rows": rows,
        "tokens_per_second": pick["tokens_per_second"] if pick else None,
    }
    return Answer(
        question=query.text,
        intent="fit",
        gpus=[r.name for r in query.gpus if r.name] if igpu else [],
        headline=head,
        tables=[table],
        steps=steps,
        figures=figures,
        sources=env.cite(model.source) + ["method: docs/model.md §mem, §llm.offload"],
        lang=env.lang,
    )
