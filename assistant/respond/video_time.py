"""How long a video model takes per clip on the GPUs named (models/video_speed.py, docs/model.md §video.speed).

Contract: `clip_lines(query, env, gpus)` -> (sentences, steps, figures). One sentence per GPU named: the minutes
per clip at each published size of the model (or the size asked), one clip on one card, the reference code's
frames and steps, and for a clip asked longer than the model makes ("a 10 second video") the chained clips it takes;
a GPU in `short` (it holds none of the published settings) is said to need offloading first. With
no GPU named and a time asked, the RTX 4090 is given for scale and said to be. Steps: what
the estimate leaves out and what cuts it. figures `video_time`: {GPU name: {size: seconds}}. Empty when the model
has no shape in video_speed.VIDEO_DITS.
"""

from __future__ import annotations

import math
import re

from assistant import i18n
from assistant.models import video_speed
from assistant.queries import VideoQuery
from assistant.respond.env import Env
from assistant.respond.wording import duration

REFERENCE_GPU = "GeForce RTX 4090"  # the card a timing is given on when none is named (said in the answer)


def time_asked(query: VideoQuery, env: Env) -> bool:
    from assistant.respond.asked import parts

    return bool({"time", "speed"} & set(parts(query.text, env.lang)))


def clip_lines(
    query: VideoQuery, env: Env, gpus: list, short: frozenset = frozenset()
) -> tuple[list[str], list[str], dict]:
    dit = video_speed.VIDEO_DITS.get(query.video)
    if dit is None:
        return [], [], {}
    reference = not gpus
    if reference:
        if not time_asked(query, env):
            return [], [], {}
        gpu = env.reader.gpu(REFERENCE_GPU)
        gpus = [gpu] if gpu is not None else []
    lines, figures = [], {}
    for g in gpus:
        times = [c for c in video_speed.clip_times(g, query.video) if query.size in (None, c.size)]
        times = times or video_speed.clip_times(g, query.video)  # a size the model was not published at: all
        if not times:
            continue
        said = i18n.listing(env.lang).join(
            env.t("video.time_at", time=duration(env, c.seconds / 3600), size=c.size) for c in times
        )
        key = "video.time_reference" if reference else "video.time_short" if g.name in short else "video.time_gpu"
        lines.append(
            env.t(
                key,
                gpu=g.short_name,
                a=i18n.article(g.short_name),
                times=said,
                frames=times[0].frames,
                steps=times[0].steps,
            )
        )
        figures[g.name] = {c.size: round(c.seconds) for c in times}
        longer = _longer(query, env, times)  # "a 10 second clip": the model's clips chained
        if longer:
            lines.append(longer)
    if not lines:
        return [], [], {}
    check = env.reader.gpu(REFERENCE_GPU)
    readme = video_speed.clip_time(check, "wan2.1-t2v-1.3b", "480p") if check is not None else None
    step = env.t("video.time_step", check=f"{readme.seconds / 60 if readme else 0.0:.1f}")
    return lines, [step], {"video_time": figures}


_SECONDS = re.compile(r"(\d{1,3})\s*(?:-\s*)?(?:s|sec|secs|second|seconds|秒)(?![a-z])", re.I)


def _longer(query: VideoQuery, env: Env, times: list) -> str:
    """ "a 10 second video": the clips of the model's own length (frames / fps) it takes, chained (each started from
    the last frame of the one before), and their time at each size; "" for a length the model makes in one clip."""
    fps = video_speed.VIDEO_FPS.get(query.video)
    found = _SECONDS.search(query.text)
    if not fps or not found:
        return ""
    asked, clip_s = float(found.group(1)), times[0].frames / fps
    if asked <= clip_s * 1.1 or asked > 600:
        return ""
    clips = math.ceil(asked / clip_s - 0.1)
    said = i18n.listing(env.lang).join(
        env.t("video.time_at", time=duration(env, clips * c.seconds / 3600), size=c.size) for c in times
    )
    return env.t(
        "video.time_longer",
        asked=f"{asked:g}",
        clips=clips,
        clip_s=f"{clip_s:.1f}".rstrip("0").rstrip("."),
        frames=times[0].frames,
        fps=fps,
        times=said,
    )
