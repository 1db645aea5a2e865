"""Renting or buying for a video model's clips: "video editor, want to run wan 2.2 14b i2v for client work, ~30 clips
a week. buy or rent", "每周出20段wan2.1视频 租还是买".

Contract: `respond(query, env, weigh)` -> the rent-or-buy answer (`weigh`, respond/rent._respond) of the card named,
else of the card the video pick names for the model (respond/video.py: the cheapest card that holds its published
settings), at the hours a week the clips take on that card (models/video_speed.py clip time, docs/model.md
§video.speed, at the size asked, else the model's largest published size), the arithmetic said first. None when the
query states no video model or clips, hours of use are said already, or no clip time is known for the card.
`rates_of_clips(query, env, rent)`: a rent of one card for a number of clips ("在autodl上租5090跑一百段要花多少钱"):
the rent (`rent`, respond/rates.respond) of the hours those clips take on it, the arithmetic said first; None
without a video model, clips or a clip time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from assistant import i18n
from assistant.answer import Answer
from assistant.models import video_speed
from assistant.queries import GpuRef, RatesQuery, RentOrBuyQuery, VideoQuery
from assistant.respond.env import Env
from assistant.respond.wording import duration


def _clip(text: str, video: str, gpu):
    """The clip the hours are counted in: the model's clip on `gpu` at the size the text asks, else its largest
    published size; None when no clip time is known."""
    times = video_speed.clip_times(gpu, video) if gpu is not None else []
    if not times:
        return None
    from assistant.nlu.intents.video import size_of

    asked = size_of(text)
    return next((c for c in times if c.size == asked), times[-1])


def _lead(key: str, env: Env, clips: float, video: str, clip, gpu, hours: float) -> str:
    model = next((r["name"] for r in _rows(video)), video)
    each = duration(env, clip.seconds / 3600)
    values = dict(clips=f"{clips:g}", model=model, size=clip.size, each=each, gpu=gpu.short_name)
    return env.t(key, hours=f"{hours:,.1f}", **values)


def respond(query: RentOrBuyQuery, env: Env, weigh: Callable[[RentOrBuyQuery, Env], Answer]) -> Answer | None:
    if not query.video or not query.clips_per_week or query.hours_per_week or query.utilization:
        return None
    named = next((g for g in query.gpus if g.name), None)
    name = named.name if named else _picked(query, env)
    gpu = env.reader.gpu(name) if name else None
    clip = _clip(query.text, query.video, gpu)
    if gpu is None or clip is None:
        return None
    hours = query.clips_per_week * clip.seconds / 3600
    ref = named or GpuRef(mention="", name=gpu.name)
    answer = weigh(dataclasses.replace(query, gpus=(ref,), hours_per_week=min(hours, 168.0)), env)
    lead = _lead("video_rent.lead", env, query.clips_per_week, query.video, clip, gpu, hours)
    model = next((r["name"] for r in _rows(query.video)), query.video)
    picked = "" if named else env.t("video_rent.picked", gpu=gpu.short_name, model=model)
    answer.headline = i18n.gap(env.lang).join(p for p in (lead, answer.headline, picked) if p)
    answer.figures |= {"video_rent": {"video": query.video, "clips_per_week": query.clips_per_week}}
    answer.figures["video_rent"] |= {"size": clip.size, "clip_seconds": round(clip.seconds), "gpu": gpu.name}
    answer.steps.insert(0, env.t("video_rent.step", frames=clip.frames, steps=clip.steps))
    return answer


def _rows(key: str) -> list[dict]:
    from assistant.respond.video import rows_of

    return rows_of(key)


def _picked(query: RentOrBuyQuery, env: Env) -> str | None:
    """The card the video pick names for the model (no budget: respond/video_pick.open_pick)."""
    from assistant.respond import video

    pick = video.respond(VideoQuery(text=query.text, video=query.video or "", pick=True), env)
    return pick.choice or next(iter(pick.gpus), None)


def rates_of_clips(query: RatesQuery, env: Env, rent: Callable[[RatesQuery, Env], Answer]) -> Answer | None:
    named = next((g for g in query.gpus if g.name), None)
    if not query.video or not query.clips or named is None or query.hours:
        return None
    gpu = env.reader.gpu(named.name or "")
    clip = _clip(query.text, query.video, gpu)
    if gpu is None or clip is None:
        return None
    hours = query.clips * clip.seconds / 3600 / max(named.count, 1)  # n cards make n clips at once
    answer = rent(dataclasses.replace(query, clips=None, mode="rent", hours=round(hours, 2), period=None), env)
    lead = _lead("video_rent.clips_lead", env, query.clips, query.video, clip, gpu, hours)
    answer.headline = i18n.gap(env.lang).join([lead, answer.headline])
    answer.steps.insert(0, env.t("video_rent.step", frames=clip.frames, steps=clip.steps))
    answer.figures["video_clips"] = {"clips": query.clips, "size": clip.size, "clip_seconds": round(clip.seconds)}
    return answer
