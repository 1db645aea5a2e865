"""Why one card makes a video model's clip so much faster than another ("为啥差这么多", "why is the 4090 so much
slower" after the clip times of two cards).

Contract: `lead(query, env)` -> the sentence (locale video_why.lead) that names the ratio of the two clip times and
its cause, the cards' effective 16-bit tensor rates (models/image_speed.effective_tflops, docs/model.md
§video.speed), and a note when one card must offload to hold the model; "" when the query does not ask why of two
cards or a clip time is unknown.
"""

from __future__ import annotations

from assistant.models import video_speed
from assistant.models.image_speed import effective_tflops
from assistant.queries import VideoQuery
from assistant.respond.env import Env


def lead(query: VideoQuery, env: Env) -> str:
    if query.asked_figure != "why" or len({g.name for g in query.gpus if g.name}) != 2:
        return ""
    specs = [env.reader.gpu(g.name or "") for g in query.gpus[:2]]
    times = []
    for spec in specs:
        if spec is None:
            return ""
        clips = video_speed.clip_times(spec, query.video)
        clip = next((c for c in clips if c.size == query.size), clips[-1] if clips else None)
        if clip is None:
            return ""
        times.append((spec, clip.seconds))
    (fast, t_fast), (slow, t_slow) = sorted(times, key=lambda x: x[1])
    return env.t(
        "video_why.lead",
        slow=slow.short_name,
        fast=fast.short_name,
        ratio=f"{t_slow / t_fast:.2f}",
        fast_tf=f"{effective_tflops(fast):,.0f}",
        slow_tf=f"{effective_tflops(slow):,.0f}",
    )
