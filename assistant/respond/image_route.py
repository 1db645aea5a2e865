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
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import image_speed, memory
from assistant.respond.fit_rows import FitCase, estimate
from assistant.specs import GpuSpec

GGUF_LADDER = ("q8_0", "q6_k", "q5_k_s", "q4_k_s", "q4_0", "q3_k_m")  # best quality first
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
    speed = (
        image_speed.image_speed(
            gpu, model, resolution=query.resolution, batch=query.batch or 1, steps=query.image_steps
        )
        if gpu
        else None
    )
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
