"""Frames per second of a vision network on one GPU ("can a 3060 run yolov8 at 1080p in real time", "how many fps
does yolov8n get on a jetson orin nano", "4090跑yolov8s 4路摄像头 实时吗").

Contract: `with_vision_fps(answer, query, env)` returns `answer` led by the frame rate when the question names a
model of knowledge/vision_models.csv (or a YOLO family without its size: every size), one GPU, and a frame rate or
real time asked (lexicon `vision_fps_asks`) with no training said; else None. Frames/s = the GPU's 16-bit tensor
peak x 35 % utilization (the training rule's assumption, docs/model.md §vision.fps) / (2 x the forward
multiply-accumulates per frame at the model's resolution: YOLO 640 px, whatever the camera's). Real time = the
frames/s said ("30fps", "60帧") else 30 [A], times the streams said ("4 camera streams", "4路摄像头"). The answer says
the rate is the network's ceiling at batch 1 (decode, resize and NMS not counted). figures["vision_fps"] holds the
rate per model, the rate needed and the verdict.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.nlu.intents.vision_infer import FPS_SAID as _FPS_SAID
from assistant.nlu.lexicon import lexicon
from assistant.nlu.tagging.cn_numerals import cn_number
from assistant.respond import vision_train as vt
from assistant.respond.env import Env

REALTIME_FPS = 30  # frames per second of real-time video when none is said [A: the usual camera rate]
_STREAMS = re.compile(
    r"(\d+|[一二两三四五六七八九十]+)\s*(?:x\s*)?(?:camera|cam|cctv|ip cam|video|rtsp|stream|feed|路)",
    re.I,
)
_WORD_COUNTS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "eight": 8,
    "ten": 10,
    "twelve": 12,
    "sixteen": 16,
}
_WORD_STREAMS = re.compile(r"\b(two|three|four|five|six|eight|ten|twelve|sixteen)\s+(?:camera|cam|stream|feed|video)")
# a number asked ("how many fps", "帧率多少"), not whether it keeps up ("real time", "enough", "够不够")
_RATE = re.compile(r"how many|what fps|what frame|how fast|多少|几帧|多快")
_VERDICT = re.compile(r"real.?time|enough|\bcan\b|\bcould\b|possible|实时|够|能不能|可以|行不行")
_HOW_MANY_STREAMS = re.compile(r"how many\b.{0,30}\b(?:streams|cameras|feeds|cams)|几路|多少路")
_TRAINING = re.compile(r"\btrain|fine[\s-]?tun|epoch|训练|训|微调", re.I)


def fps_asked(low: str, lang: str) -> bool:
    """A frame rate, real time or streams asked (lexicon `vision_fps_asks`), or a rate said ("60fps", "60帧")."""
    return bool(lexicon(lang).words_in("vision_fps_asks", f" {low} ") or _FPS_SAID.search(low))


def _streams(low: str) -> int:
    m = _STREAMS.search(low)
    if m:
        raw = m.group(1)
        n = int(raw) if raw.isdigit() else int(cn_number(list(raw)) or 1)
        return max(n, 1)
    w = _WORD_STREAMS.search(low)
    return _WORD_COUNTS[w.group(1)] if w else 1


def fps_ceiling(gpu, gmacs: float) -> float:
    """Frames per second of one network forward pass at batch 1 (docs/model.md §vision.fps)."""
    peak = hw.training_tflops(gpu, "fp16").value
    return peak * 1e12 * C.DEFAULT_MFU / (2 * gmacs * 1e9)


def _models(text: str) -> tuple[dict, ...]:
    one = vt.vision_model(text)
    return (one,) if one is not None else vt.family_sizes(text)


def with_vision_fps(answer, query, env: Env):
    low = query.text.lower()
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    if len(refs) != 1 or _TRAINING.search(low) or not fps_asked(low, env.lang):
        return None
    models = _models(query.text)
    gpu = env.reader.known_gpu(refs[0].name)
    if not models or gpu is None or hw.training_tflops(gpu, "fp16").value <= 0:
        return None
    fps_said = _FPS_SAID.search(low)
    per_stream = int(fps_said.group(1)) if fps_said else REALTIME_FPS
    streams = _streams(low)
    need = per_stream * streams
    rates = {m["name"]: fps_ceiling(gpu, float(m["gmacs"])) for m in models}
    keeping = [name for name, f in rates.items() if f >= need]
    verdict = "all" if len(keeping) == len(rates) else ("some" if keeping else "none")
    if len(rates) == 1:
        verdict = "yes" if keeping else "no"
    each = i18n.comma(env.lang).join(env.t("vision_fps.each", fps=f"{f:,.0f}", model=n) for n, f in rates.items())
    need_how = env.t(
        "vision_fps.need_streams" if streams > 1 else "vision_fps.need_one",
        need=need,
        fps=per_stream,
        streams=streams,
        how=env.t("vision_fps.fps_said" if fps_said else "vision_fps.fps_assumed"),
    )
    key = f"vision_fps.lead_{verdict}"
    if len(rates) == 1 and _HOW_MANY_STREAMS.search(low):  # "how many camera streams can a 4090 handle"
        key = "vision_fps.streams_count"
    if len(rates) == 1 and _RATE.search(low) and not _VERDICT.search(low):  # "how many fps": the number first
        key = f"vision_fps.rate_{verdict}"
    head = env.t(
        key,
        fps=f"{next(iter(rates.values())):,.0f}",
        count=int(next(iter(rates.values())) // per_stream),
        per_stream=per_stream,
        per_how=env.t("vision_fps.fps_said" if fps_said else "vision_fps.fps_assumed"),
        model=models[0]["name"],
        gpu=gpu.short_name,
        each=each,
        need=need_how,
        largest=keeping[-1] if keeping else "",
        family=models[0]["name"][:-1] if len(models) > 1 else models[0]["name"],
        res=models[0]["resolution"],
    )
    rule = env.t(
        "vision_fps.rule",
        peak=f"{hw.training_tflops(gpu, 'fp16').value:,.0f}",
        mfu=f"{C.DEFAULT_MFU * 100:.0f}",
        macs=i18n.comma(env.lang).join(f"{m['name']} {float(m['gmacs']):g}" for m in models),
        res=models[0]["resolution"],
    )
    version = [env.t("vision.version_assumed", family=models[0]["name"][:-1])] if vt.version_assumed(query.text) else []
    answer.headline = i18n.gap(env.lang).join([head, *version, answer.headline])
    answer.steps[:0] = [rule, env.t("vision_fps.caveat")]
    answer.sources[:0] = env.cite(*dict.fromkeys(m["source"] for m in models))
    answer.figures["vision_fps"] = {
        "fps": {k: round(v) for k, v in rates.items()},
        "needed": need,
        "streams": streams,
        "verdict": {"yes": "real_time", "no": "too_slow"}.get(verdict, verdict),
    }
    return answer
