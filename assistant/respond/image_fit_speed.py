"""Image-generation speed in fit answers: "~N it/s, ~M s per image" for image models on a named GPU.

Contract: `image_speed_parts(env, query, model, gpu, prec, spare_gb, where)` returns (headline or "", steps,
figures) from `models.image_speed` (docs/model.md §image.speed) for a model it covers on a GPU with a rate, else
("", [], {}). The headline is only for questions that ask about speed (`query.want_speed`); the step line, with its
assumptions (steps, size, guidance passes, batch 1, what is not counted), goes on every image fit that fits.
A count of images asked ("generate 1000 sdxl images", `query.images`) leads with their total time (count x seconds
per image / cards, each card making its own images, §image.speed); the images made in a time asked
("how many in an hour", `query.images_in_hours`) lead the same way (time / seconds per image x cards).
figures: image_steps_per_s, image_seconds (= seconds_per_image), images_per_minute, images_per_hour (all the cards),
image_steps, images_hours, images_in_time.
`nameless_range(env, query, model, memory_gb)`: for a card named only by its memory ("显存12g ... 要多久"), the
seconds per image on the NVIDIA desktop cards of exactly that memory that have a price, fastest and slowest named,
and that the user's card decides; ("", {}) when fewer than one is rated.
`streamed_route(env, query, model, gpu, est, memory_gb)`: for an image model that does not fit, the sentence on
running it with part of the denoiser's weights streamed from system RAM each step, with seconds per image, the
same as the other way beside a GGUF route ("Without GGUF, at fp8, ..."), and its figures (image_seconds,
streamed_gb); ("", "", {}) when nothing can stay on the card or the speed is unknown.
"""

from __future__ import annotations

import re

from assistant.models import image_speed
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.fit_steps import est_precision
from assistant.respond.pricing import snapshot_quotes
from assistant.respond.wording import duration

_PER_HOUR = re.compile(
    r"per hour|an hour|each hour|every hour|hourly|in (?:an|one|1) hour|每小时|一小时|1小时|一个小时"
)


_PER_DAY = re.compile(
    r"per day|a day|each day|every day|daily|in (?:a|one|1) day|24 ?h|一天|每天|一整天|24小时|二十四小时"
)
# how many images is asked ("how many", "多少张", "几张", "能出多少"): the count in the time said leads
_COUNT_ASKED = re.compile(r"how many|多少张|几张|能出多少|出多少|生成多少|画多少")


def _span_said(query) -> float | None:
    """Hours of the count asked: read by the reader (images_in_hours), else an hour / a day said beside a speed or
    a count asked ("一张4090一天能出多少张sdxl 1024的图": 24)."""
    said = getattr(query, "images_in_hours", None)
    if said:
        return said
    low = query.text.lower()
    if not (query.want_speed or _COUNT_ASKED.search(low)):
        return None
    if _PER_DAY.search(low):
        return 24.0
    return 1.0 if _PER_HOUR.search(low) else None


def query_speed(gpu, model, query) -> image_speed.ImageSpeed | None:
    """The image speed at the question's size, batch, steps and ControlNets (FitQuery.addons)."""
    nets = next((n for kind, n, _ in getattr(query, "addons", ()) or () if kind == "controlnet"), 0)
    return image_speed.image_speed(
        gpu, model, resolution=query.resolution, batch=query.batch or 1, steps=query.image_steps, controlnets=nets
    )


def _num(x: float) -> str:
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def image_speed_parts(env: Env, query, model, gpu, prec: str, spare_gb: float, where: str, n: int = 1):
    if model.kind != "image" or query.mode != "inference" or not getattr(gpu, "name", ""):
        return "", [], {}
    speed = query_speed(gpu, model, query)
    if speed is None or speed.steps_per_s <= 0:
        return "", [], {}
    values = dict(
        model=model.name,
        where=where,
        its=_num(speed.steps_per_s),
        sec=_num(speed.seconds_per_image),
        ipm=_num(speed.images_per_minute),
        steps=speed.steps,
        px=speed.resolution,
        batch=speed.batch,
        prec=prec,
        spare=f"{spare_gb:.1f}",
    )
    head = env.t("fit.image_speed_head", **values) if query.want_speed else ""
    images = getattr(query, "images", None)
    if images:  # "how long to generate 1000 sdxl images": the job's time leads
        total = duration(env, images * speed.seconds_per_image / 3600 / max(n, 1))  # each card makes its own
        head = env.t("fit.image_count_head", n=f"{images:,}", time=total, **values)
        head += (" " + env.t("fit.image_count_cards", cards=n)) if n > 1 else ""
    # "how many could i crank out in an hour" after a speed (read), "how many sdxl images per hour on a 4090" (said)
    span = _span_said(query)
    if span and not images:  # the images made in that time lead
        made = span * 3600 / speed.seconds_per_image * max(n, 1)
        key = {1.0: "hour", 24.0: "day", 1 / 60: "minute"}.get(span)
        # "how many overnight (8h)": the hours said
        said = env.t(f"fit.image_span_{key}") if key else env.t("fit.image_span_hours", n=f"{span:g}")
        head = env.t("fit.image_in_time_head", n=f"{made:,.0f}", span=said, **values)
    if lexicon(env.lang).words_in("image_cost_words", (query.text or "").lower()) and gpu.tdp_w:
        head = " ".join(part for part in (head, _cost_per_image(env, gpu, speed.seconds_per_image)) if part)
    passes = env.t("fit.image_passes_cfg") if speed.passes == 2 else env.t("fit.image_passes_one")
    step = env.t(
        "fit.image_speed_step",
        tflop=f"{speed.tflop_per_step:.1f}",
        passes=passes,
        rate=f"{speed.tflops:.0f}",
        host=f"{speed.host_s * 1000:.0f}",
        **values,
    )
    figures = {
        "image_steps_per_s": round(speed.steps_per_s, 2),
        "image_seconds": round(speed.seconds_per_image, 2),
        "images_per_minute": round(speed.images_per_minute, 1),
        "image_steps": speed.steps,
        # per-unit figures under the names calc's energy / bill arithmetic reads (one card; n cards each make their own)
        "seconds_per_image": round(speed.seconds_per_image, 2),
        "images_per_hour": round(3600 / speed.seconds_per_image * max(n, 1)) if speed.seconds_per_image else 0,
    } | ({"images_hours": round(images * speed.seconds_per_image / 3600 / max(n, 1), 2)} if images else {})
    if span and not images:
        figures["images_in_time"] = round(span * 3600 / speed.seconds_per_image * max(n, 1))
    return head, [step], figures


def _cost_per_image(env: Env, gpu, seconds: float) -> str:
    """ "cost per image for sdxl on a 4090": the card's board power over one image's seconds at the electricity price
    in force (docs/model.md §image.speed, §cost.tco)."""
    kwh = env.assumptions.electricity_usd_per_kwh
    each = (gpu.tdp_w or 0) * seconds / 3600 / 1000 * kwh
    return env.t(
        "fit.image_cost",
        each=env.money(each, 5),
        per_k=env.money(each * 1000, 2),
        watts=f"{gpu.tdp_w:,}",
        sec=_num(seconds),
        kwh=env.money(kwh, 3),
        gpu=gpu.short_name,
    )


def streamed_route(env: Env, query, model, gpu, est, memory_gb: float) -> tuple[str, str, dict]:
    if model.kind != "image" or query.mode != "inference" or not getattr(gpu, "name", ""):
        return "", "", {}
    parts = dict(est.components)
    weights = parts.get("denoiser weights", 0.0)
    resident = memory_gb - (est.total_gb - weights)  # what the card holds of the weights beside the rest
    streamed = weights - resident
    speed = query_speed(gpu, model, query)
    if resident <= 0 or streamed <= 0 or speed is None:
        return "", "", {}
    seconds = image_speed.streamed_seconds_per_image(gpu, speed, streamed)
    if seconds <= 0:
        return "", "", {}
    values = dict(gb=f"{streamed:.1f}", sec=_num(seconds), steps=speed.steps)
    figures = {"image_seconds": round(seconds, 1), "streamed_gb": round(streamed, 1)}
    other = env.t("fit.image_streamed_other", prec=est_precision(est), **values)
    return env.t("fit.image_streamed", **values), other, figures


def nameless_range(env: Env, query, model, memory_gb: float) -> tuple[str, dict]:
    if model.kind != "image" or query.mode != "inference" or not memory_gb:
        return "", {}
    names = sorted({q.gpu for q in snapshot_quotes(env.reader, env.assumptions.snapshot, env.price_market())})
    timed = []
    for gpu in env.reader.gpus(names):
        if gpu.memory_gb != memory_gb or gpu.vendor != "NVIDIA" or gpu.is_mobile or gpu.passively_cooled:
            continue
        speed = query_speed(gpu, model, query)
        if speed is not None and speed.seconds_per_image > 0:
            timed.append((speed.seconds_per_image, gpu.short_name, speed.resolution))
    if not timed:
        return "", {}
    timed.sort()
    (fast, fast_gpu, px), (slow, slow_gpu, _) = timed[0], timed[-1]
    figures = {"image_seconds_range": [round(fast, 1), round(slow, 1)], "image_seconds_cards": len(timed)}
    if len(timed) == 1:
        return env.t("fit.image_time_one", gb=f"{memory_gb:g}", gpu=fast_gpu, sec=_num(fast), px=px), figures
    return (
        env.t(
            "fit.image_time_range",
            gb=f"{memory_gb:g}",
            n=len(timed),
            fast=_num(fast),
            fast_gpu=fast_gpu,
            slow=_num(slow),
            slow_gpu=slow_gpu,
            px=px,
        ),
        figures,
    )
