"""Follow-ups in a thread about a video-generation model ("best card for wan 2.2", "can a 4090 run wan 2.1 14b"):
"cheaper option?" and "how long would a 5s 720p clip take on that".

Contract: `last_video(dlg)` is the most recent VideoQuery the conversation answered (the last question or one of the
few before it; a rent-or-buy of a video model's clips as that model), or None. `cheaper_video(dlg, base, follow)`
is that model's pick below the card the last answer favoured (VideoQuery.cheaper_than), or None when the thread is
not about a video model or no card was favoured.
`why_of_two(dlg, base)`: "为啥差这么多" after a card's clip time that followed another card's: asked of both cards.
`clips_of_thread(dlg, query)`: clips to make on a rented card naming no video model ("在autodl上租5090跑一百段要花多少
钱") are the thread's video model's. `video_time(dlg, follow, gpus)` is that model's clip time on the cards given (the
ones the follow-up named or pointed at, else the ones the video answer was about), at the size the follow-up said;
None without a video model.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import GpuRef, Query, RentOrBuyQuery, VideoQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

VIDEO_SIZES = (480, 540, 544, 720)  # the sizes video models are published at (knowledge/video_models.csv)


def last_video(dlg: Dialogue) -> VideoQuery | None:
    ctx = dlg.context
    for q in [ctx.last_query, *reversed(ctx.history)]:
        if isinstance(q, VideoQuery):
            return q
        if isinstance(q, RentOrBuyQuery) and q.video:  # clips a week, rented or bought: that video model
            return VideoQuery(text=q.text, video=q.video, gpus=q.gpus)
    return None


def cheaper_video(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    focus = dlg.context.focus
    if not isinstance(base, VideoQuery) or focus is None or follow.workload:
        return None
    return dataclasses.replace(
        base, text=follow.text, settings=follow.settings, cheaper_than=focus, pick=False, budget_usd=None
    )


def why_of_two(dlg: Dialogue, base: Query) -> Query | None:
    """ "为啥差这么多" right after a video model's clip time on one card that followed its time on another: the video
    question on both cards, the why asked (respond/video_why.py); None otherwise."""
    if not isinstance(base, VideoQuery) or len(base.gpus) != 1:
        return None
    before = [q for q in dlg.context.history if isinstance(q, VideoQuery) and q.video == base.video]
    other = next((g for q in reversed(before) for g in q.gpus if g.name and g.name != base.gpus[0].name), None)
    if other is None:
        return None
    return dataclasses.replace(base, gpus=(other, *base.gpus), asked_figure="why", settings=())


def clips_of_thread(dlg: Dialogue, query: Query) -> Query:
    from assistant.queries import RatesQuery

    if not isinstance(query, RatesQuery) or not query.clips or query.video:
        return query
    video = last_video(dlg)
    return dataclasses.replace(query, video=video.video) if video is not None else query


def video_time(dlg: Dialogue, follow: FollowUpQuery, gpus: list[GpuRef]) -> Query | None:
    video = last_video(dlg)
    if video is None:
        return None
    size = f"{follow.resolution}p" if follow.resolution in VIDEO_SIZES else video.size
    return dataclasses.replace(
        video,
        text=follow.text,
        settings=follow.settings,
        gpus=tuple(gpus) or video.gpus,
        size=size,
        pick=False,
        budget_usd=None,
        cheaper_than=None,
        models_named=(),
    )


def as_answered(query: Query, gpus: list[str], figures: dict) -> Query:
    """A video question as answered: the family member the answer was for ("wan 2.2, whats the minimum gpu" answers
    the TI2V 5B, figures.model) and the least card it named for it (the answer's GPU where the question named none),
    so a follow-up ("能跑720p吗") goes on with that model on that card; a rent-or-buy of a video model's clips as the
    card it weighed at the hours a week they take (figures.video_rent), so "per month" rents those; `query` unchanged
    otherwise."""
    clips = figures.get("video_rent")
    if isinstance(clips, dict) and query.intent == "rent_or_buy":  # the card weighed and the hours its clips take
        gpu = GpuRef(mention=str(clips["gpu"]), name=str(clips["gpu"]))
        return dataclasses.replace(query, gpus=(gpu,), hours_per_week=figures.get("hours_per_week"))  # type: ignore
    if not isinstance(query, VideoQuery) or "video" not in figures:
        return query
    model = figures.get("model")
    if isinstance(model, str) and model != query.video:
        query = dataclasses.replace(query, video=model)
    if gpus and not query.gpus:
        query = dataclasses.replace(query, gpus=tuple(GpuRef(mention=g, name=g) for g in gpus))
    return query


def _bare_pick(query) -> bool:
    """A card asked for with nothing of its own: no workload, model, size, memory, vendor, list or cheaper ask."""
    own = (query.workload, query.model, query.params_b, query.min_memory_gb, query.vendor, query.top_n)
    return all(v is None for v in own) and not (query.cheaper_than or query.cheaper_asked or query.also_models)


def memory_of_video(dlg: Dialogue, query: Query) -> Query:
    """Right after a video model's answer: "那得上啥卡", "what gpu do i need then" (a card asked for with nothing of
    its own) is that model's pick (video_pick); "24g 的卡能跑吗", "would a 16gb card do it" (a memory size asked yes /
    no, no card, model, work or budget of its own) is whether that much memory holds the model at a published setting
    (the video answer reads the size from the text), not a ranking of cards with that memory; `query` unchanged
    otherwise."""
    from assistant.queries import FitQuery, RecommendQuery

    last = dlg.context.last_query
    if not isinstance(last, VideoQuery):
        return query
    if isinstance(query, FitQuery) and query.memory_gb and not query.gpus and query.asked_figure == "yes_no":
        if query.model is None and not query.params_b and query.mode in (None, "inference"):
            # "is 16gb enough" (read as a memory size holding a model not named): the video model talked about
            return VideoQuery(text=query.text, video=last.video, settings=query.settings)
    if isinstance(query, RecommendQuery) and _bare_pick(query):
        # "那得上啥卡", "what gpu do i need then" after a video model's answer: that model's pick (within a budget said)
        return VideoQuery(
            text=query.text,
            video=last.video,
            settings=query.settings,
            pick=not query.budget_usd,
            budget_usd=query.budget_usd,
            budget_currency=query.budget_currency,
        )
    if not isinstance(query, RecommendQuery) or not query.min_memory_gb:
        return query
    if query.asked_figure != "yes_no" or query.workload or query.model or query.budget_usd:
        return query
    return VideoQuery(text=query.text, video=last.video, settings=query.settings)
