"""An image model that does not fit at 16 or 8 bits: the GGUF-quantized denoiser that does ("can i run flux on a
12gb card", "flux schnell on a 2070 super 8gb").

Contract: `gguf_route(case, where)` -> None unless the question is image generation and no row shown fits;
else a `Route` with the best-quality GGUF type of the denoiser that fits with at least MARGIN_GB to spare (the
memory model's estimate at that type's bits per weight, docs/model.md §mem.image; the types city96 publishes for
FLUX and SD3 and ComfyUI-GGUF loads), its total, the headroom and, for a named card, its speed estimate
(§image.speed: compute-bound, so quantized weights do not make it faster; dequantizing them costs some speed,
said). The answer leads with it as a yes with a condition (`figures.verdict.answer = yes_if`, condition
`gguf_<type>`); `figures.image_gguf`. When not even the lightest type fits, None: the fit answer's streamed route
(part of the weights in system RAM each step, image_fit_speed.streamed_route) is the way it runs.
`lora_route(case, where)`: an image LoRA that no row fits, on the 8-bit base row: the least change of the trainers'
published low-VRAM recipes that fits (diffusion_memory.low_vram_lora: Adafactor, then blocks swapped to system
RAM), as a yes with that condition (`low_vram_adafactor` / `low_vram_swap_<n>`); `figures.image_lora_low_vram`.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant import i18n
from assistant.models import constants as C
from assistant.models import diffusion_memory, memory
from assistant.respond import setup
from assistant.respond.fit_rows import FitCase, estimate
from assistant.respond.image_fit_speed import query_speed
from assistant.specs import GpuSpec

GGUF_LADDER = ("q8_0", "q6_k", "q5_k_s", "q4_k_s", "q4_0", "q3_k_m")  # best quality first
LOW_VRAM_SOURCE = "kohya-flux-lora-vram"  # knowledge/sources/models.csv: kohya's settings by GPU memory
MARGIN_GB = 0.3  # a type counts only with this much to spare: the estimate is not exact at the edge [A]


@dataclass(frozen=True)
class Route:
    """A way to run an image model on a GPU too small for it (e.g. a GGUF build)."""

    head: str
    figures: dict
    condition: str  # gguf_<type>


def _num(x: float) -> str:
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def gguf_route(case: FitCase, where: str) -> Route | None:
    query, env, model, n = case.query, case.env, case.model, case.n
    if model.kind != "image" or query.mode != "inference" or case.ok:
        return None
    for quant in GGUF_LADDER:
        est = estimate(model, query, quant, n, query.mode)
        f = memory.fit(est, case.memory_gb, n)
        if f.fits and f.headroom_gb >= MARGIN_GB:
            break
    else:  # not even the lightest type: the streamed route of the fit answer speaks (image_fit_speed.streamed_route)
        return None
    gpu = case.gpu if isinstance(case.gpu, GpuSpec) else None  # a nameless "12 GB card" has no speed
    speed = query_speed(gpu, model, query) if gpu else None
    timing = (
        env.t("fit.gguf_speed", sec=_num(speed.seconds_per_image), steps=speed.steps, px=speed.resolution)
        if speed and speed.steps_per_s > 0
        else ""
    )
    prec, lightest, _ = case.rows[-1]
    head = env.t(
        "fit.gguf_head",
        prec=prec,
        prec_need=f"{lightest.total_gb * n:.1f}",
        model=model.name,
        where=where,
        quant=quant.upper(),
        need=f"{est.total_gb * n:.1f}",
        spare=f"{f.headroom_gb * n:.1f}",
        speed=timing,
    )
    figures = {
        "image_gguf": {
            "quant": quant,
            "total_gb": round(est.total_gb * n, 2),
            "headroom_gb": round(f.headroom_gb * n, 2),
            "seconds_per_image": round(speed.seconds_per_image, 1) if speed and speed.steps_per_s > 0 else None,
        }
    }
    return Route(head, figures, f"gguf_{quant}")


def lora_route(case: FitCase, where: str) -> Route | None:
    query, env, model, n = case.query, case.env, case.model, case.n
    full = query.mode == "full_finetune" and "lora" in case.shown[-1][1].lower()  # "fine tune flux on a 3060"
    if model.kind != "image" or (query.mode != "lora" and not full) or case.ok or n != 1:
        return None
    chosen = setup.memory_setup(model, query, "lora")
    if chosen.kind != "image_train":
        return None
    lightest, prec = case.rows[-1], case.shown[-1][2]  # the lightest row: the 8-bit base kohya / ai-toolkit offer
    values = chosen.values if prec == "fp16" else chosen.values | {"precision": prec}
    found = diffusion_memory.low_vram_lora(model, case.memory_gb, **values)
    if found is None:
        return None
    change, est = found
    swapped = change.get("blocks_swapped", 0)
    how = env.t("fit.lora_low_vram_adafactor") if change.get("optimizer") == "adafactor" else ""
    if swapped:
        how += env.t("fit.lora_low_vram_swap", n=swapped, units=C.IMAGE_SWAP_UNITS[model.key][0])
    head = env.t(
        "fit.lora_low_vram_head",
        model=model.name,
        prec_need=f"{lightest[1].total_gb:.1f}",
        where=where,
        how=how,
        need=f"{est.total_gb:.1f}",
        total=f"{case.memory_gb:g}",
    )
    if full:  # a fine-tune asked with no method: the full one does not fit, a LoRA does with those settings
        head += i18n.gap(env.lang) + env.t("fit.full_then_lora", need=f"{case.rows[0][1].total_gb:,.1f}")
    smaller = _smaller_size(model, values, case.memory_gb)
    if smaller and swapped:
        head += env.t("fit.lora_low_vram_smaller", px=smaller[0], need=f"{smaller[1]:.1f}")
    figures = {
        "image_lora_low_vram": {
            "optimizer": change.get("optimizer", values.get("optimizer")),
            "blocks_swapped": swapped,
            "total_gb": round(est.total_gb, 2),
            "without_swap_px": smaller[0] if smaller else None,
        }
    }
    condition = f"low_vram_swap_{swapped}" if swapped else "low_vram_adafactor"
    return Route(head, figures, condition)


def _smaller_size(model, values: dict, avail_gb: float) -> tuple[int, float] | None:
    """The largest of 768 / 512 px at which the recipe fits without swapping blocks (FluxGym trains at 512 px)."""
    for px in (768, 512):
        if px >= (values.get("resolution") or model.native_resolution or 1024):
            continue
        est = diffusion_memory.image_training_memory(model, **(values | {"resolution": px, "optimizer": "adafactor"}))
        if est.total_gb + diffusion_memory.LOW_VRAM_MARGIN_GB <= avail_gb:
            return px, est.total_gb
    return None
