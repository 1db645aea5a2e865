"""Power while generating images or video, and what a power limit costs that work (docs/model.md §image.power).

Contract: `said(text, lang)`: the question names image or video generation (lexicon `image_power_words`, the image and
video workload words). `draw_line(gpu, env)`: the sentence for the draw while denoising: near the board power limit,
since each step is compute-bound like training (§image.speed). `limit_kept(share)` -> (kept, sources): the share of
stock speed compute-bound work keeps at `share` of stock power, interpolated linearly between the measured
compute-bound points of knowledge/power_limit_sweeps.csv (work prefill or training; (1, 1) at stock), None below
the lowest measured share. `limit_line(gpu, limit_w, env)` -> (sentence, figures) or None: that loss as seconds per
SDXL image at 1024 px, the stock estimate divided by the share kept. Nothing is fitted: the points are measurements,
the stock time is §image.speed.
"""

from __future__ import annotations

from functools import cache

from assistant import paths
from assistant.models import image_speed
from assistant.nlu.lexicon import lexicon
from assistant.nlu.patterns import has_word
from assistant.respond.env import Env

COMPUTE_WORK = ("prefill", "training")  # the sweeps' compute-bound work, as denoising is (§image.speed)
REFERENCE_MODEL = "sdxl-base"  # the image a power-limit answer is timed on when no image model is named
DRAW_SOURCES = ("power-v100-comfyui-sdxl-sweep",)


def said(text: str, lang: str) -> bool:
    return has_word(text.lower(), lexicon(lang).listed("image_power_words"))


def draw_line(gpu, env: Env) -> str:
    return env.t("job_time.image_draw", gpu=gpu.short_name, tdp=f"{gpu.tdp_w:,.0f}")


@cache
def _points() -> tuple[tuple[tuple[float, float], ...], tuple[str, ...]]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "power_limit_sweeps.csv", ["gpu", "stock_w", "limit_w", "work", "kept"])
    points, sources = [(1.0, 1.0)], set()
    for _, r in rows:
        if r["work"] in COMPUTE_WORK:
            points.append((float(r["limit_w"]) / float(r["stock_w"]), float(r["kept"])))
            sources.add(r.get("source", ""))
    return tuple(sorted(points)), tuple(sorted(s for s in sources if s))


def limit_kept(share: float) -> tuple[float, tuple[str, ...]] | None:
    points, sources = _points()
    if len(points) < 2 or share < points[0][0]:
        return None
    if share >= 1.0:
        return 1.0, sources
    for (s0, k0), (s1, k1) in zip(points, points[1:], strict=False):
        if s0 <= share <= s1:
            kept = k0 if s1 == s0 else k0 + (k1 - k0) * (share - s0) / (s1 - s0)
            return min(kept, 1.0), sources
    return None


def limit_line(gpu, limit_w: float, env: Env) -> tuple[str, dict] | None:
    """ "power limit my 4090 to 350w for stable diffusion, how much slower": SDXL's seconds per image at stock and at
    the limit (the stock estimate / the share kept)."""
    stock = float(gpu.tdp_w or 0)
    found = limit_kept(limit_w / stock) if stock > 0 else None
    model = env.reader.model(REFERENCE_MODEL)
    speed = image_speed.image_speed(gpu, model) if model is not None else None
    if found is None or model is None or speed is None or speed.seconds_per_image <= 0:
        return None
    kept, _ = found
    slow = speed.seconds_per_image / kept
    text = env.t(
        "job_time.image_limit",
        gpu=gpu.short_name,
        limit=f"{limit_w:,.0f}",
        share=f"{100 * limit_w / stock:.0f}",
        pct=f"{100 * (1 - kept):.0f}",
        model=model.name,
        stock_s=f"{speed.seconds_per_image:.1f}",
        limit_s=f"{slow:.1f}",
        px=speed.resolution,
        steps=speed.steps,
    )
    return text, {"image_kept": round(kept, 3), "image_seconds": [round(speed.seconds_per_image, 2), round(slow, 2)]}


def limit_sources() -> tuple[str, ...]:
    return _points()[1]
