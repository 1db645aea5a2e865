"""A vision network's frame rate on one GPU ("can a 3060 run yolov8 at 1080p in real time", "how many fps does yolov8n
get on a jetson orin nano", "4090跑yolov8s 4路摄像头 实时吗", "毕设 yolov8 推理 帧率够不够 3060").

Contract: `vision_inference(r)` claims a question naming a vision network (lexicon `vision_train_models`, a size or
a YOLO family as job_speed reads them), one GPU, and a frame rate, real time, streams or inference speed asked
(lexicon `vision_fps_asks`), with no training words, time of a run or epochs said (those are job_speed.
vision_training's), no rent and no price -> a SpecQuery of that GPU, which respond/vision_infer.py leads with the
frames per second. Claimed before the gaming readers take "fps" / "1080p" for games.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.job_speed import _SIZED_VISION, _one_gpu
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, SpecQuery

# training said: the run's time is job_speed.vision_training's question, not a frame rate
# a frame rate said: "60fps", "25 frames per second", "60帧"; the count stands apart ("yolov8 fps" says no 8 fps)
FPS_SAID = re.compile(r"(?<![A-Za-z\d.])(\d+)\s*(?:fps|frames? ?(?:per|a|/) ?s(?:ec(?:ond)?)?|帧)", re.I)
_TRAINING = re.compile(r"\btrain|fine[\s-]?tun|epoch|训练|训|微调|轮", re.I)


@needs(said=("vision_train_models",))
def vision_inference(r: Reading) -> Query | None:
    if not said(r, "vision_train_models") or not _SIZED_VISION.search(r.text) or not _one_gpu(r):
        return None
    if not (said(r, "vision_fps_asks") or FPS_SAID.search(r.text)) or _TRAINING.search(r.text):
        return None
    return SpecQuery(text=r.text, gpus=tuple(g for g in r.refs if g.name))
