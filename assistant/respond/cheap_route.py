"""The cheapest way to run a model when the user says speed hardly matters: "cheapest way to run llama 3.1 405b at
home, even q4, i dont care if its like 2 t/s" gets the cheapest set that holds the model at all and a CPU server's
route, not only the cheapest set at or above the speed said.

Contract: `tolerant(text, lang)` is True when the question says a speed it would put up with (lexicon [lists]
speed_tolerance_words: "i dont care if its", "even if", "even at", "fine with"). `cpu_server_line(model, quant, env,
target)` is (the sentence of the CPU route, its tokens/s): the system RAM the model takes at that quant (the inference
estimate without the CUDA context, with the OS's share, docs/model.md §llm.offload) and the tokens/s a CPU server
reads it at, 8 channels of DDR4-3200 (SERVER_RAM_CHANNELS x 8 bytes x SERVER_RAM_MTS, of which cpu_fit.RAM_REACHED
is reached; an MoE reads only its active share per token), beside a desktop's dual-channel DDR5 (SYSTEM_RAM_GB_S);
("", 0) when the model has no estimate. At or above the speed said (`target`) the sentence says the route reaches it.
No price is given: the price data holds no server boards or RAM.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

# a used EPYC / Xeon server board, the usual cheap way to hold hundreds of GB of RAM: 8 memory channels of
# DDR4-3200 (EPYC 7002/7003 and Xeon Scalable 3rd gen have 8 channels per socket) [A]
SERVER_RAM_CHANNELS = 8
SERVER_RAM_MTS = 3200


def tolerant(text: str, lang: str) -> bool:
    return lexicon(lang).words_in("speed_tolerance_words", f" {' '.join(text.lower().split())} ")


def server_gb_s() -> float:
    from assistant.respond.cpu_fit import RAM_REACHED

    return SERVER_RAM_CHANNELS * 8 * SERVER_RAM_MTS / 1000 * RAM_REACHED


def cpu_server_line(model, quant: str, env: Env, target: float = 0.0) -> tuple[str, float]:
    est = memory.inference_memory(model, quant, batch=1)
    parts = dict(est.components)
    need = sum(v for k, v in parts.items() if k != "CUDA context")
    weights = parts.get("weights", 0.0)
    if not need or not weights:
        return "", 0.0
    share = min(model.active_params_b / model.params_b, 1.0) if model.active_params_b and model.params_b else 1.0
    per_token = weights * share  # a dense model reads every weight per token, an MoE its active share
    server, desktop = server_gb_s(), C.SYSTEM_RAM_GB_S
    tps = 1.0 / max(memory.transfer_seconds(per_token, server), 1e-9)
    key = "inverse.cpu_server_met" if target and tps >= target else "inverse.cpu_server"
    text = env.t(
        key,
        model=model.name,
        quant=quant,
        need=f"{need + C.SYSTEM_RAM_RESERVE_GB:,.0f}",
        channels=SERVER_RAM_CHANNELS,
        mts=SERVER_RAM_MTS,
        bw=f"{server:.0f}",
        tps=_tps(tps),
        desk_bw=f"{desktop:.0f}",
        desk_tps=_tps(1.0 / max(memory.transfer_seconds(per_token, desktop), 1e-9)),
        target=f"{target:g}",
    )
    return text, tps


def _tps(x: float) -> str:
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"
