"""How long a video model takes per clip on the GPUs named (models/video_speed.py, docs/model.md §video.speed).

Contract: `clip_lines(query, env, gpus)` -> (sentences, steps, figures). One sentence per GPU named: the minutes
per clip at each published size of the model (or the size asked), one clip on one card, the reference code's
frames and steps; a GPU in `short` (it holds none of the published settings) is said to need offloading first. With
no GPU named and a time asked, the RTX 4090 is given for scale and said to be. Steps: what
the estimate leaves out and what cuts it. figures `video_time`: {GPU name: {size: seconds}}. Empty when the model
has no shape in video_speed.VIDEO_DITS.
"""

from __future__ import annotations

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
    if not lines:
        return [], [], {}
    check = env.reader.gpu(REFERENCE_GPU)
    readme = video_speed.clip_time(check, "wan2.1-t2v-1.3b", "480p") if check is not None else None
    step = env.t("video.time_step", check=f"{readme.seconds / 60 if readme else 0.0:.1f}")
    return lines, [step], {"video_time": figures}
