"""System RAM asked for an LLM run partly or wholly on GPUs ("how much ram do i need for a 70b gguf with a 12gb
card", "is 32gb of ram enough for 70b q4 with a 4090", "跑70b q4 显卡4090 内存要多大"; FitQuery.asked "system_ram").

Contract: `lead(answer, query, env)` makes the RAM figure the headline of a fit answer (the fit's yes / no on the
GPU memory answers another question; its table and steps stay):
- the model does not fit the GPUs: the GB left in system RAM (the fit's estimate less the GPUs' memory, llama.cpp
  -ngl, docs/model.md §llm.offload) plus OS_RAM_GB for the OS and programs [A], and the next common kit size;
- an MoE model: the RAM the expert offload needs (figures moe_offload.ram_needed_gb, §llm.moe_offload);
- it fits the GPUs: little RAM is needed, since llama.cpp memory-maps the file and copies the GPU layers to VRAM
  (llama.cpp PR #14396: 8 GB of RAM still loads a model that fits VRAM, slower); a kit at least the file's size
  keeps it cached for reloads.
With the user's RAM stated (system_ram_gb) the first word says whether it is enough; with no card named, the RAM is
weighed for a card that holds the model (SMALL_RAM_GB or more is enough). A unified-memory device (Mac,
GB10) has no separate system RAM: the answer is returned as it is, as are answers of other questions.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.fit_speed import OS_RAM_GB

RAM_KITS_GB = (16, 32, 48, 64, 96, 128, 192, 256, 384, 512)  # common totals of 2 or 4 DIMMs (DDR4 / DDR5) [A]
SMALL_RAM_GB = 16  # what the OS and loading need when the model sits wholly in VRAM [A] (PR #14396 loads with 8 GB)
SOURCES = ("concept-llamacpp-mmap-load", "concept-llamacpp-offload-paging")


def kit(need_gb: float) -> int:
    """The smallest common kit that holds `need_gb`."""
    return next((k for k in RAM_KITS_GB if k >= need_gb), RAM_KITS_GB[-1])


def lead(answer: Answer, query: FitQuery, env: Env) -> Answer:
    figures = answer.figures
    if query.asked != "system_ram" or answer.clarification or not isinstance(figures.get("vram_required_gb"), float):
        return answer
    if not query.gpus and query.system_ram_gb:  # "is 16gb ram enough for sdxl", no card: on a card that holds it
        return _no_card(answer, query, env, float(figures["vram_required_gb"]))
    setup = figures.get("fit_setup") or {}
    per_card, n = setup.get("memory_gb"), int(figures.get("gpu_count") or 1)
    gpu = env.reader.known_gpu(query.gpus[0].name) if query.gpus and query.gpus[0].name else None
    if not per_card or (gpu is not None and gpu.unified_memory):
        return answer
    total, vram = float(figures["vram_required_gb"]), float(per_card) * n
    values = {
        "model": _model_name(query, env, figures),
        "prec": figures.get("precision") or "",
        "total": f"{total:.1f}",
        "vram": f"{vram:g}",
        "os": f"{OS_RAM_GB:g}",
    }
    moe = figures.get("moe_offload")
    if isinstance(moe, dict) and moe.get("ram_needed_gb"):
        need = float(moe["ram_needed_gb"])
        text = env.t(
            "system_ram.moe",
            **values,
            need=f"{need:.0f}",
            kit=kit(need),
            layers=moe["layers"],
            in_ram=moe["layers_in_ram"],
            gb=f"{moe['experts_in_ram_gb']:.1f}",
        )
    elif figures.get("fits"):
        need = float(SMALL_RAM_GB)
        text = env.t("system_ram.fits", **values, small=SMALL_RAM_GB, kit=kit(total)) + _speed(figures, env, "fits")
    else:
        off = total - vram
        need = off + OS_RAM_GB
        speed = _speed(figures, env, "offload")
        text = env.t("system_ram.offload", **values, off=f"{off:.1f}", need=f"{need:.0f}", kit=kit(need), speed=speed)
    stated = query.system_ram_gb
    if stated:
        key = "system_ram.stated_yes" if stated >= need else "system_ram.stated_no"
        text = env.t(key, ram=f"{stated:g}") + text
    answer.headline = text
    answer.steps = [env.t("system_ram.why"), *answer.steps]
    answer.sources = [*answer.sources, *(s for s in env.cite(*SOURCES) if s not in answer.sources)]
    figures["system_ram_needed_gb"] = round(need, 1)
    return answer


def _no_card(answer: Answer, query: FitQuery, env: Env, total: float) -> Answer:
    """The RAM said, no card named: enough (SMALL_RAM_GB or more) when the card holds the model, since RAM then only
    loads it; less is on the small side. The model's memory says which card holds it."""
    ram = float(query.system_ram_gb or 0)
    key = "system_ram.no_card_yes" if ram >= SMALL_RAM_GB else "system_ram.no_card_small"
    values = {"ram": f"{ram:g}", "total": f"{total:.1f}", "small": SMALL_RAM_GB}
    model = _model_name(query, env, answer.figures)
    answer.headline = env.t(key, model=model, **values) + i18n.gap(env.lang) + answer.headline
    answer.sources = [*answer.sources, *(s for s in env.cite(*SOURCES) if s not in answer.sources)]
    answer.figures["system_ram_needed_gb"] = float(SMALL_RAM_GB)
    return answer


def _speed(figures: dict, env: Env, where: str) -> str:
    """The speed the fit worked out (all on the GPUs, or with the part in RAM read by the CPU), "" when none."""
    tps = figures.get("offload_tokens_per_second") or figures.get("tokens_per_second")
    if not isinstance(tps, (int, float)) or not tps:
        return ""
    return env.t(f"system_ram.speed_{where}", tps=f"{tps:.1f}" if tps < 10 else f"{tps:.0f}")


def _model_name(query: FitQuery, env: Env, figures: dict) -> str:
    from assistant.respond.fit_sizing import sized_model

    model, _ = sized_model(query, env)
    return model.name if model is not None else str(figures.get("model_key") or "")


def ram_said(query) -> float | None:
    """GB of system RAM the question states as RAM ("16g内存", "32gb ram", "64gb ddr5"), else None."""
    for stated in getattr(query, "stated", ()):
        said = stated.text.lower().replace("vram", "")  # "16gb vram" is the card's memory
        if stated.dim == "gb" and any(w in said for w in ("内存", "ram", "ddr")):
            return float(stated.value)
    return None


def with_ram_note(answer: Answer, query, env: Env) -> Answer:
    """ "我电脑是i5 12400加16g内存，加一张啥卡能跑7b": a card to add to a PC whose RAM is said: whether that RAM
    does for a model held wholly in the card (loading needs little: SMALL_RAM_GB, PR #14396), said after the pick; when
    the RAM is the only amount the message says ("内存16g够不够，要不要加" after a pick), the RAM is what is asked: said
    first."""
    ram = ram_said(query)
    if ram is None or answer.clarification:
        return answer
    key = "ram_note.enough" if ram >= SMALL_RAM_GB else "ram_note.small"
    note = env.t(key, ram=f"{ram:g}", small=SMALL_RAM_GB)
    alone = all(float(n) == ram for n in re.findall(r"\d+(?:\.\d+)?", query.text))  # the message's own numbers
    answer.headline = i18n.gap(env.lang).join([note, answer.headline] if alone else [answer.headline, note])
    answer.sources = list(dict.fromkeys([*answer.sources, *env.cite(*SOURCES)]))
    return answer
